/** Declarations of client.mjs (the implementation is plain JavaScript so Node runs it directly). */
import type { FakeNamespace } from './types.js';

export type { FakeNamespace, ModelInput, RecordedRequest, ReplyInput, ResponseSpec } from './types.js';

/**
 * A handle on namespace `id` of the fake server at `serverUrl`, through its control endpoint (`''` is the default
 * namespace). String replies are read as fixture names in the calling process.
 */
export declare function controlClient(serverUrl: string, id: string): FakeNamespace;
