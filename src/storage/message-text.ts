/** The words of a message, as search, titles and previews see them. */

import type { AgentMessage } from '../agent';

/** Longest text kept per message for search; the start of a very long answer is what people look for. */
export const MAX_SEARCH_TEXT = 20_000;
export const MAX_TITLE = 60;
export const MAX_PREVIEW = 120;

/**
 * The searchable text of a message: what the person wrote (and the names of the files they attached), the
 * model's answer text (not its thinking), and an artifact's file name. Tool results are not searched.
 */
export function textOf(message: AgentMessage): string {
  return clip(rawTextOf(message), MAX_SEARCH_TEXT);
}

/** A title from a user message: its first non-empty line, at most 60 characters; `''` for other kinds. */
export function titleFrom(message: AgentMessage): string {
  if (message.role !== 'user' && message.role !== 'user-with-attachments') return '';
  const text = rawTextOf(message);
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0);
  return line ? ellipsize(line.replace(/\s+/g, ' '), MAX_TITLE) : '';
}

/** A one-line preview of a user or assistant message; `''` for other kinds. */
export function previewOf(message: AgentMessage): string {
  const conversational =
    message.role === 'user' || message.role === 'user-with-attachments' || message.role === 'assistant';
  if (!conversational) return '';
  return ellipsize(
    rawTextOf(message)
      .slice(0, MAX_PREVIEW * 4)
      .replace(/\s+/g, ' ')
      .trim(),
    MAX_PREVIEW,
  );
}

function rawTextOf(message: AgentMessage): string {
  switch (message.role) {
    case 'user':
      return typeof message.content === 'string'
        ? message.content
        : message.content
            .map((block) => {
              if (block.type === 'text') return block.text;
              if (block.type === 'document') return block.title ?? '';
              return '';
            })
            .filter((t) => t.length > 0)
            .join('\n');
    case 'user-with-attachments':
      return [message.text, ...message.attachments.map((a) => a.name)].filter((t) => t.length > 0).join('\n');
    case 'assistant':
      return message.content
        .map((block) => (block.type === 'text' ? block.text : ''))
        .filter((t) => t.length > 0)
        .join('\n');
    case 'artifact':
      return message.filename;
    case 'compaction':
      return message.summary;
    case 'toolResult':
      return '';
    default:
      return unknownKind(message);
  }
}

/** Compile-time exhaustiveness (a new message kind must be handled above); at run time it has no text. */
function unknownKind(_message: never): string {
  return '';
}

function clip(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) : text;
}

function ellipsize(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
