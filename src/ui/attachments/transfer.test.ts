import { describe, expect, it } from 'vitest';
import { carriesFiles, filesOf } from './transfer';

/** The parts of a `DataTransfer` the helpers read (Node has no DataTransfer). */
function transfer(
  files: File[],
  items: { kind: string; file?: File }[] = [],
  types = ['Files'],
): DataTransfer {
  return {
    files,
    types,
    items: items.map((item) => ({ kind: item.kind, getAsFile: () => item.file ?? null })),
  } as unknown as DataTransfer;
}

describe('filesOf', () => {
  it('takes the files of a drop', () => {
    const a = new File(['a'], 'a.txt');
    const b = new File(['bb'], 'b.png', { type: 'image/png' });
    expect(filesOf(transfer([a, b]))).toEqual([a, b]);
  });

  it('takes a pasted screenshot offered only as a clipboard item', () => {
    const shot = new File(['png'], 'image.png', { type: 'image/png' });
    expect(filesOf(transfer([], [{ kind: 'string' }, { kind: 'file', file: shot }]))).toEqual([shot]);
  });

  it('does not count a file twice when it is both a file and an item', () => {
    const shot = new File(['png'], 'image.png', { type: 'image/png' });
    const same = new File(['png'], 'image.png', { type: 'image/png' });
    expect(filesOf(transfer([shot], [{ kind: 'file', file: same }]))).toEqual([shot]);
  });

  it('finds nothing in an empty or missing transfer', () => {
    expect(filesOf(null)).toEqual([]);
    expect(filesOf(transfer([], [{ kind: 'string' }], ['text/plain']))).toEqual([]);
  });
});

describe('carriesFiles', () => {
  it('tells a file drag from a text drag', () => {
    expect(carriesFiles(transfer([], [], ['Files']))).toBe(true);
    expect(carriesFiles(transfer([], [], ['text/plain', 'text/html']))).toBe(false);
    expect(carriesFiles(undefined)).toBe(false);
  });
});
