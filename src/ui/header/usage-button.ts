/** `<easel-usage-button>`: the session's cost and context in the top bar; its popover explains each. */
import { css, html, LitElement, nothing } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { Usage } from '../../agent';
import type { EaselDialog } from '../components/dialog';
import { formatCost, formatTokens, formatWindow } from '../format';
import { msg, str } from '../l10n';
import { buttons } from '../styles/controls';

/**
 * A `Usage` button showing the session's cost and how full the context is (in fixed widths, so nothing beside
 * it moves as the numbers change). It opens a popover, the `dialog` named `Usage`: the cost, the tokens of
 * the session, the context meter (`Context used`) and the prompt-cache share, each with a line saying what it
 * means. Escape or a click outside closes it.
 */
@customElement('easel-usage-button')
export class EaselUsageButton extends LitElement {
  static override styles = [
    buttons,
    css`
      :host {
        display: inline-block;
        position: relative;
      }
      .usage {
        font-variant-numeric: tabular-nums;
        font-size: var(--easel-text-xs);
        gap: var(--easel-space-2);
      }
      .cost {
        min-width: 5ch;
        text-align: end;
      }
      .bar {
        width: 40px;
        height: 6px;
        border-radius: var(--easel-radius-full);
        background: var(--easel-surface-2);
        overflow: hidden;
      }
      .bar span {
        display: block;
        height: 100%;
        background: var(--easel-text-muted);
      }
      .warn .bar span {
        background: var(--easel-danger);
      }
      .context {
        min-width: 9ch;
        text-align: start;
      }
      easel-dialog {
        --easel-dialog-width: 300px;
      }
      dl {
        margin: 0;
        display: grid;
        gap: var(--easel-space-3);
      }
      dt {
        font-weight: 600;
        display: flex;
        justify-content: space-between;
        gap: var(--easel-space-2);
        font-variant-numeric: tabular-nums;
      }
      dd {
        margin: 2px 0 0;
        color: var(--easel-text-muted);
        font-size: var(--easel-text-xs);
      }
      meter {
        width: 100%;
      }
      /* A phone: the cost only. */
      @media (max-width: 600px) {
        .bar,
        .context {
          display: none;
        }
      }
    `,
  ];

  /** The session's cost in dollars, when known. */
  @property({ attribute: false }) cost: number | undefined;
  /** Tokens of the whole session (every answer). */
  @property({ attribute: false }) session: Usage | undefined;
  /** Tokens the context held at the last answer. */
  @property({ type: Number }) used = 0;
  /** The model's context window, when known. */
  @property({ attribute: false }) window: number | undefined;
  /** Share of the window at which the figures warn (0–1). */
  @property({ type: Number }) warnAt = 0.8;
  /** Share of the session's input read from the prompt cache (0–1), when any was sent. */
  @property({ attribute: false }) cacheRatio: number | undefined;

  @state() private expanded = false;
  /** The popover's part, loaded with the first click (the first screen does not need it). */
  @state() private details: typeof import('./usage-details') | undefined;

  @query('easel-dialog') private dialog!: EaselDialog | null;

  override render() {
    const window = this.window;
    const share = window ? Math.min(1, this.used / window) : 0;
    const cost = this.cost !== undefined ? formatCost(this.cost) : '—';
    const context = window ? `${formatTokens(this.used)} / ${formatWindow(window)}` : '';
    return html`<button
        type="button"
        class="btn ghost usage ${share >= this.warnAt ? 'warn' : ''}"
        aria-haspopup="dialog"
        aria-expanded=${this.expanded ? 'true' : 'false'}
        aria-label=${context ? msg(str`Usage: ${cost}, context ${context}`) : msg(str`Usage: ${cost}`)}
        title=${msg('Usage: cost, context and cache')}
        @click=${this.handleClick}
      >
        <span class="cost" title=${msg('Cost of this session')}>${cost}</span>
        ${
          window
            ? html`<span class="bar" aria-hidden="true"><span style=${`width: ${Math.round(share * 100)}%`}></span></span>
              <span class="context">${context}</span>`
            : nothing
        }
      </button>
      ${
        this.details
          ? html`<easel-dialog label=${msg('Usage')} @dialog-close=${this.handleClosed}>${this.details.renderUsage(
              {
                cost: this.cost,
                session: this.session,
                used: this.used,
                window,
                warnAt: this.warnAt,
                cacheRatio: this.cacheRatio,
              },
            )}</easel-dialog>`
          : nothing
      }`;
  }

  private async handleClick() {
    if (this.dialog?.open) {
      this.dialog.close();
      return;
    }
    this.details ??= await import('./usage-details');
    await this.updateComplete;
    await this.dialog?.show();
    this.expanded = true;
  }

  private handleClosed() {
    this.expanded = false;
  }
}

/** The tokens of every answer of a session, added up; `undefined` before the first. */
export function sessionUsage(usages: Iterable<Usage>): Usage | undefined {
  let total: Usage | undefined;
  for (const u of usages) {
    total = {
      input: (total?.input ?? 0) + u.input,
      output: (total?.output ?? 0) + u.output,
      cacheRead: (total?.cacheRead ?? 0) + u.cacheRead,
      cacheWrite: (total?.cacheWrite ?? 0) + u.cacheWrite,
    };
  }
  return total;
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-usage-button': EaselUsageButton;
  }
}
