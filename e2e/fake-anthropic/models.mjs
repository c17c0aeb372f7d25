// @ts-check
/** The fake `GET /v1/models`: ModelInfo objects shaped like `@anthropic-ai/sdk` 1.14.0's, and its paging. */
/** @import { FakeModelInfo, ModelInput } from './types.js' */

/** @param {boolean} supported */
const support = (supported) => ({ supported });

/** Capabilities of a current model: everything the app may ask about is supported. */
function fullCapabilities() {
  return {
    batch: support(true),
    citations: support(true),
    code_execution: support(true),
    context_management: {
      clear_thinking_20251015: support(true),
      clear_tool_uses_20250919: support(true),
      compact_20260112: support(true),
      supported: true,
    },
    effort: {
      high: support(true),
      low: support(true),
      max: support(true),
      medium: support(true),
      supported: true,
      xhigh: support(true),
    },
    image_input: support(true),
    pdf_input: support(true),
    server_tools: { code_execution: support(true), supported: true, web_search: support(true) },
    structured_outputs: support(true),
    thinking: {
      supported: true,
      types: {
        adaptive: support(true),
        between_tools: support(true),
        disabled: support(true),
        enabled: support(true),
      },
    },
  };
}

/**
 * A complete ModelInfo from an id and any fields to override.
 * @param {ModelInput} input
 * @returns {FakeModelInfo}
 */
export function modelInfo(input) {
  return {
    type: 'model',
    id: input.id,
    display_name: input.display_name ?? input.id,
    created_at: input.created_at ?? '2025-09-29T00:00:00Z',
    capabilities: input.capabilities === undefined ? fullCapabilities() : input.capabilities,
    deprecated_at: input.deprecated_at ?? null,
    lifecycle: input.lifecycle ?? 'active',
    line: input.line ?? null,
    max_input_tokens: input.max_input_tokens === undefined ? 200000 : input.max_input_tokens,
    max_tokens: input.max_tokens === undefined ? 64000 : input.max_tokens,
    retires_at: input.retires_at ?? null,
  };
}

/** The models listed when a test sets none: newest first, like the API. */
export function defaultModels() {
  return [
    modelInfo({
      id: 'claude-opus-4-8',
      display_name: 'Claude Opus 4.8',
      created_at: '2026-05-20T00:00:00Z',
      line: 'opus',
      max_input_tokens: 1000000,
      max_tokens: 128000,
    }),
    modelInfo({
      id: 'claude-sonnet-4-6',
      display_name: 'Claude Sonnet 4.6',
      created_at: '2026-02-17T00:00:00Z',
      line: 'sonnet',
      max_input_tokens: 1000000,
    }),
    modelInfo({
      id: 'claude-sonnet-4-5',
      display_name: 'Claude Sonnet 4.5',
      created_at: '2025-09-29T00:00:00Z',
      line: 'sonnet',
      lifecycle: 'deprecated',
      deprecated_at: '2026-05-01T00:00:00Z',
      retires_at: '2026-11-30T00:00:00Z',
    }),
    modelInfo({
      id: 'claude-haiku-4-5-20251001',
      display_name: 'Claude Haiku 4.5',
      created_at: '2025-10-01T00:00:00Z',
      line: 'haiku',
    }),
  ];
}

/**
 * One page of `models`, honouring `limit` (default 20), `after_id` and `before_id` as the API does.
 * @param {readonly FakeModelInfo[]} models
 * @param {Record<string, string>} query
 */
export function modelPage(models, query) {
  const limit = Math.min(1000, Math.max(1, Number(query.limit) || 20));
  let start = 0;
  let end = models.length;
  if (query.after_id) start = models.findIndex((model) => model.id === query.after_id) + 1;
  const before = query.before_id ? models.findIndex((model) => model.id === query.before_id) : -1;
  if (before >= 0) end = before;
  const window = models.slice(start, end);
  const data = query.before_id ? window.slice(-limit) : window.slice(0, limit);
  return {
    data,
    has_more: window.length > data.length,
    first_id: data[0]?.id ?? null,
    last_id: data.at(-1)?.id ?? null,
  };
}
