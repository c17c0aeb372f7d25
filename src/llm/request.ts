/**
 * The Messages API request body: model, system prompt, tools, thinking and effort, caching, and the messages.
 */
import type {
  MessageCreateParamsStreaming,
  OutputConfig,
  ThinkingConfigParam,
  Tool,
} from '@anthropic-ai/sdk/resources/messages/messages';
import { type AssistantContent, EFFORT_LEVELS, type LlmContext, type ThinkingLevel } from '../agent';
import { buildMessages } from './request-messages';
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
const CACHE = { type: 'ephemeral' } as const;

type Effort = NonNullable<OutputConfig['effort']>;

function pickEffort(level: ThinkingLevel, offered: readonly ThinkingLevel[]): Effort | undefined {
  const levels = EFFORT_LEVELS.filter((l) => offered.includes(l));
  const wanted = EFFORT_LEVELS.indexOf(level);
  const atOrBelow = levels.filter((l) => EFFORT_LEVELS.indexOf(l) <= wanted);
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
