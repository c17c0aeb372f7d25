/** Tests for error mapping: every body in `__fixtures__/anthropic/errors` to its kind and sentence. */
import { describe, expect, it } from 'vitest';
import type { ErrorKind } from '../agent';
import { describeError, describeHttpError, parseRetryAfter } from './errors';
import {
  CONTEXT,
  collect,
  errorNames,
  errorReply,
  finalMessage,
  streamOptions,
  testProvider,
} from './test-support';

const EXPECTED: Record<string, { kind: ErrorKind; sentence: RegExp; requestId?: string }> = {
  '400_invalid_request_error.compaction_block_ambiguous.constructed.json': {
    kind: 'invalid_request',
    sentence: /^The API rejected the request: `messages` holds more than one `compaction` block/,
    requestId: 'req_011CONSTRUCTEDEXAMPLE0007',
  },
  '529_overloaded_error.compaction_unavailable.constructed.json': {
    kind: 'overloaded',
    sentence: /overloaded/,
    requestId: 'req_011CONSTRUCTEDEXAMPLE0008',
  },
  '400_invalid_request_error.image_dimensions_too_large.constructed.json': {
    kind: 'invalid_request',
    sentence: /^The API rejected the request: One or more images exceed the maximum image dimensions/,
    requestId: 'req_011CONSTRUCTEDEXAMPLE0003',
  },
  '400_invalid_request_error.image_over_5MB.json': {
    kind: 'invalid_request',
    sentence: /image exceeds 5 MB maximum/,
    requestId: 'req_011CUtc4QmYXvDmHZ4aqQP5i',
  },
  '400_invalid_request_error.recorded.json': {
    kind: 'invalid_request',
    sentence: /Each `tool_result` block must have a corresponding `tool_use` block/,
    requestId: 'req_011CYHyk9NPsBYeGbC9LuDNK',
  },
  '400_invalid_request_error.temperature_on_2026-10-21.constructed.json': {
    kind: 'invalid_request',
    sentence: /temperature: Extra inputs are not permitted/,
  },
  '401_authentication_error.cors_disabled_for_org.json': {
    kind: 'auth',
    sentence: /refused a request from this browser .*allow browser \(CORS\) access/,
  },
  '401_authentication_error.cors_header_missing.json': { kind: 'auth', sentence: /CORS/ },
  '401_authentication_error.invalid_x_api_key.json': {
    kind: 'auth',
    sentence: /^The API key was not accepted \(invalid x-api-key\)\. Enter your key again in Settings\.$/,
  },
  '403_permission_error.json': { kind: 'permission', sentence: /not allowed.*Permission denied/ },
  '404_not_found_error.docs_example.json': {
    kind: 'not_found',
    sentence: /Check the model and the API base URL/,
  },
  '404_not_found_error.unknown_model.inner_error_object.json': {
    kind: 'not_found',
    sentence: /\(model: claude-3-7-sonnet-latest\)/,
  },
  '413_request_too_large.json': { kind: 'too_large', sentence: /too large.*Remove large attachments/ },
  '429_rate_limit_error.enforced_spend_limit.constructed.json': {
    kind: 'spend_limit',
    sentence: /spend limit/,
    requestId: 'req_011CONSTRUCTEDEXAMPLE0002',
  },
  '429_rate_limit_error.headers.constructed.txt': {
    kind: 'rate_limit',
    sentence: /rate limit was reached.*asked to wait 13 s/,
    requestId: 'req_011CONSTRUCTEDEXAMPLE0001',
  },
  '429_rate_limit_error.recorded.json': { kind: 'rate_limit', sentence: /rate limit/ },
  '500_api_error.json': {
    kind: 'server',
    sentence: /internal error \(500\)/,
    requestId: 'req_011CXmPYtyatkKmZfJxWDowU',
  },
  '529_overloaded_error.json': { kind: 'overloaded', sentence: /overloaded/ },
  '529_overloaded_error.with_request_id.constructed.json': {
    kind: 'overloaded',
    sentence: /overloaded/,
    requestId: 'req_011CONSTRUCTEDEXAMPLE0005',
  },
  'sse_error_event.overloaded_error.txt': { kind: 'overloaded', sentence: /overloaded/ },
};

describe('API error bodies', () => {
  it('has an expectation for every error fixture', () => {
    expect(errorNames()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))('%s maps to its kind and a sentence', async (name, expected) => {
    const { provider, requests } = testProvider([errorReply(name)], { maxRetries: 0 });
    const message = finalMessage(await collect(provider.streamFn(CONTEXT, streamOptions())));
    expect(requests).toHaveLength(1);
    expect(message.stopReason).toBe('error');
    expect(message.errorKind).toBe(expected.kind);
    expect(message.errorMessage).toMatch(expected.sentence);
    if (expected.requestId) expect(message.requestId).toBe(expected.requestId);
  });

  it('takes the request id from the header when the body has none', () => {
    const info = describeHttpError(
      529,
      { type: 'error', error: { type: 'overloaded_error' } },
      { 'request-id': 'req_h' },
    );
    expect(info).toMatchObject({ kind: 'overloaded', requestId: 'req_h', retryable: true });
  });

  it('reads retry-after as seconds, milliseconds or an HTTP date', () => {
    expect(parseRetryAfter({ 'retry-after': '13' })).toBe(13);
    expect(parseRetryAfter({ 'retry-after-ms': '1500', 'retry-after': '9' })).toBe(1.5);
    const now = Date.parse('2026-11-24T21:07:30Z');
    expect(parseRetryAfter({ 'retry-after': 'Tue, 24 Nov 2026 21:07:43 GMT' }, now)).toBe(13);
    expect(parseRetryAfter({ 'retry-after': 'soon' })).toBeUndefined();
    expect(parseRetryAfter(new Headers())).toBeUndefined();
  });

  it('does not retry a spend limit even when the server says it may', () => {
    const body = {
      type: 'error',
      error: { type: 'rate_limit_error', details: { error_code: 'enforced_spend_limit_reached' } },
    };
    expect(describeHttpError(429, body, { 'x-should-retry': 'true' })).toMatchObject({
      kind: 'spend_limit',
      retryable: false,
    });
  });

  it('says when the conversation is too long for the model', () => {
    const body = {
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: 'prompt is too long: 1000001 tokens > 1000000 maximum',
      },
    };
    expect(describeHttpError(400, body).message).toMatch(
      /^The conversation is too long for this model \(prompt is too long/,
    );
  });

  it('honours x-should-retry: false', () => {
    const body = { type: 'error', error: { type: 'api_error', message: 'Internal server error' } };
    expect(describeHttpError(500, body, { 'x-should-retry': 'false' }).retryable).toBe(false);
  });

  it('describes network and CORS failures with a hint to check the base URL', () => {
    const info = describeError(new TypeError('Failed to fetch'), { baseUrl: 'https://proxy.example.test' });
    expect(info.kind).toBe('network');
    expect(info.message).toMatch(/^Couldn't reach proxy\.example\.test — is the server running\? /);
    expect(info.message).toMatch(
      /Check your connection and the API base URL \(https:\/\/proxy\.example\.test\)/,
    );
    expect(describeError(new TypeError('x'), { baseUrl: 'https://api.anthropic.com' }).message).toMatch(
      /^Couldn't reach api\.anthropic\.com — check your connection\./,
    );
    expect(info.message).toMatch(/CORS/);
    expect(describeError({ name: 'APIConnectionError', message: 'Connection error.' }).kind).toBe('network');
  });

  it('describes aborts, malformed data and unknown throws', () => {
    expect(describeError({ name: 'APIUserAbortError' }).kind).toBe('aborted');
    expect(describeError(new SyntaxError('Unexpected token')).message).toMatch(/could not be read/);
    expect(describeError('boom')).toMatchObject({ kind: 'unknown', retryable: false });
  });
});
