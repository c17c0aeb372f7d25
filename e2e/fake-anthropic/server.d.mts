/** Declarations of server.mjs (the implementation is plain JavaScript so Node runs it directly). */
import type { FakeAnthropic, FakeAnthropicOptions } from './types.js';

export type { FakeAnthropic, FakeAnthropicOptions, FakeNamespace, RecordedRequest } from './types.js';

/** Starts a fake Anthropic API server; resolves once it listens. */
export declare function startFakeAnthropic(options?: FakeAnthropicOptions): Promise<FakeAnthropic>;
