import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  collectUntilSettled,
  describeLog,
  EMPTY_LOG,
  fixRequestText,
  MAX_ENTRIES,
  MAX_ENTRY_CHARS,
  type PreviewLog,
  withEntry,
} from './preview-log';
import type { PreviewMessage } from './protocol';

const env = { source: 'easel-preview', channel: 'c' } as const;
const log = (text: string): PreviewMessage => ({ ...env, kind: 'console', level: 'log', text });
const loaded: PreviewMessage = { ...env, kind: 'loaded' };

/** A message source the test pushes into. */
function source() {
  let listener: ((m: PreviewMessage) => void) | undefined;
  let stopped = 0;
  return {
    subscribe: (l: (m: PreviewMessage) => void) => {
      listener = l;
      return () => {
        stopped++;
      };
    },
    push: (m: PreviewMessage) => listener?.(m),
    get stopped() {
      return stopped;
    },
  };
}

describe('collectUntilSettled', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('settles a quiet spell after the page loaded, not after a fixed wait', async () => {
    const s = source();
    const done = collectUntilSettled(s.subscribe, new AbortController().signal, {
      quietMs: 300,
      maxMs: 2000,
    });
    s.push(log('a'));
    await vi.advanceTimersByTimeAsync(100);
    s.push(loaded);
    await vi.advanceTimersByTimeAsync(200);
    s.push(log('b')); // still talking: the quiet spell starts again
    await vi.advanceTimersByTimeAsync(299);
    let result: PreviewLog | undefined;
    void done.then((r) => {
      result = r;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result?.status).toBe('settled');
    expect(result?.entries.map((e) => e.text)).toEqual(['a', 'b']);
    expect(s.stopped).toBe(1);
  });

  it('stops at the cap when the page never loads', async () => {
    const s = source();
    const done = collectUntilSettled(s.subscribe, new AbortController().signal, { maxMs: 2000 });
    s.push(log('working'));
    await vi.advanceTimersByTimeAsync(2000);
    await expect(done).resolves.toMatchObject({ status: 'timeout', entries: [{ text: 'working' }] });
  });

  it('waits seconds for a page that loads slowly, then caps the time after its load', async () => {
    const s = source();
    const done = collectUntilSettled(s.subscribe, new AbortController().signal, { loadMs: 8000 });
    await vi.advanceTimersByTimeAsync(5000);
    s.push(loaded);
    for (let t = 0; t < 2000; t += 100) {
      s.push(log(String(t)));
      await vi.advanceTimersByTimeAsync(100);
    }
    await expect(done).resolves.toMatchObject({ status: 'busy' });
  });

  it('stops at the cap when a loaded page keeps printing', async () => {
    const s = source();
    const done = collectUntilSettled(s.subscribe, new AbortController().signal, {
      quietMs: 300,
      maxMs: 1000,
    });
    s.push(loaded);
    for (let t = 0; t < 1000; t += 100) {
      s.push(log(String(t)));
      await vi.advanceTimersByTimeAsync(100);
    }
    await expect(done).resolves.toMatchObject({ status: 'busy' });
  });

  it('ends at once when the host stopped a page that stopped answering, and says so', async () => {
    const s = source();
    const done = collectUntilSettled(s.subscribe, new AbortController().signal);
    s.push(log('before'));
    s.push({ ...env, kind: 'stopped', text: 'The page stopped responding.' });
    const result = await done;
    expect(result.status).toBe('stopped');
    expect(result.errorCount).toBe(1);
    expect(describeLog(result)).toContain('Preview: the page stopped responding and was stopped. 1 error.');
  });

  it('ends when a message replayed on subscribing already says the page was stopped', async () => {
    let stopped = 0;
    const replaying = (listener: (m: PreviewMessage) => void) => {
      listener({ ...env, kind: 'stopped', text: 'The page stopped responding.' });
      return () => {
        stopped++;
      };
    };
    const result = await collectUntilSettled(replaying, new AbortController().signal);
    expect(result.status).toBe('stopped');
    expect(stopped).toBe(1);
  });

  it('stops when the signal aborts, also when it was aborted already', async () => {
    const s = source();
    const controller = new AbortController();
    const done = collectUntilSettled(s.subscribe, controller.signal);
    controller.abort();
    await expect(done).resolves.toMatchObject({ status: 'aborted' });
    await expect(collectUntilSettled(source().subscribe, AbortSignal.abort())).resolves.toMatchObject({
      status: 'aborted',
    });
  });
});

describe('preview logs', () => {
  it('keep at most MAX_ENTRIES entries and count the rest, errors included', () => {
    let l = EMPTY_LOG;
    for (let i = 0; i < MAX_ENTRIES + 5; i++)
      l = withEntry(l, { level: 'error', origin: 'error', text: `${i}` });
    expect(l.entries).toHaveLength(MAX_ENTRIES);
    expect(l.dropped).toBe(5);
    expect(l.errorCount).toBe(MAX_ENTRIES + 5);
    expect(describeLog({ ...l, status: 'settled' })).toMatch(/… and 5 more entries\.$/);
  });

  it('describe a page that never loaded', () => {
    expect(describeLog({ ...EMPTY_LOG, status: 'timeout' })).toBe(
      'Preview: the page had not finished loading when collection stopped (a long task or an endless loop?). ' +
        'No console output and no errors.',
    );
  });

  it('bound the text a tool result carries', () => {
    let l = EMPTY_LOG;
    for (let i = 0; i < MAX_ENTRIES; i++)
      l = withEntry(l, { level: 'log', origin: 'console', text: 'x'.repeat(MAX_ENTRY_CHARS) });
    const text = describeLog({ ...l, status: 'settled' });
    expect(text.length).toBeLessThan(12_000);
    expect(text).toMatch(/more entries\.$/);
  });

  it('make a Fix request from the errors alone', () => {
    let l = withEntry(EMPTY_LOG, { level: 'log', origin: 'console', text: 'fine' });
    l = withEntry(l, {
      level: 'error',
      origin: 'error',
      text: 'Uncaught ReferenceError: x is not defined (line 4)',
    });
    expect(fixRequestText('index.html', l)).toBe(
      'The preview of index.html reports 1 error:\n\n' +
        '[error] Uncaught ReferenceError: x is not defined (line 4)\n\nPlease fix it.',
    );
  });
});
