import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
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
  // An earlier file's answer says the same: wait for one more of them, not for the last answer to say it (which
  // the earlier one does before this one has begun, leaving its replies queued for whatever asks next).
  const ready = claude(page).filter({ hasText: 'The file is ready.' });
  const before = await ready.count();
  await send(page, `Write ${filename}`);
  // The tool's console check runs the page first: on a loaded machine its frame can take a while to start.
  await expect(ready).toHaveCount(before + 1, { timeout: 30_000 });
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
  await dialog.getByRole('tab', { name: 'Sync & storage' }).click();
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

/** A page that reads `name` with window.fs.readFile, as bytes and as text, when `Read` is clicked. */
const READER = (name: string) => `<!DOCTYPE html>
<button id="read">Read</button>
<pre id="out">Idle</pre>
<script>
  document.getElementById('read').onclick = async () => {
    const out = document.getElementById('out');
    try {
      const bytes = await window.fs.readFile(${JSON.stringify(name)});
      const text = await window.fs.readFile(${JSON.stringify(name)}, { encoding: 'utf8' });
      out.dataset.bytes = Array.from(bytes).join(',');
      out.textContent = (bytes instanceof Uint8Array ? 'bytes ' : 'not bytes ') + bytes.length + '\\n' + text;
    } catch (e) {
      out.textContent = 'Refused: ' + e.message;
    }
  };
</script>`;

test('window.fs.readFile reads a file attached in the session: its exact bytes, or its text; another name says which files there are', async ({
  app,
  anthropic,
}, testInfo) => {
  test.setTimeout(90_000);
  const file = testInfo.outputPath('groceries.txt');
  writeFileSync(file, 'item,qty\nmilk,2\nœufs,12\n');
  const chooser = app.waitForEvent('filechooser');
  await app.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles(file);
  await expect(app.getByRole('list', { name: 'Attachments' }).getByRole('listitem')).toHaveCount(1);
  await modelCreates(app, anthropic, 'reader.html', READER('groceries.txt'));
  const frame = preview(app, 'reader.html');
  await frame.getByRole('button', { name: 'Read' }).click();
  const bytes = readFileSync(file);
  await expect(frame.locator('#out')).toHaveAttribute('data-bytes', [...bytes].join(','));
  await expect(frame.locator('#out')).toHaveText(`bytes ${bytes.length}\nitem,qty\nmilk,2\nœufs,12\n`);

  await modelCreates(app, anthropic, 'missing.html', READER('sales.csv'), 'toolu_missing');
  const missing = preview(app, 'missing.html');
  await missing.getByRole('button', { name: 'Read' }).click();
  await expect(missing.locator('#out')).toHaveText(
    'Refused: There is no file "sales.csv" in this conversation. Its files: groceries.txt.',
  );
});

/** A page that tries what a hostile artifact would: another artifact's key, forged bridge messages, floods, limits. */
const HOSTILE = `<!DOCTYPE html>
<pre id="out">Running</pre>
<script>
  const out = document.getElementById('out');
  const lines = [];
  const say = (line) => { lines.push(line); out.textContent = lines.join('\\n'); };
  (async () => {
    // Forged: a bridge message posted to the app's window is never read (the port is not the page's).
    for (const target of [window.parent, window.top]) {
      target.postMessage({ source: 'easel-preview', channel: '', kind: 'call', id: 1, api: 'storage.get', key: 'note', shared: false }, '*');
    }
    try { await window.storage.get('note'); say('read note'); } catch (e) { say('note: ' + e.message); }
    const flood = await Promise.allSettled(Array.from({ length: 200 }, () => window.storage.list('')));
    const refused = flood.filter((r) => r.status === 'rejected' && r.reason.message.startsWith('Too many requests at once')).length;
    const answered = flood.filter((r) => r.status === 'fulfilled').length;
    say('flood: ' + (answered + refused === 200 && answered >= 16 && refused > 0 ? 'every call settled, some refused' : answered + ' answered, ' + refused + ' refused'));
    try { await window.storage.set('big', 'x'.repeat(5 * 1024 * 1024 + 1)); say('stored big'); } catch (e) { say(e.name + ': ' + e.message); }
    const part = 'y'.repeat(5 * 1024 * 1024 - 16);
    for (const key of ['a', 'b', 'c', 'd', 'e']) {
      try { await window.storage.set(key, part); } catch (e) { say(key + ': ' + e.name + ': ' + e.message); }
    }
    const calls = await Promise.allSettled(Array.from({ length: 30 }, () => window.claude.complete('hi')));
    say('claude: ' + calls.filter((r) => r.status === 'rejected').length + ' of 30 refused');
    say('done');
  })();
</script>`;

test('a hostile artifact reaches no other artifact, its floods are refused and answered, and storage limits hold', async ({
  app,
  anthropic,
}) => {
  test.setTimeout(120_000);
  await modelCreates(app, anthropic, 'notes.html', NOTES);
  const notes = preview(app, 'notes.html');
  await notes.getByRole('textbox', { name: 'Note' }).fill('secret');
  await notes.getByRole('button', { name: 'Save' }).click();
  await expect(notes.locator('#out')).toHaveText('Stored: secret');

  await modelCreates(app, anthropic, 'hostile.html', HOSTILE, 'toolu_hostile');
  const hostile = preview(app, 'hostile.html');
  await expect(consent(app, 'hostile.html')).toBeVisible({ timeout: 60_000 });
  await consent(app, 'hostile.html').getByRole('button', { name: 'Deny' }).click();
  await expect(hostile.locator('#out')).toContainText('done', { timeout: 30_000 });
  const out = hostile.locator('#out');
  await expect(out).toContainText('note: There is no stored value for the key "note".');
  await expect(out).toContainText('flood: every call settled, some refused');
  await expect(out).toContainText(
    'RangeError: The value for "big" is 5,242,881 bytes; a stored value can be at most 5,242,880 bytes (5 MB). Nothing was stored.',
  );
  await expect(out).toContainText(
    /e: RangeError: Storing "e" would bring this artifact's data to [\d,]+ bytes; an artifact can keep at most 20,971,520 bytes \(20 MB\)\./,
  );
  await expect(out).not.toContainText(/^[abcd]: /m);
  await expect(out).toContainText('claude: 30 of 30 refused');
  // Nothing was sent for the denied calls: the four requests are the two artifacts' create turns.
  expect(await messageRequests(anthropic)).toHaveLength(4);
  await expect(consoleRegion(app)).toContainText(/Stored data: .+ in 4 keys/);
  await panel(app).getByRole('tab', { name: 'notes.html' }).click();
  await expect(preview(app, 'notes.html').locator('#out')).toHaveText('Saved: secret');
});

const COUNTER = `import React, { useEffect, useState } from 'react';
import { Plus } from 'lucide-react';

export default function Counter() {
  const [count, setCount] = useState(null);
  const [answer, setAnswer] = useState('');
  useEffect(() => {
    window.storage.get('count').then((r) => setCount(Number(r.value)), () => setCount(0));
  }, []);
  const add = async () => {
    const next = (count ?? 0) + 1;
    await window.storage.set('count', String(next));
    setCount(next);
  };
  const ask = async () => {
    try {
      setAnswer(await window.claude.complete('hi'));
    } catch (e) {
      setAnswer('Refused: ' + e.message);
    }
  };
  return (
    <main>
      <h1>Counter</h1>
      <p>Count: {count ?? '…'}</p>
      <button onClick={add}><Plus aria-hidden="true" /> Add</button>
      <button onClick={ask}>Ask</button>
      <p>{answer}</p>
    </main>
  );
}
`;

test('Download as app saves one HTML file that runs from disk with no network: its libraries, its storage, and Claude calls that say they need Easel', async ({
  app,
  anthropic,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  await modelCreates(app, anthropic, 'counter.jsx', COUNTER);
  await expect(preview(app, 'counter.jsx').getByRole('heading', { name: 'Counter' })).toBeVisible();
  const downloading = app.waitForEvent('download');
  await panel(app).getByRole('button', { name: 'More file actions' }).click();
  await panel(app).getByRole('menuitem', { name: 'Download as app' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('counter.app.html');
  // Saved under its own name: a file opened from disk is read by its extension.
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);

  // Outside the suite's tripwire: a context of its own, every request to a network address refused and noted.
  const standalone = await browser.newContext();
  const reached: string[] = [];
  await standalone.route(/^(https?|wss?):/, (route) => {
    reached.push(route.request().url());
    return route.abort();
  });
  try {
    const page = await standalone.newPage();
    await page.goto(pathToFileURL(file).href);
    // The app runs in the saved file's sandboxed frame, which the file fills.
    const shown = page.frameLocator('iframe[title="counter.jsx"]');
    await expect(shown.getByRole('heading', { name: 'Counter' })).toBeVisible();
    await expect(shown.getByText('Count: 0')).toBeVisible();
    await shown.getByRole('button', { name: 'Add' }).click();
    await expect(shown.getByText('Count: 1')).toBeVisible();
    await page.reload();
    await expect(shown.getByText('Count: 1')).toBeVisible();
    await shown.getByRole('button', { name: 'Ask' }).click();
    await expect(
      shown.getByText(
        'Refused: window.claude.complete needs Easel: this file was saved with Download as app and runs on its own.',
      ),
    ).toBeVisible();
    expect(reached).toEqual([]);
  } finally {
    await standalone.close();
  }
});
