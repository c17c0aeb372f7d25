import type { Messages } from '@anthropic-ai/sdk/resources/messages/messages';
import type { Models } from '@anthropic-ai/sdk/resources/models';

/** The two SDK resources the app uses. */
export interface ApiClient {
  readonly messages: Messages;
  readonly models: Models;
}

export interface ClientConfig {
  readonly apiKey: string;
  readonly baseURL: string;
  readonly fetch: typeof fetch;
}

export type ClientFactory = (config: ClientConfig) => ApiClient;

/**
 * Loads the SDK on first use, with a dynamic import so the first screen never waits for it, and returns the
 * client factory. The client is built from `BaseAnthropic` plus only the `Messages` and `Models` resources
 * (see `sdk-client.ts`), which keeps the SDK chunk far smaller than the full `Anthropic` class.
 */
export async function loadClientFactory(): Promise<ClientFactory> {
  const { createClient } = await import('./sdk-client');
  return createClient;
}
