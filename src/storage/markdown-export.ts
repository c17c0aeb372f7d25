/** One session as a Markdown document a person can read anywhere (not meant to be imported back). */

import { type AgentMessage, type AssistantMessage, formatBytes } from '../agent';
import type { SessionRecord } from './schema';
import type { ExportedMessage } from './transfer';

const MAX_TOOL_RESULT = 4000;

/** The session as Markdown: a heading per message, artifacts as fenced files, tool calls as JSON. */
export function sessionToMarkdown(session: SessionRecord, messages: readonly ExportedMessage[]): string {
  const title = session.title || 'Untitled session';
  const meta = [`Created ${new Date(session.created).toISOString().slice(0, 16).replace('T', ' ')} UTC`];
  if (session.model) meta.push(`model ${session.model}`);
  const parts = [`# ${title}`, `_${meta.join(' · ')}_`];
  for (const { message, partial } of messages) {
    const body = messageToMarkdown(message, partial === true);
    if (body) parts.push(body);
  }
  return `${parts.join('\n\n')}\n`;
}

function messageToMarkdown(message: AgentMessage, partial: boolean): string {
  switch (message.role) {
    case 'user':
      return section(
        'You',
        typeof message.content === 'string'
          ? message.content
          : message.content
              .map((b) => (b.type === 'text' ? b.text : `_[${b.type}: ${b.mimeType}]_`))
              .join('\n\n'),
      );
    case 'user-with-attachments': {
      const files = message.attachments
        .map((a) => `- ${a.name} (${a.mimeType}, ${formatBytes(a.size)})`)
        .join('\n');
      return section('You', [message.text, files ? `Attached:\n${files}` : ''].filter(Boolean).join('\n\n'));
    }
    case 'assistant':
      return section('Claude', assistantBody(message, partial));
    case 'toolResult': {
      const text = message.content
        .map((b) => (b.type === 'text' ? b.text : `[image: ${b.mimeType}]`))
        .join('\n');
      const clipped = text.length > MAX_TOOL_RESULT ? `${text.slice(0, MAX_TOOL_RESULT)}\n…` : text;
      return section(
        `Tool result: ${message.toolName}${message.isError ? ' (error)' : ''}`,
        fence(clipped, 'text'),
      );
    }
    case 'artifact': {
      const heading = `Artifact ${message.filename} (${message.action}, version ${message.version})`;
      return section(
        heading,
        message.action === 'delete' ? '_Deleted._' : fence(message.content, extensionOf(message.filename)),
      );
    }
    default:
      return unknownKind(message);
  }
}

function assistantBody(message: AssistantMessage, partial: boolean): string {
  const blocks = message.content.map((block) => {
    switch (block.type) {
      case 'text':
        return block.text;
      case 'toolCall':
        return `Tool call \`${block.name}\`:\n\n${fence(JSON.stringify(block.arguments, null, 2), 'json')}`;
      case 'thinking':
      case 'redactedThinking':
      case 'opaque':
        return '';
      default:
        return unknownBlock(block);
    }
  });
  const notes: string[] = [];
  if (partial) notes.push('_(This answer was interrupted.)_');
  else if (message.stopReason === 'error' || message.stopReason === 'aborted') {
    notes.push(`_(${message.errorMessage ?? (message.stopReason === 'aborted' ? 'Stopped.' : 'Failed.')})_`);
  }
  return [...blocks, ...notes].filter((b) => b.length > 0).join('\n\n');
}

function section(heading: string, body: string): string {
  return body ? `## ${heading}\n\n${body}` : `## ${heading}`;
}

/** A fenced block whose fence is longer than any run of backticks inside. */
function fence(text: string, info: string): string {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const marks = '`'.repeat(Math.max(3, longest + 1));
  return `${marks}${info}\n${text}\n${marks}`;
}

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
}

/** Compile-time exhaustiveness; at run time an unknown kind is left out. */
function unknownKind(_message: never): string {
  return '';
}

function unknownBlock(_block: never): string {
  return '';
}
