import { html } from 'lit';
import type { ToolCall } from '../../agent';
import type { ToolRenderer } from '../chat/tool-renderers';
import { formatNumber } from '../format';
import { msg, str } from '../l10n';
import { countNewlines } from './chunked-text';

/** Longest `old_str`/`new_str` excerpt a card shows. */
const EXCERPT = 1_500;

// Getters: each name is read in the active language when shown.
const VERBS: Readonly<Record<string, readonly [string, string]>> = {
  get create() {
    return [msg('Creating'), msg('Created')] as const;
  },
  get update() {
    return [msg('Updating'), msg('Updated')] as const;
  },
  get rewrite() {
    return [msg('Rewriting'), msg('Rewrote')] as const;
  },
  get get() {
    return [msg('Reading'), msg('Read')] as const;
  },
  get delete() {
    return [msg('Deleting'), msg('Deleted')] as const;
  },
  get logs() {
    return [msg('Reading the console of'), msg('Read the console of')] as const;
  },
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
    const name = typeof filename === 'string' && filename ? filename : msg('a file');
    return verbs ? `${verbs[streaming ? 0 : 1]} ${name}` : msg('Artifacts');
  },
  stoppedSummary(call: ToolCall): string {
    const { filename } = call.arguments;
    return msg(str`Stopped while writing ${typeof filename === 'string' && filename ? filename : 'a file'}`);
  },
  closedSummary(call: ToolCall): string {
    const { command, filename } = call.arguments;
    const verbs = typeof command === 'string' ? VERBS[command] : undefined;
    const name = typeof filename === 'string' && filename ? filename : 'a file';
    return msg(
      str`Page closed before ${verbs ? `${verbs[0].toLowerCase()} ${name}` : 'the artifacts call'} finished`,
    );
  },
  renderArgs(call: ToolCall, streaming: boolean) {
    const { content, old_str: oldStr, new_str: newStr } = call.arguments;
    if (typeof oldStr === 'string' || typeof newStr === 'string') {
      return html`<pre>${excerpt(oldStr)}</pre>
        <pre>→ ${excerpt(newStr)}</pre>`;
    }
    if (typeof content === 'string') {
      const characters = msg(str`${formatNumber(content.length)} characters`);
      // Counting lines reads the whole content: once it is complete, not on every streamed token.
      if (streaming) return html`<p>${msg(str`${characters} so far.`)}</p>`;
      const lines = content === '' ? 0 : countNewlines(content) + 1;
      return html`<p>${msg(str`${characters}, ${formatNumber(lines)} lines.`)}</p>`;
    }
    return html`<p>${msg('No content.')}</p>`;
  },
};

function excerpt(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value.length > EXCERPT ? `${value.slice(0, EXCERPT)}…` : value;
}
