import { css, html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { AgentMessage, ToolResultMessage } from '../../agent';
import { latestCompaction } from '../../messages/convert';
import './message-view';
import { msg } from '../l10n';
import { focusRing } from '../styles/controls';
import { NO_VERSIONS, type VersionLookup } from './versions';

/** Finished messages drawn when a conversation is opened; earlier ones wait behind `Show earlier messages`. */
const OPEN_WINDOW = 60;
/** Messages each `Show earlier messages` adds. */
const MORE = 200;

/**
 * The finished messages of the conversation. It renders only when `messages` (a new array on every change)
 * or the agent's working state change, never per streamed token. A long conversation opens at its latest
 * messages (opening a 2,000-message session stays fast); `Show earlier messages` draws more.
 */
@customElement('easel-message-list')
export class EaselMessageList extends LitElement {
  static override styles = css`
    :host {
      display: flex;
      flex-direction: column;
      gap: var(--easel-space-4);
    }
    /* Messages out of view are neither laid out nor painted; long conversations stay cheap. */
    easel-message-view {
      content-visibility: auto;
      contain-intrinsic-size: auto 160px;
    }
    .earlier {
      align-self: center;
      font: inherit;
      font-size: 0.85rem;
      padding: var(--easel-space-1) var(--easel-space-3);
      border-radius: 999px;
      border: 1px solid var(--easel-border);
      background: var(--easel-surface);
      color: var(--easel-text);
      cursor: pointer;
    }
    .earlier:focus-visible {
      ${focusRing}
    }
  `;

  /** The finished messages, oldest first. */
  @property({ attribute: false }) messages: readonly AgentMessage[] = [];
  /** Ids of tool calls running now. */
  @property({ attribute: false }) runningTools: ReadonlySet<string> = new Set();
  /** Whether the agent is working. */
  @property({ type: Boolean }) busy = false;
  /**
   * Whether these messages end the conversation. Only then is their last answer the latest one, which alone
   * offers `Regenerate` and `Retry` (an earlier answer's would act on the latest exchange).
   */
  @property({ type: Boolean }) holdsLatest = false;
  /** Which messages have other versions (asked only of the messages drawn). */
  @property({ attribute: false }) versions: VersionLookup = NO_VERSIONS;

  /** The index of the first message drawn. */
  @state() private from = 0;

  private toolResults: ReadonlyMap<string, ToolResultMessage> = new Map();
  private lastAssistant = -1;
  /** Messages before this index were summarised by a compaction. */
  private compactedBefore = 0;

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('messages')) {
      const results = new Map<string, ToolResultMessage>();
      let lastAssistant = -1;
      this.messages.forEach((m, i) => {
        if (m.role === 'toolResult') results.set(m.toolCallId, m);
        if (m.role === 'assistant') lastAssistant = i;
      });
      this.toolResults = results;
      this.lastAssistant = lastAssistant;
      this.compactedBefore = latestCompaction(this.messages);
      // Another conversation (its first message differs) opens at its end; the same one keeps what is drawn
      // (and its latest messages, once it is shorter: another branch, say).
      const previous = changed.get('messages');
      const latest = Math.max(0, this.messages.length - OPEN_WINDOW);
      this.from = previous?.[0] === this.messages[0] ? Math.min(this.from, latest) : latest;
    }
  }

  override render() {
    const from = this.from;
    const label =
      from <= this.compactedBefore ? msg('Show earlier messages (compacted)') : msg('Show earlier messages');
    return html`${from > 0 ? html`<button type="button" class="earlier" @click=${this.handleShowEarlier}>${label}</button>` : nothing}
    ${repeat(
      from > 0 ? this.messages.slice(from) : this.messages,
      (_m, i) => from + i,
      (m, i) => {
        const versions = this.versions.versionsOf(m);
        return html`<easel-message-view
          .message=${m}
          .index=${from + i}
          .versionIndex=${versions?.index ?? 0}
          .versionCount=${versions?.count ?? 1}
          .toolResults=${this.toolResults}
          .runningTools=${this.runningTools}
          ?last=${this.holdsLatest && from + i === this.lastAssistant}
          ?busy=${this.busy}
          ?compacted=${from + i < this.compactedBefore}
        ></easel-message-view>`;
      },
    )}`;
  }

  private handleShowEarlier() {
    this.from = Math.max(0, this.from - MORE);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-message-list': EaselMessageList;
  }
}
