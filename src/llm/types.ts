/** The provider's own types: settings, models and prices, and `LlmError` with its `LlmErrorInfo`. */
import type { ErrorKind, ThinkingLevel } from '../agent';

/** The official API; used when the person leaves the base URL empty. */
export const DEFAULT_BASE_URL = 'https://api.anthropic.com';

/** A file attached in the session, for the code execution tool's sandbox: its name, type and bytes as base64. */
export interface ContainerFile {
  readonly name: string;
  readonly mediaType: string;
  readonly data: string;
}

/** What the provider reads from the app's settings on every request. */
export interface ProviderSettings {
  /** Base URL of a server that speaks the Messages API; `''` (or missing) means the official API. */
  readonly baseUrl: string;
  /** The API's web search and web fetch tools, when the person turned `Web` on; absent means off. */
  readonly web?: WebToolSettings;
  /** Remote MCP servers the API calls for Claude (the MCP connector); only enabled ones. */
  readonly connectors?: readonly McpConnector[];
  /**
   * Offers Anthropic's code execution tool (`code_execution_20250825`, Settings → Code): Claude runs bash and edits
   * files in a sandbox on Anthropic's servers. Absent or false: not offered.
   */
  readonly codeExecution?: boolean;
  /**
   * The session's attached files, as attached, for the code execution tool: with `codeExecution` each is uploaded
   * once through the Files API and given to the sandbox by a `container_upload` block. Never throws.
   */
  readonly containerFiles?: () => Promise<readonly ContainerFile[]>;
  /**
   * Lets the API compact a long conversation by itself (server-side compaction, for models with
   * `ModelInfo.supportsCompaction`), once its input passes {@link autoCompactTrigger}; absent or false: only
   * when the person asks (`AnthropicProvider.compactNext`).
   */
  readonly autoCompact?: boolean;
  /**
   * Sends PDFs and images of at least `minBytes` by file id (the Files API): each is uploaded once, the first time it
   * is sent, and referred to by its id from then on. Absent: every file goes in each request, as base64.
   */
  readonly files?: { readonly minBytes: number };
  /**
   * A local or compatible server (Ollama, LM Studio, llama.cpp, vLLM): requests carry none of the API's own
   * features — no thinking or effort, no prompt-cache breakpoints, no API-defined tools, no betas, no compaction,
   * no file ids — and a failure to reach it names the CORS setting to change.
   */
  readonly compatible?: boolean;
}

/**
 * Where automatic compaction starts: three quarters of the model's context window (leaving room for the answer and
 * the next messages), 150,000 tokens (the API's default) for a model whose window is unknown, never below the
 * API's minimum of 50,000.
 */
export function autoCompactTrigger(info: ModelInfo | undefined): number {
  const window = info?.contextWindow;
  return window ? Math.max(MIN_COMPACTION_TRIGGER, Math.floor(window * 0.75)) : 150_000;
}

/** The lowest `trigger` the API accepts for compaction. */
export const MIN_COMPACTION_TRIGGER = 50_000;

/** When the API compacts the conversation (the `compact_20260112` context-management edit). */
export interface CompactionSettings {
  /** Input tokens above which the API summarises the conversation first; at least 50,000 (the API's minimum). */
  readonly trigger: number;
}

/** How the API's web tools may be used. At most one of the two domain lists is sent (the API allows one). */
export interface WebToolSettings {
  /** Only these domains, when non-empty (`example.com`, no scheme). */
  readonly allowedDomains: readonly string[];
  /** Never these domains (ignored when `allowedDomains` is non-empty). */
  readonly blockedDomains: readonly string[];
  /** Most searches, and most fetches, per request; absent means the API's default (no limit). */
  readonly maxUses?: number;
}

/** A remote MCP server, as the request names it. */
export interface McpConnector {
  /** Unique in the request; `mcp_tool_use` blocks carry it as `server_name`. */
  readonly name: string;
  /** `https://` only. */
  readonly url: string;
  /** Sent as the server's `authorization_token` when set. */
  readonly token?: string;
  /** Tools Claude may call; empty means every tool the server offers. */
  readonly tools: readonly string[];
}

/** US dollars per million tokens, with where and when the numbers were read. */
export interface ModelPrice {
  readonly input: number;
  readonly output: number;
  /** Writing the prompt cache with the default 5-minute lifetime. */
  readonly cacheWrite: number;
  readonly cacheRead: number;
  /** Where the numbers come from (a URL). */
  readonly source: string;
  /** ISO date the source was read. */
  readonly asOf: string;
}

/** One model as the app knows it: from `GET /v1/models`, the built-in catalog, or both. */
export interface ModelInfo {
  readonly id: string;
  readonly displayName: string;
  /** Input context window in tokens, when known. */
  readonly contextWindow?: number;
  /** Largest `max_tokens` the model accepts, when known. */
  readonly maxOutput?: number;
  readonly supportsImages: boolean;
  readonly supportsPdf: boolean;
  /** Accepts adaptive thinking (`thinking: { type: 'adaptive' }`). */
  readonly supportsThinking: boolean;
  /**
   * The thinking levels to offer for this model, lowest first. `off` is present only when thinking can be
   * turned off; the others are the `output_config.effort` values the model accepts. A model without effort
   * or thinking support has just `['off']`.
   */
  readonly effortLevels: readonly ThinkingLevel[];
  /** Takes the API's server-side compaction (`context_management` edit `compact_20260112`). */
  readonly supportsCompaction?: boolean;
  /** `deprecated` models still work but are not picked by default. */
  readonly deprecated?: boolean;
  /** Absent when the price is unknown: cost is then shown as unknown. */
  readonly price?: ModelPrice;
}

/** Everything the UI needs to explain a failure and decide what to offer (re-enter key, wait, retry, …). */
export interface LlmErrorInfo {
  readonly kind: ErrorKind;
  /** A sentence for the person. */
  readonly message: string;
  readonly status?: number;
  readonly requestId?: string;
  /** Seconds the server asked us to wait. */
  readonly retryAfter?: number;
  /** The API's own error message, when it sent one. */
  readonly apiMessage?: string;
  /** `error.details.error_code`, when present. */
  readonly errorCode?: string;
  /** Whether retrying the same request may succeed. */
  readonly retryable: boolean;
}

/** Thrown by `listModels`; stream failures are never thrown, they end the stream instead. */
export class LlmError extends Error {
  readonly info: LlmErrorInfo;
  constructor(info: LlmErrorInfo) {
    super(info.message);
    this.name = 'LlmError';
    this.info = info;
  }
  get kind(): ErrorKind {
    return this.info.kind;
  }
}
