import { describe, expect, it } from 'vitest';
import { ArtifactStore } from '../../artifacts';
import type { ArtifactMessage } from '../../messages';
import { fallbackTab, hasPreview, shownFile, tabsOf, versionLabel } from './panel-view';

let clock = 0;
const rec = (filename: string, version: number, content: string, extra: Partial<ArtifactMessage> = {}) =>
  ({
    role: 'artifact',
    action: version === 1 ? 'create' : 'update',
    filename,
    content,
    version,
    author: 'model',
    timestamp: ++clock,
    ...extra,
  }) satisfies ArtifactMessage;

function store() {
  const s = new ArtifactStore();
  s.apply(rec('index.html', 1, 'v1'));
  s.apply(rec('index.html', 2, 'v2'));
  s.apply(rec('notes.md', 1, 'n1'));
  return s;
}

describe('what the panel shows', () => {
  it('has a tab per file, then the files being created', () => {
    const s = store();
    s.beginStreaming('c1', 'index.html');
    s.beginStreaming('c2', 'new.svg');
    expect(tabsOf(s.snapshot)).toEqual([
      { filename: 'index.html', streaming: true },
      { filename: 'notes.md', streaming: false },
      { filename: 'new.svg', streaming: true },
    ]);
  });

  it('shows the latest version unless another is selected', () => {
    const s = store();
    expect(shownFile(s.snapshot, 'index.html', undefined)).toMatchObject({
      content: 'v2',
      latest: true,
      previous: { version: 1 },
    });
    expect(shownFile(s.snapshot, 'index.html', 1)).toMatchObject({
      content: 'v1',
      latest: false,
      previous: undefined,
    });
    expect(shownFile(s.snapshot, 'index.html', 9)).toMatchObject({ content: 'v2', latest: true });
  });

  it('shows the streaming content while a call writes the file, else its current content', () => {
    const s = store();
    s.beginStreaming('c1', 'index.html');
    expect(shownFile(s.snapshot, 'index.html', 1)).toMatchObject({
      content: 'v2',
      streaming: true,
      latest: false,
    });
    s.updateStreaming('c1', '<p>new');
    expect(shownFile(s.snapshot, 'index.html', 1)?.content).toBe('<p>new');
    s.beginStreaming('c2', 'fresh.md');
    expect(shownFile(s.snapshot, 'fresh.md', undefined)).toMatchObject({
      content: '',
      file: undefined,
      streaming: true,
    });
  });

  it('falls back to the file changed last', () => {
    const s = store();
    expect(fallbackTab(s.snapshot)).toBe('notes.md');
    s.apply(rec('index.html', 3, 'v3'));
    expect(fallbackTab(s.snapshot)).toBe('index.html');
    expect(fallbackTab(new ArtifactStore().snapshot)).toBeUndefined();
  });

  it('names versions by who made them', () => {
    const s = store();
    const [v1, v2] = s.get('index.html')?.versions ?? [];
    expect(v1 && versionLabel(v1, false)).toBe('Version 1');
    expect(v2 && versionLabel(v2, true)).toBe('Version 2 (latest)');
    const edited = { ...v2!, author: 'person' as const, action: 'edit' as const };
    expect(versionLabel(edited, true)).toBe('Version 2 (latest, edited by you)');
    expect(versionLabel({ ...edited, action: 'restore' }, false)).toBe('Version 2 (restored by you)');
  });

  it('offers a preview for rendered kinds only', () => {
    expect(
      ['html', 'svg', 'markdown', 'json', 'image', 'code', 'text'].map((k) => hasPreview(k as never)),
    ).toEqual([true, true, true, true, true, false, false]);
  });
});
