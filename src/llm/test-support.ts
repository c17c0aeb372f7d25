/**
 * Test support for src/llm: fixtures, a scripted `fetch` that serves SSE bodies in odd-sized chunks through the
 * real SDK, and small helpers to drive a `StreamFn`. Not imported by app code.
 */
import type { AssistantMessage, AssistantMessageEvent, LlmContext, StreamOptions } from '../agent';
import { type AnthropicProviderOptions, createAnthropicProvider } from './provider';

const SSE = import.meta.glob<string>('./__fixtures__/anthropic/sse/*.sse', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const ERRORS = import.meta.glob<string>('./__fixtures__/anthropic/errors/*.{json,txt}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

function byName(files: Record<string, string>, name: string): string {
  const entry = Object.entries(files).find(([path]) => path.endsWith(`/${name}`));
  if (!entry) throw new Error(`Missing fixture ${name}`);
  return entry[1];
}

export const sseNames = (): string[] =>
  Object.keys(SSE)
    .map((p) => p.slice(p.lastIndexOf('/') + 1, -'.sse'.length))
    .sort();
export const sseFixture = (name: string): string => byName(SSE, `${name}.sse`);
export const errorNames = (): string[] =>
  Object.keys(ERRORS)
    .map((p) => p.slice(p.lastIndexOf('/') + 1))
    .sort();
export const errorFixture = (name: string): string => byName(ERRORS, name);

/** A body that delivers `text` as UTF-8 in `chunkSize`-byte pieces (splitting multi-byte characters). */
export function chunkedBody(
  text: string,
  chunkSize = 7,
  signal?: AbortSignal | null,
): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (signal?.aborted) {
        controller.error(new DOMException('The operation was aborted.', 'AbortError'));
        return;
      }
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

export type Reply = (init: RequestInit | undefined) => Response | Promise<Response>;

export function sseReply(text: string, headers: Record<string, string> = {}, chunkSize = 7): Reply {
  return (init) =>
    new Response(chunkedBody(text, chunkSize, init?.signal), {
      status: 200,
      headers: { 'content-type': 'text/event-stream', 'request-id': 'req_stream_1', ...headers },
    });
}

export function jsonReply(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
}

/** Turns an error fixture into a scripted reply: plain bodies, recorded exchanges, or raw HTTP text. */
export function errorReply(name: string): Reply {
  const text = errorFixture(name);
  if (name.startsWith('sse_')) return sseReply(text);
  if (name.endsWith('.txt')) {
    const [head = '', body = ''] = text.split(/\r?\n\r?\n/);
    const [statusLine = '', ...headerLines] = head.split(/\r?\n/);
    const headers = Object.fromEntries(
      headerLines.map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
    );
    return jsonReply(Number(statusLine.split(' ')[1]), body.trim(), headers);
  }
  const parsed = JSON.parse(text) as {
    status_code?: number;
    headers?: Record<string, string>;
    body?: unknown;
  };
  if (parsed.status_code) return jsonReply(parsed.status_code, parsed.body, parsed.headers);
  return jsonReply(Number(name.slice(0, 3)), text);
}

export interface RecordedRequest {
  readonly url: string;
  readonly headers: Headers;
  readonly body: Record<string, unknown>;
  readonly signal: AbortSignal | undefined;
}

/** A `fetch` that answers with the scripted replies in order and records every request. */
export function scriptedFetch(replies: readonly Reply[]) {
  const requests: RecordedRequest[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const text = typeof init?.body === 'string' ? init.body : '{}';
    requests.push({
      url,
      headers: new Headers(init?.headers),
      body: JSON.parse(text) as Record<string, unknown>,
      signal: init?.signal ?? undefined,
    });
    const reply = replies[requests.length - 1] ?? replies[replies.length - 1];
    if (!reply) throw new TypeError('Failed to fetch');
    return reply(init);
  };
  return { fetch: fetchFn, requests };
}

export const CONTEXT: LlmContext = {
  systemPrompt: 'You are helpful.',
  messages: [{ role: 'user', content: 'Hello', timestamp: 1 }],
};

export function streamOptions(overrides: Partial<StreamOptions> = {}): StreamOptions {
  return {
    model: 'claude-opus-5-5',
    thinkingLevel: 'off',
    apiKey: 'sk-ant-test',
    signal: new AbortController().signal,
    ...overrides,
  };
}

/** A provider over a scripted fetch, with no real waiting. */
export function testProvider(replies: readonly Reply[], extra: Partial<AnthropicProviderOptions> = {}) {
  const scripted = scriptedFetch(replies);
  const sleeps: number[] = [];
  const provider = createAnthropicProvider({
    getSettings: () => ({ baseUrl: '' }),
    fetch: scripted.fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...extra,
  });
  return { provider, requests: scripted.requests, sleeps };
}

export async function collect(
  events: AsyncIterable<AssistantMessageEvent>,
): Promise<AssistantMessageEvent[]> {
  const out: AssistantMessageEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

/** The message of the final `done` / `error` event, checking that there is exactly one and it is last. */
export function finalMessage(events: readonly AssistantMessageEvent[]): AssistantMessage {
  const last = events[events.length - 1];
  const ends = events.filter((e) => e.type === 'done' || e.type === 'error');
  if (!last || ends.length !== 1 || (last.type !== 'done' && last.type !== 'error')) {
    throw new Error(`Expected exactly one final event, got ${events.map((e) => e.type).join(', ')}`);
  }
  return last.message;
}
