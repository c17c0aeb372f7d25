import { html, type TemplateResult } from 'lit';
import type { ToolCall, ToolResultMessage } from '../../agent';
import type { ToolRenderer } from '../chat/tool-renderers';

/**
 * How memory calls look in the conversation: a read is the generic card ("Memory: view /memories"); a write that
 * succeeded is a small card of its own (`Remembered: prefers metric units`, with `Undo`). The card's element is
 * defined by the memory module (`memory-service.ts`), which the app loads while idle or with the first call.
 */
export const memoryToolRenderer: ToolRenderer = {
  summary(call: ToolCall): string {
    const { command, path, old_path: oldPath } = call.arguments;
    return `Memory: ${String(command ?? '')} ${String(path ?? oldPath ?? '')}`.trim();
  },
  card(_call: ToolCall, result: ToolResultMessage | undefined): TemplateResult | undefined {
    // A write's result carries what it changed (a read's has no details): the card reads and checks it.
    if (!result || result.isError || result.details === undefined) return undefined;
    return html`<easel-memory-card .details=${result.details}></easel-memory-card>`;
  },
};
