import type {
  ContentBlockParam,
  MessageCreateParamsStreaming,
  MessageParam,
  OutputConfig,
  TextBlockParam,
  ThinkingConfigParam,
  Tool,
} from '@anthropic-ai/sdk/resources/messages/messages';
import type {
  AssistantContent,
  AssistantMessage,
  LlmContext,
  Message,
  ThinkingLevel,
  ToolResultMessage,
  UserMessage,
} from '../agent/types';
import { assertNever, isRecord } from './guards';
import type { ModelInfo } from './types';

/** What the request needs besides the conversation. */
export interface RequestSettings {
  readonly model: string;
  readonly thinkingLevel: ThinkingLevel;
  readonly maxTokens?: number;
  /** The model's catalog entry; `undefined` for a model the catalog does not know. */
  readonly modelInfo?: ModelInfo;
  /** Assistant content to resend so a paused turn (`pause_turn`) continues. */
  readonly continuation?: readonly AssistantContent[];
}

/** `max_tokens` when the caller sets none: the model's limit, but no more than this. */
export const DEFAULT_MAX_TOKENS = 64_000;
const EFFORT_ORDER: readonly ThinkingLevel[] = ['low', 'medium', 'high', 'xhigh', 'max'];
const CACHE = { type: 'ephemeral' } as const;

type Effort = NonNullable<OutputConfig['effort']>;
type Block = ContentBlockParam;

function textBlock(text: string): TextBlockParam | undefined {
  return text ? { type: 'text', text } : undefined;
}

function userBlocks(message: UserMessage): Block[] {
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
        blocks.push({
          type: 'image',
          source: { type: 'base64', media_type: part.mimeType, data: part.data },
        });
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
 * thinking blocks are bound to their model, so after a model switch they are left out.
 */
export function assistantBlocks(content: readonly AssistantContent[], sameModel: boolean): Block[] {
  const blocks: Block[] = [];
  for (const part of content) {
    switch (part.type) {
      case 'text':
        if (part.text) {
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
        if (sameModel) blocks.push({ type: 'redacted_thinking', data: part.data });
        break;
      case 'toolCall':
        blocks.push({ type: 'tool_use', id: part.id, name: part.name, input: part.arguments });
        break;
      case 'opaque':
        // Server tool blocks are resent verbatim, as the API sent them.
        if (part.provider === 'anthropic' && isRecord(part.value) && typeof part.value.type === 'string') {
          blocks.push(part.value as unknown as Block);
        }
        break;
      default:
        assertNever(part);
    }
  }
  return blocks;
}

function toolResultBlock(message: ToolResultMessage): Block {
  const content: (TextBlockParam | Extract<Block, { type: 'image' }>)[] = [];
  for (const part of message.content) {
    if (part.type === 'text') {
      const block = textBlock(part.text);
      if (block) content.push(block);
    } else {
      content.push({ type: 'image', source: { type: 'base64', media_type: part.mimeType, data: part.data } });
    }
  }
  return {
    type: 'tool_result',
    tool_use_id: message.toolCallId,
    ...(content.length > 0 ? { content } : {}),
    ...(message.isError ? { is_error: true } : {}),
  };
}

function toWire(message: Message, model: string): { role: 'user' | 'assistant'; blocks: Block[] } {
  switch (message.role) {
    case 'user':
      return { role: 'user', blocks: userBlocks(message) };
    case 'toolResult':
      return { role: 'user', blocks: [toolResultBlock(message)] };
    case 'assistant':
      return { role: 'assistant', blocks: assistantBlocks(message.content, sameModel(message, model)) };
    default:
      return assertNever(message);
  }
}

function sameModel(message: AssistantMessage, model: string): boolean {
  return message.provider === 'anthropic' && message.model === model;
}

/** Converts the conversation, dropping empty messages and merging neighbours of the same role. */
export function buildMessages(messages: readonly Message[], settings: RequestSettings): MessageParam[] {
  const turns: { role: 'user' | 'assistant'; blocks: Block[] }[] = [];
  const wire = messages.map((m) => toWire(m, settings.model));
  if (settings.continuation) {
    wire.push({ role: 'assistant', blocks: assistantBlocks(settings.continuation, true) });
  }
  for (const turn of wire) {
    if (turn.blocks.length === 0) continue;
    const last = turns[turns.length - 1];
    if (last && last.role === turn.role) last.blocks.push(...turn.blocks);
    else turns.push({ role: turn.role, blocks: [...turn.blocks] });
  }
  // Cache breakpoint on the latest user turn: the whole conversation so far becomes a reusable prefix.
  const lastUser = [...turns].reverse().find((t) => t.role === 'user');
  const lastBlock = lastUser?.blocks[lastUser.blocks.length - 1];
  if (lastUser && lastBlock) {
    lastUser.blocks[lastUser.blocks.length - 1] = { ...lastBlock, cache_control: CACHE } as Block;
  }
  return turns.map((t) => ({ role: t.role, content: t.blocks }));
}

function pickEffort(level: ThinkingLevel, offered: readonly ThinkingLevel[]): Effort | undefined {
  const levels = EFFORT_ORDER.filter((l) => offered.includes(l));
  const wanted = EFFORT_ORDER.indexOf(level);
  const atOrBelow = levels.filter((l) => EFFORT_ORDER.indexOf(l) <= wanted);
  return (atOrBelow[atOrBelow.length - 1] ?? levels[0]) as Effort | undefined;
}

/**
 * Thinking and effort from the model's capabilities: adaptive thinking with `output_config.effort` (the
 * nearest level the model offers, never above the one asked for when possible). Fixed `budget_tokens` is
 * never sent. `off` sends `thinking: { type: 'disabled' }` only where the catalog says that is accepted;
 * elsewhere (and for unknown models) it sends nothing and the model's default applies.
 */
export function thinkingParams(
  level: ThinkingLevel,
  info: ModelInfo | undefined,
): { thinking?: ThinkingConfigParam; output_config?: OutputConfig } {
  if (level === 'off') {
    return info?.supportsThinking && info.effortLevels.includes('off')
      ? { thinking: { type: 'disabled' } }
      : {};
  }
  if (!info) return { thinking: { type: 'adaptive' }, output_config: { effort: level } };
  if (!info.supportsThinking) return {};
  const effort = pickEffort(level, info.effortLevels);
  return { thinking: { type: 'adaptive' }, ...(effort ? { output_config: { effort } } : {}) };
}

/**
 * The Messages API request for a conversation. Prompt-cache breakpoints go on the stable prefix (the last tool
 * and the system prompt) and on the latest user turn: three at most, under the API's limit of four. Sampling
 * parameters (`temperature`, `top_p`, `top_k`) are never sent: API version 2026-10-21 rejects them.
 */
export function buildRequest(context: LlmContext, settings: RequestSettings): MessageCreateParamsStreaming {
  const tools: Tool[] = (context.tools ?? []).map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.parameters as Tool.InputSchema,
  }));
  const lastTool = tools[tools.length - 1];
  if (lastTool) tools[tools.length - 1] = { ...lastTool, cache_control: CACHE };
  const system = context.systemPrompt
    ? [{ type: 'text' as const, text: context.systemPrompt, cache_control: CACHE }]
    : [];
  const limit = settings.modelInfo?.maxOutput;
  return {
    model: settings.model,
    max_tokens: settings.maxTokens ?? Math.min(limit ?? DEFAULT_MAX_TOKENS, DEFAULT_MAX_TOKENS),
    messages: buildMessages(context.messages, settings),
    ...(system.length > 0 ? { system } : {}),
    ...(tools.length > 0 ? { tools } : {}),
    ...thinkingParams(settings.thinkingLevel, settings.modelInfo),
    stream: true,
  };
}
