// @ts-check
/**
 * The Messages API's rules for server-side compaction in a request. Kept apart from `request-rules.mjs`, which
 * calls `compactionProblem` before its own checks of the messages.
 *
 * Where each rule comes from:
 * - "Compaction" (platform.claude.com/docs/en/build-with-claude/compaction): the beta header
 *   `anthropic-beta: compact-2026-01-12`; `context_management.edits` with `{ type: "compact_20260112" }`;
 *   `trigger` `{ type: "input_tokens", value }` with a value of at least 50,000 tokens; `pause_after_compaction`
 *   a boolean; `instructions` a string. A `compaction` block is passed back in an assistant message; the API
 *   drops every block before it.
 * - `@anthropic-ai/sdk` 1.14.0's types and error classes (`BetaCompactionBlockParam`, `CompactionBlock*Error`):
 *   "Empty string content is not allowed" (`content` is a string or `null`, `null` being a failed compaction
 *   the API treats as nothing); more than one `compaction` block with content is `compaction_block_ambiguous`
 *   ("Send only the block the conversation returned last"); a `compaction` block outside an assistant message is
 *   `compaction_block_misplaced`.
 * - Without the beta header the API knows neither the field ("Extra inputs are not permitted") nor the block.
 */

import { betasOf } from './platform-tool-rules.mjs';

export const COMPACTION_BETA = 'compact-2026-01-12';
/** The lowest `trigger.value` the API accepts. */
export const MIN_COMPACTION_TRIGGER = 50000;
const EDIT_TYPES = new Set(['compact_20260112', 'clear_tool_uses_20250919', 'clear_thinking_20251015']);
const COMPACT_KEYS = new Set(['type', 'trigger', 'pause_after_compaction', 'instructions']);

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The first compaction rule `body` breaks, or `undefined`.
 * @param {Record<string, unknown>} body
 * @param {Record<string, unknown> | undefined} headers
 * @returns {string | undefined}
 */
export function compactionProblem(body, headers) {
  const beta = betasOf(headers).includes(COMPACTION_BETA);
  const management = body.context_management;
  if (management !== undefined) {
    if (!beta) return 'context_management: Extra inputs are not permitted';
    const problem = managementProblem(management);
    if (problem) return problem;
  }
  return blocksProblem(body.messages, beta);
}

/** @param {unknown} management */
function managementProblem(management) {
  if (!isRecord(management)) return 'context_management: Input should be a valid dictionary';
  const edits = management.edits;
  if (edits === undefined) return undefined;
  if (!Array.isArray(edits)) return 'context_management.edits: Input should be a valid list';
  for (const [i, edit] of edits.entries()) {
    const at = `context_management.edits.${i}`;
    if (!isRecord(edit) || typeof edit.type !== 'string' || !EDIT_TYPES.has(edit.type))
      return `${at}: Input tag '${isRecord(edit) ? String(edit.type) : ''}' found using 'type' does not match any of the expected tags: 'clear_tool_uses_20250919', 'clear_thinking_20251015', 'compact_20260112'`;
    if (edit.type !== 'compact_20260112') continue;
    for (const key of Object.keys(edit)) {
      if (!COMPACT_KEYS.has(key)) return `${at}.compact_20260112.${key}: Extra inputs are not permitted`;
    }
    const trigger = edit.trigger;
    if (trigger != null) {
      if (!isRecord(trigger) || trigger.type !== 'input_tokens')
        return `${at}.compact_20260112.trigger.type: Input should be 'input_tokens'`;
      if (!Number.isInteger(trigger.value))
        return `${at}.compact_20260112.trigger.value: Input should be a valid integer`;
      if (Number(trigger.value) < MIN_COMPACTION_TRIGGER)
        return `${at}.compact_20260112.trigger.value: Input should be greater than or equal to ${MIN_COMPACTION_TRIGGER}`;
    }
    if (edit.pause_after_compaction !== undefined && typeof edit.pause_after_compaction !== 'boolean')
      return `${at}.compact_20260112.pause_after_compaction: Input should be a valid boolean`;
    if (edit.instructions != null && typeof edit.instructions !== 'string')
      return `${at}.compact_20260112.instructions: Input should be a valid string`;
  }
  return undefined;
}

/** @param {unknown} messages @param {boolean} beta */
function blocksProblem(messages, beta) {
  if (!Array.isArray(messages)) return undefined;
  let withContent = 0;
  for (const [n, message] of messages.entries()) {
    const blocks = isRecord(message) && Array.isArray(message.content) ? message.content : [];
    for (const [k, block] of blocks.entries()) {
      if (!isRecord(block) || block.type !== 'compaction') continue;
      const at = `messages.${n}.content.${k}`;
      if (!beta)
        return `${at}.type: Input tag 'compaction' found using 'type' does not match any of the expected tags`;
      if (message.role !== 'assistant')
        return `${at}: compaction_block_misplaced: \`compaction\` blocks can only appear in assistant messages`;
      const content = block.content;
      if (content !== null && content !== undefined && typeof content !== 'string')
        return `${at}.compaction.content: Input should be a valid string`;
      if (content === '') return `${at}.compaction.content: Empty string content is not allowed`;
      if (block.encrypted_content != null && typeof block.encrypted_content !== 'string')
        return `${at}.compaction.encrypted_content: Input should be a valid string`;
      if (typeof content === 'string') withContent += 1;
      if (withContent > 1)
        return `${at}: compaction_block_ambiguous: messages holds more than one \`compaction\` block with content. Send only the block the conversation returned last.`;
    }
  }
  return undefined;
}
