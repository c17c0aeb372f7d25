/**
 * The Anthropic provider: SDK stream → assistant message events, model catalog and cost, errors and retries.
 * The only folder that imports `@anthropic-ai/sdk`, and it loads it lazily on first use.
 */
export { BUILTIN_MODELS, computeCost, pickDefaultModel, priceFor } from './catalog';
export { describeError, describeHttpError, parseRetryAfter } from './errors';
export { createPartialJsonParser, type PartialJsonParser } from './partial-json';
export { type AnthropicProvider, type AnthropicProviderOptions, createAnthropicProvider } from './provider';
export { buildRequest } from './request';
export {
  DEFAULT_BASE_URL,
  LlmError,
  type LlmErrorInfo,
  type ModelInfo,
  type ModelPrice,
  type ProviderSettings,
} from './types';
