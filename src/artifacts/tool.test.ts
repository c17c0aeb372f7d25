import { describe, expect, it } from 'vitest';
import { loadValidator, validateToolArguments } from '../agent';
import { deferred } from '../agent/test-support';
import type { PreviewLog } from './preview-log';
import { toolHarness } from './test-support';
import { MAX_CONTENT_CHARS } from './tool';

const settled = (entries: PreviewLog['entries'] = []): PreviewLog => ({
  entries,
  dropped: 0,
  errorCount: entries.filter((e) => e.level === 'error').length,
  status: 'settled',
});

describe('the artifacts tool', () => {
  it('is sequential, so changes to files never race', () => {
    const { tool } = toolHarness();
    expect(tool.name).toBe('artifacts');
    expect(tool.executionMode).toBe('sequential');
  });

  it('describes when to create a file, how to update, self-contained HTML and logs, once prepared', async () => {
    const { tool } = toolHarness();
    await tool.prepare();
    expect(tool.description).toMatch(/When to use it/);
    expect(tool.description).toMatch(/old_str must be copied exactly/);
    expect(tool.description).toMatch(/exactly once/);
    expect(tool.description).toMatch(/rewrite: replace the whole content/);
    expect(tool.description).toMatch(/no network access/);
    expect(tool.description).toMatch(/React components \(.jsx, .tsx\) run/);
    expect(tool.description).toMatch(/logs: read the console output/);
    expect(tool.description).toMatch(/window\.storage\.get\(key, shared\?\)/);
    expect(tool.description).toMatch(/window\.fs\.readFile\(name, \{ encoding: 'utf8' \}\)/);
    expect(tool.description).toMatch(/window\.claude\.complete\(prompt\)/);
  });

  it('has a schema that rejects unknown commands and extra arguments', async () => {
    await loadValidator();
    const { tool } = toolHarness();
    const valid = (args: Record<string, unknown>) => validateToolArguments(tool, args).ok;
    expect(valid({ command: 'create', filename: 'a.md', content: 'x' })).toBe(true);
    expect(valid({ command: 'move', filename: 'a.md' })).toBe(false);
    expect(valid({ command: 'get', filename: 'a.md', path: 'x' })).toBe(false);
    expect(valid({ command: 'get' })).toBe(false);
  });

  describe('create', () => {
    it('creates version 1 and appends a record with the full content', async () => {
      const { run, store, records } = toolHarness();
      const result = await run({ command: 'create', filename: 'notes.md', content: '# Hi' });
      expect(result.isError).toBeUndefined();
      expect(result.text).toBe(
        'Created notes.md (version 1, 4 characters). It is shown as formatted Markdown.',
      );
      expect(result.details).toEqual({ command: 'create', filename: 'notes.md', version: 1 });
      expect(records).toEqual([
        {
          role: 'artifact',
          action: 'create',
          filename: 'notes.md',
          content: '# Hi',
          version: 1,
          author: 'model',
          toolCallId: 'call-1',
          timestamp: 10_000,
        },
      ]);
      expect(store.get('notes.md')?.current.content).toBe('# Hi');
    });

    it('refuses an existing file and points to update and rewrite', async () => {
      const { run, records } = toolHarness();
      await run({ command: 'create', filename: 'a.md', content: 'x' });
      const result = await run({ command: 'create', filename: 'a.md', content: 'y' });
      expect(result.isError).toBe(true);
      expect(result.text).toBe(
        'a.md already exists (version 1). Use `update` to change part of it or `rewrite` to replace all of it, ' +
          'or choose another filename.',
      );
      expect(records).toHaveLength(1);
    });

    it('needs content', async () => {
      const { run } = toolHarness();
      const result = await run({ command: 'create', filename: 'a.md' });
      expect(result.text).toBe('`create` needs `content`: the full content of the new file.');
      expect(result.isError).toBe(true);
    });

    it('refuses a name with a folder, and says what a good name looks like', async () => {
      const { run } = toolHarness();
      const result = await run({ command: 'create', filename: 'src/a.js', content: '' });
      expect(result.text).toBe(
        'The filename contains a slash; artifacts have no folders. Use a plain name with an extension, like index.html.',
      );
    });

    it('refuses a name with a bidi override, naming the code point and how to fix it', async () => {
      const { run, records, store } = toolHarness();
      const result = await run({ command: 'create', filename: 'invoice\u202Elmth.txt', content: 'x' });
      expect(result.text).toBe(
        'The filename contains U+202E RIGHT-TO-LEFT OVERRIDE, an invisible formatting character that can make ' +
          'a name look like another; remove it and use visible characters only. Use a plain name with an ' +
          'extension, like index.html.',
      );
      expect(records).toEqual([]);
      expect(store.list()).toEqual([]);
    });

    it('refuses content past the size limit', async () => {
      const { run, records } = toolHarness();
      const result = await run({
        command: 'create',
        filename: 'big.txt',
        content: 'x'.repeat(MAX_CONTENT_CHARS + 1),
      });
      expect(result.isError).toBe(true);
      expect(result.text).toBe(
        'The content would be 2,000,001 characters; a file may have at most 2,000,000 characters. Split it into several files.',
      );
      expect(records).toEqual([]);
    });

    it('returns the console and errors of an HTML page once it has loaded', async () => {
      const ran: string[] = [];
      const { run } = toolHarness({
        runPreview: async (filename, content) => {
          ran.push(`${filename}:${content}`);
          return settled([
            { level: 'log', origin: 'console', text: 'hello' },
            { level: 'error', origin: 'error', text: 'Uncaught Error: boom (line 3, column 9)' },
          ]);
        },
      });
      const result = await run({ command: 'create', filename: 'index.html', content: '<p>x</p>' });
      expect(ran).toEqual(['index.html:<p>x</p>']);
      expect(result.text).toBe(
        'Created index.html (version 1, 8 characters).\n' +
          'Preview: the page loaded. 1 error. Console:\n' +
          '[log] hello\n' +
          '[error] Uncaught Error: boom (line 3, column 9)',
      );
      expect(result.details?.log?.errorCount).toBe(1);
    });

    it('says so when an HTML page printed nothing', async () => {
      const { run } = toolHarness({ runPreview: async () => settled() });
      const result = await run({ command: 'create', filename: 'a.svg', content: '<svg/>' });
      expect(result.text).toBe(
        'Created a.svg (version 1, 6 characters).\nPreview: the page loaded. No console output and no errors.',
      );
    });

    it('does not preview files that do not run', async () => {
      const { run } = toolHarness({
        runPreview: () => {
          throw new Error('must not run');
        },
      });
      const result = await run({ command: 'create', filename: 'a.js', content: 'x()' });
      expect(result.text).toBe(
        'Created a.js (version 1, 3 characters). It is shown as code and does not run: only HTML pages, SVG images and React components (.jsx, .tsx) run.',
      );
    });

    it('keeps the change when the run is stopped while the page loads', async () => {
      const controller = new AbortController();
      const started = deferred();
      const { run, store } = toolHarness({
        runPreview: (_f, _c, signal) =>
          new Promise((resolve) => {
            started.resolve();
            signal.addEventListener('abort', () =>
              resolve({ entries: [], dropped: 0, errorCount: 0, status: 'aborted' }),
            );
          }),
      });
      const pending = run({ command: 'create', filename: 'a.html', content: 'x' }, controller.signal);
      await started.promise;
      controller.abort();
      const result = await pending;
      expect(result.text).toBe(
        'Created a.html (version 1, 1 character).\nPreview: stopped before the page finished loading.',
      );
      expect(store.get('a.html')?.current.content).toBe('x');
    });
  });

  describe('update', () => {
    const page = '<ul>\n  <li>one</li>\n  <li>two</li>\n</ul>\n';

    it('replaces the one occurrence of old_str and makes a new version', async () => {
      const { run, store, records } = toolHarness();
      await run({ command: 'create', filename: 'list.html', content: page });
      const result = await run({
        command: 'update',
        filename: 'list.html',
        old_str: '<li>two</li>',
        new_str: '<li>2</li>',
      });
      expect(result.text).toBe('Updated list.html (version 2, 39 characters).');
      expect(store.get('list.html')?.current.content).toBe(page.replace('two', '2'));
      expect(records.map((r) => [r.action, r.version])).toEqual([
        ['create', 1],
        ['update', 2],
      ]);
    });

    it('deletes old_str when new_str is empty', async () => {
      const { run, store } = toolHarness();
      await run({ command: 'create', filename: 'a.txt', content: 'keep drop keep' });
      await run({ command: 'update', filename: 'a.txt', old_str: ' drop', new_str: '' });
      expect(store.get('a.txt')?.current.content).toBe('keep keep');
    });

    it('treats $ patterns in new_str literally', async () => {
      const { run, store } = toolHarness();
      await run({ command: 'create', filename: 'a.js', content: 'let price = X;' });
      await run({ command: 'update', filename: 'a.js', old_str: 'X', new_str: "'$&$1'" });
      expect(store.get('a.js')?.current.content).toBe("let price = '$&$1';");
    });

    it('lists the files when the file does not exist', async () => {
      const { run } = toolHarness();
      await run({ command: 'create', filename: 'a.md', content: 'x' });
      await run({ command: 'create', filename: 'b.md', content: 'x' });
      const result = await run({ command: 'update', filename: 'c.md', old_str: 'x', new_str: 'y' });
      expect(result.isError).toBe(true);
      expect(result.text).toBe('There is no file named c.md. Files: a.md, b.md. Check the name.');
    });

    it('says there are no files yet when there are none', async () => {
      const { run } = toolHarness();
      const result = await run({ command: 'update', filename: 'c.md', old_str: 'x', new_str: 'y' });
      expect(result.text).toBe('There is no file named c.md. There are no files yet.');
    });

    it('needs old_str and new_str', async () => {
      const { run } = toolHarness();
      await run({ command: 'create', filename: 'a.md', content: 'x' });
      expect((await run({ command: 'update', filename: 'a.md', new_str: 'y' })).text).toBe(
        '`update` needs `old_str`: the exact text to replace, which must occur once.',
      );
      expect((await run({ command: 'update', filename: 'a.md', old_str: '', new_str: 'y' })).text).toBe(
        '`update` needs `old_str`: the exact text to replace, which must occur once.',
      );
      expect((await run({ command: 'update', filename: 'a.md', old_str: 'x' })).text).toBe(
        '`update` needs `new_str`: the replacement text (empty to delete old_str).',
      );
    });

    it('shows the closest line when old_str is not in the file', async () => {
      const { run, records } = toolHarness();
      await run({ command: 'create', filename: 'list.html', content: page });
      const result = await run({
        command: 'update',
        filename: 'list.html',
        old_str: '<li>tow</li>',
        new_str: '',
      });
      expect(result.isError).toBe(true);
      expect(result.text).toBe(
        'old_str was not found in list.html. The closest line is line 3:\n  <li>two</li>\n' +
          'Use `get` to read the current content, then copy old_str from it exactly.',
      );
      expect(records).toHaveLength(1);
    });

    it('says when old_str differs from the file only in whitespace', async () => {
      const { run } = toolHarness();
      await run({ command: 'create', filename: 'list.html', content: page });
      const result = await run({
        command: 'update',
        filename: 'list.html',
        old_str: '<li>one</li>\n<li>two</li>',
        new_str: '',
      });
      expect(result.text).toBe(
        'old_str was not found in list.html. It matches only if whitespace is ignored: the indentation or line ' +
          'breaks differ. The file has, from line 2:\n  <li>one</li>\n  <li>two</li>\n' +
          'Use `get` to read the current content, then copy old_str from it exactly.',
      );
    });

    it('says when nothing resembles old_str', async () => {
      const { run } = toolHarness();
      await run({ command: 'create', filename: 'list.html', content: page });
      const result = await run({
        command: 'update',
        filename: 'list.html',
        old_str: 'zzzz qqqq',
        new_str: '',
      });
      expect(result.text).toBe(
        'old_str was not found in list.html. No line of the file resembles the first line of old_str. ' +
          'Use `get` to read the current content, then copy old_str from it exactly.',
      );
    });

    it('says where old_str occurs when it is not unique', async () => {
      const { run } = toolHarness();
      await run({ command: 'create', filename: 'list.html', content: page });
      const result = await run({
        command: 'update',
        filename: 'list.html',
        old_str: '<li>',
        new_str: '<li class="x">',
      });
      expect(result.isError).toBe(true);
      expect(result.text).toBe(
        'old_str occurs 2 times in list.html (at lines 2 and 3). Add surrounding lines to old_str so that it ' +
          'matches exactly once, or use `rewrite`.',
      );
    });

    it('counts overlapping occurrences as not unique', async () => {
      const { run } = toolHarness();
      await run({ command: 'create', filename: 'a.txt', content: 'aaa' });
      const result = await run({ command: 'update', filename: 'a.txt', old_str: 'aa', new_str: 'b' });
      expect(result.text).toMatch(/^old_str occurs 2 times in a.txt/);
    });

    it('returns the console of the updated page', async () => {
      const { run } = toolHarness({
        runPreview: async (_f, content) => settled([{ level: 'log', origin: 'console', text: content }]),
      });
      await run({ command: 'create', filename: 'a.html', content: 'one' });
      const result = await run({ command: 'update', filename: 'a.html', old_str: 'one', new_str: 'two' });
      expect(result.text).toBe(
        'Updated a.html (version 2, 3 characters).\nPreview: the page loaded. Console:\n[log] two',
      );
    });
  });

  describe('rewrite', () => {
    it('replaces the whole content as a new version', async () => {
      const { run, store } = toolHarness();
      await run({ command: 'create', filename: 'a.md', content: 'old' });
      const result = await run({ command: 'rewrite', filename: 'a.md', content: 'new!' });
      expect(result.text).toBe('Rewrote a.md (version 2, 4 characters). It is shown as formatted Markdown.');
      expect(store.get('a.md')?.versions.map((v) => v.content)).toEqual(['old', 'new!']);
    });

    it('points to create when the file does not exist', async () => {
      const { run } = toolHarness();
      const result = await run({ command: 'rewrite', filename: 'a.md', content: 'x' });
      expect(result.text).toBe(
        'There is no file named a.md. There are no files yet. Use `create` to make a new file.',
      );
    });

    it('needs content', async () => {
      const { run } = toolHarness();
      await run({ command: 'create', filename: 'a.md', content: 'x' });
      expect((await run({ command: 'rewrite', filename: 'a.md' })).text).toBe(
        '`rewrite` needs `content`: the full new content of the file.',
      );
    });
  });

  describe('get', () => {
    it('returns the current content with its version', async () => {
      const { run, records } = toolHarness();
      await run({ command: 'create', filename: 'a.md', content: 'hello' });
      const result = await run({ command: 'get', filename: 'a.md' });
      expect(result.text).toBe('a.md (version 1, 5 characters):\n\nhello');
      expect(records).toHaveLength(1);
    });

    it('lists the files when the file does not exist', async () => {
      const { run } = toolHarness();
      await run({ command: 'create', filename: 'a.md', content: 'x' });
      expect((await run({ command: 'get', filename: 'b.md' })).text).toBe(
        'There is no file named b.md. Files: a.md. Check the name.',
      );
    });
  });

  describe('delete', () => {
    it('removes the file and records the deletion', async () => {
      const { run, store, records } = toolHarness();
      await run({ command: 'create', filename: 'a.md', content: 'x' });
      await run({ command: 'create', filename: 'b.md', content: 'y' });
      const result = await run({ command: 'delete', filename: 'a.md' });
      expect(result.text).toBe('Deleted a.md. Files: b.md.');
      expect(store.get('a.md')).toBeUndefined();
      expect(records.at(-1)).toMatchObject({ action: 'delete', filename: 'a.md', content: '', version: 2 });
    });

    it('says when no files are left', async () => {
      const { run } = toolHarness();
      await run({ command: 'create', filename: 'a.md', content: 'x' });
      expect((await run({ command: 'delete', filename: 'a.md' })).text).toBe(
        'Deleted a.md. No files are left.',
      );
    });

    it('lists the files when the file does not exist', async () => {
      const { run } = toolHarness();
      expect((await run({ command: 'delete', filename: 'a.md' })).text).toBe(
        'There is no file named a.md. There are no files yet.',
      );
    });
  });

  describe('logs', () => {
    it('returns the latest console of the page', async () => {
      const { run } = toolHarness({
        getLogs: () => ({
          entries: [{ level: 'warn', origin: 'console', text: 'careful' }],
          dropped: 0,
          errorCount: 0,
          status: 'live',
        }),
      });
      await run({ command: 'create', filename: 'a.html', content: 'x' });
      expect((await run({ command: 'logs', filename: 'a.html' })).text).toBe(
        'a.html (version 1). Preview (as the person sees it now): Console:\n[warn] careful',
      );
    });

    it('says when the page has not been previewed', async () => {
      const { run } = toolHarness();
      await run({ command: 'create', filename: 'a.html', content: 'x' });
      expect((await run({ command: 'logs', filename: 'a.html' })).text).toBe(
        'a.html has not been previewed yet, so there is no console output.',
      );
    });

    it('refuses files that do not run', async () => {
      const { run } = toolHarness();
      await run({ command: 'create', filename: 'a.md', content: 'x' });
      const result = await run({ command: 'logs', filename: 'a.md' });
      expect(result.isError).toBe(true);
      expect(result.text).toBe(
        'a.md does not run in a preview, so it has no console: only HTML pages, SVG images and React components (.jsx, .tsx) run.',
      );
    });

    it('lists the files when the file does not exist', async () => {
      const { run } = toolHarness();
      expect((await run({ command: 'logs', filename: 'a.html' })).text).toBe(
        'There is no file named a.html. There are no files yet.',
      );
    });
  });
});
