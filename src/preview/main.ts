/**
 * The preview runtime: the one script of `preview.html`, inlined into it at build time (a sandboxed frame
 * has an opaque origin, so a script file of the app's origin would need CORS headers a static host may not
 * send). See README.md.
 *
 * In a frame (`<iframe sandbox="allow-scripts" src="preview.html#<channel>">`, made by the app) it waits for
 * one render request from its parent, writes the document it describes (`document.open/write/close`, which
 * keeps this document's Content-Security-Policy) and reports what happens over the port that came with it.
 * Opened at the top of a tab by the app (`Open in new tab`), it is a host instead: it takes the request from
 * the app and shows it in a sandboxed frame of its own, never running the artifact itself.
 */
import {
  HOST_SOURCE,
  isHostPing,
  isRenderRequest,
  PREVIEW_SOURCE,
  type PreviewLevel,
  type RenderRequest,
} from '../artifacts/protocol';
import { installShims, type Send } from './shims';
import { isStandaloneRequest, STANDALONE_READY } from './standalone';

/** Most messages one document sends (later ones are dropped; `loaded` is always sent). */
const MAX_MESSAGES = 200;
/** Longest text one message carries. */
const MAX_TEXT = 4_000;

const channel = location.hash.slice(1);

if (window.parent !== window) runFramed();
else if (window.opener) runStandalone();

function runFramed(): void {
  const post = MessagePort.prototype.postMessage;
  const apply = Reflect.apply;
  let port: MessagePort | undefined;
  let sent = 0;
  const queue: Record<string, unknown>[] = [];
  const postNow = (m: Record<string, unknown>) => {
    const message = { ...m, source: PREVIEW_SOURCE, channel };
    if (!port) queue.push(message);
    else
      try {
        apply(post, port, [message]);
      } catch {
        // A Blob that cannot be sent: nothing else can be done with it.
      }
  };
  const send: Send = (m) => {
    if (m.kind !== 'loaded') {
      if (sent >= MAX_MESSAGES) {
        if (sent++ === MAX_MESSAGES)
          postNow({
            kind: 'console',
            level: 'warn',
            text: `The page sent more than ${MAX_MESSAGES} console messages and errors; the rest are not reported.`,
          });
        return;
      }
      sent++;
    }
    const text = m.text;
    if (typeof text === 'string' && text.length > MAX_TEXT) m.text = `${text.slice(0, MAX_TEXT)}…`;
    postNow(m);
  };
  const shims = installShims(send);

  const onMessage = (event: MessageEvent) => {
    if (event.source !== window.parent || port !== undefined) return;
    if (!isRenderRequest(event.data, channel) || !event.ports[0]) return;
    window.removeEventListener('message', onMessage);
    port = event.ports[0];
    const own = port;
    // The heartbeat: answered only while the page leaves this thread free (see the host's watchdog).
    own.onmessage = (e: MessageEvent) => {
      if (isHostPing(e.data))
        apply(post, own, [{ source: PREVIEW_SOURCE, channel, kind: 'pong', n: e.data.n }]);
    };
    for (const m of queue.splice(0)) apply(post, port, [m]);
    render(event.data, send, shims.afterOpen);
  };
  window.addEventListener('message', onMessage);
}

/** Writes the document a request describes; `afterOpen` re-adds the listeners `document.open` removed. */
function render(request: RenderRequest, send: Send, afterOpen: (context: RenderContext) => void): void {
  const urls: Record<string, string> = {};
  const names = new Map<string, string>();
  for (const [file, blob] of Object.entries(request.files)) {
    const url = URL.createObjectURL(new Blob([blob], { type: mimeOf(file) }));
    urls[file] = url;
    names.set(url, file);
  }
  const imports: Record<string, string> = {};
  for (const [specifier, file] of Object.entries(request.imports)) {
    const url = urls[file];
    if (url) imports[specifier] = url;
  }
  const html = request.html.replace(
    /easel-shelf:([\w@.+\-/]+)/g,
    (whole, file: string) => urls[file] ?? whole,
  );
  const artifactUrl = request.artifactFile ? urls[request.artifactFile] : undefined;
  for (const note of request.notes) send({ kind: 'console', level: note.level, text: note.text });
  const map = JSON.stringify({ imports }).replaceAll('<', '\\u003c');
  forgetChannelAddress();
  document.open();
  afterOpen({
    names,
    artifactUrl,
    handled: new Set(request.handled),
    missing: new Map(Object.entries(request.missing ?? {})),
  });
  document.write(
    '<!DOCTYPE html><meta http-equiv="Content-Security-Policy" content="frame-src \'none\'">' +
      `<script type="importmap">${map}</script>${html}`,
  );
  document.close();
}

/**
 * Takes the channel out of the address before the artifact runs: pages read `location.hash` as their own
 * state (a shared link's data, say) and must find it empty, as in a page opened fresh.
 */
function forgetChannelAddress(): void {
  const plain = location.pathname + location.search;
  try {
    history.replaceState(history.state, '', plain);
  } catch {
    // Some browsers refuse URL changes in an opaque-origin document; a fragment navigation is always allowed.
    location.replace('#');
  }
}

/** What the listeners of a written document need to know about it. */
export interface RenderContext {
  /** Blob URL → shelf file name (errors inside a library name the library). */
  readonly names: ReadonlyMap<string, string>;
  /** The blob URL of the artifact's own module, if it is one. */
  readonly artifactUrl: string | undefined;
  /** Addresses the host already explained (not reported again as blocked). */
  readonly handled: ReadonlySet<string>;
  /** Specifier of a library not on the shelf → the line that says so (a named import of it fails to link). */
  readonly missing: ReadonlyMap<string, string>;
}

function mimeOf(file: string): string {
  if (/\.css$/i.test(file)) return 'text/css';
  if (/\.json$/i.test(file)) return 'application/json';
  if (/\.(woff2?|ttf|otf)$/i.test(file)) return `font/${file.slice(file.lastIndexOf('.') + 1)}`;
  if (/\.svg$/i.test(file)) return 'image/svg+xml';
  if (/\.png$/i.test(file)) return 'image/png';
  return 'text/javascript';
}

/** `Open in new tab`: this page holds only a sandboxed frame, fed by the app that opened it. */
function runStandalone(): void {
  const opener = window.opener as Window;
  const onMessage = (event: MessageEvent) => {
    if (event.source !== opener || event.origin !== location.origin) return;
    if (!isStandaloneRequest(event.data)) return;
    window.removeEventListener('message', onMessage);
    window.opener = null;
    const { title, request } = event.data;
    document.title = title;
    const style = document.createElement('style');
    style.textContent =
      'html,body{margin:0;height:100%}iframe{display:block;border:0;width:100%;height:100%}';
    document.head.append(style);
    const frameChannel = crypto.randomUUID();
    const frame = document.createElement('iframe');
    frame.title = `${title} preview`;
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.setAttribute('referrerpolicy', 'no-referrer');
    frame.src = `${location.pathname}#${frameChannel}`;
    let started = false;
    frame.addEventListener('load', () => {
      if (started) return; // the page navigated its frame: it gets nothing
      started = true;
      const { port1, port2 } = new MessageChannel();
      port1.onmessage = (e: MessageEvent) => saveDownload(e.data);
      const message: RenderRequest = { ...request, source: HOST_SOURCE, channel: frameChannel };
      frame.contentWindow?.postMessage(message, '*', [port2]);
    });
    document.body.replaceChildren(frame);
  };
  window.addEventListener('message', onMessage);
  opener.postMessage({ source: PREVIEW_SOURCE, kind: STANDALONE_READY }, location.origin);
}

/** A download the framed page started, saved from this (the app's) origin. */
function saveDownload(data: unknown): void {
  if (typeof data !== 'object' || data === null) return;
  const m = data as { kind?: unknown; filename?: unknown; blob?: unknown };
  if (m.kind !== 'download' || typeof m.filename !== 'string' || !(m.blob instanceof Blob)) return;
  if (!navigator.userActivation.isActive) return;
  const url = URL.createObjectURL(m.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = m.filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export type { PreviewLevel };
