// @ts-check
/**
 * Generates SSE transcripts in the real Messages API's wire format: the same event sequence (message_start, the
 * blocks with a ping after the first content_block_start, message_delta, message_stop), the same JSON field order
 * as recorded streams, and `event: X\ndata: {json}\n\n` framing.
 */
/** @import { BlockSpec, MessageSpec, SseEvent } from './types.js' */

import { randomBytes } from 'node:crypto';

const DEFAULT_MODEL = 'claude-sonnet-4-6';
const DEFAULT_DELTA_SIZE = 20;
const DEFAULT_SIGNATURE = Buffer.from('fake-signature-not-a-real-one').toString('base64');

/** @param {never} value @returns {never} */
export function assertNever(value) {
  throw new Error(`unexpected value: ${JSON.stringify(value)}`);
}

/** A random id with the API's prefix, e.g. `msg_fake_3k…`. @param {string} prefix */
export function fakeId(prefix) {
  return `${prefix}_fake_${randomBytes(12).toString('base64url')}`;
}

/**
 * Serialises events as an SSE body. A `ping` is written as the API writes it (`{"type": "ping"}`, with a space).
 * @param {readonly SseEvent[]} events
 * @returns {string}
 */
export function serializeEvents(events) {
  let body = '';
  for (const event of events) {
    const data =
      event.type === 'ping' && Object.keys(event).length === 1 ? '{"type": "ping"}' : JSON.stringify(event);
    body += `event: ${event.type}\ndata: ${data}\n\n`;
  }
  return body;
}

/** An in-stream `error` event, as the API sends after a 200 (e.g. overloaded mid-answer). */
export function errorEvent(type = 'overloaded_error', message = 'Overloaded') {
  return { type: 'error', error: { type, message } };
}

/**
 * Cuts `text` into pieces of `size` UTF-16 units, never between the halves of a surrogate pair.
 * @param {string} text
 * @param {number} size
 * @returns {string[]}
 */
export function splitText(text, size) {
  const step = Math.max(1, Math.floor(size));
  /** @type {string[]} */
  const pieces = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + step, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end += 1;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

/**
 * The events of one generated message.
 * @param {MessageSpec} spec
 * @returns {SseEvent[]}
 */
export function messageEvents(spec) {
  const deltaSize = spec.deltaSize ?? DEFAULT_DELTA_SIZE;
  const inputTokens = spec.inputTokens ?? 12;
  /** @type {SseEvent[]} */
  const blockEvents = [];
  let generated = 0;
  let cut = false;
  let hasToolUse = false;
  for (const [index, block] of spec.blocks.entries()) {
    const { start, deltas, text } = blockParts(block, deltaSize);
    generated += text.length;
    blockEvents.push({ type: 'content_block_start', index, content_block: start });
    if (index === 0) blockEvents.push({ type: 'ping' });
    for (const delta of deltas) blockEvents.push({ type: 'content_block_delta', index, delta });
    if (block.type === 'tool_use') hasToolUse = true;
    // A server tool's call is answered in the same message: it never ends the answer with `tool_use`.
    if (block.type === 'tool_use' && block.cutAfter !== undefined) {
      cut = true;
      break;
    }
    blockEvents.push({ type: 'content_block_stop', index });
  }
  const stopReason = spec.stopReason ?? (cut ? 'max_tokens' : hasToolUse ? 'tool_use' : 'end_turn');
  const outputTokens = spec.outputTokens ?? Math.max(1, Math.ceil(generated / 4));
  const compaction = spec.blocks.find((b) => b.type === 'compaction');
  // With a compaction, usage lists its steps; the top-level numbers leave the compaction step out.
  const iterations = compaction
    ? {
        iterations: [
          {
            type: 'compaction',
            input_tokens: compaction.compactedTokens ?? 150000,
            output_tokens: Math.max(1, Math.ceil((compaction.content ?? '').length / 4)),
          },
          { type: 'message', input_tokens: inputTokens, output_tokens: outputTokens },
        ],
      }
    : {};
  const message = {
    model: spec.model ?? DEFAULT_MODEL,
    id: spec.id ?? fakeId('msg'),
    type: 'message',
    role: 'assistant',
    content: [],
    stop_reason: null,
    stop_sequence: null,
    stop_details: null,
    usage: {
      input_tokens: inputTokens,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
      output_tokens: 1,
      service_tier: 'standard',
      inference_geo: 'not_available',
    },
  };
  return [
    { type: 'message_start', message },
    ...blockEvents,
    {
      type: 'message_delta',
      delta: {
        stop_reason: stopReason,
        stop_sequence: spec.stopSequence ?? null,
        stop_details: null,
        ...(spec.container ? { container: spec.container } : {}),
      },
      usage: {
        input_tokens: inputTokens,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        output_tokens: outputTokens,
        ...iterations,
      },
    },
    { type: 'message_stop' },
  ];
}

/**
 * The content_block_start payload, the deltas and the generated text of one block.
 * @param {BlockSpec} block
 * @param {number} deltaSize
 * @returns {{ start: Record<string, unknown>, deltas: Record<string, unknown>[], text: string }}
 */
function blockParts(block, deltaSize) {
  switch (block.type) {
    case 'text':
      return {
        start: { type: 'text', text: '' },
        deltas: splitText(block.text, deltaSize).map((text) => ({ type: 'text_delta', text })),
        text: block.text,
      };
    case 'thinking':
      return {
        start: { type: 'thinking', thinking: '', signature: '' },
        deltas: [
          ...splitText(block.thinking, deltaSize).map((thinking) => ({ type: 'thinking_delta', thinking })),
          { type: 'signature_delta', signature: block.signature ?? DEFAULT_SIGNATURE },
        ],
        text: block.thinking,
      };
    case 'redacted_thinking':
      return { start: { type: 'redacted_thinking', data: block.data }, deltas: [], text: '' };
    case 'compaction':
      return {
        start: { type: 'compaction', content: null, encrypted_content: null },
        deltas: [
          {
            type: 'compaction_delta',
            content: block.content,
            encrypted_content: block.encryptedContent ?? null,
          },
        ],
        text: '',
      };
    case 'tool_use': {
      const full = JSON.stringify(block.input ?? {});
      const json = block.cutAfter === undefined ? full : full.slice(0, block.cutAfter);
      const pieces = ['', ...splitText(json, deltaSize)];
      return {
        start: {
          type: 'tool_use',
          id: block.id ?? fakeId('toolu'),
          name: block.name,
          input: {},
          caller: { type: 'direct' },
        },
        deltas: pieces.map((partial_json) => ({ type: 'input_json_delta', partial_json })),
        text: json,
      };
    }
    case 'server_tool_use': {
      const json = JSON.stringify(block.input ?? {});
      return {
        start: {
          type: 'server_tool_use',
          id: block.id ?? fakeId('srvtoolu'),
          name: block.name,
          input: {},
          caller: { type: 'direct' },
        },
        deltas: ['', ...splitText(json, deltaSize)].map((partial_json) => ({
          type: 'input_json_delta',
          partial_json,
        })),
        text: json,
      };
    }
    case 'server_tool_result':
      return { start: block.block, deltas: [], text: '' };
    default:
      return assertNever(block);
  }
}
