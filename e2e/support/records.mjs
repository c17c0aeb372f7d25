// Made-up records in the app's own shapes, for tests and benchmarks that put sessions before the app without
// a conversation: messages as src/messages defines them, sessions as an export file holds them (src/storage).
// Plain JavaScript, so the benchmarks import it with Node alone; code that runs in a page takes a record made
// here as an argument and fills it in.

/** The usage a made-up answer reports unless told otherwise. */
export const usage = { input: 10, output: 5, cacheRead: 0, cacheWrite: 0 };

/**
 * A message from the person.
 * @param {string} text
 * @param {number} timestamp
 */
export const userMessage = (text, timestamp) => ({ role: 'user', content: text, timestamp });

/**
 * A finished answer from Claude: one text block.
 * @param {string} text
 * @param {number} timestamp
 * @param {object} [answerUsage] the usage it reports (`usage` above by default)
 */
export const assistantMessage = (text, timestamp, answerUsage = usage) => ({
  role: 'assistant',
  content: [{ type: 'text', text }],
  provider: 'anthropic',
  model: 'claude-sonnet-4-6',
  usage: answerUsage,
  stopReason: 'stop',
  timestamp,
});

/**
 * A session's record, for `messageCount` messages that report `usage` between them.
 * @param {{ id: string, title: string, created: number, updated: number, messageCount: number, preview?: string }} fields
 */
export const sessionRecord = ({ id, title, created, updated, messageCount, preview = title }) => ({
  id,
  title,
  created,
  updated,
  model: 'claude-sonnet-4-6',
  thinkingLevel: 'off',
  messageCount,
  tokens: usage,
  cost: 0,
  preview,
});

/**
 * The text of an export file (Settings → Import) holding `sessions`.
 * @param {{ session: object, messages: { message: object }[], attachments: object[] }[]} sessions
 * @param {string} [exportedAt]
 */
export const exportFileText = (sessions, exportedAt = '2026-11-30T10:00:00.000Z') =>
  JSON.stringify({ format: 'easel-export', version: 1, exportedAt, sessions });
