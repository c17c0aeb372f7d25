import { html } from 'lit';
import type { ToolCall } from '../../agent';
import type { ToolRenderer } from '../chat/tool-renderers';
import { countNewlines } from './chunked-text';

/** Longest `old_str`/`new_str` excerpt a card shows. */
const EXCERPT = 1_500;

const VERBS: Readonly<Record<string, readonly [string, string]>> = {
  create: ['Creating', 'Created'],
  update: ['Updating', 'Updated'],
  rewrite: ['Rewriting', 'Rewrote'],
  get: ['Reading', 'Read'],
  delete: ['Deleting', 'Deleted'],
  logs: ['Reading the console of', 'Read the console of'],
};

/**
 * How `artifacts` calls look in the conversation: a one-line summary ("Creating index.html") and a short
 * body (the size of the content, or the text an update replaces) instead of the whole arguments as JSON,
 * which would cost the length of the file on every streamed token. The file itself is in the panel.
 */
export const artifactsToolRenderer: ToolRenderer = {
  summary(call: ToolCall, streaming: boolean): string {
    const { command, filename } = call.arguments;
    const verbs = typeof command === 'string' ? VERBS[command] : undefined;
    const name = typeof filename === 'string' && filename ? filename : 'a file';
    return verbs ? `${verbs[streaming ? 0 : 1]} ${name}` : 'Artifacts';
  },
  stoppedSummary(call: ToolCall): string {
    const { filename } = call.arguments;
    return `Stopped while writing ${typeof filename === 'string' && filename ? filename : 'a file'}`;
  },
  closedSummary(call: ToolCall): string {
    const { command, filename } = call.arguments;
    const verbs = typeof command === 'string' ? VERBS[command] : undefined;
    const name = typeof filename === 'string' && filename ? filename : 'a file';
    return `Page closed before ${verbs ? `${verbs[0].toLowerCase()} ${name}` : 'the artifacts call'} finished`;
  },
  renderArgs(call: ToolCall, streaming: boolean) {
    const { content, old_str: oldStr, new_str: newStr } = call.arguments;
    if (typeof oldStr === 'string' || typeof newStr === 'string') {
      return html`<pre>${excerpt(oldStr)}</pre>
        <pre>→ ${excerpt(newStr)}</pre>`;
    }
    if (typeof content === 'string') {
      const characters = `${content.length.toLocaleString('en-US')} characters`;
      // Counting lines reads the whole content: once it is complete, not on every streamed token.
      if (streaming) return html`<p>${characters} so far.</p>`;
      const lines = content === '' ? 0 : countNewlines(content) + 1;
      return html`<p>${characters}, ${lines.toLocaleString('en-US')} lines.</p>`;
    }
    return html`<p>No content.</p>`;
  },
};

function excerpt(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value.length > EXCERPT ? `${value.slice(0, EXCERPT)}…` : value;
}
