import { html, type TemplateResult } from 'lit';
import type { ToolCall, ToolResultMessage } from '../../agent';
import { parseMemoryDetails } from '../../memory';
import type { ToolRenderer } from '../chat/tool-renderers';
import './memory-card';

const WRITING: Readonly<Record<string, string>> = {
  create: 'Remembering',
  str_replace: 'Updating a memory',
  insert: 'Updating a memory',
  delete: 'Forgetting',
  rename: 'Moving a memory',
};

/**
 * How memory calls look in the conversation: a read is the generic card ("Read memory /memories"); a write that
 * succeeded is a small card of its own (`Remembered: prefers metric units`, with `Undo`).
 */
export const memoryToolRenderer: ToolRenderer = {
  summary(call: ToolCall): string {
    const { command, path, old_path: oldPath } = call.arguments;
    const where = typeof path === 'string' ? path : typeof oldPath === 'string' ? oldPath : '';
    if (command === 'view') return `Read memory ${where}`.trim();
    const verb = typeof command === 'string' ? WRITING[command] : undefined;
    return `${verb ?? 'Memory'} ${where}`.trim();
  },
  card(_call: ToolCall, result: ToolResultMessage | undefined): TemplateResult | undefined {
    if (!result || result.isError) return undefined;
    const write = parseMemoryDetails(result.details);
    return write ? html`<easel-memory-card .write=${write}></easel-memory-card>` : undefined;
  },
};
