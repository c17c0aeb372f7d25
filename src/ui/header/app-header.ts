import { css, html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { ThinkingLevel, Usage } from '../../agent';
import type { ModelInfo } from '../../llm';
import { HeaderCommandEvent, ModelChoiceEvent } from '../events';
import { contextTokens, formatCost, formatWindow } from '../format';
import { buttons, focusRing } from '../styles/controls';
import { icon } from '../styles/icons';
import './sync-status';
import './usage-button';
import { msg, str } from '../l10n';

/** How each effort level is named (the `Thinking` list, the command palette). */
export const LEVEL_LABELS: Readonly<Record<ThinkingLevel, string>> = {
  get off() {
    return msg('Off');
  },
  get low() {
    return msg('Low');
  },
  get medium() {
    return msg('Medium');
  },
  get high() {
    return msg('High');
  },
  get xhigh() {
    return msg('Extra high');
  },
  get max() {
    return msg('Max');
  },
};

/** Share of the context window at which the meter warns. */
const CONTEXT_WARNING = 0.8;
/** Share of the window the next request may take before `Compact` is offered. */
const COMPACT_OFFER = 0.9;
/** Tokens allowed for the person's next message when predicting the next request. */
const NEXT_MESSAGE = 4_000;
/** The answer's room in the next request: the request's `max_tokens` (the provider's default cap). */
const ANSWER_ROOM = 64_000;

/**
 * The size of the next request: the last request and its answer (`used`), the next message, and room for the
 * answer (the API refuses a request whose input and `max_tokens` exceed the window).
 */
export function predictNextRequest(used: number, model: ModelInfo | undefined): number {
  return used + NEXT_MESSAGE + Math.min(model?.maxOutput ?? ANSWER_ROOM, ANSWER_ROOM);
}

/**
 * Asks the app to compact the conversation. The handler answers with `respondWith(outcome)`, a sentence for the
 * person, which the header shows once it resolves.
 */
export class CompactRequestEvent extends Event {
  static readonly type = 'compact-request';
  private answer: Promise<string> | undefined;
  constructor() {
    super(CompactRequestEvent.type, { bubbles: true, composed: true });
  }
  respondWith(outcome: Promise<string>): void {
    this.answer = outcome;
  }
  get outcome(): Promise<string> | undefined {
    return this.answer;
  }
}

/**
 * The header: `New chat`, `Sessions`, `Settings`, the `Model` and `Thinking` comboboxes, the `Usage` button
 * (cost, context, cache, with a popover explaining each), `Show artifacts` while the session has files and the
 * panel is closed, and the sync status.
 */
@customElement('easel-app-header')
export class EaselAppHeader extends LitElement {
  static override styles = [
    buttons,
    css`
    :host {
      display: block;
      border-bottom: 1px solid var(--easel-border);
      background: var(--easel-surface);
    }
    header {
      display: flex;
      align-items: center;
      gap: var(--easel-space-2);
      padding: var(--easel-space-2) var(--easel-space-3);
      min-width: 0;
    }
    h1 {
      font-size: var(--easel-text-md);
      font-weight: 600;
      margin: 0 var(--easel-space-1);
    }
    .spacer {
      flex: 1;
    }
    /* The buttons keep their size; the two lists give way (their text ends in an ellipsis). */
    header > .btn {
      flex: none;
    }
    /* The model and the thinking level read as quiet menu buttons (a chevron drawn by two gradients), as the
       rest of the bar does; the list they open is the platform's. */
    select {
      appearance: none;
      font: inherit;
      font-size: var(--easel-text-sm);
      font-weight: 500;
      min-height: var(--easel-control-sm);
      padding: 0 26px 0 var(--easel-space-2);
      border-radius: var(--easel-radius-sm);
      border: 1px solid transparent;
      background-color: transparent;
      background-image:
        linear-gradient(45deg, transparent 50%, currentColor 50%),
        linear-gradient(135deg, currentColor 50%, transparent 50%);
      background-position:
        right 13px center,
        right 8px center;
      background-size: 5px 5px;
      background-repeat: no-repeat;
      color: var(--easel-text);
      min-width: 0;
      max-width: 22ch;
      text-overflow: ellipsis;
      cursor: pointer;
    }
    select:hover {
      background-color: var(--easel-hover);
    }
    option {
      background: var(--easel-surface);
      color: var(--easel-text);
    }
    :focus-visible {
      ${focusRing}
    }
    /* Numbers in fixed widths: the controls beside them do not move as they change. */
    .meta {
      font-size: var(--easel-text-xs);
      color: var(--easel-text-muted);
      display: flex;
      gap: var(--easel-space-2);
      align-items: center;
      font-variant-numeric: tabular-nums;
      white-space: nowrap;
    }
    .label-wide {
      display: inline;
    }
    /* A phone: one row — the brand, the words beside icons and the usage figures give way. */
    @media (max-width: 600px) {
      header {
        gap: var(--easel-space-1);
        padding: var(--easel-space-1) var(--easel-space-2);
      }
      h1,
      .label-wide,
      .meta .note {
        position: absolute;
        width: 1px;
        height: 1px;
        overflow: hidden;
        clip-path: inset(50%);
        white-space: nowrap;
      }
      .spacer {
        flex: 0 0 0;
      }
      /* New chat is an icon here, as square as the others. */
      header > .btn {
        width: var(--easel-control);
        padding: 0;
      }
      select {
        flex: 0 1 auto;
        max-width: none;
        font-size: var(--easel-text-xs);
        padding: 0 16px 0 var(--easel-space-1);
        background-position:
          right 8px center,
          right 4px center;
        background-size: 4px 4px;
      }
    }
    .warn {
      color: var(--easel-danger);
    }
  `,
  ];

  /** Models to choose from. */
  @property({ attribute: false }) models: readonly ModelInfo[] = [];
  /** The chosen model id. */
  @property() model = '';
  /** The chosen effort level. */
  @property() thinkingLevel: ThinkingLevel = 'off';
  /** Usage of the latest answer (for the context meter). */
  @property({ attribute: false }) lastUsage: Usage | undefined;
  /** Whether the sessions sidebar is open. */
  @property({ type: Boolean }) sidebarOpen = false;
  /** The session's total cost in dollars, when known. */
  @property({ attribute: false }) sessionCost: number | undefined;
  /** Share of the session's input tokens read from the prompt cache (0–1), when any were sent. */
  @property({ attribute: false }) cacheRatio: number | undefined;
  /** Tokens of every answer of the session, added up. */
  @property({ attribute: false }) sessionUsage: Usage | undefined;
  /** Whether to offer `Show artifacts`: the session has files and the panel is closed. */
  @property({ type: Boolean }) artifactsAvailable = false;

  /** What the last `Compact` did, or that it is running. */
  @state() private compactNote = '';
  @state() private compacting = false;

  override render() {
    const current = this.models.find((m) => m.id === this.model);
    const levels = current?.effortLevels ?? ['off'];
    return html`<header>
      <button
        type="button"
        class="btn ghost icon"
        aria-label=${msg('Sessions')}
        title=${msg('Sessions')}
        aria-expanded=${this.sidebarOpen ? 'true' : 'false'}
        @click=${() => this.command('sessions')}
      >
        ${icon('sidebar')}
      </button>
      <h1>${msg('Easel')}</h1>
      <button type="button" class="btn ghost" aria-label=${msg('New chat')} title=${msg('New chat')} @click=${() => this.command('new-chat')}>
        ${icon('new-chat')}<span class="label-wide">${msg('New chat')}</span>
      </button>
      <button type="button" class="btn ghost icon" aria-label=${msg('Incognito chat')} title=${msg('Incognito chat: not saved, no memory')} @click=${() => this.command('incognito-chat')}>
        ${icon('incognito')}
      </button>
      <span class="spacer"></span>
      <select aria-label=${msg('Model')} title=${current ? modelDescription(current) : this.model} @change=${this.handleModel}>
        ${current ? nothing : html`<option value=${this.model} selected>${this.model}</option>`}
        ${this.models.map(
          (m) =>
            html`<option value=${m.id} title=${modelDescription(m)} ?selected=${m.id === this.model}>${m.displayName}</option>`,
        )}
      </select>
      <select aria-label=${msg('Thinking')} title=${msg('How much Claude thinks before answering')} @change=${this.handleThinking}>
        ${levels.map(
          (l) =>
            html`<option value=${l} ?selected=${l === this.thinkingLevel}>${msg(str`Thinking: ${LEVEL_LABELS[l]}`)}</option>`,
        )}
      </select>
      ${this.renderMeta(current)}
      ${
        this.artifactsAvailable
          ? html`<button type="button" class="btn ghost" aria-label=${msg('Show artifacts')} title=${msg('Show artifacts')} @click=${() => this.command('artifacts')}>
              ${icon('artifacts')}<span class="label-wide">${msg('Artifacts')}</span>
            </button>`
          : nothing
      }
      <easel-sync-status></easel-sync-status>
      <button type="button" class="btn ghost icon" aria-label=${msg('Settings')} title=${msg('Settings')} @click=${() => this.command('settings')}>
        ${icon('settings')}
      </button>
    </header>`;
  }

  private renderMeta(model: ModelInfo | undefined) {
    const used = this.lastUsage ? contextTokens(this.lastUsage) : 0;
    const window = model?.contextWindow;
    const share = window ? used / window : 0;
    return html`<span class="meta">
      <easel-usage-button
        .cost=${this.sessionCost}
        .session=${this.sessionUsage}
        .used=${used}
        .window=${window}
        .warnAt=${CONTEXT_WARNING}
        .cacheRatio=${this.cacheRatio}
      ></easel-usage-button>
      ${share >= CONTEXT_WARNING ? html`<span class="warn note" role="status">${msg('Context nearly full')}</span>` : nothing}
      ${
        (window && predictNextRequest(used, model) >= window * COMPACT_OFFER) || this.compacting
          ? html`<button
              type="button"
              class="btn sm"
              title=${msg('Summarise the conversation so the next message fits; every message stays in this session')}
              ?disabled=${this.compacting}
              @click=${this.handleCompact}
            >
              ${msg('Compact')}
            </button>`
          : nothing
      }
      ${this.compactNote ? html`<span class="note" role="status">${this.compactNote}</span>` : nothing}
    </span>`;
  }

  private async handleCompact() {
    const request = new CompactRequestEvent();
    this.dispatchEvent(request);
    const outcome = request.outcome;
    if (!outcome) return;
    this.compacting = true;
    this.compactNote = msg('Compacting…');
    try {
      this.compactNote = await outcome;
    } finally {
      this.compacting = false;
    }
  }

  private handleModel(e: Event) {
    this.dispatchEvent(new ModelChoiceEvent({ model: (e.target as HTMLSelectElement).value }));
  }

  private handleThinking(e: Event) {
    this.dispatchEvent(
      new ModelChoiceEvent({ thinkingLevel: (e.target as HTMLSelectElement).value as ThinkingLevel }),
    );
  }

  private command(command: HeaderCommandEvent['command']) {
    this.dispatchEvent(new HeaderCommandEvent(command));
  }
}

/** "Claude Sonnet 4.6 · 1M context · $3 / $15 per million tokens" */
export function modelDescription(m: ModelInfo): string {
  const parts = [m.displayName];
  if (m.contextWindow) parts.push(msg(str`${formatWindow(m.contextWindow)} context`));
  parts.push(
    m.price
      ? msg(str`${formatCost(m.price.input)} / ${formatCost(m.price.output)} per million tokens in / out`)
      : msg('price unknown'),
  );
  return parts.join(' · ');
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-app-header': EaselAppHeader;
  }
  interface HTMLElementEventMap {
    'compact-request': CompactRequestEvent;
  }
}
