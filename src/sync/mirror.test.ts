import { describe, expect, it } from 'vitest';
import { seal } from './crypto';
import { MAX_SEALED_CHARS, Mirror } from './mirror';
import { memoryPouch, testKeys } from './test-support';

describe('the mirror', () => {
  it('writes sealed documents and notes each revision it wrote, once', async () => {
    const keys = await testKeys();
    const mirror = new Mirror(await memoryPouch());
    expect(await mirror.write([await seal(keys, 'd1', { a: 1 })])).toBe('');
    const doc = await mirror.db.get('d1');
    expect(mirror.takeOwn(doc)).toBe(true);
    expect(mirror.takeOwn(doc)).toBe(false);
  });

  it('leaves a document that is already there (same id, same immutable content)', async () => {
    const keys = await testKeys();
    const mirror = new Mirror(await memoryPouch());
    const sealed = await seal(keys, 'd1', { a: 1 });
    await mirror.write([sealed]);
    await expect(mirror.write([sealed])).resolves.toBe('');
  });

  it('writes the documents that fit and names how many were too large', async () => {
    const keys = await testKeys();
    const mirror = new Mirror(await memoryPouch());
    const small = await seal(keys, 'small', { a: 1 });
    const large = { ...(await seal(keys, 'large', { a: 2 })), ct: 'x'.repeat(MAX_SEALED_CHARS + 1) };
    expect(await mirror.write([small, large])).toBe('1 message(s) are too large to sync (over 6 MB sealed).');
    expect([...(await mirror.present(['small', 'large', 'never']))]).toEqual(['small']);
  });

  it('keeps the device id made at the first start, and where the feed got to', async () => {
    const mirror = new Mirror(await memoryPouch());
    let made = 0;
    const newId = () => `device-${++made}`;
    expect(await mirror.deviceId(newId)).toBe('device-1');
    expect(await mirror.deviceId(newId)).toBe('device-1');
    expect(await mirror.appliedSeq()).toBe(0);
    await mirror.setAppliedSeq(12);
    await mirror.setAppliedSeq(15);
    expect(await mirror.appliedSeq()).toBe(15);
  });
});
