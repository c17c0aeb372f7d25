/**
 * What a preview printed: its console entries and errors, bounded in number and size, and the text the model
 * and the person read about them. Also `collectUntilSettled`, which decides when a freshly loaded page has
 * said what it had to say: after its `load` event and a short quiet spell, never later than a cap — not a
 * fixed sleep.
 */
import { assertNever, formatBytes } from '../agent';
import type { PreviewLevel, PreviewMessage } from './protocol';
import { quantity } from './tool-text';

/** Most entries kept for one document; later ones are counted in `dropped`. */
export const MAX_ENTRIES = 100;
/** Longest entry text kept. */
export const MAX_ENTRY_CHARS = 2_000;
/** Longest console text put into a tool result. */
export const MAX_LOG_TEXT = 8_000;

export interface PreviewEntry {
  readonly level: PreviewLevel;
  /** Where it came from: a console call, an uncaught error, an unhandled rejection, or a blocked request. */
  readonly origin: 'console' | 'error' | 'rejection' | 'blocked';
  readonly text: string;
}

/**
 * How collection ended: `settled` (loaded, then quiet), `busy` (loaded, still printing at the cap),
 * `timeout` (never reported `load` before the cap: stuck, or the bridge was removed), `aborted`, or `live`
 * (the entries of a preview the person is looking at, still open).
 */
export type PreviewStatus = 'settled' | 'busy' | 'timeout' | 'aborted' | 'stopped' | 'live';

export interface PreviewLog {
  readonly entries: readonly PreviewEntry[];
  /** Entries not kept because `MAX_ENTRIES` was reached. */
  readonly dropped: number;
  readonly errorCount: number;
  readonly status: PreviewStatus;
}

export const EMPTY_LOG: PreviewLog = Object.freeze({
  entries: [],
  dropped: 0,
  errorCount: 0,
  status: 'live',
});

/** The entry a message adds to the console (`undefined` for `loaded`). Text is cut to `MAX_ENTRY_CHARS`. */
export function entryOf(message: PreviewMessage): PreviewEntry | undefined {
  switch (message.kind) {
    case 'console':
      return { level: message.level, origin: 'console', text: cut(message.text) };
    case 'error':
      return { level: 'error', origin: 'error', text: cut(message.text) };
    case 'rejection':
      return { level: 'error', origin: 'rejection', text: cut(message.text) };
    case 'blocked':
      return { level: 'error', origin: 'blocked', text: cut(message.text) };
    case 'download':
      return {
        level: 'info',
        origin: 'console',
        text: `The page downloaded ${message.filename} (${formatBytes(message.blob.size)}).`,
      };
    case 'stopped':
      return { level: 'error', origin: 'error', text: cut(message.text) };
    case 'left':
      return {
        level: 'warn',
        origin: 'console',
        text: 'The page navigated its frame away; previews cannot navigate, so the frame now shows an error page.',
      };
    case 'loaded':
    case 'clipboard':
    case 'pong':
      return undefined;
    default:
      return assertNever(message);
  }
}

/** A new log with `entry` added (or counted as dropped past the cap). */
export function withEntry(log: PreviewLog, entry: PreviewEntry): PreviewLog {
  const errorCount = log.errorCount + (entry.level === 'error' ? 1 : 0);
  if (log.entries.length >= MAX_ENTRIES) return { ...log, dropped: log.dropped + 1, errorCount };
  return { ...log, entries: [...log.entries, entry], errorCount };
}

function cut(text: string): string {
  return text.length > MAX_ENTRY_CHARS ? `${text.slice(0, MAX_ENTRY_CHARS)}…` : text;
}

/** The entries as lines (`[error] …`), at most `MAX_LOG_TEXT` characters, then how many were left out. */
export function formatEntries(log: PreviewLog, only?: (entry: PreviewEntry) => boolean): string {
  const entries = only ? log.entries.filter(only) : log.entries;
  const lines: string[] = [];
  let length = 0;
  let shown = 0;
  for (const entry of entries) {
    const line = `[${entry.level}] ${entry.text}`;
    if (shown > 0 && length + line.length > MAX_LOG_TEXT) break;
    lines.push(line);
    length += line.length + 1;
    shown++;
  }
  const left = entries.length - shown + (only ? 0 : log.dropped);
  if (left > 0) lines.push(`… and ${quantity(left, 'more entry', 'more entries')}.`);
  return lines.join('\n');
}

/** The console part of a tool result for `filename`. */
export function describeLog(log: PreviewLog): string {
  const heading = headingFor(log);
  if (log.entries.length === 0 && log.dropped === 0) {
    return log.status === 'aborted' ? heading : `${heading} No console output and no errors.`;
  }
  const errors = log.errorCount > 0 ? ` ${quantity(log.errorCount, 'error')}.` : '';
  return `${heading}${errors} Console:\n${formatEntries(log)}`;
}

function headingFor(log: PreviewLog): string {
  switch (log.status) {
    case 'settled':
      return 'Preview: the page loaded.';
    case 'busy':
      return 'Preview: the page loaded and was still printing when collection stopped.';
    case 'timeout':
      return 'Preview: the page had not finished loading when collection stopped (a long task or an endless loop?).';
    case 'aborted':
      return 'Preview: stopped before the page finished loading.';
    case 'stopped':
      return 'Preview: the page stopped responding and was stopped.';
    case 'live':
      return 'Preview (as the person sees it now):';
    default:
      return assertNever(log.status);
  }
}

/** The message a `Fix` action sends: the errors of `filename`'s preview, and a request to fix them. */
export function fixRequestText(filename: string, log: PreviewLog): string {
  const errors = formatEntries(log, (entry) => entry.level === 'error');
  return `The preview of ${filename} reports ${quantity(log.errorCount, 'error')}:\n\n${errors}\n\nPlease fix ${log.errorCount === 1 ? 'it' : 'them'}.`;
}

/** Where preview messages come from, for `collectUntilSettled`. Returns the function that stops listening. */
export type PreviewMessageSource = (listener: (message: PreviewMessage) => void) => () => void;

export interface SettleOptions {
  /** Quiet time after `load` (and after each later entry) before the page counts as settled. Default 300. */
  readonly quietMs?: number;
  /** The cap once the page has loaded, from `load`. Default 2000. */
  readonly maxMs?: number;
  /**
   * The cap on waiting for `load`, from the start. A component with several libraries reads and runs a few
   * hundred kilobytes first, which takes seconds on a busy machine. Default `maxMs` when given, else 8000.
   */
  readonly loadMs?: number;
}

/**
 * Collects a freshly started preview's entries until it has loaded and then stayed quiet for `quietMs`, or
 * until `loadMs` has passed without `load`, or `maxMs` after it, or `signal` aborts. Never rejects.
 */
export function collectUntilSettled(
  source: PreviewMessageSource,
  signal: AbortSignal,
  options: SettleOptions = {},
): Promise<PreviewLog> {
  const quietMs = options.quietMs ?? 300;
  const maxMs = options.maxMs ?? 2000;
  const loadMs = options.loadMs ?? options.maxMs ?? 8000;
  return new Promise((resolve) => {
    let log: PreviewLog = EMPTY_LOG;
    let loaded = false;
    let done = false;
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const finish = (status: PreviewStatus) => {
      if (done) return;
      done = true;
      stop?.();
      clearTimeout(quiet);
      clearTimeout(cap);
      signal.removeEventListener('abort', onAbort);
      resolve({ ...log, status });
    };
    const armQuiet = () => {
      clearTimeout(quiet);
      quiet = setTimeout(() => finish('settled'), quietMs);
    };
    const onAbort = () => finish('aborted');
    let cap = setTimeout(() => finish('timeout'), loadMs);
    // `source` may replay what arrived before it was called, and one of those messages may finish the wait:
    // `stop` is not known yet then, and is called once `source` returns.
    let stop: (() => void) | undefined;
    stop = source((message) => {
      const entry = entryOf(message);
      if (entry) log = withEntry(log, entry);
      if (message.kind === 'stopped') {
        finish('stopped');
        return;
      }
      if (message.kind === 'loaded' && !loaded) {
        loaded = true;
        clearTimeout(cap);
        cap = setTimeout(() => finish('busy'), maxMs);
      }
      if (loaded) armQuiet();
    });
    if (done) {
      stop();
      return;
    }
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}
