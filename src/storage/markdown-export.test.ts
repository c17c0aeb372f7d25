/** Tests for a session as Markdown: roles and times, folded thinking, summarised tools, files and artifacts. */
import { describe, expect, it } from 'vitest';
import type { AgentMessage, AssistantMessage } from '../agent';
import { sessionToMarkdown } from './markdown-export';
import type { SessionRecord } from './schema';

const T = Date.UTC(2026, 11, 2, 9, 30);
const session = { id: 's1', title: 'Cat picture', created: T, model: 'claude-opus-5-5' } as SessionRecord;

function assistant(
  content: AssistantMessage['content'],
  extra: Partial<AssistantMessage> = {},
): AssistantMessage {
  return {
    role: 'assistant',
    content,
    provider: 'anthropic',
    model: 'claude-opus-5-5',
    usage: {
      input: 1,
      output: 1,
      cacheRead: 0,
      cacheWrite: 0,
      totalTokens: 2,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
    },
    stopReason: 'stop',
    timestamp: T + 60_000,
    ...extra,
  } as AssistantMessage;
}

const messages: AgentMessage[] = [
  {
    role: 'user-with-attachments',
    text: 'Draw my cat',
    attachments: [
      { id: 'a', name: 'cat.png', mimeType: 'image/png', size: 4, kind: 'image', width: 1, height: 1 },
      {
        id: 'b',
        name: 'vet.xlsx',
        mimeType: 'text/markdown',
        size: 900,
        kind: 'text',
        summary: '2 sheets · about 225 tokens',
      },
    ],
    timestamp: T,
  },
  assistant([
    { type: 'thinking', thinking: 'A round cat.' },
    { type: 'text', text: 'Here it is.' },
    {
      type: 'toolCall',
      id: 't1',
      name: 'artifacts',
      arguments: { command: 'create', filename: 'cat.svg', content: '<svg/>' },
    },
  ]),
  {
    role: 'artifact',
    action: 'create',
    filename: 'cat.svg',
    content: '<svg/>',
    version: 1,
    author: 'model',
    toolCallId: 't1',
    timestamp: T + 61_000,
  },
  {
    role: 'toolResult',
    toolCallId: 't1',
    toolName: 'artifacts',
    content: [{ type: 'text', text: 'x'.repeat(700) }],
    isError: false,
    timestamp: T + 62_000,
  },
  {
    role: 'artifact',
    action: 'edit',
    filename: 'cat.svg',
    content: '<svg><circle r="4"/></svg>',
    version: 2,
    author: 'person',
    timestamp: T + 120_000,
  },
];

describe('sessionToMarkdown', () => {
  const markdown = sessionToMarkdown(
    session,
    messages.map((message) => ({ message })),
  );

  it('heads the document with the title, the date, the model and the count', () => {
    expect(markdown).toMatch(
      /^# Cat picture\n\n_Created 2026-12-02 09:30 UTC · model claude-opus-5-5 · 5 messages_\n\n/,
    );
  });

  it('gives each message its role and time, and lists the attachments with what was sent', () => {
    expect(markdown).toContain(
      '## You · 2026-12-02 09:30 UTC\n\nDraw my cat\n\n**Attached:**\n\n- `cat.png` — image/png, 4 bytes, 1 × 1\n- `vet.xlsx` — text/markdown, 900 bytes, 2 sheets · about 225 tokens',
    );
  });

  it('folds thinking, and summarises a tool call with a link to the file it wrote', () => {
    expect(markdown).toContain(
      '## Claude · 2026-12-02 09:31 UTC\n\n<details>\n<summary>Thinking</summary>\n\nA round cat.\n\n</details>\n\nHere it is.\n\n> **Tool call** `artifacts`: create [cat.svg](#artifact-1)',
    );
  });

  it('folds a tool result, cut with a count of what was left out', () => {
    expect(markdown).toContain(
      `<details>\n<summary>Result of \`artifacts\` · 2026-12-02 09:31 UTC</summary>\n\n\`\`\`text\n${'x'.repeat(600)}\n… (100 more characters)\n\`\`\`\n\n</details>`,
    );
  });

  it('says who changed a file, and ends with the latest version of every file', () => {
    expect(markdown).toContain('_Claude created [cat.svg](#artifact-1) (version 1) · 2026-12-02 09:31 UTC._');
    expect(markdown).toContain('_You edited [cat.svg](#artifact-1) (version 2) · 2026-12-02 09:32 UTC._');
    expect(markdown).toMatch(
      /## Files Claude wrote\n\n<a id="artifact-1"><\/a>\n\n### cat\.svg\n\n_Version 2, the latest._\n\n```svg\n<svg><circle r="4"\/><\/svg>\n```\n$/,
    );
  });

  it('marks an interrupted answer', () => {
    const text = sessionToMarkdown(session, [
      { message: assistant([{ type: 'text', text: 'You are wel' }]), partial: true },
    ]);
    expect(text).toContain('You are wel\n\n_(This answer was interrupted.)_');
  });
});
