/**
 * The conversation in wire form: every history the app can hold becomes a `messages` array the Messages API
 * accepts (its rules are written down in `e2e/fake-anthropic/request-rules.mjs`; the unit tests hold every
 * request to them).
 *
 * What a history may hold that the API would refuse, and what is sent instead:
 * - a stopped, failed or interrupted answer whose tool calls never got results (the person pressed Stop while
 *   Claude was writing a call, the connection dropped, the page was reloaded): each call gets an error result
 *   saying what happened, so Claude knows the call was not run and its arguments may be incomplete; for a
 *   call of the app's `artifacts` tool that was writing a file, that the file is partial and was not saved
 *   (the person was shown the partial text, marked incomplete);
 * - a tool result whose call is no longer the previous message's (a pruned or edited history): left out;
 * - tool results behind other blocks of their message: moved to the front, in the order of the calls;
 * - empty or whitespace-only text, thinking without a signature, a server tool call without its result in a
 *   finished message, tool ids or names outside the API's pattern, arguments that are not an object;
 * - images over the API's limits (5 MB of base64 each, 100 per request: the latest are kept): a short note.
 * Consecutive messages of one role become one turn.
 *
 * A summary the API wrote when it compacted the conversation (a `compaction` block) stands for everything before
 * it: the request starts with it, the block first, and leaves out what came before (the API would ignore it).
 * To a model that does not take compaction blocks, the summary goes as the text of a user turn instead.
 */
import type {
  ContentBlockParam,
  MessageParam,
  TextBlockParam,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages/messages';
import type { AssistantContent, Message, ToolResultMessage, UserMessage } from '../agent';
import { assertNever, isRecord } from './guards';
import { missingResultText } from './request-missing-results';

type Block = ContentBlockParam;

/** Longest base64 string of one image the API takes. */
const MAX_IMAGE_BASE64 = 5 * 1024 * 1024;
/** Most images the API takes in one request. */
export const MAX_IMAGES = 100;

const ID_PATTERN = /^[a-zA-Z0-9_-]+$/;
const NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
const SERVER_RESULT = /_tool_result$/;
const CACHE = { type: 'ephemeral' } as const;

interface Turn {
  readonly role: 'user' | 'assistant';
  blocks: Block[];
}

/** What the conversation's wire form needs to know besides the messages. */
export interface WireOptions {
  /** The model the request goes to: thinking is resent only to the model that wrote it. */
  readonly model: string;
  /** Assistant content to resend so a paused turn (`pause_turn`) continues. */
  readonly continuation?: readonly AssistantContent[];
  /** MCP servers in this request: calls to any other server go as a note, since the API cannot take them. */
  readonly connectors?: readonly { readonly name: string }[];
  /** The model takes `compaction` blocks (and the request then carries compaction's beta header). */
  readonly compaction?: boolean;
  /** The request carries the code execution tool: its blocks are resent as they are, else as notes. */
  readonly codeExecution?: boolean;
  /** Images the request carries besides these messages (a project's files): the messages get what is left. */
  readonly reservedImages?: number;
}

/** How a compaction summary reads to a model that does not take compaction blocks. */
export const SUMMARY_HEADING =
  '[A summary of the conversation before this point, written when it was compacted:]';

/** Longest MCP tool result resent as a note once its server is no longer in the request. */
const MCP_NOTE_CHARS = 2000;

/**
 * The type of the opaque part that keeps the code execution container an answer ran in (`{ type, id,
 * expires_at }`, see `accumulator.ts`): the request's `container`, never a block.
 */
export const CONTAINER_PART = 'container';

/** The code execution tool's calls (`server_tool_use` names) and result blocks. */
const CODE_CALLS = new Set(['code_execution', 'bash_code_execution', 'text_editor_code_execution']);
const CODE_RESULTS = new Set([
  'code_execution_tool_result',
  'bash_code_execution_tool_result',
  'text_editor_code_execution_tool_result',
]);

/**
 * The `messages` of a request: valid under the API's rules whatever `messages` holds, with a prompt-cache
 * breakpoint on the latest user turn.
 */
export function buildMessages(messages: readonly Message[], options: WireOptions): MessageParam[] {
  const unanswered = new Map<string, string>();
  const turns: Turn[] = [];
  const images = imageBudget(messages, options.reservedImages ?? 0);
  const mcp = new Set((options.connectors ?? []).map((c) => c.name));
  const wire: AssistantWire = {
    mcp,
    compaction: options.compaction === true,
    codeExecution: options.codeExecution === true,
    summaries: new Set(),
  };
  for (const message of messages) {
    switch (message.role) {
      case 'user':
        push(turns, 'user', userBlocks(message, images));
        break;
      case 'toolResult':
        push(turns, 'user', [toolResultBlock(message, images)]);
        break;
      case 'assistant': {
        const same = message.provider === 'anthropic' && message.model === options.model;
        push(turns, 'assistant', assistantBlocks(message.content, same, false, wire));
        for (const part of message.content) {
          if (part.type === 'toolCall') unanswered.set(wireId(part.id), missingResultText(message, part));
        }
        break;
      }
      default:
        assertNever(message);
    }
  }
  if (options.continuation) {
    push(turns, 'assistant', assistantBlocks(options.continuation, true, true, wire));
  }
  const paired = pairToolResults(fromLatestSummary(turns, wire.summaries), unanswered);
  // A request ends with the person's turn unless a paused answer is being continued. A message with nothing
  // the API can take (only whitespace) still says that the person sent something.
  if (!options.continuation && paired[paired.length - 1]?.role === 'assistant') {
    push(paired, 'user', [{ type: 'text', text: EMPTY_MESSAGE }]);
  }
  markLatestUserTurn(paired);
  return paired.map((t) => ({ role: t.role, content: t.blocks }));
}

/**
 * The turns from the latest compaction summary on, the summary first (with a cache breakpoint: it stays the
 * same until the next compaction). A summary in text form opens a user turn of its own.
 */
function fromLatestSummary(turns: readonly Turn[], summaries: ReadonlySet<Block>): Turn[] {
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i] as Turn;
    const at = turn.blocks.findLastIndex((b) => summaries.has(b));
    if (at < 0) continue;
    const [summary, ...rest] = turn.blocks.slice(at) as [Block, ...Block[]];
    const marked = { ...summary, cache_control: CACHE } as Block;
    const out: Turn[] = [];
    if (summary.type === 'text') {
      push(out, 'user', [marked]);
      push(out, turn.role, rest);
    } else {
      push(out, turn.role, [marked, ...rest]);
    }
    for (const later of turns.slice(i + 1)) push(out, later.role, later.blocks);
    return out;
  }
  return [...turns];
}

/** Adds blocks as a turn, merging it into the previous turn of the same role; empty turns are dropped. */
function push(turns: Turn[], role: Turn['role'], blocks: Block[]): void {
  if (blocks.length === 0) return;
  const last = turns[turns.length - 1];
  if (last && last.role === role) last.blocks.push(...blocks);
  else turns.push({ role, blocks: [...blocks] });
}

/**
 * Every assistant turn's `tool_use` blocks are answered at the start of the next user turn (in the order of
 * the calls; a missing result says why it is missing); results that answer no call of the previous turn are
 * left out. Returns the turns, with empty ones removed and neighbours of one role merged again.
 */
function pairToolResults(turns: readonly Turn[], unanswered: ReadonlyMap<string, string>): Turn[] {
  const out: Turn[] = [];
  let calls: string[] = [];
  for (let i = 0; i < turns.length; i++) {
    const turn = turns[i] as Turn;
    if (turn.role === 'assistant') {
      if (calls.length > 0)
        push(
          out,
          'user',
          calls.map((id) => missingResult(id, unanswered)),
        );
      calls = toolUseIds(turn.blocks);
      push(out, 'assistant', turn.blocks);
      continue;
    }
    const results = new Map<string, Block>();
    const rest: Block[] = [];
    for (const block of turn.blocks) {
      if (block.type !== 'tool_result') rest.push(block);
      else if (calls.includes(block.tool_use_id) && !results.has(block.tool_use_id))
        results.set(block.tool_use_id, block);
    }
    const answers = calls.map((id) => results.get(id) ?? missingResult(id, unanswered));
    calls = [];
    push(out, 'user', [...answers, ...rest]);
  }
  if (calls.length > 0)
    push(
      out,
      'user',
      calls.map((id) => missingResult(id, unanswered)),
    );
  return out;
}

function toolUseIds(blocks: readonly Block[]): string[] {
  return blocks.flatMap((b) => (b.type === 'tool_use' ? [b.id] : []));
}

function missingResult(id: string, unanswered: ReadonlyMap<string, string>): ToolResultBlockParam {
  return {
    type: 'tool_result',
    tool_use_id: id,
    content: [{ type: 'text', text: unanswered.get(id) ?? NO_RESULT }],
    is_error: true,
  };
}

const EMPTY_MESSAGE = '[The person sent an empty message.]';

const NO_RESULT = 'This tool call has no result: it was not run, or its result was lost.';

/** Puts the cache breakpoint on the last block of the latest user turn. */
function markLatestUserTurn(turns: Turn[]): void {
  const lastUser = turns.findLast((t) => t.role === 'user');
  const lastBlock = lastUser?.blocks[lastUser.blocks.length - 1];
  if (lastUser && lastBlock) {
    lastUser.blocks[lastUser.blocks.length - 1] = { ...lastBlock, cache_control: CACHE } as Block;
  }
}

function textBlock(text: string): TextBlockParam | undefined {
  return text.trim() ? { type: 'text', text } : undefined;
}

/** Counts images from the newest back: the latest {@link MAX_IMAGES} within the size limit are sent. */
interface ImageBudget {
  /** Whether the next image (in conversation order) is sent, given its base64 `data`. */
  take(data: string): boolean;
}

function imageBudget(messages: readonly Message[], reserved: number): ImageBudget {
  let total = 0;
  for (const message of messages) {
    if (message.role === 'assistant' || typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type === 'image' && part.data.length <= MAX_IMAGE_BASE64) total += 1;
    }
  }
  let skip = Math.max(0, total - Math.max(0, MAX_IMAGES - reserved));
  return {
    take(data) {
      if (data.length > MAX_IMAGE_BASE64) return false;
      if (skip > 0) {
        skip -= 1;
        return false;
      }
      return true;
    },
  };
}

function imageNote(data: string): TextBlockParam {
  return {
    type: 'text',
    text:
      data.length > MAX_IMAGE_BASE64
        ? '[An image was left out: it is larger than the API accepts (5 MB).]'
        : `[An earlier image was left out: a request carries at most ${MAX_IMAGES} images.]`,
  };
}

function userBlocks(message: UserMessage, images: ImageBudget): Block[] {
  if (typeof message.content === 'string') {
    const block = textBlock(message.content);
    return block ? [block] : [];
  }
  const blocks: Block[] = [];
  for (const part of message.content) {
    switch (part.type) {
      case 'text': {
        const block = textBlock(part.text);
        if (block) blocks.push(block);
        break;
      }
      case 'image':
        blocks.push(
          images.take(part.data)
            ? { type: 'image', source: { type: 'base64', media_type: part.mimeType, data: part.data } }
            : imageNote(part.data),
        );
        break;
      case 'document':
        blocks.push({
          type: 'document',
          source: { type: 'base64', media_type: part.mimeType, data: part.data },
          ...(part.title ? { title: part.title } : {}),
        });
        break;
      default:
        assertNever(part);
    }
  }
  return blocks;
}

/**
 * Assistant content in wire form. Thinking (signed or redacted) is resent only to the model that wrote it:
 * thinking blocks are bound to their model, so after a model switch they are left out. A server tool call
 * whose result is not in the same message (a stream cut inside it) is left out, except in a paused turn sent
 * back to continue (`final`), whose last call may still be running.
 */
/** What the wire form of assistant content depends on besides the content. */
interface AssistantWire {
  /** MCP servers in the request. */
  readonly mcp: ReadonlySet<string>;
  /** The model takes `compaction` blocks. */
  readonly compaction: boolean;
  /** The request carries the code execution tool. */
  readonly codeExecution: boolean;
  /** Collects the blocks that carry a compaction summary (in either form). */
  readonly summaries: Set<Block>;
}

function assistantBlocks(
  content: readonly AssistantContent[],
  sameModel: boolean,
  final: boolean,
  wire: AssistantWire,
): Block[] {
  const mcp = wire.mcp;
  const blocks: Block[] = [];
  const noted = new Set<unknown>();
  for (const part of content) {
    switch (part.type) {
      case 'text':
        if (part.text.trim()) {
          const citations = part.citations && part.citations.length > 0 ? part.citations : undefined;
          // Citations were received from the API and are resent exactly as received.
          blocks.push({
            type: 'text',
            text: part.text,
            ...(citations ? { citations } : {}),
          } as TextBlockParam);
        }
        break;
      case 'thinking':
        if (sameModel && part.signature) {
          blocks.push({ type: 'thinking', thinking: part.thinking, signature: part.signature });
        }
        break;
      case 'redactedThinking':
        if (sameModel && part.data) blocks.push({ type: 'redacted_thinking', data: part.data });
        break;
      case 'toolCall':
        blocks.push({
          type: 'tool_use',
          id: wireId(part.id),
          name: toolName(part.name),
          input: isRecord(part.arguments) ? part.arguments : {},
        });
        break;
      case 'opaque':
        // Server tool blocks are resent verbatim, as the API sent them.
        if (part.provider === 'anthropic' && isRecord(part.value) && part.value.type === 'compaction') {
          const summary = compactionBlock(part.value, wire.compaction);
          if (summary) {
            blocks.push(summary);
            wire.summaries.add(summary);
          }
        } else if (
          part.provider === 'anthropic' &&
          isRecord(part.value) &&
          typeof part.value.type === 'string' &&
          part.value.type !== CONTAINER_PART
        ) {
          const note = wire.codeExecution
            ? mcpNote(part.value, mcp, noted)
            : (codeNote(part.value, noted) ?? mcpNote(part.value, mcp, noted));
          if (note === undefined) blocks.push(part.value as unknown as Block);
          else if (note) blocks.push({ type: 'text', text: note });
        }
        break;
      default:
        assertNever(part);
    }
  }
  const kept = final ? blocks : blocks.filter((block, i) => !unpairedServerCall(block, blocks, i));
  if (final) trimTrailingWhitespace(kept);
  return kept;
}

/**
 * For an MCP block whose server is not in the request (the connector was removed or turned off): the note
 * that says what happened, or `''` for nothing; `undefined` for any other block, which is resent as it is.
 */
function mcpNote(
  value: Readonly<Record<string, unknown>>,
  mcp: ReadonlySet<string>,
  noted: Set<unknown>,
): string | undefined {
  if (value.type === 'mcp_tool_use') {
    if (typeof value.server_name === 'string' && mcp.has(value.server_name)) return undefined;
    noted.add(value.id);
    const name = String(value.name ?? 'a tool');
    const server = String(value.server_name ?? 'an MCP server');
    return `(Called ${name} of the MCP server ${server}, which is not connected now, with ${JSON.stringify(value.input ?? {})}.)`;
  }
  if (value.type === 'mcp_tool_result' && noted.has(value.tool_use_id)) {
    const content = value.content;
    const text =
      typeof content === 'string'
        ? content
        : Array.isArray(content)
          ? content.map((c) => (isRecord(c) && typeof c.text === 'string' ? c.text : '')).join('\n')
          : '';
    const clipped = text.length > MCP_NOTE_CHARS ? `${text.slice(0, MCP_NOTE_CHARS)}…` : text;
    return `(${value.is_error === true ? 'It failed' : 'It returned'}: ${clipped.trim() || 'nothing'})`;
  }
  return undefined;
}

/**
 * For a block of the code execution tool in a request without that tool (turned off, or a local server): the
 * note that says what ran and what came of it; `undefined` for any other block.
 */
function codeNote(value: Readonly<Record<string, unknown>>, noted: Set<unknown>): string | undefined {
  if (value.type === 'server_tool_use' && typeof value.name === 'string' && CODE_CALLS.has(value.name)) {
    noted.add(value.id);
    const input = JSON.stringify(value.input ?? {});
    return `(Used Anthropic's code execution sandbox, which is not available now, with ${clip(input)}.)`;
  }
  if (typeof value.type !== 'string' || !CODE_RESULTS.has(value.type)) return undefined;
  if (!noted.has(value.tool_use_id)) return '';
  const content = isRecord(value.content) ? value.content : {};
  if (typeof content.error_code === 'string') return `(It failed: ${content.error_code}.)`;
  const parts = [
    typeof content.return_code === 'number' ? `exit code ${content.return_code}` : '',
    typeof content.stdout === 'string' && content.stdout.trim() ? `stdout: ${clip(content.stdout)}` : '',
    typeof content.stderr === 'string' && content.stderr.trim() ? `stderr: ${clip(content.stderr)}` : '',
    typeof content.content === 'string' && content.content.trim() ? clip(content.content) : '',
  ].filter(Boolean);
  return `(It returned ${parts.join('; ') || 'nothing'}.)`;
}

function clip(text: string): string {
  return text.length > MCP_NOTE_CHARS ? `${text.slice(0, MCP_NOTE_CHARS)}…` : text;
}

/**
 * A compaction block as it is resent: exactly as received to a model that takes them, else its summary as text.
 * A failed compaction (`content: null`, which the API treats as nothing) and an empty one are left out.
 */
function compactionBlock(value: Readonly<Record<string, unknown>>, verbatim: boolean): Block | undefined {
  if (typeof value.content !== 'string' || !value.content.trim()) return undefined;
  // The block was received from the API and goes back as it came (a beta block, outside the GA types).
  if (verbatim) return { ...value } as unknown as Block;
  return { type: 'text', text: `${SUMMARY_HEADING}\n\n${value.content}` };
}

function unpairedServerCall(block: Block, blocks: readonly Block[], index: number): boolean {
  // `mcp_tool_use` is the MCP connector beta's block, outside the SDK's GA types.
  const call = block as { readonly type: string; readonly id?: unknown };
  if (call.type !== 'server_tool_use' && call.type !== 'mcp_tool_use') return false;
  return !blocks
    .slice(index + 1)
    .some((b) => SERVER_RESULT.test(b.type) && 'tool_use_id' in b && b.tool_use_id === call.id);
}

/** The API refuses a final assistant turn that ends with whitespace. */
function trimTrailingWhitespace(blocks: Block[]): void {
  const last = blocks[blocks.length - 1];
  if (last?.type !== 'text') return;
  const text = last.text.trimEnd();
  if (text) blocks[blocks.length - 1] = { ...last, text };
  else blocks.pop();
}

function toolName(name: string): string {
  if (NAME_PATTERN.test(name)) return name;
  return name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64) || 'unknown_tool';
}

/** A tool call id as the API accepts it (`^[a-zA-Z0-9_-]+$`), the same for a call and its result. */
function wireId(id: string): string {
  if (ID_PATTERN.test(id)) return id;
  return `toolu_${id.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
}

function toolResultBlock(message: ToolResultMessage, images: ImageBudget): Block {
  const content: (TextBlockParam | Extract<Block, { type: 'image' }>)[] = [];
  for (const part of message.content) {
    if (part.type === 'text') {
      const block = textBlock(part.text);
      if (block) content.push(block);
    } else if (images.take(part.data)) {
      content.push({ type: 'image', source: { type: 'base64', media_type: part.mimeType, data: part.data } });
    } else {
      content.push(imageNote(part.data));
    }
  }
  return {
    type: 'tool_result',
    tool_use_id: wireId(message.toolCallId),
    ...(content.length > 0 ? { content } : {}),
    ...(message.isError ? { is_error: true } : {}),
  };
}
