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
