import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { expect, importFile, messageRequests, send, test } from './support/test';

// Artifacts as apps: what a page keeps with window.storage, the session's files it reads with
// window.fs.readFile, and the Claude calls it makes — each carried out by the app for that artifact alone.

type Lane = Parameters<typeof messageRequests>[0];

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const panel = (page: Page) => page.getByRole('region', { name: 'Artifacts' });
const preview = (page: Page, filename: string) =>
  page.getByTitle(`${filename} preview`, { exact: true }).contentFrame();
const consoleRegion = (page: Page) => panel(page).getByRole('region', { name: 'Console' });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sessions' });

/** The model creates `filename` with `content`, then answers; resolves once the answer is shown. */
async function modelCreates(
  page: Page,
  anthropic: Lane,
  filename: string,
  content: string,
  id = 'toolu_create',
) {
  await anthropic.reply(
    sse.toolUse({ name: 'artifacts', id, input: { command: 'create', filename, content } }),
  );
  await anthropic.reply(sse.text('The file is ready.'));
  await send(page, `Write ${filename}`);
  // The tool's console check runs the page first: on a loaded machine its frame can take a while to start.
  await expect(claude(page).last()).toContainText('The file is ready.', { timeout: 30_000 });
}

/** A page that shows what it stored under `note` and stores what is typed when `Save` is clicked. */
const NOTES = `<!DOCTYPE html>
<label>Note <input id="note"></label>
<button id="save">Save</button>
<p id="out">Reading…</p>
<script>
  const out = document.getElementById('out');
  window.storage.get('note').then(
    (r) => { out.textContent = 'Saved: ' + r.value; },
    (e) => { out.textContent = 'Nothing saved (' + e.message + ')'; },
  );
  document.getElementById('save').onclick = async () => {
    const r = await window.storage.set('note', document.getElementById('note').value);
    out.textContent = 'Stored: ' + r.value;
  };
</script>`;

test('what an artifact stores survives a reload and an export/import, shows in the console, and Clear removes it', async ({
  app,
  anthropic,
  browser,
}) => {
  test.setTimeout(90_000);
  await modelCreates(app, anthropic, 'notes.html', NOTES);
  const frame = preview(app, 'notes.html');
  await expect(frame.locator('#out')).toHaveText(
    'Nothing saved (There is no stored value for the key "note".)',
  );
  await frame.getByRole('textbox', { name: 'Note' }).fill('buy milk');
  await frame.getByRole('button', { name: 'Save' }).click();
  await expect(frame.locator('#out')).toHaveText('Stored: buy milk');
  await expect(consoleRegion(app)).toContainText('Stored data: 12 bytes in 1 key');

  await app.reload();
  await expect(preview(app, 'notes.html').locator('#out')).toHaveText('Saved: buy milk');

  await app.getByRole('button', { name: 'Settings' }).click();
  const dialog = app.getByRole('dialog', { name: 'Settings' });
  const downloading = app.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export all' }).click();
  const file = await (await downloading).path();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const exported = JSON.parse(readFileSync(file, 'utf8'));
  expect(exported.sessions[0].appData).toEqual([
    { file: 'notes.html', shared: false, key: 'note', value: 'buy milk' },
  ]);

  const fresh = await browser.newContext({ baseURL: new URL(app.url()).origin });
  try {
    const page = await fresh.newPage();
    await page.goto('./');
    await importFile(page, file, 'Imported 1 session.');
    await sidebar(page).getByRole('link', { name: 'Write notes.html' }).click();
    await expect(preview(page, 'notes.html').locator('#out')).toHaveText('Saved: buy milk');
  } finally {
    await fresh.close();
  }

  await consoleRegion(app).getByRole('button', { name: 'Clear stored data' }).click();
  await expect(consoleRegion(app)).not.toContainText('Stored data');
  await app.reload();
  await expect(preview(app, 'notes.html').locator('#out')).toHaveText(/^Nothing saved/);
});

/** A page that asks Claude when `Ask` or `Fetch` is clicked and shows the answer or the refusal. */
const ASK = `<!DOCTYPE html>
<button id="ask">Ask</button>
<button id="fetch">Fetch</button>
<p id="out">Idle</p>
<script>
  const out = document.getElementById('out');
  document.getElementById('ask').onclick = async () => {
    try {
      out.textContent = 'Claude: ' + (await window.claude.complete('Say hi'));
    } catch (e) {
      out.textContent = 'Refused: ' + e.message;
    }
  };
  document.getElementById('fetch').onclick = async () => {
    const response = await fetch('https://api.anthropic.com/v1/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'claude-sonnet-4-20250514',
        max_tokens: 100,
        messages: [{ role: 'user', content: 'Count to three' }],
      }),
    });
    const data = await response.json();
    out.textContent = response.ok ? 'Fetched: ' + data.content[0].text : 'Refused: ' + data.error.message;
  };
</script>`;

const consent = (page: Page, file: string) =>
  panel(page).getByRole('alertdialog', { name: `Allow ${file} to ask Claude?` });

test("an artifact asks Claude once the person allows it: the app sends the call with the person's key, the console lists it, and the frame holds neither key nor address", async ({
  app,
  anthropic,
}) => {
  test.setTimeout(90_000);
  await modelCreates(app, anthropic, 'ask.html', ASK);
  const frame = preview(app, 'ask.html');
  await anthropic.reply(sse.text('Hello from Claude.'));
  await frame.getByRole('button', { name: 'Ask' }).click();
  await expect(consent(app, 'ask.html')).toContainText('claude-');
  await consent(app, 'ask.html').getByRole('button', { name: 'Allow' }).click();
  await expect(frame.locator('#out')).toHaveText('Claude: Hello from Claude.');

  const requests = await messageRequests(anthropic);
  expect(requests).toHaveLength(3);
  const call = requests[2];
  expect(call?.headers.authorization).toBe('Bearer sk-ant-test-key');
  expect(call?.body.messages).toMatchObject([{ role: 'user', content: [{ type: 'text', text: 'Say hi' }] }]);
  expect(call?.body).not.toHaveProperty('tools');

  // The Messages API form, without asking again.
  await anthropic.reply(sse.text('One, two, three.'));
  await frame.getByRole('button', { name: 'Fetch' }).click();
  await expect(frame.locator('#out')).toHaveText('Fetched: One, two, three.');
  await expect(consent(app, 'ask.html')).toBeHidden();
  await consoleRegion(app)
    .getByRole('button', { name: /Console/ })
    .click();
  await expect(consoleRegion(app)).toContainText('Claude call 2: 12 input and');
  await expect(consoleRegion(app)).toContainText('Claude calls: 2');

  // From inside the frame: its document, every global and its storage hold neither the key nor the address.
  const handle = await app.getByTitle('ask.html preview', { exact: true }).elementHandle();
  const inside = await (await handle?.contentFrame())?.evaluate(() => {
    const seen: string[] = [document.documentElement.outerHTML, location.href, document.referrer];
    for (const name of Object.getOwnPropertyNames(window)) {
      try {
        const value = (window as unknown as Record<string, unknown>)[name];
        seen.push(name, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
      } catch {
        // A getter that throws holds nothing readable.
      }
    }
    for (const store of [localStorage, sessionStorage])
      for (let i = 0; i < store.length; i++) seen.push(store.getItem(store.key(i) ?? '') ?? '');
    return seen.join('\n');
  });
  expect(inside).toBeTruthy();
  expect(inside).not.toContain('sk-ant-test-key');
  expect(inside).not.toContain(new URL(anthropic.baseUrl).host);
});

test('Deny leaves the artifact with a clear error and sends nothing; the cap stops calls once reached', async ({
  app,
  anthropic,
}) => {
  test.setTimeout(90_000);
  await modelCreates(app, anthropic, 'ask.html', ASK);
  const frame = preview(app, 'ask.html');
  await frame.getByRole('button', { name: 'Ask' }).click();
  await consent(app, 'ask.html').getByRole('button', { name: 'Deny' }).click();
  await expect(frame.locator('#out')).toHaveText(
    'Refused: The person did not allow ask.html to ask Claude; nothing was sent.',
  );
  await frame.getByRole('button', { name: 'Fetch' }).click();
  await expect(frame.locator('#out')).toHaveText(
    'Refused: The person did not allow ask.html to ask Claude; nothing was sent.',
  );
  expect(await messageRequests(anthropic)).toHaveLength(2);

  // Another artifact is asked afresh; one expensive answer spends its cap and the next call is refused.
  await modelCreates(app, anthropic, 'spend.html', ASK, 'toolu_spend');
  const spend = preview(app, 'spend.html');
  await anthropic.reply(sse.text('A long answer.', { outputTokens: 40_000 }));
  await spend.getByRole('button', { name: 'Ask' }).click();
  await consent(app, 'spend.html').getByRole('button', { name: 'Allow' }).click();
  await expect(spend.locator('#out')).toHaveText('Claude: A long answer.');
  await spend.getByRole('button', { name: 'Ask' }).click();
  await expect(spend.locator('#out')).toHaveText(
    /^Refused: spend\.html has spent \$\d+\.\d\d on Claude calls, its cap of \$0\.50; nothing was sent\./,
  );
  expect(await messageRequests(anthropic)).toHaveLength(5);
});
