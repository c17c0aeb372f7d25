import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { seal } from './crypto';
import { memoryId } from './memory-sync';
import { applyFeed, testDevice, testKeys } from './test-support';

type Device = Awaited<ReturnType<typeof testDevice>>;

/** What `from` has sent, replicated to `to`'s mirror (through PouchDB's replication, as with a server). */
async function carry(from: Device, to: Device): Promise<void> {
  await from.mirror.db.replicate.to(to.mirror.db);
  await applyFeed(to, await to.mirror.appliedSeq());
}

/** Every change in `device`'s mirror, with its document. */
async function changesOf(device: Device): Promise<unknown[]> {
  const feed = (await device.mirror.db.changes({ since: 0, include_docs: true } as never)) as unknown;
  return (feed as { results: unknown[] }).results;
}

async function textOf(device: Device, space: string, path: string): Promise<string | undefined> {
  return (await device.memories.repo.list(space)).find((r) => r.path === path)?.text;
}

describe('memory files in sync', () => {
  it('seals a file on one device and writes it on the other, announced, with no plaintext in the mirror', async () => {
    const keys = await testKeys();
    const a = await testDevice('a', keys);
    const b = await testDevice('b', keys);
    await a.memories.repo.write('person', [
      { path: 'units-marker7.md', text: 'Prefers metric units, marker7' },
    ]);
    await a.memories.send(['person']);
    const sent = await changesOf(a);
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent)).not.toMatch(/marker7|person|units/);
    const heard: string[][] = [];
    b.memories.repo.subscribe((spaces) => heard.push([...spaces]));
    await carry(a, b);
    expect(await textOf(b, 'person', 'units-marker7.md')).toBe('Prefers metric units, marker7');
    expect(heard).toEqual([['person']]);
    expect(b.problems).toEqual([]);
    // What came in is not sent back.
    const before = await changesOf(b);
    await b.memories.send();
    expect(await changesOf(b)).toEqual(before);
  });

  it('replicates a deletion, and sends a file deleted while sync was off', async () => {
    const keys = await testKeys();
    const a = await testDevice('a', keys);
    const b = await testDevice('b', keys);
    await a.memories.repo.write('project:p1', [
      { path: 'a.md', text: 'one' },
      { path: 'b.md', text: 'two' },
    ]);
    await a.memories.send();
    await carry(a, b);
    expect(await textOf(b, 'project:p1', 'b.md')).toBe('two');
    await a.memories.repo.write('project:p1', [{ path: 'b.md', text: null }]);
    // Found at the next start, as the outbox's `sendChanged` does it.
    await a.outbox.sendChanged(() => false);
    await carry(a, b);
    expect((await b.memories.repo.list('project:p1')).map((r) => r.path)).toEqual(['a.md']);
  });

  it('keeps the newest write when two devices change a file apart, on both, and ends the conflict', async () => {
    const keys = await testKeys();
    const a = await testDevice('a', keys);
    const b = await testDevice('b', keys);
    await a.memories.repo.putAll([{ space: 'person', path: 'pet.md', text: 'a cat', updated: 5_000 }]);
    await b.memories.repo.putAll([{ space: 'person', path: 'pet.md', text: 'a dog', updated: 9_000 }]);
    await a.memories.send();
    await b.memories.send();
    await carry(a, b);
    await carry(b, a);
    expect(await textOf(a, 'person', 'pet.md')).toBe('a dog');
    expect(await textOf(b, 'person', 'pet.md')).toBe('a dog');
    const id = await memoryId(keys, 'person', 'pet.md');
    const doc = await a.mirror.db.get(id, { conflicts: true } as never);
    expect(doc._conflicts ?? []).toEqual([]);
    expect(a.problems).toEqual([]);
    expect(b.problems).toEqual([]);
  });

  it('does not overwrite a newer write here that was not sent yet', async () => {
    const keys = await testKeys();
    const a = await testDevice('a', keys);
    const b = await testDevice('b', keys);
    await a.memories.repo.putAll([{ space: 'person', path: 'x.md', text: 'older', updated: 2_000 }]);
    await a.memories.send();
    await b.memories.repo.putAll([{ space: 'person', path: 'x.md', text: 'newer', updated: 3_000 }]);
    await carry(a, b);
    expect(await textOf(b, 'person', 'x.md')).toBe('newer');
  });

  it('skips a file with a bad path or an oversized text, says so, and leaves the files here alone', async () => {
    const keys = await testKeys();
    const b = await testDevice('b', keys);
    await b.memories.repo.write('person', [{ path: 'keep.md', text: 'kept' }]);
    const stamp = { at: 10_000, device: 'z' };
    const traversal = await seal(keys, await memoryId(keys, 'person', '../keep.md'), {
      kind: 'memory',
      space: 'person',
      path: '../keep.md',
      text: 'overwritten',
      ...stamp,
    });
    const huge = await seal(keys, await memoryId(keys, 'person', 'keep.md'), {
      kind: 'memory',
      space: 'person',
      path: 'keep.md',
      text: 'x'.repeat(100_001),
      ...stamp,
    });
    const misfiled = await seal(keys, await memoryId(keys, 'person', 'other.md'), {
      kind: 'memory',
      space: 'person',
      path: 'keep.md',
      text: null,
      ...stamp,
    });
    await b.mirror.db.bulkDocs([traversal, huge, misfiled] as never);
    await applyFeed(b);
    expect(b.problems).toEqual([
      'A memory file from another device was refused: it was filed under another name. ' +
        '2 memory file(s) from another device were refused (a bad name, or over 100 KB) and skipped; the memory files here are unchanged.',
    ]);
    expect((await b.memories.repo.list()).map((r) => [r.path, r.text])).toEqual([['keep.md', 'kept']]);
  });
});
