import { describe, expect, it } from 'vitest';
import {
  createKeysDoc,
  KEYS_DOC_ID,
  opaqueId,
  open,
  openBytes,
  openKeysDoc,
  seal,
  sealBytes,
} from './crypto';

// Fewer iterations than a real database (600,000) keep the tests fast; the code path is the same.
const ITERATIONS = 100_000;

describe('sync encryption', () => {
  it('opens what it sealed, and the server copy holds no plaintext', async () => {
    const { keys } = await createKeysDoc('correct horse battery staple', ITERATIONS);
    const payload = { kind: 'message', text: 'The secret recipe is saffron' };
    const sealed = await seal(keys, 'doc-1', payload);
    expect(JSON.stringify(sealed)).not.toContain('saffron');
    expect(JSON.stringify(sealed)).not.toContain('message');
    expect(await open(keys, sealed)).toEqual(payload);
  });

  it('refuses a document moved to another id or changed', async () => {
    const { keys } = await createKeysDoc('pass', ITERATIONS);
    const sealed = await seal(keys, 'doc-1', { a: 1 });
    await expect(open(keys, { ...sealed, _id: 'doc-2' })).rejects.toThrow();
    const ct = sealed.ct.startsWith('A') ? `B${sealed.ct.slice(1)}` : `A${sealed.ct.slice(1)}`;
    await expect(open(keys, { ...sealed, ct })).rejects.toThrow();
  });

  it('opens a database with its passphrase and refuses another one, saying so', async () => {
    const { doc } = await createKeysDoc('first passphrase', ITERATIONS);
    const stored: unknown = JSON.parse(JSON.stringify(doc));
    const right = await openKeysDoc('first passphrase', stored);
    expect('keys' in right).toBe(true);
    const wrong = await openKeysDoc('second passphrase', stored);
    expect(wrong).toEqual({
      problem: expect.stringMatching(/^Wrong passphrase: .*Nothing was sent or changed/),
    });
  });

  it('refuses a keys document with too few iterations or missing fields', async () => {
    const { doc } = await createKeysDoc('pass', ITERATIONS);
    expect(await openKeysDoc('pass', { ...doc, iterations: 1000 })).toHaveProperty('problem');
    expect(await openKeysDoc('pass', { _id: KEYS_DOC_ID })).toHaveProperty('problem');
    expect(await openKeysDoc('pass', null)).toHaveProperty('problem');
  });

  it('gives opaque ids: stable for one key, unrelated to the local id, different under another passphrase', async () => {
    const a = (await createKeysDoc('one', ITERATIONS)).keys;
    const b = (await createKeysDoc('two', ITERATIONS)).keys;
    const id = await opaqueId(a, 'session', 'my-session-id');
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(id).not.toContain('my-session');
    expect(await opaqueId(a, 'session', 'my-session-id')).toBe(id);
    expect(await opaqueId(b, 'session', 'my-session-id')).not.toBe(id);
    expect(await opaqueId(a, 'message', 'my-session-id')).not.toBe(id);
  });

  it('derives the same keys on another device from the stored document', async () => {
    const { doc, keys } = await createKeysDoc('shared', ITERATIONS);
    const sealed = await seal(keys, 'x', { hello: 'world' });
    const other = await openKeysDoc('shared', JSON.parse(JSON.stringify(doc)));
    if (!('keys' in other)) throw new Error(other.problem);
    expect(await open(other.keys, sealed)).toEqual({ hello: 'world' });
    expect(await opaqueId(other.keys, 'session', 's')).toBe(await opaqueId(keys, 'session', 's'));
  });
});

describe('sync encryption of attached files', () => {
  it('opens the bytes it sealed for one document, and refuses them under another id or changed', async () => {
    const { keys } = await createKeysDoc('file pass', ITERATIONS);
    const bytes = new TextEncoder().encode('%PDF-1.7 the quarterly figures');
    const sealed = await sealBytes(keys, 'doc-a', bytes.slice().buffer);
    expect(new TextDecoder().decode(sealed)).not.toContain('quarterly');
    expect(new Uint8Array(await openBytes(keys, 'doc-a', sealed.slice().buffer))).toEqual(bytes);
    await expect(openBytes(keys, 'doc-b', sealed.slice().buffer)).rejects.toThrow();
    const changed = sealed.slice();
    changed[20] = (changed[20] ?? 0) ^ 1;
    await expect(openBytes(keys, 'doc-a', changed.buffer)).rejects.toThrow();
    await expect(openBytes(keys, 'doc-a', new ArrayBuffer(10))).rejects.toThrow();
  });
});
