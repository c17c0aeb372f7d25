/**
 * Guards for every record read back from IndexedDB. A record that fails is reported (the problem says which
 * record and what was wrong) and skipped by its repository; it never stops the rest from loading.
 */

import { isThinkingLevel } from '../agent';
import {
  bad,
  describeWrong,
  type Fields,
  isFiniteNumber,
  isObject,
  isOptional,
  isString,
  ok,
  type Parsed,
  wrongFields,
} from './guards';
import type {
  AttachmentBlobRecord,
  MessageRecord,
  ProjectRecord,
  SessionRecord,
  TextChunkRecord,
  TokenTotals,
} from './schema';
import { isAttachmentReference, parseAgentMessage } from './validate-message';

const SESSION_FIELDS = {
  id: (v: unknown) => isString(v) && v.length > 0,
  title: isString,
  created: isFiniteNumber,
  updated: isFiniteNumber,
  model: isString,
  thinkingLevel: isThinkingLevel,
  messageCount: isFiniteNumber,
  tokens: isTokenTotals,
  cost: isFiniteNumber,
  preview: isString,
  lastExportAt: (v: unknown) => isOptional(v, isFiniteNumber),
  deletedAt: (v: unknown) => isOptional(v, isFiniteNumber),
};

/** Fields that only place a session (in a project, among the pinned): a wrong one is dropped, not fatal. */
const PLACEMENT_FIELDS = {
  activeLeaf: isString,
  projectId: (v: unknown) => isString(v) && v.length > 0,
  pinnedAt: isFiniteNumber,
} as const;

export function parseSessionRecord(value: unknown): Parsed<SessionRecord> {
  if (!isObject(value)) return bad('A session record is not an object.');
  const wrong = wrongFields(value, SESSION_FIELDS);
  if (wrong.length > 0) return bad(`${describeWrong(`Session ${idOf(value)}`, wrong)}.`);
  // A wrong branch mark, project or pin must not cost the session: without the mark the latest message ends
  // the path; without the others it is listed unpinned, outside any project.
  let record: Fields = value;
  for (const [field, valid] of Object.entries(PLACEMENT_FIELDS)) {
    if (record[field] === undefined || valid(record[field])) continue;
    const { [field]: _wrong, ...rest } = record;
    record = rest;
  }
  return ok(record as unknown as SessionRecord);
}

const PROJECT_FIELDS = {
  id: (v: unknown) => isString(v) && v.length > 0,
  name: isString,
  instructions: isString,
  files: (v: unknown) => Array.isArray(v) && v.every(isAttachmentReference),
  created: isFiniteNumber,
  updated: isFiniteNumber,
};

export function parseProjectRecord(value: unknown): Parsed<ProjectRecord> {
  if (!isObject(value)) return bad('A project record is not an object.');
  const wrong = wrongFields(value, PROJECT_FIELDS);
  if (wrong.length > 0) return bad(`${describeWrong(`Project ${idOf(value)}`, wrong)}.`);
  return ok(value as unknown as ProjectRecord);
}

/** Checks a message record, including the message it holds. */
export function parseMessageRecord(value: unknown): Parsed<MessageRecord> {
  if (!isObject(value)) return bad('A message record is not an object.');
  const wrong = wrongFields(value, {
    sessionId: isString,
    key: isString,
    partial: (p) => p === undefined || p === true,
  });
  if (wrong.length > 0) return bad(`${describeWrong('A message record', wrong)}.`);
  const message = parseAgentMessage(value.message);
  if (!message.ok)
    return bad(`A message of session ${idOf(value, 'sessionId')} was skipped: ${message.problem}.`);
  const record = { ...(value as unknown as MessageRecord), message: message.value };
  // A wrong parent must not cost the message: without one it follows the previous record in key order.
  if (record.parent === undefined || record.parent === null || isString(record.parent)) return ok(record);
  const { parent: _wrong, ...rest } = record;
  return ok(rest);
}

export function parseTextChunk(value: unknown): Parsed<TextChunkRecord> {
  if (!isObject(value)) return bad('A search text record is not an object.');
  const wrong = wrongFields(value, {
    sessionId: isString,
    firstKey: isString,
    entries: (e) => Array.isArray(e) && e.every((x) => isObject(x) && isString(x.key) && isString(x.text)),
  });
  if (wrong.length > 0) return bad(`${describeWrong('A search text record', wrong)}.`);
  return ok(value as unknown as TextChunkRecord);
}

export function parseAttachmentBlobRecord(value: unknown): Parsed<AttachmentBlobRecord> {
  if (!isObject(value)) return bad('An attachment record is not an object.');
  const wrong = wrongFields(value, {
    id: isString,
    sessionId: isString,
    blob: (b) => typeof Blob !== 'undefined' && b instanceof Blob,
    mimeType: isString,
    size: isFiniteNumber,
  });
  if (wrong.length > 0) return bad(`${describeWrong(`Attachment ${idOf(value)}`, wrong)}.`);
  return ok(value as unknown as AttachmentBlobRecord);
}

function isTokenTotals(value: unknown): value is TokenTotals {
  return (
    isObject(value) &&
    isFiniteNumber(value.input) &&
    isFiniteNumber(value.output) &&
    isFiniteNumber(value.cacheRead) &&
    isFiniteNumber(value.cacheWrite)
  );
}

function idOf(value: Fields, field = 'id'): string {
  const id = value[field];
  return isString(id) ? `"${id.slice(0, 60)}"` : '(without an id)';
}
