import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { importSessions } from './import';
import { MemoriesRepository } from './memories-repo';
import { freshDb } from './test-support';
import { EXPORT_FORMAT, EXPORT_VERSION, exportSessions, serializeExport } from './transfer';

const file = (memories: unknown) =>
  JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: '', sessions: [], memories });

describe('memories in export and import', () => {
  it('Export all carries every memory file, and Import puts them back in an empty database', async () => {
    const from = await freshDb();
    const memories = new MemoriesRepository(from, () => 5);
    await memories.write('person', [{ path: 'prefs.md', text: '- prefers metric units\n' }]);
    await memories.write('project:p1', [{ path: 'plan.md', text: 'Lisbon in May' }]);
    const { file: exported } = await exportSessions(from, 'all');
    expect(exported.memories).toHaveLength(2);
    // An export of chosen sessions is about them only.
    expect((await exportSessions(from, [])).file.memories).toBeUndefined();

    const to = await freshDb();
    const report = await importSessions(to, serializeExport(exported));
    expect(report).toEqual({ imported: [], problems: [], memories: 2 });
    expect(await new MemoriesRepository(to).list()).toEqual([
      { space: 'person', path: 'prefs.md', text: '- prefers metric units\n', updated: 5 },
      { space: 'project:p1', path: 'plan.md', text: 'Lisbon in May', updated: 5 },
    ]);
  });

  it('skips a bad memory record with a clear reason and imports the others', async () => {
    const db = await freshDb();
    const report = await importSessions(
      db,
      file([
        { space: 'person', path: '../../etc/passwd', text: 'x', updated: 1 },
        { space: 'someone', path: 'a.md', text: 'x', updated: 1 },
        { space: 'person', path: 'ok.md', text: 'kept', updated: 1 },
        'not a record',
      ]),
    );
    expect(report.memories).toBe(1);
    expect(report.problems).toHaveLength(3);
    expect(report.problems[0]).toMatch(/^Memory 1 of the file was skipped: it needs a space/);
    expect((await new MemoriesRepository(db).list()).map((r) => r.path)).toEqual(['ok.md']);
  });

  it('loses nothing: a file here with other text stays, and the file’s goes beside it', async () => {
    const db = await freshDb();
    const repo = new MemoriesRepository(db);
    await repo.write('person', [
      { path: 'prefs.md', text: 'here' },
      { path: 'same.md', text: 'same' },
    ]);
    const report = await importSessions(
      db,
      file([
        { space: 'person', path: 'prefs.md', text: 'from the file', updated: 1 },
        { space: 'person', path: 'same.md', text: 'same', updated: 1 },
      ]),
    );
    expect(report.memories).toBe(1);
    expect(report.problems).toEqual([
      "Memory prefs.md already exists here with other text, so the file's was imported as prefs (imported).md.",
    ]);
    const texts = Object.fromEntries((await repo.list()).map((r) => [r.path, r.text]));
    expect(texts).toEqual({ 'prefs.md': 'here', 'prefs (imported).md': 'from the file', 'same.md': 'same' });
  });

  it('refuses memories that are not a list, and imports the sessions', async () => {
    const report = await importSessions(await freshDb(), file({ not: 'a list' }));
    expect(report.problems).toEqual(['The memories of the file were skipped: they are not a list.']);
  });
});
