import { describe, expect, it } from 'vitest';
import type { ArtifactMessage } from '../messages';
import { binaryFileText, bytesOfVersion, isBinaryVersion, MAX_FILE_BYTES, recordFile } from './binary';
import { createArtifactActions } from './person-changes';
import { ArtifactStore } from './store';
import { toolHarness } from './test-support';

const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0xff, 0x00]);

function harness() {
  const store = new ArtifactStore();
  const records: ArtifactMessage[] = [];
  let clock = 100;
  const deps = { store, appendRecord: (r: ArtifactMessage) => records.push(r), now: () => clock++ };
  return { store, records, deps };
}

describe('recordFile', () => {
  it('adds a binary file as bytes, applied to the store and appended to the conversation', () => {
    const { store, records, deps } = harness();
    const result = recordFile(deps, { filename: 'report.pdf', bytes: PDF, mimeType: 'application/pdf' });

    expect(result).toMatchObject({ ok: true, changed: true });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      role: 'artifact',
      action: 'create',
      filename: 'report.pdf',
      content: '',
      mimeType: 'application/pdf',
      version: 1,
      author: 'model',
      timestamp: 100,
    });
    const current = store.get('report.pdf')?.current;
    expect(current && isBinaryVersion(current)).toBe(true);
    expect([...(current?.bytes ?? [])]).toEqual([...PDF]);
  });

  it('copies the bytes, so the caller may reuse its buffer', () => {
    const { store, deps } = harness();
    const buffer = PDF.slice();
    recordFile(deps, { filename: 'report.pdf', bytes: buffer, mimeType: 'application/pdf' });
    buffer.fill(0);
    expect([...(store.get('report.pdf')?.current.bytes ?? [])]).toEqual([...PDF]);
  });

  it('makes a new version of a file of the same name, and none when the bytes are the same', () => {
    const { store, records, deps } = harness();
    recordFile(deps, { filename: 'report.pdf', bytes: PDF, mimeType: 'application/pdf' });
    const again = recordFile(deps, {
      filename: 'report.pdf',
      bytes: PDF.slice(),
      mimeType: 'application/pdf',
    });
    expect(again).toEqual({ ok: true, changed: false, version: 1 });

    const other = new Uint8Array([1, 2, 3]);
    const next = recordFile(deps, {
      filename: 'report.pdf',
      bytes: other,
      mimeType: 'application/pdf',
      toolCallId: 'c2',
    });
    expect(next).toMatchObject({
      ok: true,
      changed: true,
      record: { action: 'rewrite', version: 2, toolCallId: 'c2' },
    });
    expect(records).toHaveLength(2);
    expect(store.get('report.pdf')?.versions.map((v) => [...(v.bytes ?? [])])).toEqual([[...PDF], [1, 2, 3]]);
  });

  it('keeps a UTF-8 text file as text, which downloads as the same bytes', () => {
    const { store, deps } = harness();
    const csv = new TextEncoder().encode('\uFEFFregion,sales\nNord,12\nSüd,7\n');
    recordFile(deps, { filename: 'clean.csv', bytes: csv, mimeType: 'text/csv' });
    const current = store.get('clean.csv')?.current;
    expect(current?.bytes).toBeUndefined();
    expect(current?.content).toBe('\uFEFFregion,sales\nNord,12\nSüd,7\n');
    expect([...bytesOfVersion(current!)]).toEqual([...csv]);
  });

  it('keeps bytes that are not valid UTF-8 as bytes, whatever the type says', () => {
    const { store, deps } = harness();
    recordFile(deps, {
      filename: 'latin1.csv',
      bytes: new Uint8Array([0x61, 0xe9, 0x0a]),
      mimeType: 'text/csv',
    });
    expect([...(store.get('latin1.csv')?.current.bytes ?? [])]).toEqual([0x61, 0xe9, 0x0a]);
    expect(store.get('latin1.csv')?.current.mimeType).toBe('text/csv');
  });

  it('takes the type from the name when none is given', () => {
    const { store, deps } = harness();
    recordFile(deps, { filename: 'plot.png', bytes: new Uint8Array([137, 80, 78, 71]), mimeType: '' });
    expect(store.get('plot.png')?.current.mimeType).toBe('image/png');
  });

  it('refuses a bad name and a file over the limit, changing nothing', () => {
    const { store, records, deps } = harness();
    expect(recordFile(deps, { filename: 'out/a.pdf', bytes: PDF, mimeType: 'application/pdf' })).toEqual({
      ok: false,
      reason: 'The filename contains a slash; artifacts have no folders.',
    });
    const huge = new Uint8Array(MAX_FILE_BYTES + 1);
    const refused = recordFile(deps, { filename: 'big.bin', bytes: huge, mimeType: '' });
    expect(refused).toEqual({
      ok: false,
      reason: 'big.bin is 31,457,281 bytes; a file may have at most 31,457,280 bytes.',
    });
    expect(records).toEqual([]);
    expect(store.list()).toEqual([]);
  });
});

describe('binary files and the artifacts tool', () => {
  it('gives Claude the type and size of a binary file, never its bytes as text', async () => {
    const h = toolHarness();
    recordFile(
      { store: h.store, appendRecord: () => {} },
      { filename: 'report.pdf', bytes: PDF, mimeType: 'application/pdf' },
    );
    const got = await h.run({ command: 'get', filename: 'report.pdf' });
    expect(got.isError).toBeUndefined();
    expect(got.text).toBe(
      'report.pdf (version 1) is a binary file (application/pdf, 11 bytes). It is shown in the panel; its bytes cannot be read or edited as text.',
    );
  });

  it('refuses to update a binary file and says to rewrite it', async () => {
    const h = toolHarness();
    recordFile(
      { store: h.store, appendRecord: () => {} },
      { filename: 'report.pdf', bytes: PDF, mimeType: 'application/pdf' },
    );
    const result = await h.run({ command: 'update', filename: 'report.pdf', old_str: 'PDF', new_str: 'X' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('Use `rewrite` to replace it with a text file.');
    expect(h.records).toEqual([]);
  });
});

describe('binary files and the person', () => {
  it('restores a binary version with its bytes, and refuses an edit as text', () => {
    const { store, deps } = harness();
    recordFile(deps, { filename: 'report.pdf', bytes: PDF, mimeType: 'application/pdf' });
    recordFile(deps, { filename: 'report.pdf', bytes: new Uint8Array([9]), mimeType: 'application/pdf' });
    const actions = createArtifactActions(deps);

    expect(actions.edit('report.pdf', 'text')).toEqual({
      ok: false,
      reason: 'report.pdf is a binary file; it cannot be edited as text.',
    });
    const restored = actions.restore('report.pdf', 1);
    expect(restored).toMatchObject({
      ok: true,
      record: { action: 'restore', version: 3, mimeType: 'application/pdf' },
    });
    expect([...(store.get('report.pdf')?.current.bytes ?? [])]).toEqual([...PDF]);
    const current = store.get('report.pdf')?.current;
    expect(current && isBinaryVersion(current) && binaryFileText('report.pdf', current)).toContain(
      'version 3',
    );
  });
});
