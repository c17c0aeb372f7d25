import { describe, expect, it } from 'vitest';
import type { AgentMessage, AssistantMessage, StopReason } from '../agent';
import { ArtifactStore } from './store';
import { record } from './test-support';

const user: AgentMessage = { role: 'user', content: 'hi', timestamp: 1 };

/** An answer with one `artifacts` call, ended by `stopReason`. */
function answer(args: Record<string, unknown>, stopReason: StopReason, id = 'c1'): AssistantMessage {
  return {
    role: 'assistant',
    content: [{ type: 'toolCall', id, name: 'artifacts', arguments: args }],
    provider: 'test',
    model: 'm',
    usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    stopReason,
    timestamp: 2,
  };
}

describe('ArtifactStore', () => {
  it('keeps every version of a file, newest as current', () => {
    const store = new ArtifactStore();
    store.apply(record('index.html', 1, 'a'));
    store.apply(record('index.html', 2, 'b', { action: 'update' }));
    const file = store.get('index.html');
    expect(file?.kind).toBe('html');
    expect(file?.versions.map((v) => [v.version, v.content, v.action])).toEqual([
      [1, 'a', 'create'],
      [2, 'b', 'update'],
    ]);
    expect(file?.current.content).toBe('b');
    expect(store.nextVersion('index.html')).toBe(3);
  });

  it('lists files in the order they were created', () => {
    const store = new ArtifactStore();
    store.apply(record('b.md', 1, 'b'));
    store.apply(record('a.svg', 1, 'a'));
    store.apply(record('b.md', 2, 'b2'));
    expect(store.list().map((f) => f.filename)).toEqual(['b.md', 'a.svg']);
  });

  it('removes a deleted file but keeps counting its versions when it is created again', () => {
    const store = new ArtifactStore();
    store.apply(record('a.txt', 1, 'one'));
    store.apply(record('a.txt', 2, '', { action: 'delete' }));
    expect(store.get('a.txt')).toBeUndefined();
    expect(store.list()).toEqual([]);
    expect(store.nextVersion('a.txt')).toBe(3);
    store.apply(record('a.txt', 3, 'again', { action: 'create' }));
    expect(store.get('a.txt')?.versions.map((v) => v.version)).toEqual([1, 3]);
  });

  it('ignores a record it has already applied', () => {
    const store = new ArtifactStore();
    const r = record('a.txt', 1, 'one');
    expect(store.apply(r)).toBe(true);
    const before = store.snapshot;
    expect(store.apply(r)).toBe(false);
    expect(store.snapshot).toBe(before);
  });

  it('makes a new snapshot on every change and keeps unchanged files', () => {
    const store = new ArtifactStore();
    store.apply(record('a.txt', 1, 'a'));
    const first = store.snapshot;
    const a = store.get('a.txt');
    store.apply(record('b.txt', 1, 'b'));
    expect(store.snapshot).not.toBe(first);
    expect(store.get('a.txt')).toBe(a);
    expect(Object.isFrozen(store.snapshot)).toBe(true);
    expect(Object.isFrozen(store.snapshot.files)).toBe(true);
  });

  it('tells subscribers about each change until they unsubscribe', () => {
    const store = new ArtifactStore();
    const seen: string[] = [];
    const off = store.subscribe((s) => seen.push(s.change.kind));
    store.apply(record('a.txt', 1, 'a'));
    store.beginStreaming('c1', 'b.txt');
    off();
    store.apply(record('a.txt', 2, 'b'));
    expect(seen).toEqual(['record', 'stream']);
  });

  it('rebuilds from artifact records alone, to the same state as applying them live', () => {
    const records = [
      record('index.html', 1, '<p>1</p>'),
      record('notes.md', 1, '# n'),
      record('index.html', 2, '<p>2</p>', { action: 'update' }),
      record('notes.md', 2, '', { action: 'delete' }),
      record('index.html', 3, '<p>1</p>', { action: 'restore', author: 'person', toolCallId: undefined }),
    ];
    const live = new ArtifactStore();
    for (const r of records) live.apply(r);
    const rebuilt = new ArtifactStore();
    rebuilt.rebuild([user, ...records.flatMap((r) => [r, user])]);
    expect(rebuilt.snapshot.files).toEqual(live.snapshot.files);
    expect(rebuilt.snapshot.change).toEqual({ kind: 'rebuild' });
    expect(rebuilt.nextVersion('notes.md')).toBe(live.nextVersion('notes.md'));
  });

  it('applies only the new records when the history grows, and rebuilds when it was replaced', () => {
    const store = new ArtifactStore();
    const r1 = record('a.txt', 1, 'a');
    const r2 = record('a.txt', 2, 'b');
    store.apply(r1); // the tool applies its record before the agent commits it
    const history1 = [user, r1];
    store.sync(history1);
    expect(store.get('a.txt')?.versions).toHaveLength(1);
    store.sync([...history1, r2]);
    expect(store.get('a.txt')?.current.content).toBe('b');
    store.sync([user]); // cut back (regenerate)
    expect(store.get('a.txt')).toBeUndefined();
    expect(store.snapshot.change.kind).toBe('rebuild');
  });

  it('shows a file growing while a call streams and ends the stream when its record arrives', () => {
    const store = new ArtifactStore();
    store.beginStreaming('c1', 'page.html');
    expect(store.snapshot.streaming).toEqual([
      { toolCallId: 'c1', filename: 'page.html', content: undefined },
    ]);
    store.updateStreaming('c1', '<h1>');
    store.updateStreaming('c1', '<h1>Hi');
    expect(store.snapshot.streaming[0]?.content).toBe('<h1>Hi');
    store.apply(record('page.html', 1, '<h1>Hi</h1>', { toolCallId: 'c1' }));
    expect(store.snapshot.streaming).toEqual([]);
    expect(store.get('page.html')?.current.content).toBe('<h1>Hi</h1>');
  });

  it('ignores updates for a stream that has not begun or has ended', () => {
    const store = new ArtifactStore();
    store.updateStreaming('nope', 'x');
    store.beginStreaming('c1', 'a.txt');
    store.endStreaming('c1');
    store.updateStreaming('c1', 'x');
    expect(store.snapshot.streaming).toEqual([]);
  });

  it('renames a stream whose file name was still arriving, keeping its content', () => {
    const store = new ArtifactStore();
    store.beginStreaming('c1', 'ind');
    store.updateStreaming('c1', 'x');
    store.beginStreaming('c1', 'index.html');
    expect(store.snapshot.streaming).toEqual([{ toolCallId: 'c1', filename: 'index.html', content: 'x' }]);
  });

  it('ends every stream at once', () => {
    const store = new ArtifactStore();
    store.beginStreaming('c1', 'a.txt');
    store.beginStreaming('c2', 'b.txt');
    store.endAllStreaming();
    expect(store.snapshot.streaming).toEqual([]);
  });

  it('keeps notifying other subscribers when one throws, and reports the error', () => {
    const errors: unknown[] = [];
    const store = new ArtifactStore({ onListenerError: (e) => errors.push(e) });
    const seen: number[] = [];
    store.subscribe(() => {
      throw new Error('broken view');
    });
    store.subscribe(() => seen.push(1));
    store.apply(record('a.txt', 1, 'a'));
    expect(seen).toEqual([1]);
    expect(errors).toEqual([new Error('broken view')]);
  });
});

describe('files left incomplete', () => {
  const half = { command: 'create', filename: 'live.html', content: '<h1>Hal' };

  it('turns the stream of a call whose answer was stopped into an incomplete file, never a version', () => {
    const store = new ArtifactStore();
    const seen: string[] = [];
    store.subscribe((s) => seen.push(s.change.kind));
    store.beginStreaming('c1', 'live.html');
    store.updateStreaming('c1', '<h1>Hal');
    store.sync([user, answer(half, 'aborted')]);
    expect(store.snapshot.streaming).toEqual([]);
    expect(store.snapshot.incomplete).toEqual([
      { toolCallId: 'c1', filename: 'live.html', content: '<h1>Hal', reason: 'stopped' },
    ]);
    expect(store.snapshot.files).toEqual([]);
    expect(store.get('live.html')).toBeUndefined();
    expect(store.nextVersion('live.html')).toBe(1);
    expect(seen.at(-1)).toBe('incomplete');
    expect(store.snapshot.change).toEqual({
      kind: 'incomplete',
      phase: 'left',
      toolCallId: 'c1',
      filename: 'live.html',
    });
  });

  it('says how each ending left the file, and keeps none for an answer whose calls ran', () => {
    const reasons = (
      ['aborted', 'error', 'length', 'contextOverflow', 'refusal', 'toolUse', 'stop'] as const
    ).map((stopReason) => {
      const store = new ArtifactStore();
      store.rebuild([user, answer(half, stopReason)]);
      return store.snapshot.incomplete[0]?.reason;
    });
    expect(reasons).toEqual(['stopped', 'failed', 'cutOff', 'cutOff', 'refused', 'closed', 'closed']);
  });

  it('keeps a whole call that has no result after a reload as closed, and none while the call runs live', () => {
    const page = '<h1>Hello</h1>';
    const whole = answer({ command: 'create', filename: 'live.html', content: page }, 'toolUse');
    // Live, the answer joins the history while the run goes on, just before its call runs: nothing is incomplete.
    const live = new ArtifactStore();
    live.beginStreaming('c1', 'live.html');
    live.updateStreaming('c1', page);
    live.sync([user], true);
    live.sync([user, whole], true);
    expect(live.snapshot.incomplete).toEqual([]);
    expect(live.snapshot.streaming).toHaveLength(1);
    const left = [{ toolCallId: 'c1', filename: 'live.html', content: page, reason: 'closed' }];
    // The page was closed while it ran: its record (saved with its result) never joined the history. The
    // session is loaded into an empty store after the reload, or replaces another one.
    const loaded = new ArtifactStore();
    loaded.sync([user, whole]);
    expect(loaded.snapshot.incomplete).toEqual(left);
    expect(loaded.get('live.html')).toBeUndefined();
    const replaced = new ArtifactStore();
    replaced.sync([record('other.md', 1, 'x')]);
    replaced.sync([user, whole]);
    expect(replaced.snapshot.incomplete).toEqual(left);
    // The conversation goes on: it stays until a later change of the file.
    loaded.sync([user, whole, user], true);
    expect(loaded.snapshot.incomplete).toEqual(left);
  });

  it('reads a whole call to its end, and keeps an earlier incomplete text when a later call has a result', () => {
    const store = new ArtifactStore();
    // The file name comes last: the call is whole, so it is complete all the same.
    store.rebuild([user, answer({ command: 'create', content: 'x', filename: 'a.md' }, 'toolUse')]);
    expect(store.snapshot.incomplete).toMatchObject([{ filename: 'a.md', content: 'x', reason: 'closed' }]);
    store.rebuild([
      record('live.html', 1, 'v1'),
      answer({ command: 'rewrite', filename: 'live.html', content: '<h1>Hal' }, 'aborted', 'c1'),
      answer({ command: 'create', filename: 'live.html', content: 'again' }, 'toolUse', 'c2'),
      {
        role: 'toolResult',
        toolCallId: 'c2',
        toolName: 'artifacts',
        content: [{ type: 'text', text: 'live.html already exists.' }],
        isError: true,
        timestamp: 3,
      },
    ]);
    expect(store.snapshot.incomplete).toEqual([
      { toolCallId: 'c1', filename: 'live.html', content: '<h1>Hal', reason: 'stopped' },
    ]);
  });

  it('is rebuilt from the saved history, to the same state as reached live', () => {
    const history = [user, record('a.txt', 1, 'one two three'), user, answer(half, 'aborted', 'c2')];
    const live = new ArtifactStore();
    live.sync(history.slice(0, 2));
    live.sync(history);
    const rebuilt = new ArtifactStore();
    rebuilt.rebuild(structuredClone(history));
    expect(rebuilt.snapshot.incomplete).toEqual(live.snapshot.incomplete);
    expect(rebuilt.snapshot.incomplete.map((s) => s.filename)).toEqual(['live.html']);
  });

  it('shows an update as the file with the new text so far in place, and nothing for a name still arriving', () => {
    const store = new ArtifactStore();
    store.rebuild([
      record('a.txt', 1, 'one two three'),
      answer({ command: 'update', filename: 'a.txt', old_str: 'two', new_str: 'TW' }, 'error'),
      answer({ command: 'create', filename: 'b.ht' }, 'aborted', 'c2'),
      answer({ command: 'create', filename: 'c.md', x: 1 }, 'aborted', 'c3'),
    ]);
    expect(store.snapshot.incomplete).toEqual([
      { toolCallId: 'c1', filename: 'a.txt', content: 'one TW three', reason: 'failed' },
    ]);
    expect(store.get('a.txt')?.current.content).toBe('one two three');
  });

  it('ends when a later change of the same file is applied, live or rebuilt', () => {
    const stopped = [user, answer(half, 'aborted')];
    const store = new ArtifactStore();
    store.sync(stopped);
    store.apply(record('other.md', 1, 'x'));
    expect(store.snapshot.incomplete).toHaveLength(1);
    const created = record('live.html', 1, '<h1>Hello</h1>');
    store.apply(created);
    expect(store.snapshot.incomplete).toEqual([]);
    const rebuilt = new ArtifactStore();
    rebuilt.rebuild([...stopped, created]);
    expect(rebuilt.snapshot.incomplete).toEqual([]);
    expect(rebuilt.get('live.html')?.current.content).toBe('<h1>Hello</h1>');
  });

  it('keeps the latest incomplete text of a file, and none for a call that has a result', () => {
    const store = new ArtifactStore();
    store.rebuild([
      answer(half, 'aborted', 'c1'),
      answer({ ...half, content: '<h1>Hello wo' }, 'aborted', 'c2'),
      answer({ ...half, filename: 'b.md', content: '#' }, 'aborted', 'c3'),
      {
        role: 'toolResult',
        toolCallId: 'c3',
        toolName: 'artifacts',
        content: [],
        isError: true,
        timestamp: 3,
      },
    ]);
    expect(store.snapshot.incomplete).toEqual([
      { toolCallId: 'c2', filename: 'live.html', content: '<h1>Hello wo', reason: 'stopped' },
    ]);
  });

  it('ends the incomplete file of a call whose result joins the history (it ran after all)', () => {
    const store = new ArtifactStore();
    const history = [user, answer(half, 'aborted', 'c4')];
    store.sync(history);
    expect(store.snapshot.incomplete).toHaveLength(1);
    store.sync([
      ...history,
      {
        role: 'toolResult',
        toolCallId: 'c4',
        toolName: 'artifacts',
        content: [],
        isError: true,
        timestamp: 4,
      },
    ]);
    expect(store.snapshot.incomplete).toEqual([]);
    expect(store.snapshot.change).toMatchObject({
      kind: 'incomplete',
      phase: 'ended',
      filename: 'live.html',
    });
  });

  it('goes when the answer that left it is taken out of the history (Retry, Regenerate)', () => {
    const store = new ArtifactStore();
    store.sync([user, answer(half, 'aborted')]);
    store.sync([user]);
    expect(store.snapshot.incomplete).toEqual([]);
  });
});
