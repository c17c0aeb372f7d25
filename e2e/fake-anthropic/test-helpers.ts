/** Small helpers shared by the fake server's own unit tests. */
import { readFileSync } from 'node:fs';
import Anthropic from '@anthropic-ai/sdk';

/** Request parameters valid for the SDK; the fake server answers whatever was scripted. */
export const params = {
  model: 'claude-opus-4-8',
  max_tokens: 1024,
  messages: [{ role: 'user' as const, content: 'Hello' }],
};

/** The real SDK pointed at a namespace; no retries unless asked. */
export function sdk(baseURL: string, maxRetries = 0): Anthropic {
  return new Anthropic({ apiKey: 'test-key', baseURL, maxRetries });
}

/** A raw `POST /v1/messages`, as a browser would send it. */
export function postMessages(
  baseUrl: string,
  body: unknown = { ...params, stream: true },
): Promise<Response> {
  return fetch(`${baseUrl}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The bytes of a copied transcript. */
export function fixtureBytes(name: string): Buffer {
  return readFileSync(new URL(`../fixtures/sse/${name}.sse`, import.meta.url));
}

/** Reads until at least `atLeast` bytes came (or the body ended); returns every read, in order. */
export async function readAtLeast(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  atLeast: number,
): Promise<Uint8Array[]> {
  const reads: Uint8Array[] = [];
  let total = 0;
  while (total < atLeast) {
    const { done, value } = await reader.read();
    if (done) break;
    reads.push(value);
    total += value.length;
  }
  return reads;
}

/** Reads a body to its end; returns every read, in order. */
export function readAll(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<Uint8Array[]> {
  return readAtLeast(reader, Number.POSITIVE_INFINITY);
}

/** Concatenates reads. */
export function joined(reads: readonly Uint8Array[]): Buffer {
  return Buffer.concat(reads);
}
