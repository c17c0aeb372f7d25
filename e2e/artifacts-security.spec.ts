import { createHash } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { BrowserContext, Locator, Page, Request } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { test as appTest, expect, messageRequests, send } from './support/test';

// What artifact code cannot do (docs/DESIGN.md §4): read the app's storage, change the top page, reach the
// network, or talk to the app from another frame; and `Open in new tab` does not run it in the app's origin.

/**
 * A local server that records every HTTP request it gets, and every UDP datagram on the same port (a STUN
 * request from WebRTC): where artifact pages try to send theirs.
 */
interface Tripwire {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  readonly port: number;
  /** HTTP requests received whose path starts with `prefix`, as `METHOD /path`. */
  hits(prefix?: string): string[];
  /** UDP datagrams received, as `UDP <bytes>`. */
  datagrams(): string[];
}

const test = appTest.extend<{ tripwire: Tripwire }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
  tripwire: async ({}, use) => {
    const received: string[] = [];
    const server = createServer((req, res) => {
      received.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'text/plain' }).end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const datagrams: string[] = [];
    const udp = createSocket('udp4');
    udp.on('message', (message) => datagrams.push(`UDP ${message.length}`));
    await new Promise<void>((resolve) => udp.bind(port, '127.0.0.1', resolve));
    await use({
      origin: `http://127.0.0.1:${port}`,
      port,
      hits: (prefix = '/') => received.filter((r) => r.slice(r.indexOf(' ') + 1).startsWith(prefix)),
      datagrams: () => [...datagrams],
    });
    udp.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  },
});

/** This test's lane on the fake Anthropic server. */
type Lane = Parameters<typeof messageRequests>[0];

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const panel = (page: Page) => page.getByRole('region', { name: 'Artifacts' });
const previewFrame = (page: Page, filename: string) =>
  page.getByTitle(`${filename} preview`, { exact: true });
const preview = (page: Page, filename: string) => previewFrame(page, filename).contentFrame();

/** Opens the preview's console and returns its list of entries. */
async function consoleEntries(page: Page) {
  const region = panel(page).getByRole('region', { name: 'Console' });
  const toggle = region.getByRole('button', { name: /Console/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return region.getByRole('list', { name: 'Console entries' });
}

/** The model creates `filename` with `content`, then answers; resolves once the answer is shown. */
async function modelCreates(
  page: Page,
  anthropic: Lane,
  input: {
    filename: string;
    content: string;
    id?: string;
  },
) {
  await anthropic.reply(
    sse.toolUse({
      name: 'artifacts',
      id: input.id ?? 'toolu_create',
      input: { command: 'create', filename: input.filename, content: input.content },
    }),
  );
  await anthropic.reply(sse.text('The file is ready.'));
  await send(page, `Write ${input.filename}`);
  await expect(claude(page).last()).toContainText('The file is ready.');
}

type WireBlock = { type: string; text?: string; tool_use_id?: string; content?: string | WireBlock[] };

/** What the model read back from the tool call `id` (the result in the request after it). */
async function toolResult(anthropic: Lane, id = 'toolu_create') {
  for (const request of await messageRequests(anthropic)) {
    for (const message of (request.body.messages ?? []) as { content: string | WireBlock[] }[]) {
      if (typeof message.content === 'string') continue;
      const block = message.content.find((b) => b.type === 'tool_result' && b.tool_use_id === id);
      if (!block) continue;
      return typeof block.content === 'string'
        ? block.content
        : (block.content ?? []).map((b) => b.text ?? '').join('\n');
    }
  }
  throw new Error(`no result for ${id}`);
}

/**
 * Reasons Chromium gives for a request it refused before sending: "csp" (a Content-Security-Policy) and
 * "origin" (a cross-origin reference that is never fetched, e.g. an SVG filter in another document).
 */
const REFUSED = new Set(['csp', 'origin']);

/**
 * Every request that went out, from now on, from a frame other than the app's own page (an artifact preview
 * or anything inside it): answered, or failed for a reason other than a refusal. blob: and data: URLs are
 * read inside the browser and never reach the network; the preview document itself (`preview.html`, which
 * the app puts in the frame before any artifact code is there) is the app's own.
 */
function watchFrameRequests(context: BrowserContext, app: Page): string[] {
  const seen: string[] = [];
  const previewDocument = new URL('./preview.html', app.url()).href;
  const counts = (request: Request) => {
    if (/^(blob|data):/.test(request.url())) return false;
    if (request.isNavigationRequest() && request.url() === previewDocument) return false;
    try {
      return request.frame() !== app.mainFrame();
    } catch {
      return true; // a worker's request
    }
  };
  context.on('requestfinished', (request) => {
    if (counts(request)) seen.push(`finished ${request.url()}`);
  });
  context.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? '';
    if (counts(request) && !REFUSED.has(error)) seen.push(`failed (${error}) ${request.url()}`);
  });
  return seen;
}

/** Script that tries to read the app's storage, reach the top page and the network, printing what it got. */
function storageProbe(tripwire: string): string {
  return `(async function () {
  function say(what, value) { console.log('probe ' + what + ': ' + value); }
  async function attempt(what, run) {
    try { say(what, await run()); } catch (e) { say(what, 'blocked (' + (e && e.name) + ')'); }
  }
  await attempt('origin', function () { return String(self.origin); });
  await attempt('localStorage', function () {
    var items = [];
    for (var i = 0; i !== localStorage.length; i++) items.push(localStorage.key(i) + '=' + localStorage.getItem(localStorage.key(i)));
    return JSON.stringify(items);
  });
  await attempt('indexedDB', function () {
    return new Promise(function (resolve, reject) {
      var open = indexedDB.open('easel');
      open.onerror = function () { reject(open.error); };
      open.onsuccess = function () {
        var db = open.result, names = Array.from(db.objectStoreNames), out = {};
        if (names.length === 0) return resolve('an empty database');
        var tx = db.transaction(names);
        names.forEach(function (n) { var r = tx.objectStore(n).getAll(); r.onsuccess = function () { out[n] = r.result; }; });
        tx.oncomplete = function () { resolve(JSON.stringify(out)); };
        tx.onerror = function () { reject(tx.error); };
      };
    });
  });
  await attempt('cookie', function () { return JSON.stringify(document.cookie); });
  await attempt('top document', function () { return top.document.title; });
  await attempt('app storage', function () { return JSON.stringify(Object.keys(top.localStorage)); });
  await attempt('top navigation', function () { top.location.href = '${tripwire}/top/navigation'; return 'assigned'; });
  await attempt('top replace', function () { top.location.replace('${tripwire}/top/replace'); return 'replaced'; });
  await attempt('popup', function () { return window.open('${tripwire}/top/popup') ? 'opened' : 'refused'; });
  await attempt('fetch', function () { return fetch('${tripwire}/net/fetch', { mode: 'no-cors' }).then(function () { return 'sent'; }); });
  await attempt('beacon', function () { return navigator.sendBeacon('${tripwire}/net/beacon', 'x'); });
  await attempt('image', function () { new Image().src = '${tripwire}/net/image'; return 'requested'; });
  say('finished', 'yes');
})();`;
}

const SECRET = 'app-secret-in-local-storage';

/** What every storage probe must have printed, wherever it ran. */
function expectContained(log: string) {
  expect(log).toContain('probe origin: null');
  expect(log).toContain('probe localStorage: []');
  // The preview's own IndexedDB is in memory: the app's database of the same name is not in it.
  expect(log).toContain('probe indexedDB: an empty database');
  expect(log).toContain('probe cookie: blocked (SecurityError)');
  expect(log).toContain('probe top document: blocked (SecurityError)');
  expect(log).toContain('probe app storage: blocked (SecurityError)');
  expect(log).toContain('probe top navigation: blocked (SecurityError)');
  expect(log).toContain('probe top replace: blocked (SecurityError)');
  expect(log).toContain('probe popup: refused');
  expect(log).toContain('probe fetch: blocked (TypeError)');
  expect(log).toMatch(/Blocked by the preview's Content-Security-Policy \(connect-src\): \S+\/net\/beacon/);
  expect(log).toMatch(/Blocked by the preview's Content-Security-Policy \(img-src\): \S+\/net\/image/);
  expect(log).toContain('probe finished: yes');
  expect(log).not.toContain('sk-ant-test-key');
  expect(log).not.toContain(SECRET);
}

for (const kind of ['HTML', 'SVG'] as const) {
  test(`script in an ${kind} artifact cannot read the app's storage, change the top page or reach the network`, async ({
    app,
    anthropic,
    context,
    tripwire,
  }) => {
    await app.evaluate((secret) => localStorage.setItem('easel-test', secret), SECRET);
    const title = await app.title();
    const script = storageProbe(tripwire.origin);
    const [filename, content] =
      kind === 'HTML'
        ? [
            'probe.html',
            `<h1>Probe</h1><img src="${tripwire.origin}/net/img" alt=""><script>${script}</script>`,
          ]
        : [
            'probe.svg',
            `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 20"><text x="2" y="15">Probe</text>` +
              `<image href="${tripwire.origin}/net/svg-image" width="10" height="10"/>` +
              `<script><![CDATA[${script}]]></script></svg>`,
          ];
    const frames = watchFrameRequests(context, app);

    await modelCreates(app, anthropic, { filename, content });

    // The model read the console of a run of the file; the person sees the console of the panel's run.
    expectContained(await toolResult(anthropic));
    await expect(preview(app, filename).getByText('Probe', { exact: true })).toBeVisible();
    const entries = await consoleEntries(app);
    await expect(entries).toContainText('probe finished: yes');
    expectContained((await entries.textContent()) ?? '');
    await expect(previewFrame(app, filename)).toHaveAttribute('sandbox', 'allow-scripts allow-forms');

    await expect(app).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/#\/s\/[\w-]+$/);
    expect(await app.title()).toBe(title);
    expect(context.pages()).toEqual([app]);
    await expect(app.getByRole('textbox', { name: 'Message' })).toBeVisible();
    expect(tripwire.hits()).toEqual([]);
    expect(frames).toEqual([]);
  });
}

test('every artifact frame in the app is sandboxed with allow-scripts and allow-forms alone', async ({
  app,
  anthropic,
}) => {
  await modelCreates(app, anthropic, { filename: 'index.html', content: '<p>Hello</p>' });
  await expect(preview(app, 'index.html').getByText('Hello')).toBeVisible();
  await expect(previewFrame(app, 'index.html')).toHaveAttribute('sandbox', 'allow-scripts allow-forms');
  const sandboxes = await app
    .locator('iframe')
    .evaluateAll((frames) => frames.map((f) => f.getAttribute('sandbox')));
  expect(sandboxes).toEqual(['allow-scripts allow-forms']);
});

/** The cure53 HTTPLeaks page with every `https://leaking.via` URL pointed at `base` instead. */
function httpLeaksPage(base: string): string {
  const original = readFileSync(
    new URL('./fixtures/artifacts/html-cure53-httpleaks.html', import.meta.url),
    'utf8',
  );
  const host = base.replace(/^http:\/\//, '');
  const pointed = original
    .replaceAll('https://leaking.via', base)
    .replaceAll('%68ttps:%2f/leaking.via', `%68ttp:%2f/${host}`)
    .replace(/atob\('([A-Za-z0-9+/=]+)'\)/g, (_, b64: string) => {
      const decoded = Buffer.from(b64, 'base64').toString('latin1').replaceAll('https://leaking.via', base);
      return `atob('${Buffer.from(decoded, 'latin1').toString('base64')}')`;
    });
  expect(pointed).not.toContain('leaking.via');
  return pointed;
}

test('the HTTPLeaks page, which tries every way HTML can make a request, makes none', async ({
  app,
  anthropic,
  context,
  playwright,
  tripwire,
}) => {
  // Outside the sandbox the same page does reach the tripwire: the test can see a leak. It runs in a browser of
  // its own: now and then, everything this page tries takes its whole browser down, which must not be the app's.
  const controlBrowser = await playwright.chromium.launch(test.info().project.use.launchOptions);
  const control = await controlBrowser.newPage();
  await control.setContent(httpLeaksPage(`${tripwire.origin}/control`), { waitUntil: 'commit' });
  await expect.poll(() => tripwire.hits('/control/').length).toBeGreaterThan(20);
  await controlBrowser.close().catch(() => {});
  const frames = watchFrameRequests(context, app);

  await modelCreates(app, anthropic, {
    filename: 'leak.html',
    content: httpLeaksPage(`${tripwire.origin}/artifact`),
  });

  const result = await toolResult(anthropic);
  expect(result).toContain("Blocked by the preview's Content-Security-Policy (img-src)");
  expect(result).toContain("Blocked by the preview's Content-Security-Policy (style-src-elem)");
  await expect(preview(app, 'leak.html').getByText('CLICKME').first()).toBeVisible();
  await expect(await consoleEntries(app)).toContainText("Blocked by the preview's Content-Security-Policy");
  expect(tripwire.hits('/artifact/')).toEqual([]);
  expect(frames).toEqual([]);
  const paths = (await anthropic.requests()).map((r) => `${r.method} ${r.path}`);
  expect(paths.filter((p) => p !== 'POST /v1/messages' && p !== 'GET /v1/models')).toEqual([]);
});

/** A page that tries, from markup and script, every kind of request it can (navigations aside). */
function requestProbe(tripwire: Tripwire): string {
  const o = tripwire.origin;
  return `<h1>Request probe</h1>
<img src="${o}/net/img" alt="">
<iframe src="${o}/net/child-frame"></iframe>
<link rel="stylesheet" href="${o}/net/css">
<link rel="prefetch" href="${o}/net/prefetch">
<video src="${o}/net/video"></video>
<script src="${o}/net/script"></script>
<script>
  var o = '${o}';
  function attempt(name, run) {
    try {
      var result = run();
      if (result && typeof result.then === 'function') result.then(null, function (e) { console.log(name + ' failed: ' + e); });
    } catch (e) { console.log(name + ' threw: ' + e); }
  }
  attempt('fetch', function () { return fetch(o + '/net/fetch', { mode: 'no-cors' }); });
  attempt('xhr', function () { var x = new XMLHttpRequest(); x.open('GET', o + '/net/xhr'); x.send(); });
  attempt('websocket', function () { new WebSocket('ws://127.0.0.1:${tripwire.port}/net/ws'); });
  attempt('eventsource', function () { new EventSource(o + '/net/sse'); });
  attempt('beacon', function () { navigator.sendBeacon(o + '/net/beacon', 'x'); });
  attempt('image', function () { new Image().src = o + '/net/image'; });
  attempt('import', function () { return import(o + '/net/import.js'); });
  attempt('font', function () { return new FontFace('probe', 'url(' + o + '/net/font)').load(); });
  attempt('worker', function () { new Worker(o + '/net/worker.js'); });
  attempt('blob worker', function () {
    var code = "fetch('" + o + "/net/worker-fetch').catch(function () {})";
    new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
  });
  attempt('webrtc', function () {
    var pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${tripwire.port}' }] });
    pc.createDataChannel('probe');
    return pc.createOffer().then(function (offer) { return pc.setLocalDescription(offer); });
  });
  console.log('all attempts made');
</script>`;
}

test('script and markup in a page cannot reach the network', async ({
  app,
  anthropic,
  context,
  tripwire,
}) => {
  const frames = watchFrameRequests(context, app);

  await modelCreates(app, anthropic, { filename: 'net.html', content: requestProbe(tripwire) });

  const result = await toolResult(anthropic);
  expect(result).toContain('all attempts made');
  for (const directive of ['connect-src', 'img-src', 'media-src', 'script-src-elem', 'style-src-elem'])
    expect(result).toContain(
      `Blocked by the preview's Content-Security-Policy (${directive}): ${tripwire.origin}`,
    );
  expect(result).toContain(`Blocked by the preview's Content-Security-Policy (font-src): ${tripwire.origin}`);
  expect(result).toContain(
    `Blocked by the preview's Content-Security-Policy (frame-src): ${tripwire.origin}`,
  );
  expect(result).toContain(`(connect-src): ws://127.0.0.1:${tripwire.port}/net/ws`);
  // WebRTC ignores the Content-Security-Policy; the preview switches it off.
  expect(result).toContain('webrtc threw: Error: WebRTC is off in the preview');
  await expect(await consoleEntries(app)).toContainText('all attempts made');

  expect(tripwire.hits()).toEqual([]);
  expect(tripwire.datagrams()).toEqual([]);
  expect(frames).toEqual([]);
});

/** `value` as a script's string literal (no `</` in it, so it cannot end the script it is in). */
const js = (value: string) => JSON.stringify(value).replaceAll('</', '<\\/');
/** `value` as a double-quoted attribute value. */
const attr = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
/** A script's hash as a Content-Security-Policy source names it. */
const sha256 = (script: string) => createHash('sha256').update(script).digest('base64');

/**
 * Script for any document in or around an artifact that tries WebRTC towards the tripwire by every route it
 * has: STUN and TURN servers by address and by a name the page chooses (`*.localhost` resolves to the
 * tripwire), and a remote candidate (connectivity checks). `attempt(label, getPeer, route?)` reports
 * `<label>: threw <error>`, `<label>: failed <error>` or `<label>: sent`; a frame reports to its parent and
 * the artifact's own document (whose parent is the top page) lists the reports under "WebRTC attempts" and
 * logs them. `frameDoc(label, more)` is a frame's document that runs this script and an attempt, then `more`.
 * The whole of it is `PROBE`, so that every frame can make frames of its own.
 */
function webRtcProbe(port: number): string {
  const core = `
var ROUTES = {
  'STUN by address': [{ urls: 'stun:127.0.0.1:${port}' }],
  'TURN by address': [{ urls: 'turn:127.0.0.1:${port}?transport=udp', username: 'probe', credential: 'probe' }],
  'STUN by name': [{ urls: 'stun:webrtc-probe.localhost:${port}' }],
  'TURN by name': [{ urls: 'turn:webrtc-probe.localhost:${port}?transport=udp', username: 'probe', credential: 'probe' }],
  'remote candidate': []
};
function report(line) {
  if (parent !== top) return parent.postMessage('webrtc ' + line, '*');
  console.log(line);
  var list = document.getElementById('webrtc-log');
  var item = document.createElement('li');
  item.textContent = line;
  if (list) list.appendChild(item);
}
addEventListener('message', function (e) {
  if (typeof e.data === 'string' && e.data.substring(0, 7) === 'webrtc ') report(e.data.substring(7));
});
function attempt(label, getPeer, route) {
  try {
    var servers = route ? ROUTES[route] : [].concat(ROUTES['STUN by address'], ROUTES['TURN by address'], ROUTES['STUN by name'], ROUTES['TURN by name']);
    var Peer = getPeer();
    var pc = new Peer({ iceServers: servers });
    pc.createDataChannel('probe');
    pc.createOffer().then(function (offer) {
      return pc.setLocalDescription(offer).then(function () { return offer; });
    }).then(function (offer) {
      if (route && route !== 'remote candidate') return;
      var sdp = offer.sdp.replace(/a=setup:actpass/g, 'a=setup:active')
        .replace(/a=ice-ufrag:.*/g, 'a=ice-ufrag:prob').replace(/a=ice-pwd:.*/g, 'a=ice-pwd:probeprobeprobeprobeprobe');
      return pc.setRemoteDescription({ type: 'answer', sdp: sdp }).then(function () {
        return pc.addIceCandidate({ candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 ${port} typ host', sdpMid: '0', sdpMLineIndex: 0 });
      });
    }).then(function () { report(label + ': sent'); }, function (e) { report(label + ': failed ' + e); });
  } catch (e) {
    report(label + ': threw ' + e);
  }
}
function attr(value) { return value.split('&').join('&amp;').split('"').join('&quot;'); }
function frameDoc(label, more) {
  return '<script>var PROBE = ' + JSON.stringify(PROBE).split('</').join('<\\\\/') + ';' + PROBE +
    'attempt(' + JSON.stringify(label) + ', function () { return RTCPeerConnection; });' + (more || '') + '<\\/script>';
}
`;
  return `var PROBE = ${js(core)};${core}`;
}

/** The document of a frame that runs the probe and one attempt, then `more`; as `frameDoc` makes it. */
const frameMarkup = (probe: string, label: string, more = '') =>
  `<script>${probe}attempt(${js(label)}, function () { return RTCPeerConnection; });${more}</script>`;

/**
 * A page that makes frames every way it can (markup and script, about:blank and srcdoc, open, closed and
 * declarative shadow roots, frames in frames), each trying WebRTC; ends with `settled` two seconds after its
 * script ran, time enough for a frame that got out to have said so.
 */
function webRtcFramesPage(port: number): string {
  const probe = webRtcProbe(port);
  const frame = (label: string, more = '') => attr(frameMarkup(probe, label, more));
  // A frame whose own markup holds a closed declarative shadow root with a frame in it. Written with a
  // character reference, so that it is the frame's srcdoc, not the page's markup, that says `shadowrootmode`.
  const withShadowGrandchild = frame(
    'frame whose markup declares a shadow root',
    `</script><div><template shadowrootmode="closed"><iframe srcdoc="${frame('grandchild in a declarative shadow root of a frame')}"></iframe></template></div><script>`,
  ).replace('shadowrootmode', 'shadowrootmod&#101;');
  return `<!doctype html>
<title>WebRTC escape</title>
<h1>WebRTC escape</h1>
<ol id="webrtc-log" aria-label="WebRTC attempts"></ol>
<script>${probe}
var blank = document.body.appendChild(document.createElement('iframe'));
attempt('frames[0] of an about:blank frame', function () { return frames[0].RTCPeerConnection; });
attempt('contentDocument of an about:blank frame', function () { return blank.contentDocument.defaultView.RTCPeerConnection; });
attempt('contentWindow of an about:blank frame', function () { return blank.contentWindow.RTCPeerConnection; });
attempt('webkitRTCPeerConnection', function () { return webkitRTCPeerConnection; });

function frame(label, more) {
  var f = document.createElement('iframe');
  f.srcdoc = frameDoc(label, more);
  return f;
}
document.body.appendChild(frame('srcdoc frame made by script'));
var late = document.body.appendChild(document.createElement('iframe'));
late.setAttribute('srcdoc', frameDoc('srcdoc set on a frame already in the page'));

document.body.appendChild(document.createElement('div')).attachShadow({ mode: 'open' }).appendChild(frame('frame in an open shadow root'));
var closedHost = document.createElement('div');
closedHost.attachShadow({ mode: 'closed' }).innerHTML = '<iframe srcdoc="' + attr(frameDoc('frame in a closed shadow root, host inserted after')) + '"></iframe>';
document.body.appendChild(closedHost);
var declared = '<template shadowroot' + 'mode="closed"><iframe srcdoc="';
document.body.appendChild(document.createElement('div')).setHTMLUnsafe(declared + attr(frameDoc('frame in a shadow root declared to setHTMLUnsafe')) + '"></iframe></template>');
var parsed = Document.parseHTMLUnsafe('<div>' + declared + attr(frameDoc('frame in a shadow root declared to Document.parseHTMLUnsafe')) + '"></iframe></template></div>');
document.body.appendChild(document.adoptNode(parsed.body.firstChild));

document.body.appendChild(frame('child frame', "var g = document.createElement('iframe'); g.srcdoc = frameDoc('grandchild frame', " +
  JSON.stringify("var h = document.createElement('iframe'); h.srcdoc = frameDoc('great-grandchild frame'); document.documentElement.appendChild(h);") +
  "); document.documentElement.appendChild(g);"));
setTimeout(function () { report('settled'); }, 2000);
</script>
<iframe srcdoc="${frame('srcdoc frame in the markup')}"></iframe>
<div><template shadowrootmode="closed"><iframe srcdoc="${frame('frame in a closed declarative shadow root')}"></iframe></template></div>
<script>document.write('<div><template ')</script>shadowrootmode="closed"><iframe srcdoc="${frame('frame in a shadow root declared across a writing script')}"></iframe></template></div>
<script>
document.write('<div><template shadowroot');
document.write('mode="closed"><iframe srcdoc="' + attr(frameDoc('frame in a shadow root declared in two document.write calls')) + '"></iframe></template></div>');
</script>
<iframe srcdoc="${withShadowGrandchild}"></iframe>`;
}

/** What each attempt of `webRtcFramesPage` must report: WebRTC off, or the frame out of reach. */
const FRAMES_REPORTS = [
  'frames[0] of an about:blank frame: threw SecurityError',
  'contentDocument of an about:blank frame: threw TypeError',
  'contentWindow of an about:blank frame: threw SecurityError',
  ...[
    'webkitRTCPeerConnection',
    'srcdoc frame made by script',
    'srcdoc set on a frame already in the page',
    'frame in an open shadow root',
    'frame in a closed shadow root, host inserted after',
    'frame in a shadow root declared to setHTMLUnsafe',
    'frame in a shadow root declared to Document.parseHTMLUnsafe',
    'child frame',
    'grandchild frame',
    'great-grandchild frame',
    'srcdoc frame in the markup',
    'frame in a closed declarative shadow root',
    'frame in a shadow root declared across a writing script',
    'frame in a shadow root declared in two document.write calls',
    'frame whose markup declares a shadow root',
    'grandchild in a declarative shadow root of a frame',
  ].map((label) => `${label}: threw Error: WebRTC is off in the preview`),
];

/** Every report is there, none says a connection was set up, and nothing reached the tripwire. */
async function expectWebRtcOff(list: Locator, reports: readonly string[], tripwire: Tripwire) {
  await expect(list).toContainText('settled');
  for (const report of reports) await expect(list).toContainText(report);
  await expect(list).not.toContainText(': sent');
  await expect(list).not.toContainText(': failed');
  expect(tripwire.datagrams()).toEqual([]);
  expect(tripwire.hits()).toEqual([]);
}

test('the WebRTC probe reaches the tripwire by every route from an ordinary page', async ({
  context,
  tripwire,
}) => {
  // Outside the preview: proves that each route of the probe the tests below run would be seen.
  const control = await context.newPage();
  await control.setContent(`<script>${webRtcProbe(tripwire.port)}</script>`);
  for (const route of [
    'STUN by address',
    'TURN by address',
    'STUN by name',
    'TURN by name',
    'remote candidate',
  ]) {
    const before = tripwire.datagrams().length;
    await control.evaluate(`attempt(${js(route)}, function () { return RTCPeerConnection; }, ${js(route)})`);
    await expect.poll(() => tripwire.datagrams().length, { message: route }).toBeGreaterThan(before);
  }
  await control.close();
});

test('WebRTC stays off in every frame an artifact makes, however deep and wherever in the page', async ({
  app,
  anthropic,
  context,
  tripwire,
}) => {
  const frames = watchFrameRequests(context, app);

  await modelCreates(app, anthropic, { filename: 'webrtc.html', content: webRtcFramesPage(tripwire.port) });

  const list = preview(app, 'webrtc.html').getByRole('list', { name: 'WebRTC attempts' });
  await expectWebRtcOff(list, FRAMES_REPORTS, tripwire);
  expect(frames).toEqual([]);
});

test('WebRTC stays off whatever the page does to the guard: other constructors, replaced built-ins, Trusted Types, a frame policy', async ({
  app,
  anthropic,
  tripwire,
}) => {
  const probe = webRtcProbe(tripwire.port);
  // A frame whose policy (the csp attribute) allows its own script by its hash, and no other (not the guard's).
  const cspScript = `${probe}attempt('frame with a csp attribute', function () { return RTCPeerConnection; });`;
  const content = `<!doctype html>
<title>WebRTC guard</title>
<h1>WebRTC guard</h1>
<ol id="webrtc-log" aria-label="WebRTC attempts"></ol>
<iframe csp="script-src 'sha256-${sha256(cspScript)}'" srcdoc="${attr(`<script>${cspScript}</script>`)}"></iframe>
<script>${probe}
attempt('RTCPeerConnection.prototype.constructor', function () { return RTCPeerConnection.prototype.constructor; });
attempt('the constructor behind a session description', function () {
  return Object.getPrototypeOf(new RTCSessionDescription({ type: 'offer', sdp: '' })).constructor;
});
attempt('RTCDataChannel', function () { return RTCDataChannel; });
attempt('RTCRtpSender', function () { return RTCRtpSender; });
attempt('RTCIceTransport', function () { return RTCIceTransport; });
attempt('document.defaultView.RTCPeerConnection', function () { return document.defaultView.RTCPeerConnection; });
attempt('eval', function () { return eval('RTCPeerConnection'); });
attempt('RTCPeerConnection after delete', function () { delete window.RTCPeerConnection; return window.RTCPeerConnection; });

// The page replaces what a guard reads the DOM with, then makes frames.
var tamperedDoc = frameDoc('srcdoc frame after the page replaced built-ins');
var tamperedShadowDoc = frameDoc('frame in a closed shadow root after the page replaced built-ins');
var tamperedDeclared = '<template shadowroot' + 'mode="closed"><iframe srcdoc="' +
  attr(frameDoc('frame in a declared shadow root after the page replaced built-ins')) + '"></iframe></template>';
var trustedDoc = frameDoc('frame when the page enforces Trusted Types');
var nothing = document.createDocumentFragment().childNodes;
var noop = function () {};
[Element.prototype, Document.prototype, DocumentFragment.prototype].forEach(function (proto) {
  proto.querySelectorAll = function () { return nothing; };
});
['getAttribute', 'getAttributeNS', 'hasAttribute'].forEach(function (n) { Element.prototype[n] = function () { return null; }; });
['setAttribute', 'setAttributeNS', 'removeAttribute', 'removeAttributeNS', 'remove'].forEach(function (n) { Element.prototype[n] = noop; });
Object.defineProperty(NodeList.prototype, 'length', { get: function () { return 0; } });
Object.defineProperty(Node.prototype, 'nodeType', { get: function () { return 3; } });
['type', 'target', 'addedNodes', 'attributeName'].forEach(function (n) {
  Object.defineProperty(MutationRecord.prototype, n, { get: function () { return null; } });
});
MutationObserver.prototype.observe = noop;
MutationObserver.prototype.takeRecords = function () { return []; };
Object.defineProperty(Object.prototype, 'characterDataOldValue', { get: function () { return true; }, configurable: true });
Array.prototype[Symbol.iterator] = function () { return { next: function () { return { done: true }; } }; };
['indexOf', 'slice', 'startsWith', 'toLowerCase', 'replace'].forEach(function (n) { String.prototype[n] = function () { return ''; }; });
String.prototype.startsWith = function () { return true; };
Reflect.apply = noop;
Function.prototype.call = Function.prototype.apply = noop;
var tampered = document.createElement('iframe');
tampered.srcdoc = tamperedDoc;
document.body.appendChild(tampered);
var host = document.createElement('div');
var inShadow = document.createElement('iframe');
inShadow.srcdoc = tamperedShadowDoc;
host.attachShadow({ mode: 'closed' }).appendChild(inShadow);
document.body.appendChild(host);
document.body.appendChild(document.createElement('div')).setHTMLUnsafe(tamperedDeclared);

// Trusted Types, with a default policy that takes the guard out of every srcdoc.
var tt = document.createElement('meta');
tt.httpEquiv = 'Content-Security-Policy';
tt.content = "require-trusted-types-for 'script'";
document.head.appendChild(tt);
var end = '<\\/' + 'script>';
trustedTypes.createPolicy('default', {
  createHTML: function (s) {
    if (s.substring(0, 17) !== '<script>(function') return s;
    var parts = s.split(end);
    parts.shift();
    return parts.join(end);
  }
});
var typed = document.createElement('iframe');
typed.srcdoc = trustedDoc;
document.body.appendChild(typed);
setTimeout(function () { report('settled'); }, 2000);
</script>`;

  await modelCreates(app, anthropic, { filename: 'guard.html', content });

  const list = preview(app, 'guard.html').getByRole('list', { name: 'WebRTC attempts' });
  await expectWebRtcOff(
    list,
    [
      'RTCPeerConnection after delete: threw TypeError',
      ...[
        'RTCPeerConnection.prototype.constructor',
        'the constructor behind a session description',
        'RTCDataChannel',
        'RTCRtpSender',
        'RTCIceTransport',
        'document.defaultView.RTCPeerConnection',
        'eval',
        'srcdoc frame after the page replaced built-ins',
        'frame in a closed shadow root after the page replaced built-ins',
        'frame in a declared shadow root after the page replaced built-ins',
        'frame when the page enforces Trusted Types',
        'frame with a csp attribute',
      ].map((label) => `${label}: threw Error: WebRTC is off in the preview`),
    ],
    tripwire,
  );
});

test("a policy of the page's that could refuse the guard's script turns scripts off in the page's frames", async ({
  app,
  anthropic,
  tripwire,
}) => {
  // Frames inherit the page's policies: one that allows a frame's own script by its hash, and no other, would
  // keep the guard out of it. In the markup, or added by script and taken out again in the same task.
  const probe = webRtcProbe(tripwire.port);
  const frameScript = (label: string) =>
    `${probe}attempt(${js(label)}, function () { return RTCPeerConnection; });`;
  const inMarkup = frameScript('frame allowed by the hash in a policy of the markup');
  const byScript = frameScript('frame allowed by the hash in a policy added by script');
  const settle = `${probe}setTimeout(function () { report('settled'); }, 2000);`;
  // On one line up to the page's script, which the preview would otherwise pad with line breaks (for its line
  // numbers), changing its hash.
  const marked =
    `<!doctype html><title>Policy in the markup</title>` +
    `<meta http-equiv="Content-Security-Policy" content="script-src 'sha256-${sha256(settle)}' 'sha256-${sha256(inMarkup)}'">` +
    `<h1>Policy in the markup</h1><ol id="webrtc-log" aria-label="WebRTC attempts"></ol><script>${settle}</script>` +
    `<iframe srcdoc="${attr(`<script>${inMarkup}</script>`)}"></iframe>`;
  const scripted = `<!doctype html>
<title>Policy by script</title>
<h1>Policy by script</h1>
<ol id="webrtc-log" aria-label="WebRTC attempts"></ol>
<script>${probe}
var policy = document.createElement('meta');
policy.httpEquiv = 'Content-Security-Policy';
policy.content = "script-src 'sha256-${sha256(byScript)}'";
document.head.appendChild(policy);
policy.parentNode.removeChild(policy);
var allowed = document.createElement('iframe');
allowed.srcdoc = ${js(`<script>${byScript}</script>`)};
document.body.appendChild(allowed);
setTimeout(function () { report('settled'); }, 2000);
</script>`;
  for (const [id, filename, content] of [
    ['toolu_marked', 'marked.html', marked],
    ['toolu_scripted', 'scripted.html', scripted],
  ] as const)
    await anthropic.reply(
      sse.toolUse({ name: 'artifacts', id, input: { command: 'create', filename, content } }),
    );
  await anthropic.reply(sse.text('Both files are ready.'));
  await send(app, 'Write two pages with policies');
  await expect(claude(app).last()).toContainText('Both files are ready.');

  for (const [id, filename] of [
    ['toolu_marked', 'marked.html'],
    ['toolu_scripted', 'scripted.html'],
  ] as const) {
    await panel(app).getByRole('tab', { name: filename }).click();
    const list = preview(app, filename).getByRole('list', { name: 'WebRTC attempts' });
    await expect(list).toContainText('settled');
    // The frame's script never ran; the person and Claude are told why.
    await expect(list).not.toContainText('frame allowed');
    await expect(await consoleEntries(app)).toContainText('scripts are off in its srcdoc frames');
    expect(await toolResult(anthropic, id)).toContain('scripts are off in its srcdoc frames');
  }
  expect(tripwire.datagrams()).toEqual([]);
  expect(tripwire.hits()).toEqual([]);
});

test('Open in new tab keeps WebRTC off in the copy and in every frame it makes', async ({
  app,
  anthropic,
  context,
  tripwire,
}) => {
  await modelCreates(app, anthropic, { filename: 'webrtc.html', content: webRtcFramesPage(tripwire.port) });
  await expect(preview(app, 'webrtc.html').getByRole('list', { name: 'WebRTC attempts' })).toContainText(
    'settled',
  );

  const opened = context.waitForEvent('page');
  await panel(app).getByRole('button', { name: 'More file actions' }).click();
  await panel(app).getByRole('menuitem', { name: 'Open in new tab' }).click();
  const tab = await opened;

  const frame = tab.getByTitle('webrtc.html preview', { exact: true });
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms');
  const list = frame.contentFrame().getByRole('list', { name: 'WebRTC attempts' });
  await expectWebRtcOff(list, FRAMES_REPORTS, tripwire);
});

test('a page cannot navigate its frame away or open a window', async ({
  app,
  anthropic,
  context,
  tripwire,
}) => {
  const o = tripwire.origin;
  const refresh = `<meta http-equiv="refresh" content="0; url=${o}/nav/meta-refresh"><h1>Refresh</h1>`;
  const leave = `<h1>Leave</h1>
<form id="form" action="${o}/nav/form" method="post"><input name="q" value="1"></form>
<a id="blank" href="${o}/nav/link-blank" target="_blank">a link to a new tab</a>
<a id="link" href="${o}/nav/link">a link</a>
<script>
  window.open('${o}/nav/window-open');
  document.getElementById('blank').click();
  document.getElementById('form').submit();
  document.getElementById('link').click();
  location.href = '${o}/nav/location';
</script>`;
  const frames = watchFrameRequests(context, app);
  await anthropic.reply(
    sse.toolUse({
      name: 'artifacts',
      id: 'toolu_refresh',
      input: { command: 'create', filename: 'refresh.html', content: refresh },
    }),
  );
  await anthropic.reply(
    sse.toolUse({
      name: 'artifacts',
      id: 'toolu_leave',
      input: { command: 'create', filename: 'leave.html', content: leave },
    }),
  );
  await anthropic.reply(sse.text('Both files are ready.'));
  await send(app, 'Write two pages that leave');
  // A frame sent to an error page never reports that it loaded, so each file's console check may wait out its
  // 8 s load limit before the tool call ends: two of them can take longer than the usual 10 s wait.
  test.setTimeout(60_000);
  await expect(claude(app).last()).toContainText('Both files are ready.', { timeout: 25_000 });

  // Each frame tried to leave; the app page's frame-src refused before any request was made, and Chromium
  // put its error page in the frame instead.
  for (const filename of ['leave.html', 'refresh.html']) {
    await panel(app).getByRole('tab', { name: filename }).click();
    const frame = await previewFrame(app, filename).elementHandle();
    await expect.poll(async () => (await frame?.contentFrame())?.url()).toBe('chrome-error://chromewebdata/');
  }
  expect(tripwire.hits()).toEqual([]);
  expect(frames).toEqual([]);
  expect(context.pages()).toEqual([app]);
});

test('a message posted to the app by any frame but the preview is ignored', async ({ app, anthropic }) => {
  await modelCreates(app, anthropic, {
    filename: 'index.html',
    content: `<h1>Buttons</h1><button onclick="console.log('genuine click')">Log</button>`,
  });
  // A forger that knows everything: the right source, shape and the document's channel.
  const src = (await previewFrame(app, 'index.html').getAttribute('src')) ?? '';
  const channel = new URL(src).hash.slice(1);
  expect(channel).toMatch(/^[\w-]{36}$/);
  const forged = { source: 'easel-preview', channel, kind: 'console', level: 'error', text: 'forged' };

  // Messages from one frame arrive in order: once 'forgeries sent' is here, the forgeries have been handled.
  const sent = app.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let count = 0;
        const listener = (e: MessageEvent) => {
          if (e.data !== 'forgeries sent') return;
          // The panel runs the forger; the console check reads the panel's document (or runs its own).
          count++;
          window.removeEventListener('message', listener);
          resolve(count);
        };
        window.addEventListener('message', listener);
      }),
  );
  await app.evaluate((message) => {
    window.postMessage({ ...message, text: 'forged by the app page itself' }, '*');
  }, forged);
  // Another preview (the only other frames the app holds) forges messages to the app page.
  await modelCreates(app, anthropic, {
    id: 'toolu_forger',
    filename: 'forger.html',
    content: `<h1>Forger</h1><script>
      var m = ${JSON.stringify({ ...forged, text: 'forged by another frame' })};
      parent.postMessage(m, '*');
      top.postMessage(m, '*');
      top.postMessage('forgeries sent', '*');
    </script>`,
  });
  expect(await sent).toBe(1);
  await panel(app).getByRole('tab', { name: 'index.html' }).click();
  await preview(app, 'index.html').getByRole('button', { name: 'Log' }).click();

  const entries = await consoleEntries(app);
  await expect(entries).toContainText('genuine click');
  await expect(entries).not.toContainText('forged');
  await expect(panel(app).getByRole('region', { name: 'Console' })).not.toContainText('error');
});

test("Open in new tab runs the artifact in a sandboxed frame, never in the app's origin", async ({
  app,
  anthropic,
  context,
}) => {
  await modelCreates(app, anthropic, {
    filename: 'index.html',
    content: `<h1>Standalone</h1><p id="where"></p><script>
      var storage, idb;
      try { storage = 'localStorage has ' + localStorage.length + ' items'; } catch (e) { storage = 'localStorage blocked (' + e.name + ')'; }
      try { indexedDB.open('easel'); idb = 'indexedDB opened'; } catch (e) { idb = 'indexedDB blocked (' + e.name + ')'; }
      document.getElementById('where').textContent = 'origin: ' + self.origin + '; ' + storage + '; ' + idb;
    </script>`,
  });

  const opened = context.waitForEvent('page');
  await panel(app).getByRole('button', { name: 'More file actions' }).click();
  await panel(app).getByRole('menuitem', { name: 'Open in new tab' }).click();
  const tab = await opened;

  const frame = tab.getByTitle('index.html preview', { exact: true });
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms');
  await expect(frame.contentFrame().getByRole('heading', { name: 'Standalone' })).toBeVisible();
  // The same runtime as in the panel: an opaque origin, an in-memory localStorage and IndexedDB.
  await expect(frame.contentFrame().getByText(/^origin: /)).toHaveText(
    'origin: null; localStorage has 0 items; indexedDB opened',
  );
  // The page around the frame is the app's preview document, holding only the frame; it has let go of the
  // app (no opener) and none of the artifact's markup is in it.
  expect(new URL(tab.url()).pathname).toMatch(/\/preview\.html$/);
  expect(await tab.evaluate(() => [...document.body.children].map((e) => e.localName))).toEqual(['iframe']);
  expect(await tab.evaluate(() => document.querySelector('h1, #where'))).toBeNull();
  expect(await tab.evaluate(() => window.opener)).toBeNull();
});
