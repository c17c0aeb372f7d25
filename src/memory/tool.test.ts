import { describe, expect, it } from 'vitest';
import type { FileChange, MemoryFile, MemoryFiles } from './commands';
import { MAX_FILE_BYTES } from './commands';
import { parseMemoryDetails, undoWrite, writeState } from './details';
import { createMemoryTool, MAX_WRITES } from './tool';

/** Memory files kept in a map, as the repository keeps them (space, relative path). */
function memoryFiles(initial: Record<string, Record<string, string>> = {}) {
  const spaces = new Map(Object.entries(initial).map(([k, v]) => [k, new Map(Object.entries(v))]));
  const files: MemoryFiles & { text(space: string, path: string): string | undefined } = {
    async list(space: string): Promise<MemoryFile[]> {
      return [...(spaces.get(space) ?? new Map<string, string>())].map(([path, text]) => ({ path, text }));
    },
    async write(space: string, changes: readonly FileChange[]) {
      const files = spaces.get(space) ?? new Map<string, string>();
      spaces.set(space, files);
      for (const c of changes) {
        if (c.text === null) files.delete(c.path);
        else files.set(c.path, c.text);
      }
    },
    text: (space, path) => spaces.get(space)?.get(path),
  };
  return files;
}

function tool(files: MemoryFiles, scope: { project?: string } | 'off' = {}, now = () => 0) {
  const t = createMemoryTool({ files, scope: () => (scope === 'off' ? undefined : scope), now });
  return async (args: Record<string, unknown>) => {
    const result = await t.execute('id', args, new AbortController().signal, () => {});
    const first = result.content[0];
    return { text: first?.type === 'text' ? first.text : '', isError: result.isError === true, result };
  };
}

describe('memory tool', () => {
  it('is sent as the API’s memory tool', () => {
    const t = createMemoryTool({ files: memoryFiles(), scope: () => ({}) });
    expect(t.name).toBe('memory');
    expect(t.builtin).toBe('memory_20250818');
  });

  it('creates a file, lists it and shows it with line numbers', async () => {
    const run = tool(memoryFiles());
    expect(
      (await run({ command: 'create', path: '/memories/prefs.md', file_text: '- prefers metric units\n' }))
        .text,
    ).toBe('File created successfully at: /memories/prefs.md');
    const listing = await run({ command: 'view', path: '/memories' });
    expect(listing.text).toBe(
      "Here're the files and directories up to 2 levels deep in /memories, excluding hidden items and node_modules:\n23B\t/memories\n23B\t/memories/prefs.md",
    );
    expect((await run({ command: 'view', path: '/memories/prefs.md' })).text).toBe(
      "Here's the content of /memories/prefs.md with line numbers:\n     1\t- prefers metric units\n     2\t",
    );
  });

  it('says a missing path does not exist, as an error result', async () => {
    const run = tool(memoryFiles());
    const out = await run({ command: 'view', path: '/memories/nope.md' });
    expect(out).toMatchObject({
      isError: true,
      text: 'The path /memories/nope.md does not exist. Please provide a valid path.',
    });
  });

  it('refuses paths outside /memories and traversal, writing nothing', async () => {
    const files = memoryFiles();
    const run = tool(files);
    for (const path of [
      '/etc/passwd',
      '/memories/../secret',
      '/memories/a/./b',
      '/memoriesx',
      '/memories//a',
      '/memories/a\\b',
    ]) {
      const out = await run({ command: 'create', path, file_text: 'x' });
      expect(out.isError, path).toBe(true);
      expect(out.text).toMatch(/^Path (must start with \/memories|.* would escape \/memories directory)/);
    }
    expect(await files.list('person')).toEqual([]);
  });

  it('refuses a file over the size limit', async () => {
    const files = memoryFiles();
    const run = tool(files);
    const out = await run({
      command: 'create',
      path: '/memories/big.md',
      file_text: 'x'.repeat(MAX_FILE_BYTES + 1),
    });
    expect(out.isError).toBe(true);
    expect(out.text).toContain('a memory file may hold at most 100,000 bytes');
    expect(await files.list('person')).toEqual([]);
  });

  it('refuses a flood of writes, then writes again once the minute has passed', async () => {
    let now = 0;
    const run = tool(memoryFiles(), {}, () => now);
    for (let i = 0; i < MAX_WRITES; i++) {
      expect((await run({ command: 'create', path: `/memories/f${i}.md`, file_text: 'x' })).isError).toBe(
        false,
      );
    }
    const refused = await run({ command: 'create', path: '/memories/one-more.md', file_text: 'x' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/^Too many memory writes/);
    // Reading is never limited.
    expect((await run({ command: 'view', path: '/memories' })).isError).toBe(false);
    now = 60_001;
    expect((await run({ command: 'create', path: '/memories/one-more.md', file_text: 'x' })).isError).toBe(
      false,
    );
  });

  it('replaces a unique string and refuses an absent or repeated one', async () => {
    const files = memoryFiles({ person: { 'a.md': 'one\ntwo\ntwo\n' } });
    const run = tool(files);
    expect(
      (await run({ command: 'str_replace', path: '/memories/a.md', old_str: 'zero', new_str: 'x' })).text,
    ).toBe('No replacement was performed, old_str `zero` did not appear verbatim in /memories/a.md.');
    expect(
      (await run({ command: 'str_replace', path: '/memories/a.md', old_str: 'two', new_str: 'x' })).text,
    ).toBe(
      'No replacement was performed. Multiple occurrences of old_str `two` in lines: 2, 3. Please ensure it is unique',
    );
    const ok = await run({ command: 'str_replace', path: '/memories/a.md', old_str: 'one', new_str: 'uno' });
    expect(ok.text).toMatch(/^The memory file has been edited\./);
    expect(files.text('person', 'a.md')).toBe('uno\ntwo\ntwo\n');
  });

  it('inserts at a line and checks the line', async () => {
    const files = memoryFiles({ person: { 'a.md': 'one\nthree\n' } });
    const run = tool(files);
    expect(
      (await run({ command: 'insert', path: '/memories/a.md', insert_line: 5, insert_text: 'x' })).text,
    ).toBe('Invalid `insert_line` parameter: 5. It should be within the range [0, 2].');
    await run({ command: 'insert', path: '/memories/a.md', insert_line: 1, insert_text: 'two' });
    expect(files.text('person', 'a.md')).toBe('one\ntwo\nthree\n');
  });

  it('deletes and renames directories, never the root', async () => {
    const files = memoryFiles({ person: { 'work/a.md': 'a', 'work/b.md': 'b', 'c.md': 'c' } });
    const run = tool(files);
    expect((await run({ command: 'delete', path: '/memories' })).text).toBe(
      'Cannot delete the /memories directory itself',
    );
    expect(
      (await run({ command: 'rename', old_path: '/memories/work', new_path: '/memories/job' })).text,
    ).toBe('Successfully renamed /memories/work to /memories/job');
    expect((await files.list('person')).map((f) => f.path).sort()).toEqual(['c.md', 'job/a.md', 'job/b.md']);
    expect(
      (await run({ command: 'rename', old_path: '/memories/c.md', new_path: '/memories/job/a.md' })).text,
    ).toBe('The destination /memories/job/a.md already exists');
    expect((await run({ command: 'delete', path: '/memories/job' })).text).toBe(
      'Successfully deleted /memories/job',
    );
    expect((await files.list('person')).map((f) => f.path)).toEqual(['c.md']);
  });

  it('shows a project chat its project’s memory under /memories/project', async () => {
    const files = memoryFiles({ person: { 'me.md': 'metric' }, 'project:p1': { 'goals.md': 'ship' } });
    const run = tool(files, { project: 'p1' });
    const listing = (await run({ command: 'view', path: '/memories' })).text;
    expect(listing).toContain('/memories/me.md');
    expect(listing).toContain('/memories/project/goals.md');
    await run({ command: 'create', path: '/memories/project/notes.md', file_text: 'n' });
    expect(files.text('project:p1', 'notes.md')).toBe('n');
    // A chat outside the project does not see it, and cannot write there.
    const outside = tool(files, {});
    expect((await outside({ command: 'view', path: '/memories' })).text).not.toContain('project');
    expect((await outside({ command: 'view', path: '/memories/project/goals.md' })).isError).toBe(true);
  });

  it('answers with an error when memory is off for the chat', async () => {
    const files = memoryFiles({ person: { 'me.md': 'metric' } });
    const out = await tool(files, 'off')({ command: 'view', path: '/memories' });
    expect(out).toMatchObject({
      isError: true,
      text: 'Memory is switched off for this chat: nothing was read or written.',
    });
  });

  it('reports each write with a summary and an undo that restores the files', async () => {
    const files = memoryFiles({ person: { 'me.md': 'likes tea\n' } });
    const run = tool(files);
    const created = await run({
      command: 'create',
      path: '/memories/units.md',
      file_text: '# Units\n- prefers metric units\n',
    });
    const write = parseMemoryDetails(created.result.details);
    expect(write?.summary).toBe('Units');
    const edited = await run({
      command: 'str_replace',
      path: '/memories/me.md',
      old_str: 'tea',
      new_str: 'green tea',
    });
    const edit = parseMemoryDetails(edited.result.details);
    expect(edit?.summary).toBe('green tea');
    expect(await writeState(files, edit!)).toBe('applied');
    expect(await undoWrite(files, edit!)).toBe('applied');
    expect(await undoWrite(files, write!)).toBe('applied');
    expect(files.text('person', 'me.md')).toBe('likes tea\n');
    expect(files.text('person', 'units.md')).toBeUndefined();
    expect(await writeState(files, edit!)).toBe('undone');
  });

  it('undoes a write once: a card shown again (a reload, another tab) finds it undone and writes nothing', async () => {
    const files = memoryFiles();
    const run = tool(files);
    const first = parseMemoryDetails(
      (await run({ command: 'create', path: '/memories/units.md', file_text: 'metric\n' })).result.details,
    )!;
    expect(await undoWrite(files, first)).toBe('applied');
    // Claude remembers it again later in the chat; the first card's Undo must not delete the new file.
    await run({ command: 'create', path: '/memories/units.md', file_text: 'metric\n' });
    expect(await writeState(files, first)).toBe('applied');
    await run({ command: 'str_replace', path: '/memories/units.md', old_str: 'metric', new_str: 'imperial' });
    expect(await writeState(files, first)).toBe('changed');
    expect(await undoWrite(files, first)).toBe('changed');
    expect(files.text('person', 'units.md')).toBe('imperial\n');
  });

  it('reads where a rename across spaces and a delete stand', async () => {
    const files = memoryFiles({ person: { 'a.md': 'A' }, 'project:p1': {} });
    const run = tool(files, { project: 'p1' });
    const moved = parseMemoryDetails(
      (await run({ command: 'rename', old_path: '/memories/a.md', new_path: '/memories/project/b.md' }))
        .result.details,
    )!;
    expect(await writeState(files, moved)).toBe('applied');
    const gone = parseMemoryDetails(
      (await run({ command: 'delete', path: '/memories/project/b.md' })).result.details,
    )!;
    expect(await writeState(files, moved)).toBe('changed');
    expect(await undoWrite(files, gone)).toBe('applied');
    expect(await undoWrite(files, moved)).toBe('applied');
    expect(files.text('person', 'a.md')).toBe('A');
    expect(files.text('project:p1', 'b.md')).toBeUndefined();
  });

  it('may undo a write stored before its state was kept', async () => {
    const files = memoryFiles({ person: { 'a.md': 'new' } });
    const old = parseMemoryDetails({
      write: {
        kind: 'edit',
        summary: 'new',
        undo: [{ space: 'person', changes: [{ path: 'a.md', text: 'old' }] }],
      },
    })!;
    expect(await undoWrite(files, old)).toBe('applied');
    expect(files.text('person', 'a.md')).toBe('old');
    expect(await writeState(files, old)).toBe('undone');
  });

  it('reads back no write from details that do not check', () => {
    expect(parseMemoryDetails({ write: { kind: 'create', summary: 1, undo: [] } })).toBeUndefined();
    expect(parseMemoryDetails({ write: { kind: 'x', summary: 's', undo: [] } })).toBeUndefined();
    expect(
      parseMemoryDetails({ write: { kind: 'edit', summary: 's', undo: [], done: [{ space: 1 }] } }),
    ).toBe(undefined);
    expect(parseMemoryDetails(undefined)).toBeUndefined();
  });
});
