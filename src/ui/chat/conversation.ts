import { css, html, LitElement, nothing } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { classMap } from 'lit/directives/class-map.js';
import { repeat } from 'lit/directives/repeat.js';
import type { AgentMessage, AssistantMessage, ToolResultMessage } from '../../agent';
import { RetryEvent } from '../events';
import { msg, str } from '../l10n';
import { buttonLook, focusRing } from '../styles/controls';
import { NO_VERSIONS, type VersionLookup } from './versions';

/** How close to the bottom (px) still counts as following the stream. */
const FOLLOW_SLACK = 48;

let messageViews: Promise<unknown> | undefined;
/**
 * The elements that show messages (`message-list`, `message-view`, and through them Markdown, tool cards,
 * thinking, versions, error notices): not in the first screen's JavaScript. They load while the page is idle, or
 * with the first message to show; a failed load is tried again next time.
 */
export function loadMessageViews(): Promise<unknown> {
  messageViews ??= import('./message-list').catch((error: unknown) => {
    messageViews = undefined;
    throw error;
  });
  return messageViews;
}

/**
 * The `log` named `Conversation`: finished messages, the streaming one, and scrolling that follows the
 * stream until the person scrolls up (then `Jump to latest` appears).
 */
@customElement('easel-conversation')
export class EaselConversation extends LitElement {
  static override styles = css`
    :host {
      display: block;
      position: relative;
      min-height: 0;
    }
    /* The scroller starts at its end: in a reversed column, a scroll offset of 0 is the end and the log grows
       upward from it, so while the person is at the end a growing answer stays in view with no scroll at all
       (scrolling to the end after each update cost a scroll event, and with it a frame of its own, per update).
       Scrolled up, scroll anchoring keeps what they read in place as the answer grows below. */
    .scroller {
      height: 100%;
      overflow-y: auto;
      overscroll-behavior: contain;
      display: flex;
      flex-direction: column-reverse;
    }
    /* Following, the layout keeps the end in view, so scroll anchoring has nothing to keep, and its search for an
       anchor at each layout grew with the answer (0.08 ms a frame early in a 400 KB answer, 0.27 ms late). */
    .scroller.following {
      overflow-anchor: none;
    }
    [role='log'] {
      display: flex;
      flex-direction: column;
      gap: var(--easel-space-4);
      padding: var(--easel-space-4);
      /* As wide as the scroller (a flex item with auto side margins does not stretch), its text at most 780 px
         wide as before, in line with the message box. */
      box-sizing: border-box;
      width: 100%;
      max-width: calc(780px + 2 * var(--easel-space-4));
      /* Top-aligned while the conversation is shorter than the scroller. */
      margin: 0 auto auto;
      flex-shrink: 0;
    }
    .empty {
      color: var(--easel-text-muted);
      text-align: center;
      padding: var(--easel-space-6) 0;
    }
    .unanswered {
      color: var(--easel-text-muted);
      font-size: 0.9rem;
    }
    .unanswered button {
      ${buttonLook}
      margin-left: var(--easel-space-2);
      padding: var(--easel-space-1) var(--easel-space-3);
    }
    .unanswered button:focus-visible {
      ${focusRing}
    }
    .waiting {
      align-self: flex-start;
      padding: var(--easel-space-2) var(--easel-space-3);
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius);
      color: var(--easel-text-muted);
    }
    .jump {
      position: absolute;
      bottom: var(--easel-space-3);
      left: 50%;
      transform: translateX(-50%);
      font: inherit;
      font-size: 0.85rem;
      padding: var(--easel-space-1) var(--easel-space-3);
      border-radius: 999px;
      border: 1px solid var(--easel-border);
      background: var(--easel-surface);
      color: var(--easel-text);
      box-shadow: 0 2px 8px rgb(0 0 0 / 0.15);
      cursor: pointer;
    }
    .jump:focus-visible {
      ${focusRing}
    }
  `;

  /** Finished messages. */
  @property({ attribute: false }) messages: readonly AgentMessage[] = [];
  /** The answer streaming now. */
  @property({ attribute: false }) streamMessage: AssistantMessage | null = null;
  /** Ids of tool calls running now. */
  @property({ attribute: false }) runningTools: ReadonlySet<string> = new Set();
  /** Whether the agent is working. */
  @property({ type: Boolean }) busy = false;
  /** Why the request is being sent again and when (the retry countdown), shown in the waiting placeholder. */
  @property() retryNote = '';
  /** Which messages have other versions (edits, regenerated answers). */
  @property({ attribute: false }) versions: VersionLookup = NO_VERSIONS;

  @state() private following = true;
  /** Whether the message elements are defined (`loadMessageViews`); until then messages wait to be shown. */
  @state() private viewsReady = customElements.get('easel-message-list') !== undefined;
  /** Why the message elements could not be loaded, if they could not. */
  @state() private viewsFailed = '';

  @query('.scroller') private scroller!: HTMLElement;

  private viewsLoading = false;
  private historyMemo:
    | {
        readonly source: readonly AgentMessage[];
        readonly count: number;
        readonly messages: readonly AgentMessage[];
      }
    | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.viewsReady) {
      const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
      idle(() => this.loadViews());
    }
  }

  override willUpdate(): void {
    if (!this.viewsReady && (this.messages.length > 0 || this.streamMessage)) this.loadViews();
  }

  override render() {
    const empty = this.messages.length === 0 && !this.streamMessage;
    const loading = !empty && !this.viewsReady;
    const liveStart = this.liveStart();
    return html`<div class=${classMap({ scroller: true, following: this.following })} @scroll=${this.handleScroll}>
        <div role="log" aria-label=${msg('Conversation')} aria-busy=${loading ? 'true' : nothing}>
          ${empty ? html`<slot name="empty"><p class="empty">${msg('Ask Claude anything. Files it writes appear beside the chat.')}</p></slot>` : nothing}
          ${loading ? this.renderLoading() : this.renderMessages(liveStart)}
        </div>
      </div>
      ${this.following ? nothing : html`<button class="jump" type="button" @click=${this.handleJump}>${msg('Jump to latest')}</button>`}`;
  }

  /** The messages: the history, the latest exchange, and what is awaited. */
  private renderMessages(liveStart: number) {
    return html`<easel-message-list
            .messages=${this.history(liveStart)}
            ?busy=${this.busy}
            ?holdsLatest=${liveStart >= this.messages.length}
            .versions=${this.versions}
          ></easel-message-list>
          ${this.renderLive(liveStart)} ${this.renderWaiting()} ${this.renderUnanswered()}`;
  }

  /** While the message elements load: nothing yet, or why they could not be loaded. */
  private renderLoading() {
    if (!this.viewsFailed) return nothing;
    return html`<p class="unanswered" role="alert">
      ${msg(str`The messages could not be shown (${this.viewsFailed}). Check the connection and reload the page.`)}
    </p>`;
  }

  private loadViews() {
    if (this.viewsReady || this.viewsLoading) return;
    this.viewsLoading = true;
    loadMessageViews().then(
      () => {
        this.viewsLoading = false;
        this.viewsFailed = '';
        this.viewsReady = true;
      },
      (error: unknown) => {
        this.viewsLoading = false;
        this.viewsFailed = error instanceof Error ? error.message : String(error);
      },
    );
  }

  /**
   * The latest exchange — from the last message the person sent, through the answer streaming now — is drawn
   * here rather than in the history list, so the streaming answer's element is the one that shows it finished
   * (its DOM is kept, not rebuilt) and the history does not re-render while tokens arrive.
   */
  private renderLive(liveStart: number) {
    const live = this.messages.slice(liveStart);
    const items: AgentMessage[] = this.streamMessage ? [...live, this.streamMessage] : live;
    const results = new Map<string, ToolResultMessage>();
    let lastAssistant = -1;
    items.forEach((m, i) => {
      if (m.role === 'toolResult') results.set(m.toolCallId, m);
      if (m.role === 'assistant') lastAssistant = i;
    });
    const streamingIndex = this.streamMessage ? items.length - 1 : -1;
    return repeat(
      items,
      (_m, i) => liveStart + i,
      (m, i) => {
        const versions = this.versions.versionsOf(m);
        return html`<easel-message-view
          .message=${m}
          .index=${liveStart + i}
          .toolResults=${results}
          .runningTools=${this.runningTools}
          .versionIndex=${versions?.index ?? 0}
          .versionCount=${versions?.count ?? 1}
          ?streaming=${i === streamingIndex}
          ?last=${i === lastAssistant}
          ?busy=${this.busy}
        ></easel-message-view>`;
      },
    );
  }

  /**
   * Where the answer will appear, until its first content arrives: Claude is working (no tool is running) and
   * the answer streaming now, if any, has nothing yet. The retry countdown shows inside it.
   */
  private renderWaiting() {
    if (!this.busy || this.runningTools.size > 0 || (this.streamMessage?.content.length ?? 0) > 0)
      return nothing;
    return html`<div class="waiting" role="status">
      ${msg('Claude is thinking…')}${this.retryNote ? html`<br />${this.retryNote}` : nothing}
    </div>`;
  }

  /**
   * The conversation ends without an answer (the page was closed after a message was sent, or after a tool ran,
   * before anything of the answer was saved): say so, and offer `Retry`.
   */
  private renderUnanswered() {
    if (this.busy || this.streamMessage) return nothing;
    const last = this.messages.findLast((m) => m.role !== 'artifact');
    let text: string;
    if (last?.role === 'user' || last?.role === 'user-with-attachments')
      text = msg('This message has no answer yet.');
    else if (last?.role === 'toolResult') text = msg('Claude had not finished this answer.');
    else return nothing;
    return html`<div class="unanswered" role="status">
      ${text} <button type="button" @click=${this.handleRetry}>${msg('Retry')}</button>
    </div>`;
  }

  private handleRetry() {
    this.dispatchEvent(new RetryEvent());
  }

  /** Where the latest exchange starts: the last message the person sent. */
  private liveStart(): number {
    for (let i = this.messages.length - 1; i >= 0; i--) {
      const role = this.messages[i]?.role;
      if (role === 'user' || role === 'user-with-attachments') return i;
    }
    return this.messages.length;
  }

  /** The messages before the latest exchange; the same array as long as they are the same. */
  private history(liveStart: number): readonly AgentMessage[] {
    const memo = this.historyMemo;
    if (memo && memo.count === liveStart && memo.source === this.messages) return memo.messages;
    // History only ever grows at its end or is replaced; its first and last messages tell which (O(1) per update).
    const unchanged =
      memo !== undefined &&
      memo.count === liveStart &&
      memo.messages[0] === this.messages[0] &&
      memo.messages[liveStart - 1] === this.messages[liveStart - 1];
    const messages = unchanged ? memo.messages : this.messages.slice(0, liveStart);
    this.historyMemo = { source: this.messages, count: liveStart, messages };
    return messages;
  }

  /** Follows the conversation again and scrolls to its end (e.g. after the person sends a message). */
  follow(): void {
    this.following = true;
    this.scrollToEnd();
  }

  /** In the reversed column the end is offset 0, and what lies above it negative offsets. */
  private scrollToEnd() {
    this.scroller.scrollTop = 0;
  }

  private handleScroll() {
    const atEnd = Math.abs(this.scroller.scrollTop) <= FOLLOW_SLACK;
    if (atEnd !== this.following) this.following = atEnd;
  }

  private handleJump() {
    this.follow();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-conversation': EaselConversation;
  }
}
