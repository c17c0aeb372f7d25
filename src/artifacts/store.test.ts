import { describe, expect, it } from 'vitest';
import type { AgentMessage } from '../agent';
import { ArtifactStore } from './store';
import { record } from './test-support';

const user: AgentMessage = { role: 'user', content: 'hi', timestamp: 1 };

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
