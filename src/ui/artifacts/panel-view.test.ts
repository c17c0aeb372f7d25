/** Tests of what the artifacts panel shows: tabs, the file and version on screen, views, labels, keys. */
import { describe, expect, it } from 'vitest';
import type { AssistantMessage } from '../../agent';
import { ArtifactStore } from '../../artifacts';
import type { ArtifactMessage } from '../../messages';
import {
  fallbackTab,
  hasPreview,
  INCOMPLETE,
  incompleteLabel,
  modeShown,
  shownFile,
  tabForKey,
  tabsOf,
  versionLabel,
} from './panel-view';

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

/** An answer stopped while its `artifacts` call was writing `filename` (or, `toolUse`, ended to run it). */
const stopped = (
  filename: string,
  content: string,
  id = 'c9',
  stopReason: AssistantMessage['stopReason'] = 'aborted',
): AssistantMessage => ({
  role: 'assistant',
  content: [
    { type: 'toolCall', id, name: 'artifacts', arguments: { command: 'rewrite', filename, content } },
  ],
  provider: 'test',
  model: 'm',
  usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  stopReason,
  timestamp: ++clock,
});

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
      { filename: 'index.html', streaming: true, incomplete: false },
      { filename: 'notes.md', streaming: false, incomplete: false },
      { filename: 'new.svg', streaming: true, incomplete: false },
    ]);
  });

  it('keeps a tab for a file left incomplete, after the files and the ones being written', () => {
    const s = new ArtifactStore();
    s.rebuild([rec('notes.md', 1, 'n1'), stopped('live.html', '<h1>Hal')]);
    expect(tabsOf(s.snapshot)).toEqual([
      { filename: 'notes.md', streaming: false, incomplete: false },
      { filename: 'live.html', streaming: false, incomplete: true },
    ]);
    const only = new ArtifactStore();
    only.rebuild([stopped('live.html', '<h1>Hal')]);
    expect(fallbackTab(only.snapshot)).toBe('live.html');
  });

  it('shows incomplete text, labelled, unless a saved version is selected', () => {
    const s = new ArtifactStore();
    s.rebuild([rec('index.html', 1, 'v1'), stopped('index.html', '<p>half')]);
    const left = shownFile(s.snapshot, 'index.html', undefined);
    expect(left).toMatchObject({
      content: '<p>half',
      version: undefined,
      latest: false,
      streaming: false,
      incomplete: { filename: 'index.html', reason: 'stopped' },
      hasIncomplete: true,
    });
    expect(shownFile(s.snapshot, 'index.html', INCOMPLETE)?.content).toBe('<p>half');
    expect(shownFile(s.snapshot, 'index.html', 1)).toMatchObject({
      content: 'v1',
      latest: true,
      incomplete: undefined,
      hasIncomplete: true,
    });
    expect(left?.incomplete && incompleteLabel(left.incomplete, left.file)).toBe(
      'index.html — incomplete: Claude was stopped while writing it. Not saved. Version 1 is the latest saved one.',
    );
    const fresh = new ArtifactStore();
    fresh.rebuild([stopped('live.html', '<h1>Hal')]);
    const shown = shownFile(fresh.snapshot, 'live.html', undefined);
    expect(shown?.incomplete && incompleteLabel(shown.incomplete, shown.file)).toBe(
      'live.html — incomplete: Claude was stopped while writing it. Not saved.',
    );
  });

  it('says a whole file whose call had no result was left when the page was closed, not while writing', () => {
    const s = new ArtifactStore();
    s.rebuild([rec('index.html', 1, 'v1'), stopped('index.html', '<p>whole</p>', 'c9', 'toolUse')]);
    const left = shownFile(s.snapshot, 'index.html', undefined);
    expect(left).toMatchObject({ content: '<p>whole</p>', incomplete: { reason: 'closed' } });
    expect(left?.incomplete && incompleteLabel(left.incomplete, left.file)).toBe(
      'index.html — incomplete: the page was closed before the call that wrote it finished. Not saved. ' +
        'Version 1 is the latest saved one.',
    );
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

  it('moves between tabs with the arrows (wrapping), Home and End', () => {
    const tabs = tabsOf(store().snapshot);
    expect(tabs.map((t) => t.filename)).toEqual(['index.html', 'notes.md']);
    expect(tabForKey(tabs, 'index.html', 'ArrowRight')).toBe('notes.md');
    expect(tabForKey(tabs, 'notes.md', 'ArrowRight')).toBe('index.html');
    expect(tabForKey(tabs, 'index.html', 'ArrowLeft')).toBe('notes.md');
    expect(tabForKey(tabs, 'notes.md', 'Home')).toBe('index.html');
    expect(tabForKey(tabs, 'index.html', 'End')).toBe('notes.md');
    expect(tabForKey(tabs, 'index.html', 'Enter')).toBeUndefined();
    expect(tabForKey([], undefined, 'ArrowRight')).toBeUndefined();
  });

  it('shows the chosen view unless the file cannot show it', () => {
    const s = store();
    const html = shownFile(s.snapshot, 'index.html', undefined);
    expect(html && modeShown(html, 'preview', false)).toBe('preview');
    expect(html && modeShown(html, 'changes', false)).toBe('changes');
    expect(html && modeShown(html, 'preview', true)).toBe('code');
    s.beginStreaming('c1', 'new.ts');
    const fresh = shownFile(s.snapshot, 'new.ts', undefined);
    expect(fresh && modeShown(fresh, 'preview', false)).toBe('code');
    s.beginStreaming('c2', 'new.svg');
    const drawing = shownFile(s.snapshot, 'new.svg', undefined);
    expect(drawing && modeShown(drawing, 'changes', false)).toBe('preview');
  });
});
