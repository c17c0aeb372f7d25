/**
 * `convertToLlm`: the one place where the app's messages become the messages the model reads.
 *
 * - `user`, `assistant` and `toolResult` pass through unchanged.
 * - `user-with-attachments` becomes a `user` message: each attachment's blocks (from the resolver), then the text.
 *   PDFs beyond what one request holds behind newer ones become a note instead (`pdf-budget.ts`).
 * - `artifact` records are dropped: the model saw its own changes as tool calls and results. A change the
 *   person made (`author: 'person'`) becomes a note the model reads before its next turn: it is put at the
 *   start of the next user message, or, when the model is called before the person writes again, a user
 *   message of its own. A note never goes between an assistant message's tool calls and their results; when
 *   one file was changed several times, only the latest note is kept.
 * - A compaction stands for everything before it: the model reads from the latest one on. Easel's own
 *   (`compaction` records) becomes a user message with its summary; the API's (an assistant message holding a
 *   `compaction` block with content) is passed on, and the provider starts the request at its block. Messages
 *   before it are not converted (their attachments are not loaded).
 */
import type {
  AgentMessage,
  AssistantContent,
  ConvertToLlm,
  Message,
  TextContent,
  UserContent,
  UserMessage,
} from '../agent';
import { assertNever } from '../agent';
import { personChangeNote } from './notes';
import { leftOutNote, MAX_REQUEST_PDF_BYTES, MAX_REQUEST_PDF_PAGES, pdfsLeftOut } from './pdf-budget';
import type {
  ArtifactMessage,
  AttachmentRecord,
  AttachmentResolver,
  CompactionMessage,
  UserWithAttachmentsMessage,
} from './types';

export interface ConvertToLlmOptions {
  /** Loads an attachment's blocks; called for every attachment on every model call (cache in the resolver). */
  readonly resolveAttachment: AttachmentResolver;
}

export function createConvertToLlm(options: ConvertToLlmOptions): ConvertToLlm {
  // What each request carries besides the conversation (a project's files, `StandingContext.reservedPdf`):
  // the conversation's PDFs fit in what the API's limits leave.
  return (messages, standing) => {
    const reserved = standing?.reservedPdf ?? { pages: 0, bytes: 0 };
    return convertMessages(messages, options.resolveAttachment, reserved);
  };
}

/** Notes waiting for a place, one per file, in the order their files were last changed. */
type PendingNotes = Map<string, ArtifactMessage>;

async function convertMessages(
  messages: readonly AgentMessage[],
  resolve: AttachmentResolver,
  reserved: { readonly pages: number; readonly bytes: number },
): Promise<Message[]> {
  const live = messages.slice(latestCompaction(messages));
  const leftOut = pdfsLeftOut(
    live,
    Math.max(0, MAX_REQUEST_PDF_PAGES - reserved.pages),
    Math.max(0, MAX_REQUEST_PDF_BYTES - reserved.bytes),
  );
  const attachments = await resolveAll(live, resolve, leftOut);
  const out: Message[] = [];
  const pending: PendingNotes = new Map();
  for (const message of live) {
    switch (message.role) {
      case 'compaction':
        out.push(summaryMessage(message));
        break;
      case 'artifact':
        if (message.author === 'person') {
          pending.delete(message.filename);
          pending.set(message.filename, message);
        }
        break;
      case 'toolResult':
        out.push(message);
        break;
      case 'assistant':
        flushAlone(pending, out);
        out.push(message);
        break;
      case 'user':
        out.push(withNotes(message, pending));
        break;
      case 'user-with-attachments':
        out.push(withNotes(toUserMessage(message, attachments.get(message) ?? []), pending));
        break;
      default:
        assertNever(message);
    }
  }
  flushAlone(pending, out);
  return out;
}

/** How Easel's own compaction summary reads to the model. */
export const COMPACTION_HEADING =
  '[A summary of the conversation before this point, written when it was compacted:]';

function summaryMessage(message: CompactionMessage): UserMessage {
  return {
    role: 'user',
    content: [{ type: 'text', text: `${COMPACTION_HEADING}\n\n${message.summary}` }],
    timestamp: message.timestamp,
  };
}

/**
 * Index of the latest compaction: a `compaction` record, or an assistant message holding the API's `compaction`
 * block with content; 0 when there is none.
 */
export function latestCompaction(messages: readonly AgentMessage[]): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.role === 'compaction') return i;
    if (m?.role === 'assistant' && m.content.some(isServerSummary)) return i;
  }
  return 0;
}

function isServerSummary(block: AssistantContent): boolean {
  if (block.type !== 'opaque' || typeof block.value !== 'object' || block.value === null) return false;
  const value = block.value as { readonly type?: unknown; readonly content?: unknown };
  return value.type === 'compaction' && typeof value.content === 'string' && value.content.trim() !== '';
}

/** Puts pending notes in a user message of their own, unless that would split tool calls from results. */
function flushAlone(pending: PendingNotes, out: Message[]): void {
  if (pending.size === 0 || awaitsToolResults(out)) return;
  const timestamp = Math.max(...[...pending.values()].map((record) => record.timestamp));
  out.push({ role: 'user', content: takeNotes(pending), timestamp });
}

function withNotes(message: UserMessage, pending: PendingNotes): UserMessage {
  if (pending.size === 0) return message;
  const notes = takeNotes(pending);
  const content: readonly UserContent[] =
    typeof message.content === 'string'
      ? message.content
        ? [{ type: 'text', text: message.content }]
        : []
      : message.content;
  return { ...message, content: [...notes, ...content] };
}

function takeNotes(pending: PendingNotes): TextContent[] {
  const notes = [...pending.values()].map(
    (record): TextContent => ({
      type: 'text',
      text: personChangeNote(record),
    }),
  );
  pending.clear();
  return notes;
}

/** True when the last message is an assistant message with tool calls whose results have not all come. */
function awaitsToolResults(out: readonly Message[]): boolean {
  const calls = new Set<string>();
  for (let i = out.length - 1; i >= 0; i--) {
    const m = out[i];
    if (!m) break;
    if (m.role === 'toolResult') {
      calls.add(m.toolCallId);
      continue;
    }
    if (m.role !== 'assistant') return false;
    return m.content.some((block) => block.type === 'toolCall' && !calls.has(block.id));
  }
  return false;
}

function toUserMessage(message: UserWithAttachmentsMessage, blocks: readonly UserContent[]): UserMessage {
  const content: UserContent[] = [...blocks];
  if (message.text) content.push({ type: 'text', text: message.text });
  return { role: 'user', content, timestamp: message.timestamp };
}

async function resolveAll(
  messages: readonly AgentMessage[],
  resolve: AttachmentResolver,
  leftOut: ReadonlySet<AttachmentRecord>,
): Promise<Map<UserWithAttachmentsMessage, readonly UserContent[]>> {
  const jobs: Promise<readonly [UserWithAttachmentsMessage, readonly UserContent[]]>[] = [];
  for (const message of messages) {
    if (message.role !== 'user-with-attachments') continue;
    jobs.push(
      Promise.all(
        message.attachments.map((a) => (leftOut.has(a) ? [leftOutNote(a)] : resolveOne(a, resolve))),
      ).then((parts) => [message, parts.flat()] as const),
    );
  }
  return new Map(await Promise.all(jobs));
}

async function resolveOne(
  attachment: AttachmentRecord,
  resolve: AttachmentResolver,
): Promise<readonly UserContent[]> {
  try {
    return await resolve(attachment);
  } catch {
    // The resolver promises not to throw; if it does anyway, the model still learns a file was there.
    return [{ type: 'text', text: `[The attachment ${attachment.name} could not be loaded.]` }];
  }
}
