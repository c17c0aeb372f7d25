import { describe, expect, it } from 'vitest';
import { open, type SyncKeys, seal } from './crypto';
import { type Payload, parsePayload } from './payloads';
import { conflictCandidates, putSealed, resolve } from './sealed-docs';
import { memoryPouch, testKeys } from './test-support';

type Memory = Extract<Payload, { kind: 'memory' }>;

const memory = (text: string, at: number, path = 'pet.md'): Memory => ({
  kind: 'memory',
  space: 'person',
  path,
  text,
  at,
  device: 'd',
});

const samePath =
  (path: string) =>
  (opened: Payload): opened is Memory =>
    opened.kind === 'memory' && opened.path === path;

/** Stores `payloads` sealed as revisions of one document in conflict, as two devices writing apart leave them. */
async function inConflict(keys: SyncKeys, payloads: readonly Memory[]) {
  const local = await memoryPouch();
  const docs = await Promise.all(
    payloads.map(async (p, i) => ({ ...(await seal(keys, 'doc', p)), _rev: `1-${'abc'[i]}` })),
  );
  // Written as replication writes them (`new_edits: false`): the revisions as they are, in conflict.
  const pouch = local as unknown as { bulkDocs(docs: unknown, options: unknown): Promise<unknown> };
  await pouch.bulkDocs(docs, { new_edits: false });
  const doc = await local.get('doc', { conflicts: true } as never);
  const payload = parsePayload(await open(keys, doc)) as Memory;
  return { local, doc, payload };
}

async function textOf(keys: SyncKeys, local: Awaited<ReturnType<typeof memoryPouch>>) {
  const doc = await local.get('doc', { conflicts: true } as never);
  return { text: (parsePayload(await open(keys, doc)) as Memory).text, conflicts: doc._conflicts ?? [] };
}

describe('sealed documents in the local sync copy', () => {
  it('settles two revisions in conflict on the later stamp and leaves one revision', async () => {
    const keys = await testKeys();
    const { local, doc, payload } = await inConflict(keys, [memory('a cat', 5), memory('a dog', 9)]);
    const { best, conflicts } = await conflictCandidates(local, keys, doc, payload, samePath('pet.md'));
    expect(best.payload.text).toBe('a dog');
    await resolve(local, doc, best, conflicts);
    expect(await textOf(keys, local)).toEqual({ text: 'a dog', conflicts: [] });
  });

  it('lets a revision filed under another name lose, and removes it', async () => {
    const keys = await testKeys();
    // The forged revision sorts first, so PouchDB shows the genuine one and lists the forged one in conflict.
    const { local, doc, payload } = await inConflict(keys, [
      memory('forged', 99, 'other.md'),
      memory('mine', 5),
    ]);
    const { best, conflicts } = await conflictCandidates(local, keys, doc, payload, samePath(payload.path));
    expect(best.payload.path).toBe(payload.path);
    await resolve(local, doc, best, conflicts);
    const after = await textOf(keys, local);
    expect(after.conflicts).toEqual([]);
    expect(after.text).toBe('mine');
  });

  it('puts a batch over the current revisions and says which revisions it wrote', async () => {
    const keys = await testKeys();
    const local = await memoryPouch();
    const wrote: string[] = [];
    await putSealed(local, [await seal(keys, 'doc', memory('one', 1))], (id) => wrote.push(id), 'a file');
    await putSealed(local, [await seal(keys, 'doc', memory('two', 2))], (id) => wrote.push(id), 'a file');
    expect(wrote).toEqual(['doc', 'doc']);
    expect(await textOf(keys, local)).toEqual({ text: 'two', conflicts: [] });
  });
});
