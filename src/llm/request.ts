/**
 * The Messages API request body: model, system prompt, tools, thinking and effort, caching, and the messages.
 */
import type {
  MessageCreateParamsStreaming,
  MessageParam,
  OutputConfig,
  TextBlockParam,
  ThinkingConfigParam,
  Tool,
  ToolUnion,
} from '@anthropic-ai/sdk/resources/messages/messages';
import { type AssistantContent, EFFORT_LEVELS, type LlmContext, type ThinkingLevel } from '../agent';
import { buildMessages, CONTAINER_PART } from './request-messages';
import {
  type CompactionSettings,
  type McpConnector,
  MIN_COMPACTION_TRIGGER,
  type ModelInfo,
  type WebToolSettings,
} from './types';

/** What the request needs besides the conversation. */
export interface RequestSettings {
  readonly model: string;
  readonly thinkingLevel: ThinkingLevel;
  readonly maxTokens?: number;
  /** The model's catalog entry; `undefined` for a model the catalog does not know. */
  readonly modelInfo?: ModelInfo;
  /** Assistant content to resend so a paused turn (`pause_turn`) continues. */
  readonly continuation?: readonly AssistantContent[];
  /** Adds the API's web search and web fetch tools. */
  readonly web?: WebToolSettings;
  /** Remote MCP servers for the API's MCP connector. */
  readonly connectors?: readonly McpConnector[];
  /** Asks the API to compact the conversation past `trigger` tokens, when the model supports it. */
  readonly compaction?: CompactionSettings;
  /** Adds the API's code execution tool, and reuses the conversation's container while it lives. */
  readonly codeExecution?: boolean;
  /** The time (ms since the epoch) a container's `expires_at` is compared with; default: now. */
  readonly now?: number;
}

/**
 * The code execution tool's beta header (platform.claude.com/docs/en/agents-and-tools/tool-use/code-execution-tool):
 * sent only with a request that carries the `code_execution_20250825` tool.
 */
export const CODE_EXECUTION_BETA = 'code-execution-2025-08-25';

/** The code execution tool as the request names it (`@anthropic-ai/sdk`'s `CodeExecutionTool20250825`). */
export const CODE_EXECUTION_TOOL = { type: 'code_execution_20250825', name: 'code_execution' } as const;

/** The MCP connector's beta: sent only with a request that names MCP servers. */
export const MCP_BETA = 'mcp-client-2025-11-20';

/** One entry of the request's `mcp_servers` (the MCP connector beta; not in the SDK's GA types). */
export interface McpServerParam {
  readonly type: 'url';
  readonly url: string;
  readonly name: string;
  readonly authorization_token?: string;
}

/**
 * Server-side compaction's beta (platform.claude.com/docs/en/build-with-claude/compaction): sent only with a
 * request that asks for compaction or resends a `compaction` block.
 */
export const COMPACTION_BETA = 'compact-2026-01-12';

/**
 * The memory tool's beta header, as its documentation (platform.claude.com/docs/en/agents-and-tools/tool-use/
 * memory-tool) asks: sent with every request that carries the `memory_20250818` tool.
 */
export const MEMORY_BETA = 'context-management-2025-06-27';

/** The `compact_20260112` context-management edit (a beta field, not in the SDK's GA types). */
export interface ContextManagementParam {
  readonly edits: readonly {
    readonly type: 'compact_20260112';
    readonly trigger: { readonly type: 'input_tokens'; readonly value: number };
  }[];
}

/** The body this module builds: the GA request plus the betas' `mcp_servers` and `context_management`. */
export type RequestBody = MessageCreateParamsStreaming & {
  mcp_servers?: McpServerParam[];
  context_management?: ContextManagementParam;
};

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
 * and the system prompt, which ends with the standing instructions), on the standing knowledge, on a compaction
 * summary and on the latest user turn. With knowledge the last tool has none (the system prompt's caches the
 * tools too), so there are never more than the API's four. Sampling parameters (`temperature`, `top_p`,
 * `top_k`) are never sent: API version 2026-10-21 rejects them.
 */
export function buildRequest(context: LlmContext, settings: RequestSettings): RequestBody {
  const tools: ToolUnion[] = [
    ...(context.tools ?? []).map(
      (tool): ToolUnion =>
        tool.builtin === 'memory_20250818'
          ? { type: 'memory_20250818', name: 'memory' }
          : {
              name: tool.name,
              description: tool.description,
              input_schema: tool.parameters as Tool.InputSchema,
            },
    ),
    ...(settings.web ? webTools(settings.web) : []),
    ...(settings.codeExecution ? [{ ...CODE_EXECUTION_TOOL }] : []),
    ...(settings.connectors ?? []).map(mcpToolset),
  ];
  const connectors = settings.connectors ?? [];
  const system = systemBlocks(context);
  const lastTool = tools[tools.length - 1];
  if (lastTool && !(system.length > 0 && context.knowledge?.length))
    tools[tools.length - 1] = { ...lastTool, cache_control: CACHE } as ToolUnion;
  const limit = settings.modelInfo?.maxOutput;
  const compacts = settings.modelInfo?.supportsCompaction === true;
  const edit = compacts && settings.compaction ? compactEdit(settings.compaction) : undefined;
  const container = settings.codeExecution
    ? liveContainer(context.messages, settings.continuation, settings.now ?? Date.now())
    : undefined;
  return {
    model: settings.model,
    max_tokens: settings.maxTokens ?? Math.min(limit ?? DEFAULT_MAX_TOKENS, DEFAULT_MAX_TOKENS),
    messages: withKnowledge(
      buildMessages(context.messages, {
        ...settings,
        compaction: compacts,
        reservedImages: context.knowledge?.filter((b) => b.type === 'image').length ?? 0,
      }),
      context.knowledge,
      settings.model,
    ),
    ...(system.length > 0 ? { system } : {}),
    ...(tools.length > 0 ? { tools } : {}),
    ...(connectors.length > 0 ? { mcp_servers: connectors.map(mcpServer) } : {}),
    ...(edit ? { context_management: edit } : {}),
    ...(container ? { container } : {}),
    ...thinkingParams(settings.thinkingLevel, settings.modelInfo),
    stream: true,
  };
}

/**
 * The id of the conversation's latest code execution container (kept with the answer that ran in it, see
 * `accumulator.ts`) while it lives, so files Claude made stay there for the next request; `undefined` once it
 * expired (the API would refuse it) or when there is none: the API then starts a new one.
 */
function liveContainer(
  messages: LlmContext['messages'],
  continuation: readonly AssistantContent[] | undefined,
  now: number,
): string | undefined {
  const contents = [...messages.map((m) => (m.role === 'assistant' ? m.content : [])), continuation ?? []];
  for (const content of contents.reverse()) {
    for (const part of [...content].reverse()) {
      if (part.type !== 'opaque' || part.provider !== 'anthropic') continue;
      const value = part.value as { type?: unknown; id?: unknown; expires_at?: unknown } | null;
      if (value?.type !== CONTAINER_PART || typeof value.id !== 'string') continue;
      const expires = typeof value.expires_at === 'string' ? Date.parse(value.expires_at) : Number.NaN;
      return Number.isFinite(expires) && expires > now ? value.id : undefined;
    }
  }
  return undefined;
}

/** The system prompt, then the standing instructions, the last of them a cache breakpoint. */
function systemBlocks(context: LlmContext): TextBlockParam[] {
  const texts = [context.systemPrompt, context.instructions].filter((t): t is string => Boolean(t?.trim()));
  return texts.map((text, i) => ({
    type: 'text' as const,
    text,
    ...(i === texts.length - 1 ? { cache_control: CACHE } : {}),
  }));
}

/**
 * The standing knowledge at the start of the first user turn the API reads (after a compaction block, since
 * the API drops what comes before one), ending with a cache breakpoint: it stays the same from request to request.
 * In a turn that answers tool calls it follows the `tool_result` blocks, which the API wants first.
 */
function withKnowledge(
  messages: MessageParam[],
  knowledge: LlmContext['knowledge'],
  model: string,
): MessageParam[] {
  if (!knowledge?.length) return messages;
  const [turn] = buildMessages([{ role: 'user', content: knowledge, timestamp: 0 }], { model });
  const blocks = Array.isArray(turn?.content) ? turn.content : [];
  const compacted = messages.findLastIndex(
    (m) => Array.isArray(m.content) && m.content.some((b: { type: string }) => b.type === 'compaction'),
  );
  const at = messages.findIndex((m, i) => i > compacted && m.role === 'user');
  const target = messages[at];
  if (blocks.length === 0 || !target) return messages;
  const content =
    typeof target.content === 'string' ? [{ type: 'text' as const, text: target.content }] : target.content;
  const results = content.findIndex((b) => b.type !== 'tool_result');
  const split = results < 0 ? content.length : results;
  return messages.with(at, {
    ...target,
    content: [...content.slice(0, split), ...blocks, ...content.slice(split)],
  } as MessageParam);
}

/**
 * The beta headers a request needs: the MCP connector's only when it names MCP servers; compaction's only when
 * it asks for compaction or carries a `compaction` block; code execution's only when it carries that tool.
 */
export function requestBetas(body: RequestBody): string[] {
  const betas: string[] = [];
  if (body.mcp_servers && body.mcp_servers.length > 0) betas.push(MCP_BETA);
  if (body.context_management || hasCompactionBlock(body)) betas.push(COMPACTION_BETA);
  if (body.tools?.some((tool) => 'type' in tool && tool.type === 'memory_20250818')) betas.push(MEMORY_BETA);
  if (body.tools?.some((tool) => 'type' in tool && tool.type === CODE_EXECUTION_TOOL.type))
    betas.push(CODE_EXECUTION_BETA);
  return betas;
}

function hasCompactionBlock(body: RequestBody): boolean {
  // A resent compaction block comes first in the messages (the ones before it are not sent).
  const first = body.messages[0];
  return Array.isArray(first?.content) && first.content.some((b) => (b.type as string) === 'compaction');
}

function compactEdit(compaction: CompactionSettings): ContextManagementParam {
  const value = Math.max(MIN_COMPACTION_TRIGGER, Math.round(compaction.trigger));
  return { edits: [{ type: 'compact_20260112', trigger: { type: 'input_tokens', value } }] };
}

/**
 * Web search (`web_search_20250305`, billed per search) and web fetch (`web_fetch_20250910`, with citations
 * of the pages it reads), with the same domain rule and use limit. The API accepts either an allow list or a
 * block list, never both: the allow list wins.
 */
function webTools(web: WebToolSettings): ToolUnion[] {
  const domains =
    web.allowedDomains.length > 0
      ? { allowed_domains: [...web.allowedDomains] }
      : web.blockedDomains.length > 0
        ? { blocked_domains: [...web.blockedDomains] }
        : {};
  const uses = web.maxUses !== undefined ? { max_uses: web.maxUses } : {};
  return [
    { type: 'web_search_20250305', name: 'web_search', ...domains, ...uses },
    { type: 'web_fetch_20250910', name: 'web_fetch', ...domains, ...uses, citations: { enabled: true } },
  ];
}

/** An MCP server's toolset: every tool, or (with an allow list) only the listed ones. */
function mcpToolset(connector: McpConnector): ToolUnion {
  const toolset =
    connector.tools.length > 0
      ? {
          type: 'mcp_toolset',
          mcp_server_name: connector.name,
          default_config: { enabled: false },
          configs: Object.fromEntries(connector.tools.map((name) => [name, { enabled: true }])),
        }
      : { type: 'mcp_toolset', mcp_server_name: connector.name };
  // The toolset is the MCP connector beta's tool type, which the SDK's GA `ToolUnion` does not list.
  return toolset as unknown as ToolUnion;
}

function mcpServer(connector: McpConnector): McpServerParam {
  return {
    type: 'url',
    url: connector.url,
    name: connector.name,
    ...(connector.token ? { authorization_token: connector.token } : {}),
  };
}

/**
 * The request for a local or compatible server (Ollama, LM Studio, llama.cpp, vLLM), which implement the core
 * of the Messages API only: no thinking or effort, no `cache_control` anywhere, no API-defined tools (only
 * custom ones with an input schema), no MCP servers, no context management, no container. A server that does
 * not know a field may refuse the request rather than ignore it.
 */
export function plainRequest(body: RequestBody): RequestBody {
  const {
    thinking: _thinking,
    output_config: _output,
    context_management: _context,
    mcp_servers: _mcp,
    container: _container,
    ...rest
  } = body;
  const { tools: all, ...others } = rest;
  const tools = all?.filter((tool) => !('type' in tool) || tool.type === undefined || tool.type === 'custom');
  return {
    ...(stripCacheControl(others) as RequestBody),
    ...(tools && tools.length > 0 ? { tools: stripCacheControl(tools) as ToolUnion[] } : {}),
  };
}

function stripCacheControl(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripCacheControl);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key !== 'cache_control') out[key] = stripCacheControl(v);
  }
  return out;
}
