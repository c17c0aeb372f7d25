/**
 * The provider the app builds: the same `AnthropicProvider`, whose code (`provider.ts`, with the error texts and
 * retries) loads with the first request, the first model list, or while the page is idle, never with the first
 * screen. A request made before it has loaded waits for it; a failed load ends that request with an error that
 * says so, and the next request tries again.
 */
import type { AssistantMessage, StreamFn } from '../agent';
import { BUILTIN_MODELS } from './catalog';
import type { AnthropicProvider, AnthropicProviderOptions } from './provider';

type Loaded = typeof import('./provider');

function loadFailed(model: string, error: unknown): AssistantMessage {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    role: 'assistant',
    content: [],
    provider: 'anthropic',
    model,
    usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    stopReason: 'error',
    errorMessage: `Easel could not load what sends a message (${reason}). Check the connection and send again.`,
    errorKind: 'network',
    timestamp: Date.now(),
  };
}

/** `createAnthropicProvider` of `provider.ts`, loaded at first use. */
export function createAnthropicProvider(options: AnthropicProviderOptions): AnthropicProvider {
  let real: AnthropicProvider | undefined;
  let loading: Promise<AnthropicProvider> | undefined;
  /** Models `compactNext` was asked for before the provider loaded. */
  const compactAsked = new Set<string>();

  const load = (): Promise<AnthropicProvider> => {
    loading ??= import('./provider').then(
      (module: Loaded) => {
        real = module.createAnthropicProvider(options);
        for (const model of compactAsked) real.compactNext(model);
        compactAsked.clear();
        return real;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };

  const streamOf =
    (pick: (provider: AnthropicProvider) => StreamFn): StreamFn =>
    (context, opts) => ({
      async *[Symbol.asyncIterator]() {
        let provider: AnthropicProvider;
        try {
          provider = real ?? (await load());
        } catch (error) {
          const message = loadFailed(opts.model, error);
          yield { type: 'start', partial: { ...message, stopReason: 'stop' } };
          yield { type: 'error', message };
          return;
        }
        yield* pick(provider)(context, opts);
      },
    });

  return {
    streamFn: streamOf((p) => p.streamFn),
    plainStreamFn: streamOf((p) => p.plainStreamFn),
    listModels: async (apiKey, signal, baseUrl) => (await load()).listModels(apiKey, signal, baseUrl),
    prepare: () => {
      void load().then(
        (provider) => provider.prepare(),
        () => undefined,
      );
    },
    compactNext: (model) => {
      if (real) return real.compactNext(model);
      // Before the model list has come, the catalog is the built-in one.
      const info = BUILTIN_MODELS.find((m) => m.id === model || m.id === model.replace(/-\d{8}$/, ''));
      if (info?.supportsCompaction !== true) return false;
      compactAsked.add(info.id);
      void load().catch(() => undefined);
      return true;
    },
    uploadedFiles: async (apiKey) => (await load()).uploadedFiles(apiKey),
    deleteUploadedFiles: async (apiKey) => (await load()).deleteUploadedFiles(apiKey),
    downloadFile: async (apiKey, fileId) => {
      try {
        return await (await load()).downloadFile(apiKey, fileId);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return {
          ok: false,
          problem: `Easel could not load what downloads files (${reason}). Check the connection and try again.`,
        };
      }
    },
  };
}
