import {
  collectUntilSettled,
  entryOf,
  type PreviewLog,
  type PreviewMessage,
  type PreviewMessageSource,
  type SettleOptions,
  withEntry,
} from '../../artifacts';

/** Most messages of the panel's document kept for a console check that starts late (`loaded` always is). */
const KEPT_MESSAGES = 400;

/** What a console check needs of the element that shows the panel's document. */
export interface LiveElement {
  /** Resolves `true` once the page answers the heartbeat, `false` if the watchdog stops it first. */
  responsive(): Promise<boolean>;
}

/** The document the panel's preview shows: the file and content it was written with, and what it said. */
export interface LiveDocument {
  readonly filename: string;
  readonly content: string;
  readonly element: LiveElement;
  /** Every message since it started (replayed first), then the ones to come; stops when the document ends. */
  readonly source: PreviewMessageSource;
  /** Resolves when the document is no longer the one on screen. */
  readonly ended: Promise<void>;
}

class Shown implements LiveDocument {
  readonly ended: Promise<void>;
  private readonly messages: PreviewMessage[] = [];
  private readonly listeners = new Set<(message: PreviewMessage) => void>();
  private over = false;
  private end: () => void = () => {};

  constructor(
    readonly filename: string,
    readonly content: string,
    readonly element: LiveElement,
  ) {
    this.ended = new Promise((resolve) => {
      this.end = resolve;
    });
  }

  readonly source: PreviewMessageSource = (listener) => {
    for (const message of this.messages) listener(message);
    if (this.over) return () => {};
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  add(message: PreviewMessage): void {
    if (this.over) return;
    if (this.messages.length < KEPT_MESSAGES || message.kind === 'loaded' || message.kind === 'stopped')
      this.messages.push(message);
    for (const listener of [...this.listeners]) listener(message);
  }

  finish(): void {
    if (this.over) return;
    this.over = true;
    this.listeners.clear();
    this.end();
  }
}

/**
 * The panel's preview, as the `artifacts` tool's console check sees it. When the panel shows the file the tool
 * has just written, the check reads that document's console instead of loading the same page a second time out
 * of sight: one render instead of two, so the person's first render does not share the machine with a copy
 * of itself.
 *
 * The panel reports after each update which file its preview shows (`showing`), each document it starts
 * (`started`), what the document says (`message`), and when it goes (`detached`). `documentFor` resolves
 * with the document of exactly this file and content: the one on screen, or the next one the panel starts
 * while it shows that file. It resolves `undefined` when there is no panel (nor one `coming`), when the panel's first update
 * after the call does not show the file, or when it starts nothing of this content within `withinMs`; the
 * check then runs a preview of its own.
 */
export class LiveDocuments {
  /** A panel reports here (it is connected). */
  private present = false;
  private shownFile: string | undefined;
  /** Counts the panel's reports: a check waits for the panel's first report after the file was written. */
  private reports = 0;
  private current: Shown | undefined;
  private readonly waiting = new Set<() => void>();

  /**
   * After each update of the panel: the file its preview shows, when it shows the file's newest version (or
   * its stream); `undefined` otherwise.
   */
  showing(filename: string | undefined): void {
    this.present = true;
    this.reports++;
    this.shownFile = filename;
    if (this.current && this.current.filename !== filename) this.stop();
    this.wake();
  }

  /**
   * A panel is being loaded (its module, with the first file): a check waits for its first report, as for a
   * panel already there, instead of loading the page a second time beside it.
   */
  coming(): void {
    this.present = true;
  }

  /** The panel is gone. */
  detached(): void {
    this.present = false;
    this.shownFile = undefined;
    this.stop();
  }

  /** The panel's preview started a document of `filename` with `content`. */
  started(filename: string, content: string, element: LiveElement): void {
    this.current?.finish();
    this.current = new Shown(filename, content, element);
    this.wake();
  }

  /** The panel's preview document said `message`. */
  message(message: PreviewMessage): void {
    this.current?.add(message);
  }

  /** The panel's preview shows nothing any more. */
  stop(): void {
    this.current?.finish();
    this.current = undefined;
    this.wake();
  }

  documentFor(
    filename: string,
    content: string,
    withinMs: number,
    signal: AbortSignal,
  ): Promise<LiveDocument | undefined> {
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const settle = (found: LiveDocument | undefined) => {
        clearTimeout(timer);
        this.waiting.delete(check);
        signal.removeEventListener('abort', abort);
        resolve(found);
      };
      const abort = () => settle(undefined);
      // The file was just written: the panel follows it in its next update, which is the one that counts.
      const since = this.reports;
      const check = () => {
        const shown = this.current;
        if (shown?.filename === filename && shown.content === content) settle(shown);
        else if (!this.present || (this.reports > since && this.shownFile !== filename)) settle(undefined);
        // The panel shows the file but is still on an older document (its new one is being prepared), or has
        // not updated yet: wait.
      };
      this.waiting.add(check);
      check();
      if (!this.waiting.has(check)) return;
      if (signal.aborted) return abort();
      signal.addEventListener('abort', abort, { once: true });
      timer = setTimeout(() => settle(undefined), withinMs);
    });
  }

  private wake(): void {
    for (const check of [...this.waiting]) check();
  }
}

/**
 * The console of `live` for the `artifacts` tool, collected as `collectUntilSettled` does for a preview of the
 * check's own, or `undefined` when the document stopped being the one on screen before it settled (the check
 * then runs its own). A page that loaded and then stopped answering is reported as stopped.
 */
export async function consoleOfLive(
  live: LiveDocument,
  signal: AbortSignal,
  options: SettleOptions,
): Promise<PreviewLog | undefined> {
  const gone = new AbortController();
  const onAbort = () => gone.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  void live.ended.then(onAbort);
  try {
    const log = await collectUntilSettled(live.source, gone.signal, options);
    if (signal.aborted) return log;
    if (gone.signal.aborted) return undefined;
    if (log.status !== 'settled' && log.status !== 'busy') return log;
    const ended = live.ended.then(() => 'ended' as const);
    const aborted = new Promise<'aborted'>((resolve) =>
      gone.signal.addEventListener('abort', () => resolve('aborted'), { once: true }),
    );
    const answer = await Promise.race([live.element.responsive(), ended, aborted]);
    if (answer === 'aborted') return signal.aborted ? { ...log, status: 'aborted' } : undefined;
    if (answer === 'ended') return undefined;
    if (answer) return log;
    let stopped: PreviewLog = { ...log, status: 'stopped' };
    live.source((message) => {
      const entry = message.kind === 'stopped' ? entryOf(message) : undefined;
      if (entry) stopped = withEntry({ ...log, status: 'stopped' }, entry);
    })();
    return stopped;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
