/** `<easel-usage-button>`: the session's cost and context in the top bar; its popover explains each. */
import { css, html, LitElement, nothing } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { Usage } from '../../agent';
import type { EaselDialog } from '../components/dialog';
import { formatCost, formatTokens, formatWindow } from '../format';
import { buttons } from '../styles/controls';
import '../components/dialog';

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

  @query('easel-dialog') private details!: EaselDialog;

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
        aria-label=${`Usage: ${cost}${context ? `, context ${context}` : ''}`}
        title="Usage: cost, context and cache"
        @click=${this.handleClick}
      >
        <span class="cost" title="Cost of this session">${cost}</span>
        ${
          window
            ? html`<span class="bar" aria-hidden="true"><span style=${`width: ${Math.round(share * 100)}%`}></span></span>
              <span class="context">${context}</span>`
            : nothing
        }
      </button>
      <easel-dialog label="Usage" @dialog-close=${this.handleClosed}>${this.renderDetails(window)}</easel-dialog>`;
  }

  private renderDetails(window: number | undefined) {
    const s = this.session;
    return html`<dl>
      <div>
        <dt><span>Cost of this session</span><span>${this.cost !== undefined ? formatCost(this.cost) : 'Unknown'}</span></dt>
        <dd>What this chat's answers cost at the model's list prices, tools included.</dd>
      </div>
      <div>
        <dt><span>Tokens</span><span>${s ? `${formatTokens(s.input + s.cacheRead + s.cacheWrite)} in · ${formatTokens(s.output)} out` : 'None yet'}</span></dt>
        <dd>Everything sent to Claude and everything it wrote, over the whole session.</dd>
      </div>
      ${
        window
          ? html`<div>
            <dt><span>Context</span><span>${formatTokens(this.used)} / ${formatWindow(window)}</span></dt>
            <meter aria-label="Context used" min="0" max=${window} low=${window * this.warnAt} high=${window * 0.95} optimum="0" .value=${this.used}></meter>
            <dd>How much of the model's memory the conversation fills. Near the end, Compact summarises it.</dd>
          </div>`
          : nothing
      }
      <div>
        <dt><span>Prompt cache</span><span>${this.cacheRatio !== undefined ? `Cache ${Math.round(this.cacheRatio * 100)}%` : 'Not used yet'}</span></dt>
        <dd>Share of the input read back from the cache, which costs a tenth of fresh input.</dd>
      </div>
    </dl>`;
  }

  private handleClick() {
    const opening = !this.details.open;
    this.details.toggle();
    this.expanded = opening;
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
