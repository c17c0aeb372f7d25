/**
 * The only module that imports SDK code (not just types). The stream worker imports it (`stream-worker.ts`);
 * on the page it is loaded only through a dynamic `import()` in `provider.ts`, where requests are sent from the
 * page itself, so it and the SDK land in a chunk of their own that the first screen never waits for. Static
 * imports here let the bundler drop every part of the SDK this client does not use.
 */
import { BaseAnthropic } from '@anthropic-ai/sdk/client';
import { Files } from '@anthropic-ai/sdk/resources/files';
import { Messages } from '@anthropic-ai/sdk/resources/messages/messages';
import { Models } from '@anthropic-ai/sdk/resources/models';
import type { ApiClient, ClientConfig } from './client';

/** `BaseAnthropic` plus the resources the app uses, attached as the full `Anthropic` class attaches all. */
class EaselClient extends BaseAnthropic implements ApiClient {
  readonly messages: Messages = new Messages(this);
  readonly models: Models = new Models(this);
  readonly files: Files = new Files(this);
}

/**
 * A client for the person's own key in the browser (`dangerouslyAllowBrowser`). It never retries by itself
 * (the provider retries, so it can announce each retry) and never logs.
 */
export function createClient(config: ClientConfig): ApiClient {
  return new EaselClient({
    apiKey: config.apiKey,
    baseURL: config.baseURL,
    fetch: config.fetch,
    dangerouslyAllowBrowser: true,
    maxRetries: 0,
    logLevel: 'off',
  });
}
