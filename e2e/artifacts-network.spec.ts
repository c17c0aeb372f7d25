import type { Page, Request } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { expect, messageRequests, send, test } from './support/test';

// Network by consent: a page's fetch of another site is refused (and Claude told) until the person allows
// that host for that artifact; then the app sends it, with no key and no cookies, and the page gets the answer.
// Private addresses and the API can never be allowed; the grant is kept across reloads and can be revoked.

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const panel = (page: Page) => page.getByRole('region', { name: 'Artifacts' });
const preview = (page: Page, filename: string) =>
  page.getByTitle(`${filename} preview`, { exact: true }).contentFrame();
const consoleRegion = (page: Page) => panel(page).getByRole('region', { name: 'Console' });

const WEATHER = 'https://api.weather.example';

/** A page that fetches a forecast, a tracker, two private addresses and the API, and shows what each gave. */
const PAGE = `<!DOCTYPE html>
<title>Weather</title>
<dl>
  <dt>forecast</dt><dd id="forecast">…</dd>
  <dt>echo</dt><dd id="echo">…</dd>
  <dt>tracker</dt><dd id="tracker">…</dd>
  <dt>local</dt><dd id="local">…</dd>
  <dt>metadata</dt><dd id="metadata">…</dd>
  <dt>api</dt><dd id="api">…</dd>
</dl>
<script>
  const show = (id, request) => request.then(
    async (r) => { document.getElementById(id).textContent = r.status + ' ' + (await r.text()); },
    (e) => { document.getElementById(id).textContent = e.name + ': ' + e.message; },
  );
  show('forecast', fetch('${WEATHER}/v1/forecast?city=Paris', { headers: { accept: 'application/json' } }));
  show('echo', fetch('${WEATHER}/v1/echo', { method: 'POST', body: 'hello from the page' }));
  show('tracker', fetch('https://tracker.example/pixel'));
  show('local', fetch('https://localhost/secret'));
  show('metadata', fetch('https://169.254.169.254/latest/meta-data/'));
  show('api', fetch('https://api.anthropic.com/v1/models'));
</script>`;

test('a site is reached only once the person allows it for that artifact, without the key, and until revoked', async ({
  app,
  anthropic,
  network,
}) => {
  test.setTimeout(120_000);
  network.allow(WEATHER);
  const seen: Request[] = [];
  await app.route(`${WEATHER}/**`, async (route) => {
    seen.push(route.request());
    const request = route.request();
    const body =
      request.method() === 'POST' ? `echo: ${request.postData() ?? ''}` : JSON.stringify({ temp: 21 });
    await route.fulfill({
      status: 200,
      body,
      headers: { 'access-control-allow-origin': '*', 'content-type': 'text/plain' },
    });
  });

  await anthropic.reply(
    sse.toolUse({
      name: 'artifacts',
      id: 'toolu_weather',
      input: { command: 'create', filename: 'weather.html', content: PAGE },
    }),
  );
  await anthropic.reply(sse.text('The weather page is ready.'));
  await send(app, 'Write weather.html');
  await expect(claude(app).last()).toContainText('The weather page is ready.', { timeout: 30_000 });

  // Claude read why: the tool result of the console check names the host and the way to allow it.
  const requests = await messageRequests(anthropic);
  const result = JSON.stringify(requests[1]?.body.messages);
  expect(result).toContain(
    'weather.html is not allowed to reach api.weather.example. The person can allow it in the panel (Allow connections to api.weather.example).',
  );
  expect(result).toContain('localhost is a local or private address; a preview can never reach it.');

  const frame = preview(app, 'weather.html');
  await expect(frame.locator('#forecast')).toHaveText(/^TypeError: Failed to fetch .*not allowed/);
  await expect(frame.locator('#tracker')).toHaveText(/not allowed to reach tracker\.example/);
  await expect(frame.locator('#local')).toHaveText(/local or private address/);
  await expect(frame.locator('#metadata')).toHaveText(/169\.254\.169\.254 is a local or private address/);
  await expect(frame.locator('#api')).toHaveText(/api\.anthropic\.com is Easel's own or the API's address/);
  expect(seen).toEqual([]);

  // Offered one host at a time, in the page's order; private addresses and the API are never offered.
  const offer = panel(app).getByRole('alertdialog', {
    name: 'weather.html tried to reach api.weather.example',
  });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Allow connections to api.weather.example' }).click();

  // The page runs again and reaches the forecast; the tracker is still refused, and offered now.
  await expect(frame.locator('#forecast')).toHaveText('200 {"temp":21}');
  await expect(frame.locator('#echo')).toHaveText('200 echo: hello from the page');
  await expect(frame.locator('#tracker')).toHaveText(/not allowed to reach tracker\.example/);
  const trackerOffer = panel(app).getByRole('alertdialog', {
    name: 'weather.html tried to reach tracker.example',
  });
  await trackerOffer.getByRole('button', { name: 'Dismiss' }).click();
  await expect(trackerOffer).toBeHidden();

  // What left the browser: from the app, with no key, no cookies, no referrer.
  expect(seen.length).toBeGreaterThanOrEqual(2);
  for (const request of seen) {
    const headers = await request.allHeaders();
    expect(JSON.stringify(headers)).not.toContain('sk-ant');
    expect(headers).not.toHaveProperty('authorization');
    expect(headers).not.toHaveProperty('x-api-key');
    expect(headers).not.toHaveProperty('cookie');
    expect(headers).not.toHaveProperty('referer');
    expect(headers.origin).toBe(new URL(app.url()).origin);
  }
  expect(seen.map((r) => r.headers().accept)).toContain('application/json');

  const log = consoleRegion(app);
  await log.getByRole('button', { name: /Console/ }).click();
  await expect(log).toContainText('fetch GET https://api.weather.example/v1/forecast → 200');
  await expect(log.getByRole('list', { name: 'Allowed connections' })).toHaveText(
    /Reaches api\.weather\.example\s*Revoke/,
  );

  // Kept across a reload: the page reaches the forecast at once, and nothing is asked.
  const before = seen.length;
  await app.reload();
  await expect(preview(app, 'weather.html').locator('#forecast')).toHaveText('200 {"temp":21}');
  expect(seen.length).toBeGreaterThan(before);

  // Revoked: gone from the console, and the page is refused again.
  await consoleRegion(app).getByRole('button', { name: 'Revoke connections to api.weather.example' }).click();
  await expect(consoleRegion(app).getByRole('list', { name: 'Allowed connections' })).toHaveCount(0);
  await app.reload();
  await expect(preview(app, 'weather.html').locator('#forecast')).toHaveText(/not allowed/);
});

test('a grant belongs to one artifact: another file of the session is refused and offered on its own', async ({
  app,
  anthropic,
  network,
}) => {
  test.setTimeout(90_000);
  network.allow(WEATHER);
  let reached = 0;
  await app.route(`${WEATHER}/**`, async (route) => {
    reached++;
    await route.fulfill({ status: 200, body: 'ok', headers: { 'access-control-allow-origin': '*' } });
  });
  const page = (name: string) => `<!DOCTYPE html><title>${name}</title><p id="out">…</p><script>
fetch('${WEATHER}/v1/ping').then(async (r) => { out.textContent = r.status + ' ' + (await r.text()); }, (e) => { out.textContent = e.message; });
</script>`;
  for (const name of ['first.html', 'second.html']) {
    await anthropic.reply(
      sse.toolUse({
        name: 'artifacts',
        id: `toolu_${name[0]}`,
        input: { command: 'create', filename: name, content: page(name) },
      }),
    );
    await anthropic.reply(sse.text(`${name} is ready.`));
    await send(app, `Write ${name}`);
    await expect(claude(app).last()).toContainText(`${name} is ready.`, { timeout: 30_000 });
  }
  // The panel shows the latest file; allow it there.
  await panel(app)
    .getByRole('alertdialog', { name: 'second.html tried to reach api.weather.example' })
    .getByRole('button', { name: 'Allow connections to api.weather.example' })
    .click();
  await expect(preview(app, 'second.html').locator('#out')).toHaveText('200 ok');

  await panel(app).getByRole('tab', { name: 'first.html' }).click();
  await expect(preview(app, 'first.html').locator('#out')).toHaveText(
    /first\.html is not allowed to reach api\.weather\.example/,
  );
  await expect(
    panel(app).getByRole('alertdialog', { name: 'first.html tried to reach api.weather.example' }),
  ).toBeVisible();
  expect(reached).toBe(1);
});
