/** Tests for `convertToLlm`: attachments, artifact records and notes about the person's edits. */
import { describe, expect, it } from 'vitest';
import type { AgentMessage, AssistantMessage, Message, ToolResultMessage, UserContent } from '../agent';
import { COMPACTION_HEADING, createConvertToLlm, latestCompaction } from './convert';
import { NOTE_CONTENT_LIMIT } from './notes';
import type { ArtifactMessage, AttachmentRecord, UserWithAttachmentsMessage } from './types';

const user = (text: string, timestamp = 1): AgentMessage => ({ role: 'user', content: text, timestamp });

function assistant(toolCallIds: readonly string[] = []): AssistantMessage {
  return {
    role: 'assistant',
    content: [
      { type: 'text', text: 'ok' },
      ...toolCallIds.map((id) => ({ type: 'toolCall' as const, id, name: 'artifacts', arguments: {} })),
    ],
    provider: 'test',
    model: 'm',
    usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    stopReason: toolCallIds.length > 0 ? 'toolUse' : 'stop',
    timestamp: 2,
  };
}

const result = (id: string): ToolResultMessage => ({
  role: 'toolResult',
  toolCallId: id,
  toolName: 'artifacts',
  content: [{ type: 'text', text: 'Created a.html' }],
  isError: false,
  timestamp: 3,
});

function artifact(extra: Partial<ArtifactMessage> = {}): ArtifactMessage {
  return {
    role: 'artifact',
    action: 'create',
    filename: 'index.html',
    content: '<p>hi</p>',
    version: 1,
    author: 'model',
    toolCallId: 'c1',
    timestamp: 4,
    ...extra,
  };
}

const edit = (content: string, version: number, filename = 'index.html') =>
  artifact({
    action: 'edit',
    author: 'person',
    content,
    version,
    filename,
    toolCallId: undefined,
    timestamp: 5,
  });

const noAttachments = async (): Promise<readonly UserContent[]> => [];
const convert = createConvertToLlm({ resolveAttachment: noAttachments });

const texts = (m: Message | undefined): string[] =>
  m?.role === 'user' && typeof m.content !== 'string'
    ? m.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`))
    : [];

describe('convertToLlm', () => {
  it('passes the three LLM roles through unchanged', async () => {
    const history = [user('hi'), assistant(['c1']), result('c1'), assistant()];
    expect(await convert(history)).toEqual(history);
  });

  it("drops the records of the model's own changes", async () => {
    const history = [user('make a page'), assistant(['c1']), result('c1'), artifact(), assistant()];
    expect(await convert(history)).toEqual([history[0], history[1], history[2], history[4]]);
  });

  it("turns the person's edit into a note at the start of their next message", async () => {
    const history = [user('make a page'), assistant(['c1']), result('c1'), artifact(), assistant()];
    const out = await convert([...history, edit('<p>mine</p>', 2), user('what do you think?')]);
    expect(out).toHaveLength(5);
    expect(texts(out[4])).toEqual([
      'The user edited index.html (now version 2); its content is now:\n\n```html\n<p>mine</p>\n```',
      'what do you think?',
    ]);
  });

  it('gives a note its own user message when the model is called before the person writes again', async () => {
    const out = await convert([user('go'), assistant(['c1']), result('c1'), edit('x', 2)]);
    expect(out.map((m) => m.role)).toEqual(['user', 'assistant', 'toolResult', 'user']);
    expect(texts(out[3])[0]).toMatch(/^The user edited index.html/);
    expect(out[3]?.timestamp).toBe(5);
  });

  it('never puts a note between tool calls and their results', async () => {
    const out = await convert([
      user('go'),
      assistant(['c1', 'c2']),
      result('c1'),
      edit('x', 2),
      result('c2'),
      assistant(),
    ]);
    expect(out.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'toolResult',
      'toolResult',
      'user',
      'assistant',
    ]);
  });

  it('keeps only the latest note for a file edited several times', async () => {
    const out = await convert([
      user('go'),
      assistant(),
      edit('first', 2),
      edit('other', 1, 'b.md'),
      edit('second', 3),
      user('done'),
    ]);
    const notes = texts(out[2]);
    expect(notes).toHaveLength(3);
    expect(notes[0]).toMatch(/^The user edited b.md/);
    expect(notes[1]).toMatch(/^The user edited index.html \(now version 3\).*second/s);
    expect(notes[2]).toBe('done');
  });

  it('says which version the person restored', async () => {
    const out = await convert([
      user('go'),
      assistant(),
      artifact({
        action: 'restore',
        author: 'person',
        content: 'old',
        version: 4,
        restoredFrom: 1,
        toolCallId: undefined,
      }),
      user('back to that'),
    ]);
    expect(texts(out[2])[0]).toBe(
      'The user restored version 1 of index.html (now version 4); its content is now:\n\n```html\nold\n```',
    );
  });

  it('gives the start of a huge file and asks the model to get the rest', async () => {
    const huge = 'x'.repeat(NOTE_CONTENT_LIMIT + 1);
    const out = await convert([user('go'), assistant(), edit(huge, 2), user('ok')]);
    const note = texts(out[2])[0] ?? '';
    expect(note).toMatch(/^The user edited index.html \(now version 2\); it is now 20,001 characters long\./);
    expect(note).toContain("use the artifacts tool's `get` command to read all of it");
    expect(note.length).toBeLessThan(3_000);
  });

  it('fences content that itself contains code fences', async () => {
    const out = await convert([user('go'), assistant(), edit('```js\nx\n```', 2, 'a.md'), user('ok')]);
    expect(texts(out[2])[0]).toContain('````md\n```js\nx\n```\n````');
  });

  it('turns a message with attachments into the attachments’ blocks followed by the text', async () => {
    const image: AttachmentRecord = {
      id: 'i1',
      name: 'cat.png',
      mimeType: 'image/png',
      size: 3,
      kind: 'image',
    };
    const notes: AttachmentRecord = {
      id: 't1',
      name: 'notes.txt',
      mimeType: 'text/plain',
      size: 3,
      kind: 'text',
    };
    const resolved: string[] = [];
    const convertWith = createConvertToLlm({
      resolveAttachment: async (a) => {
        resolved.push(a.id);
        return a.kind === 'image'
          ? [{ type: 'image', mimeType: 'image/png', data: 'AAA' }]
          : [{ type: 'text', text: `notes.txt:\nabc` }];
      },
    });
    const message: UserWithAttachmentsMessage = {
      role: 'user-with-attachments',
      text: 'look',
      attachments: [image, notes],
      timestamp: 9,
    };
    const out = await convertWith([message]);
    expect(out).toEqual([
      {
        role: 'user',
        content: [
          { type: 'image', mimeType: 'image/png', data: 'AAA' },
          { type: 'text', text: 'notes.txt:\nabc' },
          { type: 'text', text: 'look' },
        ],
        timestamp: 9,
      },
    ]);
    expect(resolved).toEqual(['i1', 't1']);
  });

  it('says an attachment could not be loaded when the resolver fails, and leaves out empty text', async () => {
    const convertWith = createConvertToLlm({
      resolveAttachment: async () => {
        throw new Error('gone');
      },
    });
    const out = await convertWith([
      {
        role: 'user-with-attachments',
        text: '',
        attachments: [{ id: 'x', name: 'a.pdf', mimeType: 'application/pdf', size: 1, kind: 'pdf' }],
        timestamp: 1,
      },
    ]);
    expect(texts(out[0])).toEqual(['[The attachment a.pdf could not be loaded.]']);
  });

  it('puts a pending note in front of a message with attachments', async () => {
    const out = await convert([
      user('go'),
      assistant(),
      edit('x', 2),
      { role: 'user-with-attachments', text: 'see', attachments: [], timestamp: 6 },
    ]);
    expect(texts(out[2])).toHaveLength(2);
    expect(texts(out[2])[1]).toBe('see');
  });
});

describe('compaction', () => {
  const noFiles = createConvertToLlm({ resolveAttachment: async () => [] });
  const summary = (text: string): AgentMessage => ({
    role: 'compaction',
    summary: text,
    compacted: 4,
    model: 'm',
    timestamp: 5,
  });

  it('sends the summary of an Easel compaction in place of the messages before it', async () => {
    const out = await noFiles([
      user('old question'),
      assistant(),
      summary('They talked about tomatoes.'),
      user('next'),
    ]);
    expect(out).toHaveLength(2);
    expect(out[0]).toEqual({
      role: 'user',
      content: [{ type: 'text', text: `${COMPACTION_HEADING}\n\nThey talked about tomatoes.` }],
      timestamp: 5,
    });
    expect(out[1]).toMatchObject({ role: 'user', content: 'next' });
  });

  it('starts at the answer holding the API compaction block, and keeps only the latest compaction', async () => {
    const compacted: AssistantMessage = {
      ...assistant(),
      content: [{ type: 'opaque', provider: 'anthropic', value: { type: 'compaction', content: 'Summary' } }],
    };
    const messages = [user('a'), summary('first'), user('b'), compacted, user('c')];
    expect(latestCompaction(messages)).toBe(3);
    const out = await noFiles(messages);
    expect(out.map((m) => m.role)).toEqual(['assistant', 'user']);
  });

  it('does not load the attachments of compacted messages', async () => {
    const loaded: string[] = [];
    const convert = createConvertToLlm({
      resolveAttachment: async (a) => {
        loaded.push(a.name);
        return [];
      },
    });
    const withFile = (name: string): UserWithAttachmentsMessage => ({
      role: 'user-with-attachments',
      text: 'see file',
      attachments: [{ id: name, name, mimeType: 'text/plain', size: 4, kind: 'text' }],
      timestamp: 1,
    });
    await convert([withFile('old.txt'), summary('s'), withFile('new.txt')]);
    expect(loaded).toEqual(['new.txt']);
  });

  it('ignores a failed API compaction (no content): nothing is left out', async () => {
    const failed: AssistantMessage = {
      ...assistant(),
      content: [{ type: 'opaque', provider: 'anthropic', value: { type: 'compaction', content: null } }],
    };
    expect(latestCompaction([user('a'), failed, user('b')])).toBe(0);
  });
});
