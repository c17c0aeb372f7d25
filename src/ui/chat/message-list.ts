import { css, html, LitElement, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { AgentMessage, ToolResultMessage } from '../../agent';
import './message-view';

/**
 * The finished messages of the conversation. It renders only when `messages` (a new array on every change)
 * or the agent's working state change, never per streamed token.
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
  `;

  /** The finished messages, oldest first. */
  @property({ attribute: false }) messages: readonly AgentMessage[] = [];
  /** Ids of tool calls running now. */
  @property({ attribute: false }) runningTools: ReadonlySet<string> = new Set();
  /** Whether the agent is working. */
  @property({ type: Boolean }) busy = false;

  private toolResults: ReadonlyMap<string, ToolResultMessage> = new Map();
  private lastAssistant = -1;

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
    }
  }

  override render() {
    return repeat(
      this.messages,
      (_m, i) => i,
      (m, i) =>
        html`<easel-message-view
          .message=${m}
          .index=${i}
          .toolResults=${this.toolResults}
          .runningTools=${this.runningTools}
          ?last=${i === this.lastAssistant}
          ?busy=${this.busy}
        ></easel-message-view>`,
    );
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-message-list': EaselMessageList;
  }
}
