import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PreviewMessage } from '../../artifacts';
import { consoleOfLive, LiveDocuments, type LiveElement } from './live-documents';

const env = { source: 'easel-preview', channel: 'c' } as const;
const log = (text: string): PreviewMessage => ({ ...env, kind: 'console', level: 'log', text });
const loaded: PreviewMessage = { ...env, kind: 'loaded' };
const stopped: PreviewMessage = { ...env, kind: 'stopped', text: 'The page stopped responding.' };

const answering: LiveElement = { responsive: () => Promise.resolve(true) };
const never = () => new AbortController().signal;

/** Settles every pending promise callback (the tests run on fake timers). */
const flush = () => vi.advanceTimersByTimeAsync(0);

describe('LiveDocuments.documentFor', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is the document on screen when it has exactly this file and content', async () => {
    const live = new LiveDocuments();
    live.showing('app.jsx');
    live.started('app.jsx', 'v2', answering);
    const found = await live.documentFor('app.jsx', 'v2', 10_000, never());
    expect(found?.content).toBe('v2');
  });

  it('waits for the document the panel starts next while it shows the file', async () => {
    const live = new LiveDocuments();
    live.showing('app.jsx');
    live.started('app.jsx', 'v1', answering);
    const found = live.documentFor('app.jsx', 'v2', 10_000, never());
    live.showing('app.jsx'); // the panel's update after the write: still the file, its new document is prepared
    await flush();
    live.started('app.jsx', 'v2', answering);
    expect((await found)?.content).toBe('v2');
  });

  it('waits for the panel to update after the write before deciding it shows another file', async () => {
    const live = new LiveDocuments();
    live.showing('old.html'); // before the write the panel showed another file
    const found = live.documentFor('new.html', 'page', 10_000, never());
    live.showing('new.html'); // it follows the file just written
    live.started('new.html', 'page', answering);
    expect((await found)?.filename).toBe('new.html');
  });

  it('is undefined when the panel’s update after the write shows another file, or code', async () => {
    const live = new LiveDocuments();
    live.showing('a.html');
    const found = live.documentFor('b.html', 'page', 10_000, never());
    live.showing(undefined);
    expect(await found).toBeUndefined();
  });

  it('waits for a panel that is still loading, and reads its document', async () => {
    const live = new LiveDocuments();
    live.coming();
    const found = live.documentFor('app.jsx', 'v1', 10_000, never());
    await flush();
    live.showing('app.jsx'); // the panel's first update, once its module has loaded
    live.started('app.jsx', 'v1', answering);
    expect((await found)?.content).toBe('v1');
  });

  it('is undefined once a panel that was loading first shows another file', async () => {
    const live = new LiveDocuments();
    live.coming();
    const found = live.documentFor('app.jsx', 'v1', 10_000, never());
    live.showing(undefined); // hidden (a phone's width): its preview shows nothing
    expect(await found).toBeUndefined();
  });

  it('is undefined at once when no panel reports', async () => {
    expect(await new LiveDocuments().documentFor('a.html', 'x', 10_000, never())).toBeUndefined();
    const gone = new LiveDocuments();
    gone.showing('a.html');
    gone.detached();
    expect(await gone.documentFor('a.html', 'x', 10_000, never())).toBeUndefined();
  });

  it('gives up when the panel starts nothing of this content in time, or the check is aborted', async () => {
    const live = new LiveDocuments();
    live.showing('a.html');
    const late = live.documentFor('a.html', 'x', 500, never());
    live.started('a.html', 'other', answering);
    await vi.advanceTimersByTimeAsync(500);
    expect(await late).toBeUndefined();
    const stop = new AbortController();
    const aborted = live.documentFor('a.html', 'x', 10_000, stop.signal);
    stop.abort();
    expect(await aborted).toBeUndefined();
  });
});

describe('consoleOfLive', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function shown(content = 'page', element: LiveElement = answering) {
    const live = new LiveDocuments();
    live.showing('a.html');
    live.started('a.html', content, element);
    const doc = await live.documentFor('a.html', content, 10_000, never());
    if (!doc) throw new Error('no document');
    return { live, doc };
  }

  it('replays what the document said before the check began, then collects until it settles', async () => {
    const { live, doc } = await shown();
    live.message(log('before'));
    live.message(loaded);
    const result = consoleOfLive(doc, never(), { quietMs: 300 });
    live.message(log('after'));
    await vi.advanceTimersByTimeAsync(300);
    const got = await result;
    expect(got?.status).toBe('settled');
    expect(got?.entries.map((e) => e.text)).toEqual(['before', 'after']);
  });

  it('is undefined when the panel moves to another document before this one settles', async () => {
    const { live, doc } = await shown();
    const result = consoleOfLive(doc, never(), { quietMs: 300 });
    live.message(log('early'));
    live.started('a.html', 'another', answering);
    await flush();
    expect(await result).toBeUndefined();
  });

  it('says stopped when the page loaded and then stopped answering', async () => {
    let answer: (ok: boolean) => void = () => {};
    const element: LiveElement = { responsive: () => new Promise((resolve) => (answer = resolve)) };
    const { live, doc } = await shown('page', element);
    live.message(loaded);
    const result = consoleOfLive(doc, never(), { quietMs: 300 });
    await vi.advanceTimersByTimeAsync(300);
    live.message(stopped);
    answer(false);
    const got = await result;
    expect(got?.status).toBe('stopped');
    expect(got?.entries.at(-1)?.text).toBe('The page stopped responding.');
  });

  it('is aborted with the check, keeping what it collected', async () => {
    const { live, doc } = await shown();
    const stop = new AbortController();
    const result = consoleOfLive(doc, stop.signal, { quietMs: 300 });
    live.message(log('partial'));
    stop.abort();
    const got = await result;
    expect(got?.status).toBe('aborted');
    expect(got?.entries.map((e) => e.text)).toEqual(['partial']);
  });

  it('keeps `loaded` however much the page printed before the check began', async () => {
    const { live, doc } = await shown();
    for (let i = 0; i < 1000; i++) live.message(log(`line ${i}`));
    live.message(loaded);
    const result = consoleOfLive(doc, never(), { quietMs: 300 });
    await vi.advanceTimersByTimeAsync(300);
    expect((await result)?.status).toBe('settled');
  });
});
