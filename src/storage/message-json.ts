/**
 * Messages as JSON carries them (an export file, a sync payload): an artifact record's bytes as a base64
 * string. Only the export, import and sync paths load this.
 */
import type { AgentMessage } from '../agent';
import { base64ToBytes, bytesToBase64 } from './base64';
import { isObject, isString } from './guards';

/**
 * A message as JSON carries it (an export file, a sync payload) made a message again: an artifact record's
 * `bytes`, written as a base64 string (`serializeExport`, `messageToJson`), become bytes again. Invalid base64
 * is left as it is, for the guard to refuse. Anything else is returned as it is.
 */
export function messageFromJson(value: unknown): unknown {
  if (!isObject(value) || value.role !== 'artifact' || !isString(value.bytes)) return value;
  const bytes = base64ToBytes(value.bytes);
  return bytes ? { ...value, bytes } : value;
}

/** `message` ready for `JSON.stringify`: an artifact record's bytes as a base64 string (see `messageFromJson`). */
export function messageToJson(message: AgentMessage): unknown {
  return message.role === 'artifact' && message.bytes !== undefined
    ? { ...message, bytes: bytesToBase64(message.bytes) }
    : message;
}
