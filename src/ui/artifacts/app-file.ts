import type { ArtifactApps } from '../../artifacts';
import { type AppCall, fileTypeOf, guardWebRtc, type PlanKind, PREVIEW_SOURCE } from '../../artifacts';
import type { PreviewRuntime } from './preview-runtime';

/** A value the artifact stored with `window.storage.set`, which the file can start with. */
export interface StoredValue {
  readonly key: string;
  readonly value: string;
  readonly shared: boolean;
}

/**
 * The saved file's policy: like the preview's, no network at all (`connect-src 'none'`, images, fonts and media
 * from `data:` and `blob:` only, no forms, no other documents in frames). Scripts and modules come from the
 * file itself (`data:` URLs in the import map).
 */
export const APP_FILE_POLICY =
  "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval' data: blob:; style-src 'unsafe-inline' data: blob:; img-src data: blob:; font-src data: blob:; media-src data: blob:; worker-src blob: data:; connect-src 'none'; form-action 'none'; frame-src 'none'; base-uri 'none'";

/**
 * The policy of the saved file's outer document, the shell: its inline script and style, and the app's frame
 * from a `blob:` URL it makes. A `blob:` document inherits its maker's policy, so the shell allows what the app
 * needs too (the app's own `APP_FILE_POLICY`, in its document, takes frames away again).
 */
export const APP_SHELL_POLICY = APP_FILE_POLICY.replace("frame-src 'none'", 'frame-src blob:');

/**
 * `Download as app`: the artifact as one self-contained HTML file that runs opened from disk, with no Easel
 * and no network. It is the document the preview writes — the same plan, the shelf's libraries and the
 * compiled component — with every file inlined as a `data:` URL (in the import map and where the page names
 * it), and stand-ins for the app APIs.
 *
 * The file keeps the preview's network sandbox and gets one of its own for storage. It is a shell: a small
 * document with its own Content-Security-Policy (`APP_SHELL_POLICY`, no network) and the WebRTC guard, which
 * shows the app in `<iframe sandbox="allow-scripts allow-forms">` from a `blob:` URL it makes when it opens
 * (a `srcdoc` this large was left blank by Chromium until the window was resized). The app's document has the policy and the
 * guard again, before its first script. Being sandboxed, the app has an opaque origin: it cannot reach the
 * `file://` origin's `localStorage` (which every file opened from disk shares), nor the shell. Its
 * `window.storage` asks the shell over `postMessage`, and the shell keeps the values in `localStorage` under
 * `easel-app:<id>:`, `id` made at random when the file was saved: one saved app cannot name another's keys.
 * `window.fs.readFile` and `window.claude` reject, saying they need Easel. With `data` (what the artifact stored
 * in Easel, `readStoredData`), the storage starts with it, written on the file's first open only, never over a
 * key stored since.
 */
export async function buildAppFile(
  runtime: PreviewRuntime,
  filename: string,
  content: string,
  kind: PlanKind,
  data: readonly StoredValue[] = [],
): Promise<Blob> {
  const prepared = await runtime.prepare(filename, content, kind, false);
  if (!prepared) throw new Error('the file does not compile yet');
  const urls: Record<string, string> = {};
  for (const [file, blob] of Object.entries(prepared.files))
    urls[file] = await dataUrl(blob, fileTypeOf(file));
  const imports: Record<string, string> = {};
  for (const [specifier, file] of Object.entries(prepared.imports)) {
    const url = urls[file];
    if (url) imports[specifier] = url;
  }
  const html = prepared.html.replace(
    /easel-shelf:([\w@.+\-/]+)/g,
    (whole, file: string) => urls[file] ?? whole,
  );
  const map = Object.keys(imports).length
    ? `<script type="importmap">${JSON.stringify({ imports }).replaceAll('<', '\\u003c')}</script>`
    : '';
  const policy = `<meta http-equiv="Content-Security-Policy" content="${APP_FILE_POLICY}">`;
  const guard = `<script>(${String(guardWebRtc).replace(/<(\/?script|!--)/gi, '<\\$1')})()</script>`;
  const title = `<title>${escapeText(filename)}</title>`;
  const head = `<!DOCTYPE html><meta charset="utf-8">${policy}<meta name="referrer" content="no-referrer">${title}`;
  const app = `${head}${guard}<script>${frameStandIns()}</script>${map}${html}`;
  const shellPolicy = `<meta http-equiv="Content-Security-Policy" content="${APP_SHELL_POLICY}">`;
  const page = `<!DOCTYPE html><meta charset="utf-8">${shellPolicy}<meta name="referrer" content="no-referrer">${title}<style>html,body{margin:0;height:100%}iframe{display:block;border:0;width:100%;height:100%}</style>${guard}<body><script type="application/json" id="easel-app">${json(app)}</script><script>${shell(crypto.randomUUID(), filename, data)}</script>`;
  return new Blob([page], { type: 'text/html' });
}

/**
 * Everything the artifact `file` of the open session stores, read through a port of its own with the calls its
 * page would make (`storage.list`, then `storage.get` for each key, in both scopes).
 */
export async function readStoredData(apps: ArtifactApps, file: string): Promise<StoredValue[]> {
  const port = apps.open(file, { log: () => {}, ask: undefined, version: async () => '', background: false });
  let id = 0;
  const call = async (request: AppCall): Promise<Record<string, unknown>> => {
    const reply = await port.handle({
      ...request,
      source: PREVIEW_SOURCE,
      channel: 'app-file',
      kind: 'call',
      id: id++,
    });
    if (!reply.ok) throw new Error(reply.error);
    return typeof reply.value === 'object' && reply.value !== null
      ? (reply.value as Record<string, unknown>)
      : {};
  };
  try {
    const values: StoredValue[] = [];
    for (const shared of [false, true]) {
      const { keys } = await call({ api: 'storage.list', prefix: '', shared });
      for (const key of Array.isArray(keys) ? keys : []) {
        if (typeof key !== 'string') continue;
        const { value } = await call({ api: 'storage.get', key, shared });
        if (typeof value === 'string') values.push({ key, value, shared });
      }
    }
    return values;
  } finally {
    port.dispose();
  }
}

/** `value` as JSON that cannot end the script element it is written in. */
function json(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

/**
 * The shell's script: shows the app in a sandboxed frame from a `blob:` URL, and answers its storage requests
 * (only from that frame, checked) with `localStorage` under `easel-app:<id>:` (`p:` personal, `s:` shared keys),
 * or memory where there is no `localStorage`. `seed` is the data the file starts with.
 */
function shell(id: string, filename: string, data: readonly StoredValue[]): string {
  const seed = Object.fromEntries(data.map((d) => [(d.shared ? 's:' : 'p:') + d.key, d.value]));
  return `(() => {
  const prefix = 'easel-app:' + ${json(id)} + ':';
  const seed = ${json(seed)};
  const store = (() => { try { return window.localStorage; } catch { return undefined; } })();
  const memory = new Map(Object.entries(seed));
  // The data saved with the file goes in once, on its first open here, over no key the file has stored.
  if (store && Object.keys(seed).length > 0 && store.getItem(prefix + '#seeded') === null) {
    try {
      for (const [k, v] of Object.entries(seed)) if (store.getItem(prefix + k) === null) store.setItem(prefix + k, v);
      store.setItem(prefix + '#seeded', '1');
    } catch (e) {
      console.warn('Some of the data saved with this file could not be stored in this browser: ' + e.message);
    }
  }
  const read = (k) => (store ? store.getItem(prefix + k) : memory.has(k) ? memory.get(k) : null);
  const write = (k, v) => (store ? store.setItem(prefix + k, v) : memory.set(k, v));
  const drop = (k) => (store ? store.removeItem(prefix + k) : memory.delete(k));
  const keys = () => store ? Object.keys(store).filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length)) : [...memory.keys()];
  const ops = {
    get: (k) => read(k),
    set: (k, v) => { write(k, v); return null; },
    delete: (k) => { const had = read(k) !== null && read(k) !== undefined; drop(k); return had; },
    list: (start) => keys().filter((k) => k.startsWith(start)).map((k) => k.slice(2)).sort(),
  };
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts allow-forms allow-modals');
  frame.title = ${json(filename)};
  addEventListener('message', (event) => {
    const m = event.data;
    if (event.source !== frame.contentWindow || typeof m !== 'object' || m === null || m.easelApp !== 'call') return;
    const reply = (body) => frame.contentWindow.postMessage({ easelApp: 'reply', id: m.id, ...body }, '*');
    const op = Object.hasOwn(ops, m.op) ? ops[m.op] : undefined;
    if (!op || typeof m.key !== 'string' || (m.op === 'set' && typeof m.value !== 'string')) return reply({ error: 'Unknown request.' });
    try { reply({ value: op(m.key, m.value) }); } catch (e) { reply({ error: 'Could not store "' + m.key.slice(2) + '": ' + e.message }); }
  });
  const app = document.getElementById('easel-app').textContent;
  frame.src = URL.createObjectURL(new Blob([JSON.parse(app)], { type: 'text/html' }));
  document.body.append(frame);
})();`;
}

/**
 * The app APIs in the sandboxed frame (plain script, run before the page): `window.storage` asks the shell,
 * `window.fs.readFile` and `window.claude` reject, saying they need Easel; and a form the page leaves unhandled
 * is kept from navigating the frame.
 */
function frameStandIns(): string {
  return `(() => {
  const outside = (what) => Promise.reject(new Error(what + ' needs Easel: this file was saved with Download as app and runs on its own.'));
  const waiting = new Map();
  let next = 0;
  const shell = window.parent;
  addEventListener('message', (event) => {
    const m = event.data;
    if (event.source !== shell || typeof m !== 'object' || m === null || m.easelApp !== 'reply' || !waiting.has(m.id)) return;
    const { resolve, reject } = waiting.get(m.id);
    waiting.delete(m.id);
    if (typeof m.error === 'string') reject(new Error(m.error)); else resolve(m.value);
  });
  const ask = (op, key, value) => new Promise((resolve, reject) => {
    const id = next++;
    waiting.set(id, { resolve, reject });
    shell.postMessage({ easelApp: 'call', id, op, key, value }, '*');
  });
  const id = (key, shared) => (shared === true ? 's:' : 'p:') + String(key);
  window.storage = {
    get: async (key, shared) => { const v = await ask('get', id(key, shared)); if (v === null || v === undefined) throw new Error('There is no stored value for the key "' + key + '".'); return { key: String(key), value: v, shared: shared === true }; },
    set: async (key, value, shared) => { const v = typeof value === 'string' ? value : JSON.stringify(value); await ask('set', id(key, shared), v); return { key: String(key), value: v, shared: shared === true }; },
    delete: async (key, shared) => ({ key: String(key), deleted: await ask('delete', id(key, shared)), shared: shared === true }),
    list: async (p, shared) => ({ keys: await ask('list', id(p || '', shared)), ...(p ? { prefix: p } : {}), shared: shared === true }),
  };
  window.fs = { readFile: () => outside('window.fs.readFile') };
  window.claude = { complete: () => outside('window.claude.complete') };
  // As in the preview: a form the page does not handle itself stays (the policy refuses every submission).
  addEventListener('submit', (event) => { if (!event.defaultPrevented) event.preventDefault(); });
})();`;
}

function escapeText(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function dataUrl(blob: Blob, type: string): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${type};base64,${btoa(binary)}`;
}
