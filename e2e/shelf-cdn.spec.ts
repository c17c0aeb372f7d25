import type { Page, Route } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { expect, type messageRequests, toolResult as resultOf, send, test } from './support/test';

// Public CDNs by consent: a page that loads a library the shelf lacks from cdnjs or esm.sh is offered, in the
// panel, `Allow libraries from <host>` with the exact address; once allowed the app fetches the files (routes
// here stand in for the CDNs), keeps them in the browser's cache and hands them to the frame, so the page still
// runs with the CDNs unreachable. Denied, nothing leaves the browser: the suite's network tripwire sees no request.

type Lane = Parameters<typeof messageRequests>[0];

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const panel = (page: Page) => page.getByRole('region', { name: 'Artifacts' });
const preview = (page: Page, filename: string) =>
  page.getByTitle(`${filename} preview`, { exact: true }).contentFrame();
const consoleRegion = (page: Page) => panel(page).getByRole('region', { name: 'Console' });

test.describe.configure({ timeout: 90_000 });

const GREETER = 'https://cdnjs.cloudflare.com/ajax/libs/greeter/1.0.0/greeter.min.js';
const SHOUTY = 'https://esm.sh/shouty@1';

/** Loads a classic script from cdnjs and a module from esm.sh (which imports its build by path). */
const PAGE = `<!DOCTYPE html>
<title>Greeting</title>
<p id="classic">…</p>
<p id="module">…</p>
<script src="${GREETER}"></script>
<script>document.getElementById('classic').textContent = greet('world');</script>
<script type="module">
  import { shout } from '${SHOUTY}';
  document.getElementById('module').textContent = shout('hi');
</script>`;

async function modelCreates(page: Page, anthropic: Lane, filename: string, content: string) {
  await anthropic.reply(
    sse.toolUse({ name: 'artifacts', id: 'toolu_create', input: { command: 'create', filename, content } }),
  );
  await anthropic.reply(sse.text('The file is ready.'));
  await send(page, `Write ${filename}`);
  await expect(claude(page).last()).toContainText('The file is ready.', { timeout: 60_000 });
}

/** Routes standing in for cdnjs and esm.sh; returns the addresses asked for, in order. */
async function fakeCdns(page: Page): Promise<string[]> {
  const asked: string[] = [];
  const files: Record<string, string> = {
    [GREETER]: "window.greet = function (name) { return 'Hello, ' + name; };",
    [SHOUTY]: 'export * from "/shouty@1.0.2/es2022/shouty.mjs";',
    'https://esm.sh/shouty@1.0.2/es2022/shouty.mjs': "export const shout = (s) => s.toUpperCase() + '!';",
  };
  const serve = async (route: Route) => {
    const url = route.request().url();
    asked.push(url);
    const body = files[url];
    await route.fulfill({
      status: body === undefined ? 404 : 200,
      body: body ?? 'not found',
      headers: { 'access-control-allow-origin': '*', 'content-type': 'text/javascript' },
    });
  };
  await page.route('https://cdnjs.cloudflare.com/**', serve);
  await page.route('https://esm.sh/**', serve);
  return asked;
}

test('a library from a public CDN is asked for, loads after Allow, and runs again from the cache offline', async ({
  app,
  anthropic,
  network,
}) => {
  network.allow('https://cdnjs.cloudflare.com');
  network.allow('https://esm.sh');
  const asked = await fakeCdns(app);
  await modelCreates(app, anthropic, 'greeting.html', PAGE);

  // Claude's console check read why, and nothing was fetched before the person allowed it.
  const result = await resultOf(anthropic, 'toolu_create');
  expect(result).toContain(`${GREETER} is not on Easel's library shelf`);
  expect(result).toContain('Allow libraries from cdnjs.cloudflare.com');
  const frame = preview(app, 'greeting.html');
  await expect(frame.locator('#classic')).toHaveText('…');
  expect(asked).toEqual([]);

  // One host at a time, naming the address.
  const first = panel(app).getByRole('alertdialog', {
    name: 'greeting.html asks for a library from cdnjs.cloudflare.com',
  });
  await expect(first).toContainText(GREETER);
  await first.getByRole('button', { name: 'Allow libraries from cdnjs.cloudflare.com' }).click();
  await expect(frame.locator('#classic')).toHaveText('Hello, world');
  const second = panel(app).getByRole('alertdialog', {
    name: 'greeting.html asks for a library from esm.sh',
  });
  await expect(second).toContainText(SHOUTY);
  await second.getByRole('button', { name: 'Allow libraries from esm.sh' }).click();
  await expect(frame.locator('#module')).toHaveText('HI!');
  await expect(frame.locator('#classic')).toHaveText('Hello, world');
  expect(asked).toEqual([GREETER, SHOUTY, 'https://esm.sh/shouty@1.0.2/es2022/shouty.mjs']);

  // The console shows the exact addresses loaded.
  const log = consoleRegion(app);
  await log.getByRole('button', { name: /Console/ }).click();
  await expect(log).toContainText(`Loaded ${GREETER} from cdnjs.cloudflare.com`);
  await expect(log).toContainText('Loaded https://esm.sh/shouty@1.0.2/es2022/shouty.mjs from esm.sh.');

  // Offline as far as the CDNs go (a preview frame itself always needs Easel's own address: Chromium does not
  // let the service worker serve an opaque-origin frame): every request to them now fails, and the page runs
  // again from the browser's cache without sending one.
  await app.unrouteAll();
  const offline: string[] = [];
  for (const host of ['https://cdnjs.cloudflare.com/**', 'https://esm.sh/**'])
    await app.route(host, (route) => {
      offline.push(route.request().url());
      return route.abort('internetdisconnected');
    });
  await panel(app).getByRole('button', { name: 'Code' }).click();
  await panel(app).getByRole('button', { name: 'Preview' }).click();
  await expect(frame.locator('#module')).toHaveText('HI!');
  await expect(frame.locator('#classic')).toHaveText('Hello, world');
  await expect(consoleRegion(app)).toContainText(
    `Loaded ${GREETER} from cdnjs.cloudflare.com (kept in this browser).`,
  );
  expect(offline).toEqual([]);
  expect(asked).toHaveLength(3);
});

test('with consent denied, nothing leaves the browser and the page says which library is missing', async ({
  app,
  anthropic,
}) => {
  // No route and no allowed origin: any request to the CDNs fails the test (the suite's network tripwire).
  await modelCreates(app, anthropic, 'greeting.html', PAGE);
  const offer = panel(app).getByRole('alertdialog', {
    name: 'greeting.html asks for a library from cdnjs.cloudflare.com',
  });
  await offer.getByRole('button', { name: 'Dismiss' }).click();
  await expect(offer).toBeHidden();
  const frame = preview(app, 'greeting.html');
  await expect(frame.locator('#classic')).toHaveText('…');
  const log = consoleRegion(app);
  await log.getByRole('button', { name: /Console/ }).click();
  await expect(log).toContainText(`${GREETER} is not on Easel's library shelf`);
});
