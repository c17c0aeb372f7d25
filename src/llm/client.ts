/** The SDK client's shape, as the rest of this folder sees it (types only; `sdk-client.ts` builds one). */
import type { Files } from '@anthropic-ai/sdk/resources/files';
import type { Messages } from '@anthropic-ai/sdk/resources/messages/messages';
import type { Models } from '@anthropic-ai/sdk/resources/models';

/** The SDK resources the app uses. */
export interface ApiClient {
  readonly messages: Messages;
  readonly models: Models;
  /** Uploads and deletes files sent by id (Settings → Files API). */
  readonly files: Files;
}

export interface ClientConfig {
  readonly apiKey: string;
  readonly baseURL: string;
  readonly fetch: typeof fetch;
}

export type ClientFactory = (config: ClientConfig) => ApiClient;
