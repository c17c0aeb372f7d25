import {
  artifactKindOf,
  collectUntilSettled,
  EMPTY_LOG,
  entryOf,
  type PlanKind,
  type PreviewLog,
  type PreviewMessage,
  type SettleOptions,
  withEntry,
} from '../../artifacts';
import type { EaselArtifactPreview } from './artifact-preview';
import type { PreviewMessageEvent } from './events';
import { consoleOfLive, LiveDocuments } from './live-documents';
import { PreviewRuntime } from './preview-runtime';

/** Longest wait for a preview's document to be prepared and its frame started. */
const PREPARE_WITHIN_MS = 10_000;

/** Where a file's latest console came from, and when that document started. */
interface Kept {
  readonly log: PreviewLog;
  readonly startedAt: number;
}

/**
 * The consoles of artifact previews, as a service `main.ts` makes once and hands to both the `artifacts`
 * tool (`runPreview`, `getLogs`) and the panel (which reports what its visible preview prints).
 *
 * `runPreview` collects a file's console until the page has loaded and settled (see `collectUntilSettled`).
 * When the panel's preview shows that file with that content, it reads that document (`live`): the page is
 * not run twice. Otherwise it loads the file in a preview of its own, out of sight in `container` (so it works
 * while the panel is closed, and never disturbs what the person is looking at), and removes it. That frame is
 * still an `<easel-artifact-preview>`: the one element that makes artifact frames.
 *
 * `getLogs(filename)` is the console of whichever document of that file started last — a `runPreview`, or
 * the panel's preview of its current version, which keeps collecting while the person uses the page.
 */
export class PreviewHost {
  private readonly kept = new Map<string, Kept>();
  private readonly listeners = new Set<() => void>();
  private readonly holder: HTMLElement;
  private clock = 0;
  /** The background preview between runs. */
  private standby: EaselArtifactPreview | undefined;
  /** Reads the library shelf and compiles components for every preview of the app. */
  readonly runtime: PreviewRuntime;
  /** The panel's preview: a console check of the file it shows reads that document instead of its own. */
  readonly live = new LiveDocuments();

  constructor(
    container: HTMLElement,
    private readonly options: SettleOptions = {},
    runtime?: PreviewRuntime,
  ) {
    this.runtime = runtime ?? new PreviewRuntime();
    const holder = document.createElement('div');
    holder.setAttribute('aria-hidden', 'true');
    holder.inert = true;
    // Laid out (so pages measure a real size) but out of sight and out of the way.
    holder.style.cssText =
      'position:fixed;left:-10000px;top:0;width:1024px;height:768px;overflow:hidden;visibility:hidden;' +
      'pointer-events:none;contain:strict';
    container.append(holder);
    this.holder = holder;
  }

  /** For the tool's deps: loads `content` out of sight and resolves with its console once settled. */
  readonly runPreview = async (
    filename: string,
    content: string,
    signal: AbortSignal,
  ): Promise<PreviewLog> => {
    const startedAt = ++this.clock;
    // Whichever preview shows this component (the panel's, whose module may still be loading with the first
    // file, or one of the check's own) reads its shelf files and compiles it from now on: both are kept, and
    // its own preparing finds them under way.
    if (previewKindOf(filename) === 'react')
      this.runtime.prepare(filename, content, 'react', false).catch(() => undefined);
    const shown = await this.live.documentFor(filename, content, PREPARE_WITHIN_MS, signal);
    const seen = shown && (await consoleOfLive(shown, signal, this.options));
    if (seen) {
      this.keep(filename, seen, startedAt);
      return seen;
    }
    // The standby element is reused (its spare frame may have this page's libraries ready); a second run at
    // the same time gets an element of its own.
    // The preview element (and the frame machinery under it) loads with the first file that runs.
    const { EaselArtifactPreview, PREVIEW_READY } = await import('./artifact-preview');
    const preview = this.standby ?? new EaselArtifactPreview();
    this.standby = undefined;
    preview.filename = filename;
    preview.kind = previewKindOf(filename);
    preview.content = content;
    preview.runtime = this.runtime;
    preview.background = true;
    const source = (listener: (message: PreviewMessage) => void) => {
      const onMessage = (event: PreviewMessageEvent) => listener(event.message);
      preview.addEventListener('preview-message', onMessage);
      return () => preview.removeEventListener('preview-message', onMessage);
    };
    // The settle clock starts when the document has its content, not before: reading the shelf, compiling
    // and starting the frame's process can take a moment the first time. That wait is capped too.
    let onReady = () => {};
    const started = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, PREPARE_WITHIN_MS);
      onReady = () => {
        clearTimeout(timer);
        resolve();
      };
      preview.addEventListener(PREVIEW_READY, onReady);
      if (signal.aborted) resolve();
      else signal.addEventListener('abort', () => resolve(), { once: true });
    });
    const buffered: PreviewMessage[] = [];
    const stopBuffer = source((message) => buffered.push(message));
    if (!preview.isConnected) this.holder.append(preview);
    try {
      await started;
      stopBuffer();
      const replay = (listener: (message: PreviewMessage) => void) => {
        for (const message of buffered.splice(0)) listener(message);
        return source(listener);
      };
      let log = await collectUntilSettled(replay, signal, this.options);
      if (log.status === 'settled' || log.status === 'busy')
        log = await stillResponsive(preview, source, log, signal);
      this.keep(filename, log, startedAt);
      return log;
    } finally {
      stopBuffer();
      preview.removeEventListener(PREVIEW_READY, onReady);
      if (this.standby) preview.remove();
      else {
        preview.filename = ''; // parked: its document goes, its spare stays
        this.standby = preview;
      }
    }
  };

  /** For the tool's deps: the latest console of `filename`. */
  readonly getLogs = (filename: string): PreviewLog | undefined => this.kept.get(filename)?.log;

  /** The panel's preview of `filename`'s current version started a new document. */
  liveStarted(filename: string): void {
    this.keep(filename, EMPTY_LOG, ++this.clock);
  }

  /** The panel's preview of `filename`'s current version reported `message`. */
  liveMessage(filename: string, message: PreviewMessage): void {
    const kept = this.kept.get(filename);
    const entry = entryOf(message);
    if (!kept || !entry || kept.log.status !== 'live') return;
    this.keep(filename, withEntry(kept.log, entry), kept.startedAt);
  }

  /** Forget a file's console (it was deleted). */
  forget(filename: string): void {
    if (this.kept.delete(filename)) this.notify();
  }

  /** Listens to every change of any console. Returns the function that stops listening. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private keep(filename: string, log: PreviewLog, startedAt: number): void {
    const current = this.kept.get(filename);
    if (current && current.startedAt > startedAt) return; // a newer document has reported since
    this.kept.set(filename, { log, startedAt });
    this.notify();
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/** How a file of this name runs in a preview (HTML, SVG, or a React component). */
export function previewKindOf(filename: string): PlanKind {
  const kind = artifactKindOf(filename);
  return kind === 'svg' || kind === 'react' ? kind : 'html';
}

/**
 * `log`, or — when the page loaded and then stopped answering (an endless loop after `load`), so the watchdog
 * stopped it — the log with that said, so Claude is not told the page works.
 */
async function stillResponsive(
  preview: EaselArtifactPreview,
  source: (listener: (message: PreviewMessage) => void) => () => void,
  log: PreviewLog,
  signal: AbortSignal,
): Promise<PreviewLog> {
  let stopped: PreviewLog | undefined;
  const stop = source((message) => {
    const entry = message.kind === 'stopped' ? entryOf(message) : undefined;
    if (entry) stopped = withEntry({ ...log, status: 'stopped' }, entry);
  });
  try {
    const aborted = new Promise<boolean>((resolve) => {
      if (signal.aborted) resolve(true);
      signal.addEventListener('abort', () => resolve(true), { once: true });
    });
    const responsive = await Promise.race([preview.responsive(), aborted]);
    return responsive ? log : (stopped ?? { ...log, status: 'stopped' });
  } finally {
    stop();
  }
}
