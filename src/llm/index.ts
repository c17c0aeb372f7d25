/**
 * The Anthropic provider: SDK stream → assistant message events, model catalog and cost, errors and retries.
 * The only folder that imports `@anthropic-ai/sdk`, and it loads it lazily on first use.
 */
export { BUILTIN_MODELS, pickDefaultModel } from './catalog';
export type { DownloadOutcome } from './file-uploads';
export { createAnthropicProvider } from './lazy-provider';
export type { AnthropicProvider, AnthropicProviderOptions } from './provider';
export {
  type CompactionSettings,
  type ContainerFile,
  LlmError,
  type LlmErrorInfo,
  type ModelInfo,
  type ModelPrice,
  type ProviderSettings,
} from './types';
