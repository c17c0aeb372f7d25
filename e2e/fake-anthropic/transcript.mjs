// @ts-check
/**
 * Reads SSE transcripts back: splits a body into events and folds a Messages stream into the JSON message a
 * non-streaming request gets. Tolerant, like a client must be: bad JSON and unknown events are skipped.
 */

/** @typedef {{ event: string, data: string }} RawEvent */
/**
 * @typedef {{ ok: true, message: Record<string, unknown> }
 *   | { ok: false, error: Record<string, unknown> }} Accumulated
 */

/**
 * Splits an SSE body into events (`event:` name and joined `data:` lines). As in the SSE spec and the SDK, an
 * event not terminated by a blank line is discarded.
 * @param {string} body
 * @returns {RawEvent[]}
 */
export function parseSse(body) {
  /** @type {RawEvent[]} */
  const events = [];
  let event = '';
  /** @type {string[]} */
  let data = [];
  for (const line of body.split(/\r\n|\r|\n/)) {
    if (line === '') {
      if (data.length > 0 || event !== '') events.push({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
    } else if (line.startsWith('event:')) {
      event = stripField(line, 'event:');
    } else if (line.startsWith('data:')) {
      data.push(stripField(line, 'data:'));
    }
  }
  return events;
}

/** @param {string} line @param {string} field */
function stripField(line, field) {
  const value = line.slice(field.length);
  return value.startsWith(' ') ? value.slice(1) : value;
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
export function isRecord(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** @param {string} text @returns {unknown} */
function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Folds a Messages stream into the final message, or returns the first in-stream `error` event's payload.
 * @param {string} body
 * @returns {Accumulated}
 */
export function accumulate(body) {
  /** @type {Record<string, unknown> | undefined} */
  let message;
  /** @type {unknown[]} */
  let content = [];
  /** @type {Map<number, string>} */
  const partialJson = new Map();
  for (const raw of parseSse(body)) {
    const event = parseJson(raw.data);
    if (!isRecord(event)) continue;
    if (event.type === 'error') return { ok: false, error: event };
    if (event.type === 'message_start' && isRecord(event.message)) {
      message = structuredClone(event.message);
      content = [];
      message.content = content;
      continue;
    }
    if (!message) continue;
    const index = typeof event.index === 'number' ? event.index : -1;
    const block = content[index];
    if (event.type === 'content_block_start' && isRecord(event.content_block)) {
      content[index] = structuredClone(event.content_block);
    } else if (event.type === 'content_block_delta' && isRecord(block) && isRecord(event.delta)) {
      applyDelta(block, event.delta, index, partialJson);
    } else if (event.type === 'content_block_stop' && isRecord(block) && partialJson.has(index)) {
      block.input = parseJson(partialJson.get(index) || '{}') ?? {};
    } else if (event.type === 'message_delta') {
      applyMessageDelta(message, event);
    }
  }
  if (!message)
    return { ok: false, error: { type: 'error', error: { type: 'api_error', message: 'no message' } } };
  return { ok: true, message };
}

/**
 * @param {Record<string, unknown>} block
 * @param {Record<string, unknown>} delta
 * @param {number} index
 * @param {Map<number, string>} partialJson
 */
function applyDelta(block, delta, index, partialJson) {
  const append = (/** @type {string} */ field, /** @type {unknown} */ piece) => {
    if (typeof piece === 'string')
      block[field] = `${typeof block[field] === 'string' ? block[field] : ''}${piece}`;
  };
  switch (delta.type) {
    case 'text_delta':
      append('text', delta.text);
      break;
    case 'thinking_delta':
      append('thinking', delta.thinking);
      break;
    case 'signature_delta':
      append('signature', delta.signature);
      break;
    case 'input_json_delta':
      partialJson.set(index, `${partialJson.get(index) ?? ''}${String(delta.partial_json ?? '')}`);
      break;
    case 'citations_delta':
      block.citations = [...(Array.isArray(block.citations) ? block.citations : []), delta.citation];
      break;
    case 'compaction_delta':
      // The whole summary comes in one delta; a failed compaction keeps `content: null`.
      append('content', delta.content);
      if (typeof delta.encrypted_content === 'string') block.encrypted_content = delta.encrypted_content;
      break;
    default:
      break;
  }
}

/** @param {Record<string, unknown>} message @param {Record<string, unknown>} event */
function applyMessageDelta(message, event) {
  if (isRecord(event.delta)) {
    for (const key of ['stop_reason', 'stop_sequence', 'stop_details']) {
      if (key in event.delta) message[key] = event.delta[key];
    }
  }
  if (isRecord(event.usage) && isRecord(message.usage)) {
    for (const [key, value] of Object.entries(event.usage)) {
      if (value !== null && value !== undefined) message.usage[key] = value;
    }
  }
}
