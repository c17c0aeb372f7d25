import { describe, expect, it } from 'vitest';
import type { ArtifactMessage } from '../messages';
import { createArtifactActions } from './person-changes';
import { ArtifactStore } from './store';
import { record } from './test-support';

function setup() {
  const store = new ArtifactStore();
  store.apply(record('a.html', 1, 'one'));
  store.apply(record('a.html', 2, 'two'));
  const appended: ArtifactMessage[] = [];
  const actions = createArtifactActions({ store, appendRecord: (r) => appended.push(r), now: () => 99 });
  return { store, appended, actions };
}

describe('changes the person makes', () => {
  it('saves an edit as a new version by the person, and appends its record', () => {
    const { store, appended, actions } = setup();
    const result = actions.edit('a.html', 'mine');
    expect(result.ok).toBe(true);
    expect(appended).toEqual([
      {
        role: 'artifact',
        action: 'edit',
        filename: 'a.html',
        content: 'mine',
        version: 3,
        author: 'person',
        timestamp: 99,
      },
    ]);
    expect(store.get('a.html')?.current).toMatchObject({ version: 3, author: 'person', content: 'mine' });
  });

  it('restores an earlier version as a new version that says where it came from', () => {
    const { store, appended, actions } = setup();
    actions.restore('a.html', 1);
    expect(appended[0]).toMatchObject({ action: 'restore', content: 'one', version: 3, restoredFrom: 1 });
    expect(store.get('a.html')?.versions.map((v) => v.content)).toEqual(['one', 'two', 'one']);
  });

  it('refuses changes that change nothing or name nothing', () => {
    const { appended, actions } = setup();
    expect(actions.edit('a.html', 'two')).toEqual({ ok: false, reason: 'Nothing changed.' });
    expect(actions.edit('b.html', 'x')).toEqual({ ok: false, reason: 'There is no file named b.html.' });
    expect(actions.restore('a.html', 2)).toEqual({ ok: false, reason: 'Version 2 is the current version.' });
    expect(actions.restore('a.html', 7)).toEqual({ ok: false, reason: 'a.html has no version 7.' });
    expect(appended).toEqual([]);
  });
});
