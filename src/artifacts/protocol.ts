/**
 * The messages between the app and a preview document (`preview.html`, see `src/preview`), and the guards
 * each side checks them with.
 *
 * 1. The host makes `<iframe sandbox="allow-scripts" src="preview.html#<channel>">` (a new channel, and a new
 *    frame, for every document it shows). When the frame's `load` event fires, the host posts one
 *    `RenderRequest` to the frame's window with a `MessagePort` transferred alongside it.
 * 2. The preview accepts exactly one message, and only when `event.source` is its `parent` and
 *    `isRenderRequest(event.data, channel)` holds for the channel in its own address; then it writes the
 *    document and from then on talks over the port only.
 * 3. The host handles only what arrives on its end of that port and passes `isPreviewMessage(data, channel)`.
 *    The page's own code never holds the port (it lives in the preview runtime's closure), so it cannot forge
 *    messages; `window.postMessage` to the app from a preview is never read at all.
 */

export const PREVIEW_SOURCE = 'easel-preview';

export type PreviewLevel = 'log' | 'info' | 'warn' | 'error' | 'debug';

interface Envelope {
  readonly source: typeof PREVIEW_SOURCE;
  readonly channel: string;
}

/**
 * - `console`: a `console.*` call (arguments formatted as text by the bridge).
 * - `error`: an uncaught exception, with its line and column in the artifact when known.
 * - `rejection`: a promise rejected with no handler.
 * - `blocked`: something the preview's Content-Security-Policy refused (a network request, mostly).
 * - `loaded`: the document's `load` event fired.
 * - `download`: the page started a download (`<a download href="blob:…">` clicked); the host saves it.
 * - `clipboard`: the page wrote text to the clipboard; the host writes it (only just after a click).
 * - `pong`: the preview runtime answers the host's `ping` (`HostPing`), which it can only do while the page
 *   leaves its thread free: the host's watchdog stops a page that stops answering.
 * - `left`: the page navigated its frame away (the policy then shows an error page in it).
 * - `stopped`: made by the host, never accepted from a frame: the watchdog stopped the page.
 */
export type PreviewMessage = Envelope &
  (
    | { readonly kind: 'console'; readonly level: PreviewLevel; readonly text: string }
    | { readonly kind: 'error'; readonly text: string; readonly line?: number; readonly column?: number }
    | { readonly kind: 'rejection'; readonly text: string }
    | { readonly kind: 'blocked'; readonly text: string }
    | { readonly kind: 'loaded' }
    | { readonly kind: 'download'; readonly filename: string; readonly blob: Blob }
    | { readonly kind: 'clipboard'; readonly text: string }
    | { readonly kind: 'pong'; readonly n: number }
    | { readonly kind: 'left' }
    | { readonly kind: 'stopped'; readonly text: string }
  );

/** The host's heartbeat, sent on the port; the preview runtime answers `pong` with the same `n`. */
export interface HostPing {
  readonly source: typeof HOST_SOURCE;
  readonly kind: 'ping';
  readonly n: number;
}

/** True for a well-formed heartbeat from the host. */
export function isHostPing(data: unknown): data is HostPing {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  return m.source === HOST_SOURCE && m.kind === 'ping' && Number.isSafeInteger(m.n);
}

export const HOST_SOURCE = 'easel-host';

/** A line the host asks the preview to print before the page runs. */
export interface RenderNote {
  readonly level: 'info' | 'warn' | 'error';
  readonly text: string;
}

/**
 * What the host sends a preview to show: the document text (with `easel-shelf:<file>` markers where shelf
 * files go), the files (shelf files and the host's own stand-ins) as Blobs, the import map (specifier →
 * file), lines to print first, and addresses already explained (not reported again as blocked).
 */
export interface RenderRequest {
  readonly source: typeof HOST_SOURCE;
  readonly channel: string;
  readonly kind: 'render';
  readonly html: string;
  readonly files: Readonly<Record<string, Blob>>;
  readonly imports: Readonly<Record<string, string>>;
  readonly notes: readonly RenderNote[];
  readonly handled: readonly string[];
  /** Specifier of a library that is not on the shelf → the console line that says so (see `PagePlan`). */
  readonly missing?: Readonly<Record<string, string>>;
  /** The artifact's own module (a `.jsx`/`.tsx` file): its errors are reported with its line numbers. */
  readonly artifactFile?: string;
  /**
   * For the host only (the frame ignores it): how long the page may keep its thread busy before the watchdog
   * stops it, when longer than usual (a page starting Python holds its thread for seconds).
   */
  readonly stallMs?: number;
}

/** True when `data` is a well-formed render request for `channel`. */
export function isRenderRequest(data: unknown, channel: string): data is RenderRequest {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  if (m.source !== HOST_SOURCE || m.kind !== 'render' || channel === '' || m.channel !== channel)
    return false;
  if (typeof m.html !== 'string') return false;
  if (!isRecordOf(m.files, (v) => v instanceof Blob)) return false;
  if (!isRecordOf(m.imports, (v) => typeof v === 'string')) return false;
  if (!Array.isArray(m.handled) || !m.handled.every((h) => typeof h === 'string')) return false;
  if (m.artifactFile !== undefined && typeof m.artifactFile !== 'string') return false;
  if (m.missing !== undefined && !isRecordOf(m.missing, (v) => typeof v === 'string')) return false;
  return (
    Array.isArray(m.notes) &&
    m.notes.every(
      (n: unknown) =>
        typeof n === 'object' &&
        n !== null &&
        ['info', 'warn', 'error'].includes((n as RenderNote).level) &&
        typeof (n as RenderNote).text === 'string',
    )
  );
}

/**
 * A React document begun before its component is known (a spare frame, ready early). The preview writes the
 * import map of `imports` and `html` (the page's head: styles, Tailwind, `#root`), evaluates the modules of
 * `preload` at once, and leaves the document open, reporting nothing yet. The `RenderRequest` that follows on
 * the port completes it: its import-map entries not mapped yet, then its `html`, and the document is closed.
 * So the libraries are parsed while the component is still being written or compiled. Sent with the port,
 * in place of a first `RenderRequest`; the page's own code runs only after the render request.
 */
export interface PrimeRequest {
  readonly source: typeof HOST_SOURCE;
  readonly channel: string;
  readonly kind: 'prime';
  readonly html: string;
  readonly files: Readonly<Record<string, Blob>>;
  readonly imports: Readonly<Record<string, string>>;
  readonly preload: readonly string[];
}

/** True when `data` is a well-formed prime request for `channel`. */
export function isPrimeRequest(data: unknown, channel: string): data is PrimeRequest {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  return (
    m.source === HOST_SOURCE &&
    m.kind === 'prime' &&
    channel !== '' &&
    m.channel === channel &&
    typeof m.html === 'string' &&
    isRecordOf(m.files, (v) => v instanceof Blob) &&
    isRecordOf(m.imports, (v) => typeof v === 'string') &&
    Array.isArray(m.preload) &&
    m.preload.every((s) => typeof s === 'string')
  );
}

function isRecordOf(data: unknown, check: (value: unknown) => boolean): boolean {
  return (
    typeof data === 'object' && data !== null && !Array.isArray(data) && Object.values(data).every(check)
  );
}

const LEVELS: ReadonlySet<unknown> = new Set<PreviewLevel>(['log', 'info', 'warn', 'error', 'debug']);

/** True when `data` is a well-formed preview message for `channel`. */
export function isPreviewMessage(data: unknown, channel: string): data is PreviewMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  if (m.source !== PREVIEW_SOURCE || m.channel !== channel || channel === '') return false;
  switch (m.kind) {
    case 'console':
      return LEVELS.has(m.level) && typeof m.text === 'string';
    case 'error':
      return typeof m.text === 'string' && isOptionalCount(m.line) && isOptionalCount(m.column);
    case 'rejection':
    case 'blocked':
      return typeof m.text === 'string';
    case 'loaded':
      return true;
    case 'download':
      return typeof m.filename === 'string' && m.blob instanceof Blob;
    case 'clipboard':
      return typeof m.text === 'string';
    case 'pong':
      return Number.isSafeInteger(m.n);
    case 'left':
      return true;
    default:
      return false;
  }
}

function isOptionalCount(value: unknown): boolean {
  return value === undefined || (typeof value === 'number' && Number.isInteger(value) && value >= 0);
}

// The app APIs ----------------------------------------------------------------------------------------

/**
 * The app APIs of a preview (`window.storage`, `window.fs`, `window.claude` and `fetch('/v1/messages')`): the
 * requests the preview runtime posts on its port and the replies the host posts back, with the guards each
 * side checks them with. The page's own code never holds the port: the runtime installs functions that post
 * these requests and await their replies. The host knows which artifact (session and file) a port belongs
 * to, so a request never names one; every request is checked here, then again by the host's limits.
 */

/** Longest storage key (Claude.ai's artifacts: keys under 200 characters). */
export const MAX_STORAGE_KEY = 200;
/** Largest stored value, in UTF-8 bytes (Claude.ai's artifacts: values under 5 MB). */
export const MAX_STORAGE_VALUE = 5 * 1024 * 1024;
/** Longest file name `window.fs.readFile` takes. */
export const MAX_FILE_NAME = 1_000;
/** Largest request body of a Claude call (a prompt, or a Messages API request as JSON), in characters. */
export const MAX_CLAUDE_REQUEST = 1024 * 1024;
/** Largest body of a `fetch` to an allowed host, each way, in bytes. */
export const MAX_NET_BODY = 10 * 1024 * 1024;
/** Longest address a page's `fetch` may name, and most request headers. */
export const MAX_NET_URL = 8_192;
export const MAX_NET_HEADERS = 64;

/** What a page can ask for. `shared` picks the shared scope of `window.storage` (see the README). */
export type AppCall =
  | { readonly api: 'storage.get'; readonly key: string; readonly shared: boolean }
  | { readonly api: 'storage.set'; readonly key: string; readonly value: string; readonly shared: boolean }
  | { readonly api: 'storage.delete'; readonly key: string; readonly shared: boolean }
  | { readonly api: 'storage.list'; readonly prefix: string; readonly shared: boolean }
  | { readonly api: 'fs.readFile'; readonly name: string; readonly utf8: boolean }
  /** `window.claude.complete(prompt)`: `body` is the prompt. */
  | { readonly api: 'claude.complete'; readonly body: string }
  /** `fetch('/v1/messages', { body })`: `body` is the request's JSON text, checked by the host. */
  | { readonly api: 'claude.messages'; readonly body: string }
  /**
   * A page's `fetch` of another site: carried out by the app only for a host the person allowed for this
   * artifact (`NetFetchResult` is the value of the reply).
   */
  | {
      readonly api: 'net.fetch';
      readonly url: string;
      readonly method: string;
      readonly headers: readonly (readonly [string, string])[];
      readonly body: ArrayBuffer | undefined;
    };

/** The value of a `net.fetch` reply: the response as the page's `fetch` gives it. */
export interface NetFetchResult {
  readonly status: number;
  readonly statusText: string;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: ArrayBuffer;
}

export type AppApi = AppCall['api'];

/** A request of the page, posted on the port (`id` is unique within the document). */
export type AppRequest = AppCall & {
  readonly source: typeof PREVIEW_SOURCE;
  readonly channel: string;
  readonly kind: 'call';
  readonly id: number;
};

/**
 * The host's answer to request `id`: a value (structured-cloned: JSON-like objects, strings, `Uint8Array`),
 * or an error whose `message` the page's promise is rejected with (`name` is the `Error` subclass to use).
 */
export type AppReply = {
  readonly source: typeof HOST_SOURCE;
  readonly channel: string;
  readonly kind: 'reply';
  readonly id: number;
} & (
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: string; readonly name: 'Error' | 'TypeError' | 'RangeError' }
);

/**
 * Why `key` cannot be a storage key, or `undefined` when it can: a non-empty string under 200 characters with
 * no whitespace, slashes or quotes (the rule Claude.ai documents for artifacts).
 */
export function storageKeyProblem(key: unknown): string | undefined {
  if (typeof key !== 'string') return 'A storage key must be a string.';
  if (key === '') return 'A storage key cannot be empty.';
  if (key.length >= MAX_STORAGE_KEY)
    return `A storage key must be under ${MAX_STORAGE_KEY} characters (this one has ${key.length}).`;
  if (/[\s/\\'"]/.test(key))
    return `The storage key "${key}" has whitespace, a slash or a quote; keys cannot contain them.`;
  return undefined;
}

/**
 * True when `data` is a well-formed request for `channel`. Sizes are bounded here (a value is at most four
 * times `MAX_STORAGE_VALUE` characters, which no UTF-8 size under the limit exceeds); the exact limits are
 * the host's to enforce, with their own messages.
 */
export function isAppRequest(data: unknown, channel: string): data is AppRequest {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  if (m.source !== PREVIEW_SOURCE || m.kind !== 'call' || channel === '' || m.channel !== channel)
    return false;
  if (!Number.isSafeInteger(m.id) || (m.id as number) < 0) return false;
  const text = (value: unknown, max: number) => typeof value === 'string' && value.length <= max;
  const scoped = typeof m.shared === 'boolean';
  switch (m.api) {
    case 'storage.get':
    case 'storage.delete':
      return scoped && text(m.key, MAX_STORAGE_KEY * 2);
    case 'storage.set':
      return scoped && text(m.key, MAX_STORAGE_KEY * 2) && text(m.value, MAX_STORAGE_VALUE * 4);
    case 'storage.list':
      return scoped && text(m.prefix, MAX_STORAGE_KEY * 2);
    case 'fs.readFile':
      return text(m.name, MAX_FILE_NAME) && typeof m.utf8 === 'boolean';
    case 'claude.complete':
    case 'claude.messages':
      return text(m.body, MAX_CLAUDE_REQUEST * 2);
    case 'net.fetch':
      return (
        text(m.url, MAX_NET_URL) &&
        typeof m.method === 'string' &&
        /^[A-Za-z]{1,16}$/.test(m.method) &&
        isHeaderList(m.headers) &&
        (m.body === undefined || (m.body instanceof ArrayBuffer && m.body.byteLength <= MAX_NET_BODY))
      );
    default:
      return false;
  }
}

function isHeaderList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length <= MAX_NET_HEADERS &&
    value.every(
      (pair) =>
        Array.isArray(pair) &&
        pair.length === 2 &&
        typeof pair[0] === 'string' &&
        typeof pair[1] === 'string' &&
        pair[0].length + pair[1].length <= MAX_NET_URL,
    )
  );
}

/** True when `data` is a well-formed reply for `channel`. */
export function isAppReply(data: unknown, channel: string): data is AppReply {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  if (m.source !== HOST_SOURCE || m.kind !== 'reply' || channel === '' || m.channel !== channel) return false;
  if (!Number.isSafeInteger(m.id)) return false;
  if (m.ok === true) return 'value' in m;
  return (
    m.ok === false &&
    typeof m.error === 'string' &&
    (m.name === 'Error' || m.name === 'TypeError' || m.name === 'RangeError')
  );
}

/**
 * The content type a file of a render request is given (as a blob URL in the frame, or a data URL in
 * `Download as app`): by its extension, JavaScript when it has none of these.
 */
export function fileTypeOf(file: string): string {
  if (/\.css$/i.test(file)) return 'text/css';
  if (/\.json$/i.test(file)) return 'application/json';
  if (/\.(woff2?|ttf|otf)$/i.test(file)) return `font/${file.slice(file.lastIndexOf('.') + 1)}`;
  if (/\.svg$/i.test(file)) return 'image/svg+xml';
  if (/\.png$/i.test(file)) return 'image/png';
  return 'text/javascript';
}
