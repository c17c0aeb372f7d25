/**
 * One session as a Markdown document a person can read anywhere (not meant to be imported back): each message
 * headed by its role and time, thinking folded in `<details>`, tool calls and their results summarised,
 * attachments listed, and every file Claude wrote linked to its latest version at the end of the document.
 */

import { type AgentMessage, type AssistantMessage, formatBytes, type ToolCall } from '../agent';
import type { SessionRecord } from './schema';
import type { ExportedMessage } from './transfer';

/** Characters of a tool result kept; the rest is counted. */
const MAX_TOOL_RESULT = 600;
/** Characters of a tool call's arguments kept on its one line. */
const MAX_ARGUMENTS = 200;

/** The session as Markdown. */
export function sessionToMarkdown(session: SessionRecord, messages: readonly ExportedMessage[]): string {
  const title = session.title || 'Untitled session';
  const meta = [`Created ${timeOf(session.created)}`];
  if (session.model) meta.push(`model ${session.model}`);
  meta.push(`${messages.length} ${messages.length === 1 ? 'message' : 'messages'}`);
  const artifacts = latestArtifacts(messages);
  const parts = [`# ${escapeHeading(title)}`, `_${meta.join(' · ')}_`];
  for (const { message, partial } of messages) {
    const body = messageToMarkdown(message, partial === true, artifacts);
    if (body) parts.push(body);
  }
  if (artifacts.size > 0) parts.push(artifactsSection(artifacts));
  return `${parts.join('\n\n')}\n`;
}

type AttachmentRecord = Extract<AgentMessage, { role: 'user-with-attachments' }>['attachments'][number];

type Latest = Map<
  string,
  {
    readonly content: string;
    readonly version: number;
    readonly deleted: boolean;
    /** A binary file's type and size (its bytes are in the zip's `artifacts/`, not in the Markdown). */
    readonly binary?: { readonly mimeType: string; readonly size: number };
  }
>;

function latestArtifacts(messages: readonly ExportedMessage[]): Latest {
  const latest: Latest = new Map();
  for (const { message } of messages) {
    if (message.role !== 'artifact') continue;
    latest.set(message.filename, {
      content: message.content,
      version: message.version,
      deleted: message.action === 'delete',
      ...(message.bytes === undefined
        ? {}
        : {
            binary: {
              mimeType: message.mimeType ?? 'application/octet-stream',
              size: message.bytes.byteLength,
            },
          }),
    });
  }
  return latest;
}

function messageToMarkdown(message: AgentMessage, partial: boolean, artifacts: Latest): string {
  switch (message.role) {
    case 'user':
      return section(
        'You',
        message.timestamp,
        typeof message.content === 'string'
          ? message.content
          : message.content
              .map((b) => (b.type === 'text' ? b.text : `_[${b.type}: ${b.mimeType}]_`))
              .join('\n\n'),
      );
    case 'user-with-attachments': {
      const files = message.attachments.map((a) => `- ${attachmentLine(a)}`).join('\n');
      return section(
        'You',
        message.timestamp,
        [message.text, files ? `**Attached:**\n\n${files}` : ''].filter(Boolean).join('\n\n'),
      );
    }
    case 'assistant':
      return section('Claude', message.timestamp, assistantBody(message, partial, artifacts));
    case 'toolResult': {
      const text = message.content
        .map((b) => (b.type === 'text' ? b.text : `[image: ${b.mimeType}]`))
        .join('\n');
      const clipped =
        text.length > MAX_TOOL_RESULT
          ? `${text.slice(0, MAX_TOOL_RESULT)}\n… (${(text.length - MAX_TOOL_RESULT).toLocaleString('en-US')} more characters)`
          : text;
      const label = `Result of \`${message.toolName}\`${message.isError ? ' (error)' : ''}`;
      return `<details>\n<summary>${label} · ${timeOf(message.timestamp)}</summary>\n\n${fence(clipped, 'text')}\n\n</details>`;
    }
    case 'artifact': {
      const who = message.author === 'person' ? 'You' : 'Claude';
      const verb = ARTIFACT_VERBS[message.action];
      return `_${who} ${verb} ${artifactLink(message.filename, artifacts)} (version ${message.version}) · ${timeOf(message.timestamp)}._`;
    }
    case 'compaction':
      return `<details>\n<summary>Compacted: a summary of the ${message.compacted.toLocaleString('en-US')} messages above · ${timeOf(message.timestamp)}</summary>\n\n${message.summary}\n\n</details>`;
    default:
      return unknownKind(message);
  }
}

const ARTIFACT_VERBS: Record<string, string> = {
  create: 'created',
  update: 'updated',
  rewrite: 'rewrote',
  delete: 'deleted',
  restore: 'restored an earlier version of',
  edit: 'edited',
};

/** "`cat.png` — image/png, 4 bytes, 1 × 1"; a converted file with what was sent. */
function attachmentLine(a: AttachmentRecord): string {
  const details = [a.mimeType, formatBytes(a.size)];
  if (a.width !== undefined && a.height !== undefined) details.push(`${a.width} × ${a.height}`);
  if (a.summary) details.push(a.summary);
  else if (a.pages !== undefined) details.push(`${a.pages} ${a.pages === 1 ? 'page' : 'pages'}`);
  return `${code(a.name)} — ${details.join(', ')}`;
}

function assistantBody(message: AssistantMessage, partial: boolean, artifacts: Latest): string {
  const blocks = message.content.map((block) => {
    switch (block.type) {
      case 'text':
        return block.text;
      case 'toolCall':
        return `> **Tool call** ${toolCallSummary(block, artifacts)}`;
      case 'thinking':
        return block.thinking.trim()
          ? `<details>\n<summary>Thinking</summary>\n\n${block.thinking.trim()}\n\n</details>`
          : '';
      case 'redactedThinking':
        return '<details>\n<summary>Thinking (redacted by the provider)</summary>\n\n</details>';
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

/** "`artifacts`: create [cat.svg](#artifact-1)"; other tools: their name and arguments on one line. */
function toolCallSummary(call: ToolCall, artifacts: Latest): string {
  const args = call.arguments;
  if (call.name === 'artifacts' && typeof args.command === 'string') {
    const file = typeof args.filename === 'string' ? ` ${artifactLink(args.filename, artifacts)}` : '';
    return `${code(call.name)}: ${args.command}${file}`;
  }
  const json = JSON.stringify(args);
  const short = json.length > MAX_ARGUMENTS ? `${json.slice(0, MAX_ARGUMENTS)}…` : json;
  return `${code(call.name)}: ${code(short)}`;
}

/** A link to the file's section at the end, or its name in code when the session holds no version of it. */
function artifactLink(filename: string, artifacts: Latest): string {
  return artifacts.has(filename)
    ? `[${escapeLinkText(filename)}](#${anchorOf(filename, artifacts)})`
    : code(filename);
}

/** `artifact-3`: the file's place among the session's files (ids stay plain ASCII whatever the name). */
function anchorOf(filename: string, artifacts: Latest): string {
  return `artifact-${[...artifacts.keys()].indexOf(filename) + 1}`;
}

function artifactsSection(artifacts: Latest): string {
  const files = [...artifacts].map(([name, { content, version, deleted, binary }]) => {
    const heading = `<a id="${anchorOf(name, artifacts)}"></a>\n\n### ${escapeHeading(name)}`;
    if (deleted) return `${heading}\n\n_Deleted (version ${version})._`;
    if (binary)
      return `${heading}\n\n_Version ${version}, the latest: a binary file (${binary.mimeType}, ${formatBytes(binary.size)})._`;
    return `${heading}\n\n_Version ${version}, the latest._\n\n${fence(content, extensionOf(name))}`;
  });
  return `## Files Claude wrote\n\n${files.join('\n\n')}`;
}

function section(heading: string, timestamp: number, body: string): string {
  const title = `## ${heading} · ${timeOf(timestamp)}`;
  return body ? `${title}\n\n${body}` : title;
}

/** "2026-12-02 04:16 UTC". */
function timeOf(timestamp: number): string {
  const date = new Date(timestamp);
  return Number.isFinite(date.getTime())
    ? `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`
    : 'unknown time';
}

/** A fenced block whose fence is longer than any run of backticks inside. */
function fence(text: string, info: string): string {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const marks = '`'.repeat(Math.max(3, longest + 1));
  return `${marks}${info}\n${text}\n${marks}`;
}

/** Inline code whose backtick run is longer than any inside. */
function code(text: string): string {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const marks = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${marks}${pad}${text}${pad}${marks}`;
}

function escapeHeading(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/([\\`*_[\]<>#])/g, '\\$1');
}

function escapeLinkText(text: string): string {
  return text.replace(/([\\[\]`*_<>])/g, '\\$1');
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
