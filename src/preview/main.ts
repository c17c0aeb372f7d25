/**
 * The preview runtime: the one script of `preview.html`, inlined into it at build time (a sandboxed frame
 * has an opaque origin, so a script file of the app's origin would need CORS headers a static host may not
 * send). See README.md.
 *
 * In a frame (`<iframe sandbox="allow-scripts allow-forms" src="preview.html#<channel>">`, made by the app) it waits for
 * one render request from its parent, writes the document it describes (`document.open/write/close`, which
 * keeps this document's Content-Security-Policy) and reports what happens over the port that came with it.
 * Opened at the top of a tab by the app (`Open in new tab`), it is a host instead: it takes the request from
 * the app and shows it in a sandboxed frame of its own, never running the artifact itself.
 */
import type { AppCall } from '../artifacts/protocol';
import {
  type AppReply,
  fileTypeOf,
  HOST_SOURCE,
  isAppReply,
  isAppRequest,
  isHostPing,
  isPrimeRequest,
  isRenderRequest,
  PREVIEW_SOURCE,
  type PreviewLevel,
  type RenderRequest,
} from '../artifacts/protocol';
import { warmUpReact } from './react-warm-up';
import type { RenderContext } from './render-context';
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
  /** A primed document reports nothing until its component arrives (its messages wait here). */
  let holding = false;
  let sent = 0;
  const queue: Record<string, unknown>[] = [];
  const postOne = (target: MessagePort, message: Record<string, unknown>) => {
    try {
      apply(post, target, [message]);
    } catch {
      // A Blob that cannot be sent: nothing else can be done with it.
    }
  };
  const postNow = (m: Record<string, unknown>) => {
    const message = { ...m, source: PREVIEW_SOURCE, channel };
    if (!port || holding) queue.push(message);
    else postOne(port, message);
  };
  const release = (target: MessagePort) => {
    holding = false;
    for (const m of queue.splice(0)) postOne(target, m);
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
  // The app APIs' requests: posted like any message (so a primed document holds them too), each settled by
  // the host's reply with the same id.
  let nextCall = 0;
  const calls = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const call = (request: AppCall) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextCall++;
      calls.set(id, { resolve, reject });
      postNow({ ...request, kind: 'call', id });
    });
  const settle = (data: unknown): boolean => {
    if (!isAppReply(data, channel)) return false;
    const waiting = calls.get(data.id);
    calls.delete(data.id);
    if (!waiting) return true;
    if (data.ok) waiting.resolve(data.value);
    else waiting.reject(new { Error, TypeError, RangeError }[data.name](data.error));
    return true;
  };
  const shims = installShims(send, call);

  const onMessage = (event: MessageEvent) => {
    if (event.source !== window.parent || port !== undefined) return;
    const data: unknown = event.data;
    const prime = isPrimeRequest(data, channel);
    if ((!prime && !isRenderRequest(data, channel)) || !event.ports[0]) return;
    window.removeEventListener('message', onMessage);
    port = event.ports[0];
    const own = port;
    // The warm-up is for a component still to come: once one has arrived, its own render does that work.
    const waiting = () => primed !== undefined;
    let primed: Written | undefined = prime
      ? begin(data.files, data.imports, data.html, data.preload, shims.afterOpen, waiting)
      : undefined;
    if (primed) holding = true;
    // The heartbeat: answered only while the page leaves this thread free (see the host's watchdog). A primed
    // document also takes its one render request here.
    own.onmessage = (e: MessageEvent) => {
      if (isHostPing(e.data)) {
        apply(post, own, [{ source: PREVIEW_SOURCE, channel, kind: 'pong', n: e.data.n }]);
        return;
      }
      if (settle(e.data)) return;
      if (!primed || !isRenderRequest(e.data, channel)) return;
      const written = primed;
      primed = undefined;
      release(own);
      complete(written, e.data, send);
    };
    if (prime) return;
    release(own);
    complete(begin({}, {}, '', [], shims.afterOpen), data as RenderRequest, send);
  };
  window.addEventListener('message', onMessage);
}

/** An open document: the blob URLs made for it and its import map so far. */
interface Written {
  readonly urls: Record<string, string>;
  readonly mapped: Record<string, string>;
  readonly context: {
    readonly names: Map<string, string>;
    artifactUrl: string | undefined;
    readonly handled: Set<string>;
    readonly missing: Map<string, string>;
  };
}

/**
 * Opens the document and writes its policy, the import map of `imports` and `html`, leaving it open; the
 * modules of `preload` are evaluated at once, and React warmed up while `waiting` (no component has come yet).
 * `afterOpen` re-adds the listeners `document.open` removed.
 */
function begin(
  files: Readonly<Record<string, Blob>>,
  imports: Readonly<Record<string, string>>,
  html: string,
  preload: readonly string[],
  afterOpen: (context: RenderContext) => void,
  waiting: () => boolean = () => false,
): Written {
  const written: Written = {
    urls: {},
    mapped: {},
    context: { names: new Map(), artifactUrl: undefined, handled: new Set(), missing: new Map() },
  };
  const map = addFiles(written, files, imports);
  forgetChannelAddress();
  document.open();
  afterOpen(written.context);
  document.write(
    '<!DOCTYPE html><meta http-equiv="Content-Security-Policy" content="frame-src \'none\'">' +
      importMapTag(map) +
      withUrls(html, written.urls),
  );
  // Evaluated now, through the import map just written; a module that fails fails again, and is reported,
  // when the page imports it.
  for (const specifier of preload) import(/* @vite-ignore */ specifier).catch(() => undefined);
  // A spare for a React page also renders React once out of sight, so its functions are compiled by then.
  if (preload.includes('react-dom/client') && ['react', 'react-dom'].every((s) => s in written.mapped))
    void warmUpReact(preload.includes('recharts'), waiting);
  return written;
}

/** Writes the rest of the document `request` describes into `written` and closes it. */
function complete(written: Written, request: RenderRequest, send: Send): void {
  const map = addFiles(written, request.files, request.imports);
  const { context } = written;
  context.artifactUrl = request.artifactFile ? written.urls[request.artifactFile] : undefined;
  for (const url of request.handled) context.handled.add(url);
  for (const [specifier, text] of Object.entries(request.missing ?? {})) context.missing.set(specifier, text);
  for (const note of request.notes) send({ kind: 'console', level: note.level, text: note.text });
  document.write(importMapTag(map) + withUrls(request.html, written.urls));
  document.close();
}

/**
 * Makes blob URLs for the files not made yet and returns the import-map entries not mapped yet (a document
 * may have several import maps; a specifier keeps the first address it was given).
 */
function addFiles(
  written: Written,
  files: Readonly<Record<string, Blob>>,
  imports: Readonly<Record<string, string>>,
): Record<string, string> {
  for (const [file, blob] of Object.entries(files)) {
    if (written.urls[file]) continue;
    // WebAssembly (Pyodide's) is compiled as it streams only when served as application/wasm.
    const type = file.endsWith('.wasm') ? 'application/wasm' : fileTypeOf(file);
    const url = URL.createObjectURL(new Blob([blob], { type }));
    written.urls[file] = url;
    written.context.names.set(url, file);
  }
  const added: Record<string, string> = {};
  for (const [specifier, file] of Object.entries(imports)) {
    const url = written.urls[file];
    if (!url || specifier in written.mapped) continue;
    added[specifier] = url;
    written.mapped[specifier] = url;
  }
  return added;
}

function importMapTag(imports: Record<string, string>): string {
  if (Object.keys(imports).length === 0) return '';
  return `<script type="importmap">${JSON.stringify({ imports }).replaceAll('<', '\\u003c')}</script>`;
}

/** `html` with each `easel-shelf:<file>` marker replaced by the file's blob URL. */
function withUrls(html: string, urls: Readonly<Record<string, string>>): string {
  return html.replace(/easel-shelf:([\w@.+\-/]+)/g, (whole, file: string) => urls[file] ?? whole);
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
    frame.setAttribute('sandbox', 'allow-scripts allow-forms');
    frame.setAttribute('referrerpolicy', 'no-referrer');
    frame.src = `${location.pathname}#${frameChannel}`;
    let started = false;
    frame.addEventListener('load', () => {
      if (started) return; // the page navigated its frame: it gets nothing
      started = true;
      const { port1, port2 } = new MessageChannel();
      port1.onmessage = (e: MessageEvent) => {
        if (isAppRequest(e.data, frameChannel)) port1.postMessage(unavailable(e.data.id, frameChannel));
        else saveDownload(e.data);
      };
      const message: RenderRequest = { ...request, source: HOST_SOURCE, channel: frameChannel };
      frame.contentWindow?.postMessage(message, '*', [port2]);
    });
    document.body.replaceChildren(frame);
  };
  window.addEventListener('message', onMessage);
  opener.postMessage({ source: PREVIEW_SOURCE, kind: STANDALONE_READY }, location.origin);
}

/** The answer to an app API call in a tab of its own: the app is not there to carry it out. */
function unavailable(id: number, frameChannel: string): AppReply {
  return {
    source: HOST_SOURCE,
    channel: frameChannel,
    kind: 'reply',
    id,
    ok: false,
    name: 'Error',
    error:
      'This API works in the Artifacts panel only; a tab opened with Open in new tab has no storage, files or Claude.',
  };
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
