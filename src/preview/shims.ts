/**
 * What the preview runtime puts around an artifact's page, installed once per frame before the page runs
 * (they live in the window's realm, which `document.open` keeps):
 *
 * - the console bridge: `console.*`, uncaught errors (with the artifact's own line numbers), unhandled
 *   rejections, requests the Content-Security-Policy refused, and `load`;
 * - in-memory `localStorage`/`sessionStorage` (the real ones throw in an opaque origin);
 * - `alert`/`confirm`/`prompt` as console warnings (a sandbox without `allow-modals` ignores them);
 * - no `navigator.serviceWorker` (reading it throws in an opaque origin);
 * - WebRTC taken away, here and in every frame the page makes (no policy governs it; see webrtc-guard.ts);
 * - `navigator.clipboard.writeText` (and `execCommand('copy')`) carried out by the app after a click;
 * - downloads (`<a download href="blob:…|data:…">`) handed to the app, which saves them and says so;
 * - forms the page does not handle itself kept from navigating the frame (the frame allows forms so that their
 *   `submit` event fires; the policy's `form-action 'none'` refuses every submission);
 * - the app APIs (`window.storage`, `window.fs`, `window.claude`, `fetch('/v1/messages')`; see apps.ts).
 */
import { fontHostOf, TILE_SITES } from '../artifacts/cdn';
import { guardWebRtc } from '../artifacts/webrtc-guard';
import { type Call, installAppApis } from './apps';
import type { RenderContext } from './render-context';

/** Sends one message to the app (the runtime counts, cuts and envelopes it). */
export type Send = (message: Record<string, unknown> & { kind: string; text?: string }) => void;

const LEVELS = ['log', 'info', 'warn', 'error', 'debug'] as const;

/** The document written now (set when it is opened), for line numbers in errors. */
let current: RenderContext | undefined;
/** Errors already reported through `console.error` (React logs an error, then throws it again). */
const reported = new WeakSet<object>();

export function installShims(send: Send, call: Call): { afterOpen(context: RenderContext): void } {
  for (const level of LEVELS) {
    const original = console[level];
    console[level] = (...args: unknown[]) => {
      if (level === 'error') for (const arg of args) if (arg instanceof Error) reported.add(arg);
      send({ kind: 'console', level, text: join(args) });
      original.apply(console, args);
    };
  }
  const assert = console.assert;
  console.assert = (ok?: boolean, ...rest: unknown[]) => {
    if (!ok)
      send({
        kind: 'console',
        level: 'error',
        text: `Assertion failed${rest.length > 0 ? `: ${join(rest)}` : ''}`,
      });
    assert.call(console, ok, ...(rest as string[]));
  };
  // A sandboxed frame of an opaque origin has no service workers, and reading `navigator.serviceWorker` there
  // throws a SecurityError: without the property, a page's `'serviceWorker' in navigator` check skips it.
  Reflect.deleteProperty(Navigator.prototype, 'serviceWorker');
  for (const name of ['alert', 'confirm', 'prompt'] as const) {
    try {
      Object.defineProperty(window, name, {
        configurable: true,
        writable: true,
        value: (message?: unknown) => {
          send({
            kind: 'console',
            level: 'warn',
            text: `${name}() does nothing in the preview${message === undefined ? '' : `: ${show(message)}`}`,
          });
          return name === 'confirm' ? false : null;
        },
      });
    } catch {
      // Left as the browser made it.
    }
  }
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    try {
      void window[name];
    } catch {
      Object.defineProperty(window, name, { value: memoryStorage(), configurable: true });
    }
  }
  // After the console bridge, so that what the guard warns of reaches the app.
  guardWebRtc();
  const blobs = trackObjectUrls();
  bridgeClipboard(send);
  const download = (anchor: HTMLAnchorElement) => startDownload(anchor, blobs, send);
  interceptAnchorClick(download);
  installAppApis(call, blobs);

  return {
    afterOpen(context) {
      current = context;
      const fontsNoted = new Set<string>();
      window.addEventListener('error', (e) => {
        if (!(e instanceof ErrorEvent)) return;
        if (typeof e.error === 'object' && e.error !== null && reported.has(e.error)) return;
        send(errorMessage(e, context));
      });
      window.addEventListener('unhandledrejection', (e) => {
        send({ kind: 'rejection', text: `Unhandled promise rejection: ${show(e.reason)}` });
      });
      // The page navigates its frame away: said before it goes, so the host's watchdog knows it is no hang.
      window.addEventListener('pagehide', (e) => {
        if (e.isTrusted) send({ kind: 'left' });
      });
      const seen = new Set<string>();
      window.addEventListener('securitypolicyviolation', (e) => {
        if (context.handled.has(e.blockedURI)) return;
        const fontHost = fontHostOf(e.blockedURI);
        if (fontHost) {
          if (fontsNoted.has(fontHost)) return;
          fontsNoted.add(fontHost);
          send({
            kind: 'console',
            level: 'info',
            text: `Web fonts from ${fontHost} are not loaded (previews have no network); local fonts are used instead.`,
          });
          return;
        }
        // Map tiles are said once per tile server, as information: a map asks for dozens of them.
        const site = /^img-src/.test(e.effectiveDirective) ? siteOf(e.blockedURI) : undefined;
        if (site && TILE_SITES.includes(site)) {
          if (seen.has(site)) return;
          seen.add(site);
          send({
            kind: 'console',
            level: 'info',
            text: `Map tiles from ${site} are not loaded (previews have no network): the map shows its controls, markers and shapes on a blank background.`,
          });
          return;
        }
        const text = `Blocked by the preview's Content-Security-Policy (${e.effectiveDirective}): ${e.blockedURI || 'inline'}`;
        if (seen.has(text)) return;
        seen.add(text);
        send({ kind: 'blocked', text });
      });
      window.addEventListener('load', () => send({ kind: 'loaded' }));
      // A form the page does not handle itself (no preventDefault by the time its submit event reaches the
      // window) would navigate the frame, and the policy would replace the page with the browser's error page:
      // the page stays instead, and a submission meant for another site is said as blocked.
      window.addEventListener('submit', (e) => {
        if (e.defaultPrevented || !(e.target instanceof HTMLFormElement)) return;
        e.preventDefault();
        const target = formTarget(e);
        if (target)
          send({ kind: 'blocked', text: `A form was not sent to ${target} (previews have no network).` });
      });
      document.addEventListener(
        'click',
        (e) => {
          const anchor = e.target instanceof Element ? e.target.closest('a') : null;
          if (!anchor?.hasAttribute('download') || !isLocalUrl(anchor.href)) return;
          e.preventDefault();
          download(anchor);
        },
        true,
      );
    },
  };
}

/** The outside address a submitted form names (its submitter's `formaction`, else its `action`), if any. */
function formTarget(e: SubmitEvent): string | undefined {
  const form = e.target as HTMLFormElement;
  const named = e.submitter?.getAttribute('formaction') ?? form.getAttribute('action');
  if (!named) return undefined;
  try {
    const url = new URL(named, document.baseURI);
    return /^https?:$/.test(url.protocol) && url.origin !== location.origin ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The site of an address (`a.tile.openstreetmap.org` → `openstreetmap.org`), or `undefined`. */
function siteOf(url: string): string | undefined {
  try {
    const { hostname } = new URL(url);
    // An address (IPv4 or [IPv6]) is its own site.
    if (/^[\d.]+$|^\[/.test(hostname)) return hostname;
    return hostname.split('.').slice(-2).join('.') || undefined;
  } catch {
    return undefined;
  }
}

/** The browser's words when a named import is not among a module's exports (Chromium's and Firefox's). */
const NOT_EXPORTED =
  /requested module '([^']+)' does not provide an export named|import not found: .* from '([^']+)'/;

function errorMessage(e: ErrorEvent, context: RenderContext): Record<string, unknown> & { kind: string } {
  const unlinked = NOT_EXPORTED.exec(e.message);
  const missing = unlinked ? context.missing.get(unlinked[1] ?? unlinked[2] ?? '') : undefined;
  if (missing) return { kind: 'error', text: `Uncaught Error: ${missing}` };
  const text = e.message || (e.error ? show(e.error) : 'Script error');
  const own = e.filename === '' || e.filename === context.artifactUrl || e.filename === location.href;
  if (!own) {
    const at = e.error instanceof Error ? artifactLine(e.error) : undefined;
    if (at) return { kind: 'error', text: `Uncaught ${show(e.error)}`, line: at.line, column: at.column };
    const file = context.names.get(e.filename);
    const where = file ? ` (in the library file ${file}, line ${e.lineno})` : '';
    return { kind: 'error', text: text + where };
  }
  const m: Record<string, unknown> & { kind: string } = {
    kind: 'error',
    text: text + (e.lineno ? ` (line ${e.lineno}${e.colno ? `, column ${e.colno}` : ''})` : ''),
  };
  if (e.lineno) m.line = e.lineno;
  if (e.colno) m.column = e.colno;
  return m;
}

/** Where in the artifact's own module an error was thrown, from its stack. */
function artifactLine(error: Error): { line: number; column: number } | undefined {
  const url = current?.artifactUrl;
  if (!url || typeof error.stack !== 'string') return undefined;
  const at = error.stack.indexOf(`${url}:`);
  if (at < 0) return undefined;
  const m = /^:(\d+):(\d+)/.exec(error.stack.slice(at + url.length));
  return m ? { line: Number(m[1]), column: Number(m[2]) } : undefined;
}

/** A value as console text (errors by name and message, objects as JSON, cycles marked). */
export function show(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v instanceof Error) {
    const at = artifactLine(v);
    return `${v.name || 'Error'}: ${v.message}${at ? ` (line ${at.line}, column ${at.column})` : ''}`;
  }
  if (typeof v === 'function') return `function ${v.name || '(anonymous)'}`;
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v !== 'object' || v === null) return String(v);
  if (typeof Node !== 'undefined' && v instanceof Node) return `<${v.nodeName.toLowerCase()}>`;
  const stack: unknown[] = [];
  try {
    const text = JSON.stringify(v, (_key, x: unknown) => {
      if (typeof x === 'bigint') return `${x}n`;
      if (x instanceof Error) return `${x.name || 'Error'}: ${x.message}`;
      if (typeof x === 'function') return `function ${x.name || '(anonymous)'}`;
      if (typeof x === 'object' && x !== null) {
        if (stack.includes(x)) return '[Circular]';
        if (stack.length > 500) return '…';
        stack.push(x);
      }
      return x;
    });
    return text === undefined ? String(v) : text;
  } catch {
    return String(v);
  }
}

function join(args: readonly unknown[]): string {
  return args.map(show).join(' ');
}

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  const store = {
    getItem: (k: string) => data.get(String(k)) ?? null,
    setItem: (k: string, v: string) => void data.set(String(k), String(v)),
    removeItem: (k: string) => void data.delete(String(k)),
    clear: () => data.clear(),
    key: (i: number) => [...data.keys()][i] ?? null,
  };
  Object.defineProperty(store, 'length', { get: () => data.size });
  return store as unknown as Storage;
}

/** Blobs behind the object URLs the page made, so a download of one can be handed to the app. */
function trackObjectUrls(): Map<string, Blob> {
  const blobs = new Map<string, Blob>();
  const create = URL.createObjectURL;
  const revoke = URL.revokeObjectURL;
  URL.createObjectURL = (object: Blob | MediaSource) => {
    const url = create.call(URL, object);
    if (object instanceof Blob) blobs.set(url, object);
    return url;
  };
  URL.revokeObjectURL = (url: string) => {
    // Kept a moment: pages often revoke right after `a.click()`, before the download is handed over.
    setTimeout(() => blobs.delete(url), 10_000);
    revoke.call(URL, url);
  };
  return blobs;
}

function isLocalUrl(href: string): boolean {
  return href.startsWith('blob:') || href.startsWith('data:');
}

function interceptAnchorClick(download: (anchor: HTMLAnchorElement) => void): void {
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    if (this.hasAttribute('download') && isLocalUrl(this.href) && !this.isConnected) {
      download(this);
      return;
    }
    click.call(this);
  };
}

function startDownload(anchor: HTMLAnchorElement, blobs: ReadonlyMap<string, Blob>, send: Send): void {
  const href = anchor.href;
  const blob = href.startsWith('data:') ? dataUrlBlob(href) : blobs.get(href);
  const filename = anchor.getAttribute('download') || href.split(/[/?#]/).pop() || 'download';
  if (!blob) {
    send({ kind: 'console', level: 'error', text: `The download of ${filename} failed: its data is gone.` });
    return;
  }
  send({ kind: 'download', filename, blob });
}

function dataUrlBlob(url: string): Blob | undefined {
  const comma = url.indexOf(',');
  if (comma < 0) return undefined;
  const head = url.slice(5, comma);
  const data = url.slice(comma + 1);
  const type = head.split(';')[0] || 'text/plain';
  try {
    if (/;base64$/i.test(head)) {
      const binary = atob(decodeURIComponent(data));
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      return new Blob([bytes], { type });
    }
    return new Blob([decodeURIComponent(data)], { type });
  } catch {
    return undefined;
  }
}

function bridgeClipboard(send: Send): void {
  const writeText = (text: unknown) => {
    send({ kind: 'clipboard', text: String(text) });
    return Promise.resolve();
  };
  const write = async (items: readonly ClipboardItem[]) => {
    for (const item of items) {
      if (item.types.includes('text/plain')) {
        send({ kind: 'clipboard', text: await (await item.getType('text/plain')).text() });
        return;
      }
    }
    throw new DOMException('Only text can be copied from the preview.', 'NotAllowedError');
  };
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (clipboard) {
    Object.defineProperty(clipboard, 'writeText', { value: writeText, configurable: true });
    Object.defineProperty(clipboard, 'write', { value: write, configurable: true });
  } else {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText, write, readText: () => Promise.reject(new DOMException('', 'NotAllowedError')) },
      configurable: true,
    });
  }
  const execCommand = Document.prototype.execCommand;
  Document.prototype.execCommand = function (this: Document, command: string, ...rest: unknown[]) {
    if (String(command).toLowerCase() !== 'copy')
      return execCommand.call(this, command, ...(rest as [boolean?, string?]));
    send({ kind: 'clipboard', text: selectedText(this) });
    return true;
  };
}

function selectedText(doc: Document): string {
  const active = doc.activeElement;
  if (active instanceof HTMLTextAreaElement || active instanceof HTMLInputElement) {
    const { selectionStart, selectionEnd, value } = active;
    if (selectionStart !== null && selectionEnd !== null && selectionEnd > selectionStart)
      return value.slice(selectionStart, selectionEnd);
  }
  return doc.getSelection()?.toString() ?? '';
}
