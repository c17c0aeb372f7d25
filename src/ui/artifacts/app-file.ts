import { fileTypeOf, type PlanKind } from '../../artifacts';
import type { PreviewRuntime } from './preview-runtime';

/**
 * `Download as app`: the artifact as one self-contained HTML file that runs opened from disk, with no Easel
 * and no network. It is the document the preview writes — the same plan, the shelf's libraries and the
 * compiled component — with every file inlined as a `data:` URL (in the import map and where the page names
 * it), and stand-ins for the app APIs: `window.storage` keeps data in the file's own `localStorage`,
 * `window.fs.readFile` and `window.claude` reject, saying they need Easel.
 */
export async function buildAppFile(
  runtime: PreviewRuntime,
  filename: string,
  content: string,
  kind: PlanKind,
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
  const head = `<!DOCTYPE html><meta charset="utf-8"><title>${escapeText(filename)}</title>`;
  return new Blob([`${head}${map}<script>${STAND_INS}</script>${html}`], { type: 'text/html' });
}

/** The app APIs outside Easel (plain script, run before the page). */
const STAND_INS = `(() => {
  const prefix = 'easel-app:';
  const outside = (what) => Promise.reject(new Error(what + ' needs Easel: this file was saved with Download as app and runs on its own.'));
  const store = (() => { try { return window.localStorage; } catch { return undefined; } })();
  const memory = new Map();
  const read = (k) => (store ? store.getItem(prefix + k) : memory.has(k) ? memory.get(k) : null);
  const write = (k, v) => (store ? store.setItem(prefix + k, v) : memory.set(k, v));
  const drop = (k) => (store ? store.removeItem(prefix + k) : memory.delete(k));
  const keys = () => store ? Object.keys(store).filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length)) : [...memory.keys()];
  const id = (key, shared) => (shared === true ? 's:' : 'p:') + String(key);
  window.storage = {
    get: async (key, shared) => { const v = read(id(key, shared)); if (v === null || v === undefined) throw new Error('There is no stored value for the key "' + key + '".'); return { key: String(key), value: v, shared: shared === true }; },
    set: async (key, value, shared) => { const v = typeof value === 'string' ? value : JSON.stringify(value); write(id(key, shared), v); return { key: String(key), value: v, shared: shared === true }; },
    delete: async (key, shared) => { const had = read(id(key, shared)) !== null; drop(id(key, shared)); return { key: String(key), deleted: had, shared: shared === true }; },
    list: async (p, shared) => { const start = (shared === true ? 's:' : 'p:') + (p || ''); return { keys: keys().filter((k) => k.startsWith(start)).map((k) => k.slice(2)).sort(), ...(p ? { prefix: p } : {}), shared: shared === true }; },
  };
  window.fs = { readFile: () => outside('window.fs.readFile') };
  window.claude = { complete: () => outside('window.claude.complete') };
})();`;

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
