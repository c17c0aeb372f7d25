import { createContext } from '@lit/context';
import type { TemplateResult } from 'lit';
import type { ToolCall, ToolResultMessage } from '../../agent';

/**
 * How one tool's calls look in the conversation. `main.ts` passes a map of these to `<easel-app>`, which
 * provides it to the cards through context; a tool without a renderer gets the generic card.
 */
export interface ToolRenderer {
  /** One line summarising the call (e.g. "Creating index.html"); may be shown while arguments stream. */
  summary?(call: ToolCall, streaming: boolean): string;
  /** One line for a call that was never run because its answer stopped while it was being written. */
  stoppedSummary?(call: ToolCall): string;
  /** One line for a whole call that has no result: the page was closed or reloaded before it finished. */
  closedSummary?(call: ToolCall): string;
  /** Whether the card starts open (default: folded). */
  expanded?(call: ToolCall): boolean;
  /** The body of the card for the call's arguments. */
  renderArgs?(call: ToolCall, streaming: boolean): TemplateResult;
  /** The body of the card for the result. */
  renderResult?(result: ToolResultMessage): TemplateResult;
  /** A card of the tool's own in place of the generic one, or `undefined` to keep the generic card. */
  card?(call: ToolCall, result: ToolResultMessage | undefined): TemplateResult | undefined;
}

export type ToolRenderers = ReadonlyMap<string, ToolRenderer>;

export const toolRenderersContext = createContext<ToolRenderers>(Symbol('easel-tool-renderers'));
