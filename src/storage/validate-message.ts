/**
 * The guard for messages read back from storage or an imported file (which `validate-import.ts` holds to more). It checks every field the app relies
 * on (role, content blocks, usage, attachment references, artifact fields) and returns the message unchanged
 * (unknown extra fields are kept, so a newer version's data survives a round trip through an older one).
 */

import { type AgentMessage, STOP_REASONS } from '../agent';
import { ARTIFACT_ACTIONS, ATTACHMENT_KINDS } from '../messages';
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

const STOP_REASON_SET: ReadonlySet<string> = new Set(STOP_REASONS);
const ARTIFACT_ACTION_SET: ReadonlySet<string> = new Set(ARTIFACT_ACTIONS);
const ATTACHMENT_KIND_SET: ReadonlySet<string> = new Set(ATTACHMENT_KINDS);

/** Checks a stored or imported message. The problem names the role and the first fields that were wrong. */
export function parseAgentMessage(value: unknown): Parsed<AgentMessage> {
  if (!isObject(value)) return bad('the message is not an object');
  const role = value.role;
  if (!isString(role)) return bad('the message has no role');
  const wrong = wrongFieldsOf(role, value);
  if (wrong === undefined) return bad(`the message has an unknown kind "${role.slice(0, 40)}"`);
  if (!isFiniteNumber(value.timestamp)) wrong.push('timestamp');
  if (wrong.length > 0) return bad(describeWrong(`the ${role} message`, wrong));
  // Every field the app reads was checked above; extra fields are carried along unchanged.
  return ok(value as unknown as AgentMessage);
}

/** The fields that fail for `role`, or `undefined` when the role is not a kind the app knows. */
function wrongFieldsOf(role: string, m: Fields): string[] | undefined {
  switch (role) {
    case 'user':
      return wrongFields(m, {
        content: (c) => isString(c) || (Array.isArray(c) && c.every(isUserBlock)),
      });
    case 'assistant':
      return wrongFields(m, {
        content: (c) => Array.isArray(c) && c.every(isAssistantBlock),
        provider: isString,
        model: isString,
        usage: isUsage,
        stopReason: (s) => isString(s) && STOP_REASON_SET.has(s),
        errorMessage: (s) => isOptional(s, isString),
      });
    case 'toolResult':
      return wrongFields(m, {
        toolCallId: isString,
        toolName: isString,
        content: (c) => Array.isArray(c) && c.every(isToolResultBlock),
        isError: (b) => typeof b === 'boolean',
      });
    case 'user-with-attachments':
      return wrongFields(m, {
        text: isString,
        attachments: (a) => Array.isArray(a) && a.every(isAttachmentReference),
      });
    case 'artifact':
      return wrongFields(m, {
        action: (a) => isString(a) && ARTIFACT_ACTION_SET.has(a),
        filename: isString,
        content: isString,
        bytes: (b) => b === undefined || b instanceof Uint8Array,
        mimeType: (t) => isOptional(t, isString),
        version: isFiniteNumber,
        author: (a) => a === 'model' || a === 'person',
        toolCallId: (s) => isOptional(s, isString),
      });
    case 'compaction':
      return wrongFields(m, {
        summary: isString,
        compacted: isFiniteNumber,
        model: isString,
        usage: (u) => u === undefined || isUsage(u),
      });
    default:
      return undefined;
  }
}

function isUserBlock(block: unknown): boolean {
  return isText(block) || isImage(block) || isDocument(block);
}

function isToolResultBlock(block: unknown): boolean {
  return isText(block) || isImage(block);
}

function isAssistantBlock(block: unknown): boolean {
  if (!isObject(block)) return false;
  switch (block.type) {
    case 'text':
      return isText(block);
    case 'thinking':
      return isString(block.thinking) && isOptional(block.signature, isString);
    case 'redactedThinking':
      return isString(block.data);
    case 'toolCall':
      return isString(block.id) && isString(block.name) && isObject(block.arguments);
    case 'opaque':
      return isString(block.provider);
    default:
      return false;
  }
}

function isText(block: unknown): boolean {
  return isObject(block) && block.type === 'text' && isString(block.text);
}

function isImage(block: unknown): boolean {
  return isObject(block) && block.type === 'image' && isString(block.mimeType) && isString(block.data);
}

function isDocument(block: unknown): boolean {
  return isObject(block) && block.type === 'document' && isString(block.mimeType) && isString(block.data);
}

function isUsage(usage: unknown): boolean {
  if (!isObject(usage)) return false;
  const counts = [usage.input, usage.output, usage.cacheRead, usage.cacheWrite];
  return counts.every(isFiniteNumber) && (usage.cost === undefined || isFiniteNumber(costTotal(usage)));
}

/** The total of a usage's cost, when present. */
function costTotal(usage: Fields): unknown {
  return isObject(usage.cost) ? usage.cost.total : undefined;
}

/**
 * An `AttachmentRecord` as a message (or a project, for its knowledge files) holds it: the id of the bytes plus
 * what a tile shows.
 */
export function isAttachmentReference(value: unknown): boolean {
  return (
    isObject(value) &&
    isString(value.id) &&
    isString(value.name) &&
    isString(value.mimeType) &&
    isFiniteNumber(value.size) &&
    isString(value.kind) &&
    ATTACHMENT_KIND_SET.has(value.kind) &&
    (value.sourceId === undefined || isString(value.sourceId)) &&
    (value.sourceSize === undefined || isFiniteNumber(value.sourceSize))
  );
}
