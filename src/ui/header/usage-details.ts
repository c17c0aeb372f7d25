/** The `Usage` popover's content, loaded with its first opening (with `<easel-dialog>`). */
import { html, nothing } from 'lit';
import type { Usage } from '../../agent';
import { formatCost, formatTokens, formatWindow } from '../format';
import { msg, str } from '../l10n';
import '../components/dialog';

/** What the popover explains. */
export interface UsageFigures {
  readonly cost: number | undefined;
  readonly session: Usage | undefined;
  readonly used: number;
  readonly window: number | undefined;
  readonly warnAt: number;
  readonly cacheRatio: number | undefined;
}

/** The cost, the tokens of the session, the context meter (`Context used`) and the cache share, each explained. */
export function renderUsage(u: UsageFigures) {
  const { window } = u;
  const s = u.session;
  return html`<dl>
      <div>
        <dt><span>${msg('Cost of this session')}</span><span>${u.cost !== undefined ? formatCost(u.cost) : msg('Unknown')}</span></dt>
        <dd>${msg("What this chat's answers cost at the model's list prices, tools included.")}</dd>
      </div>
      <div>
        <dt><span>${msg('Tokens')}</span><span>${s ? msg(str`${formatTokens(s.input + s.cacheRead + s.cacheWrite)} in · ${formatTokens(s.output)} out`) : msg('None yet')}</span></dt>
        <dd>${msg('Everything sent to Claude and everything it wrote, over the whole session.')}</dd>
      </div>
      ${
        window
          ? html`<div>
            <dt><span>${msg('Context')}</span><span>${formatTokens(u.used)} / ${formatWindow(window)}</span></dt>
            <meter aria-label=${msg('Context used')} min="0" max=${window} low=${window * u.warnAt} high=${window * 0.95} optimum="0" .value=${u.used}></meter>
            <dd>${msg("How much of the model's memory the conversation fills. Near the end, Compact summarises it.")}</dd>
          </div>`
          : nothing
      }
      <div>
        <dt><span>${msg('Prompt cache')}</span><span>${u.cacheRatio !== undefined ? msg(str`Cache ${Math.round(u.cacheRatio * 100)}%`) : msg('Not used yet')}</span></dt>
        <dd>${msg('Share of the input read back from the cache, which costs a tenth of fresh input.')}</dd>
      </div>
    </dl>`;
}
