import { html } from 'lit';
import type { ToolRenderer } from '../chat/tool-renderers';
import { msg, str } from '../l10n';

let loading = false;
/** The card's element loads with the first `run_code` call shown (custom elements upgrade when defined). */
function loadCard(): void {
  if (loading) return;
  loading = true;
  import('./code-run').catch(() => {
    loading = false;
  });
}

function title(args: Readonly<Record<string, unknown>>): string {
  const language =
    args.language === 'python' ? 'Python' : args.language === 'javascript' ? 'JavaScript' : 'code';
  const what =
    typeof args.title === 'string' && args.title.trim() ? `: ${args.title.trim().slice(0, 80)}` : '';
  return msg(str`Running ${language}${what}`);
}

/** How `run_code` calls look in the conversation (the card `<easel-code-run>`). */
export const runCodeToolRenderer: ToolRenderer = {
  summary: (call) => title(call.arguments),
  expanded: () => true,
  renderArgs(call, streaming) {
    loadCard();
    return html`<easel-code-run .call=${call} ?streaming=${streaming}></easel-code-run>`;
  },
  renderResult(result) {
    loadCard();
    return html`<easel-code-run .result=${result}></easel-code-run>`;
  },
};
