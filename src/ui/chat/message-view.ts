/** `<easel-message-view>`: one message of the conversation (yours, Claude's, or a file change) with its actions. */
import { css, html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { AgentMessage, AssistantMessage, ToolResultMessage, UserMessage } from '../../agent';
import type { ArtifactMessage, AttachmentRecord, UserWithAttachmentsMessage } from '../../messages';
import { loadAttachmentList } from '../attachments/load-list';
import { CopyFeedback } from '../controllers/copy-feedback';
import { EditMessageEvent, OpenArtifactEvent, RegenerateEvent } from '../events';
import { formatUsage } from '../format';
import './error-notice';
import './thinking-block';
import './tool-call-card';
import type { UnfinishedCall } from './tool-call-card';
import './version-switcher';
import '../markdown/markdown-view';
import { msg, str } from '../l10n';
import { buttons, focusRing } from '../styles/controls';
import { type IconName, icon } from '../styles/icons';

const NO_RESULTS: ReadonlyMap<string, ToolResultMessage> = new Map();

/** "You created index.html (version 1)", "Claude deleted notes.md": one sentence each, for word order. */
function artifactLabel(m: ArtifactMessage): string {
  const [file, version] = [m.filename, m.version];
  const you = m.author === 'person';
  switch (m.action) {
    case 'create':
      return you
        ? msg(str`You created ${file} (version ${version})`)
        : msg(str`Claude created ${file} (version ${version})`);
    case 'update':
      return you
        ? msg(str`You updated ${file} (version ${version})`)
        : msg(str`Claude updated ${file} (version ${version})`);
    case 'rewrite':
      return you
        ? msg(str`You rewrote ${file} (version ${version})`)
        : msg(str`Claude rewrote ${file} (version ${version})`);
    case 'restore':
      return you
        ? msg(str`You restored ${file} (version ${version})`)
        : msg(str`Claude restored ${file} (version ${version})`);
    case 'edit':
      return you
        ? msg(str`You edited ${file} (version ${version})`)
        : msg(str`Claude edited ${file} (version ${version})`);
    case 'delete':
      return you ? msg(str`You deleted ${file}`) : msg(str`Claude deleted ${file}`);
  }
}
const NO_IDS: ReadonlySet<string> = new Set();

/** One message of the conversation, as an `article` labelled `You` or `Claude`, with its actions. */
@customElement('easel-message-view')
export class EaselMessageView extends LitElement {
  static override styles = [
    buttons,
    css`
    :host {
      display: block;
    }
    :host([compacted]) article {
      opacity: 0.75;
    }
    .compacted-tag {
      margin: 0 0 var(--easel-space-1);
      font-size: 0.75rem;
      color: var(--easel-text-muted);
    }
    details.compaction {
      padding: var(--easel-space-2) var(--easel-space-3);
      border: 1px dashed var(--easel-border);
      border-radius: var(--easel-radius);
      color: var(--easel-text-muted);
    }
    details.compaction summary {
      cursor: pointer;
    }
    .summary-text {
      margin-top: var(--easel-space-2);
      white-space: pre-wrap;
      color: var(--easel-text);
    }
    article {
      position: relative;
      border-radius: var(--easel-radius);
    }
    article.user {
      margin-left: auto;
      max-width: 85%;
      width: fit-content;
      background: var(--easel-user-bg);
      padding: var(--easel-space-3) var(--easel-space-4);
    }
    .user-text {
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    /* Icon buttons under a message: shown on hover or focus (always on the latest answer and on touch). */
    .actions {
      display: flex;
      align-items: center;
      gap: 2px;
      margin-top: var(--easel-space-1);
      opacity: 0;
      transition: opacity var(--easel-motion-fast) var(--easel-ease);
    }
    article.user .actions {
      position: absolute;
      right: 0;
      top: 100%;
    }
    article.user {
      margin-bottom: calc(var(--easel-control-sm) + var(--easel-space-1));
    }
    article:hover .actions,
    article:focus-within .actions,
    :host([last]) article.assistant .actions {
      opacity: 1;
    }
    @media (hover: none) {
      .actions {
        opacity: 1;
      }
    }
    article.user.edit .actions {
      position: static;
      opacity: 1;
      justify-content: flex-end;
      gap: var(--easel-space-2);
      margin-top: var(--easel-space-2);
    }
    article.user.edit {
      width: 100%;
      max-width: 100%;
      margin-bottom: 0;
    }
    button:focus-visible,
    textarea:focus-visible {
      ${focusRing}
    }
    .pill {
      display: inline-block;
      font: inherit;
      font-size: 0.8rem;
      margin: 0;
      padding: 2px var(--easel-space-3);
      border-radius: 999px;
      border: 1px solid var(--easel-border);
      background: var(--easel-surface-2);
      color: var(--easel-text-muted);
    }
    button.pill {
      cursor: pointer;
    }
    .usage {
      font-size: 0.75rem;
      color: var(--easel-text-muted);
      margin-top: var(--easel-space-1);
    }
    .notice {
      margin-top: var(--easel-space-2);
      color: var(--easel-text-muted);
      font-size: 0.9rem;
    }
    .edit textarea {
      width: 100%;
      box-sizing: border-box;
      font: inherit;
      min-height: 4em;
      field-sizing: content;
      padding: var(--easel-space-2);
      border-radius: var(--easel-radius-sm);
      border: 1px solid var(--easel-border);
      background: var(--easel-surface);
      color: inherit;
    }
  `,
  ];

  /** The message. */
  @property({ attribute: false }) message: AgentMessage | undefined;
  /** Its position in the conversation (for edits). */
  @property({ type: Number }) index = -1;
  /** Results of tool calls, by call id. */
  @property({ attribute: false }) toolResults: ReadonlyMap<string, ToolResultMessage> = NO_RESULTS;
  /** Ids of tool calls running now. */
  @property({ attribute: false }) runningTools: ReadonlySet<string> = NO_IDS;
  /** Whether this is the message streaming now. */
  @property({ type: Boolean }) streaming = false;
  /** Whether this is the last answer (offers Regenerate / Retry). */
  @property({ type: Boolean, reflect: true }) last = false;
  /** Whether the agent is working (hides actions that would start a run). */
  @property({ type: Boolean }) busy = false;
  /** Whether a later compaction summarised this message (the model no longer reads it). */
  @property({ type: Boolean, reflect: true }) compacted = false;
  /** Which version of the message this is, 0-based (see `versionCount`). */
  @property({ type: Number }) versionIndex = 0;
  /** How many versions the message has (edits, regenerated answers); `< 2 / 3 >` is shown from two. */
  @property({ type: Number }) versionCount = 1;

  /**
   * The message being edited: the edit belongs to that message, so when this element is handed another one
   * (another session opened, the history rewound) it shows that message, not an edit box.
   */
  @state() private editingMessage: AgentMessage | undefined;
  /** What takes focus once this update is drawn: the edit box just opened (its text selected), or `Edit`. */
  private focusAfter: 'box' | 'edit' | undefined;
  /** What the Copy button says for a moment after a copy. */
  private readonly copied = new CopyFeedback(this);

  private get editing(): boolean {
    return this.editingMessage !== undefined && this.editingMessage === this.message;
  }

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('message') && !this.editing) this.editingMessage = undefined;
  }

  override updated(): void {
    const focus = this.focusAfter;
    this.focusAfter = undefined;
    if (focus === 'box') {
      const box = this.renderRoot.querySelector<HTMLTextAreaElement>('textarea');
      box?.focus();
      box?.select();
    } else if (focus === 'edit') {
      this.renderRoot.querySelector<HTMLElement>('button[aria-label="Edit"]')?.focus();
    }
  }

  override render() {
    const m = this.message;
    if (!m) return nothing;
    const body = this.renderMessage(m);
    return this.compacted && body !== nothing
      ? html`<p class="compacted-tag">${msg('Compacted')}</p>${body}`
      : body;
  }

  private renderMessage(m: AgentMessage) {
    switch (m.role) {
      case 'compaction':
        return this.renderCompaction(
          m.summary,
          msg(
            str`Conversation compacted: the ${m.compacted.toLocaleString('en-US')} messages above are summarised`,
          ),
        );
      case 'user':
        return this.renderUser(m, userText(m));
      case 'user-with-attachments':
        return this.renderUser(m, m.text, m.attachments);
      case 'artifact':
        return this.renderArtifact(m);
      case 'assistant':
        return this.renderAssistant(m);
      default:
        // Tool results appear inside their call's card; other kinds are drawn by their own features.
        return nothing;
    }
  }

  private renderUser(
    _m: UserMessage | UserWithAttachmentsMessage,
    text: string,
    attachments: readonly AttachmentRecord[] = [],
  ) {
    if (this.editing) {
      return html`<article class="user edit" aria-label=${msg('You')}>
        <textarea aria-label=${msg('Edit message')} .value=${text} @keydown=${this.handleEditKeydown}></textarea>
        <div class="actions">
          <button type="button" class="btn" @click=${this.handleCancelEdit}>${msg('Cancel')}</button>
          <button type="button" class="btn primary" @click=${this.handleSaveEdit}>${msg('Save and send')}</button>
        </div>
      </article>`;
    }
    return html`<article class="user" aria-label=${msg('You')}>
      ${attachments.length > 0 ? this.renderAttachments(attachments) : nothing}
      <div class="user-text">${text}</div>
      <div class="actions">
        ${this.renderVersions()}
        ${this.action(this.copied.text, this.copied.label === 'Copied' ? 'check' : 'copy', () => this.copied.copy(text))}
        ${this.busy ? nothing : this.action(msg('Edit'), 'edit', this.handleEdit)}
      </div>
    </article>`;
  }

  private renderAttachments(attachments: readonly AttachmentRecord[]) {
    loadAttachmentList();
    return html`<easel-attachment-list .attachments=${attachments}></easel-attachment-list>`;
  }

  /** An icon-only action named `name` (its tooltip says the same). */
  private action(name: string, glyph: IconName, run: () => void) {
    return html`<button type="button" class="btn ghost icon sm" aria-label=${name} title=${name} @click=${run}>
      ${icon(glyph, 16)}
    </button>`;
  }

  private renderAssistant(m: AssistantMessage) {
    const lastIndex = m.content.length - 1;
    const failed = m.stopReason === 'error' || m.stopReason === 'aborted';
    return html`<article class="assistant" aria-label=${msg('Claude')} aria-busy=${this.streaming ? 'true' : 'false'}>
      ${m.content.map((block, i) => {
        const open = this.streaming && i === lastIndex;
        switch (block.type) {
          case 'text': {
            // Consecutive text blocks are one text (the API splits an answer at its citations): drawn once.
            if (m.content[i - 1]?.type === 'text') return nothing;
            const run = textRun(m.content, i);
            return html`<easel-markdown
              .source=${run.text}
              ?streaming=${this.streaming && run.end === lastIndex}
            ></easel-markdown>`;
          }
          case 'thinking':
            return html`<easel-thinking-block .text=${block.thinking} ?streaming=${open}></easel-thinking-block>`;
          case 'redactedThinking':
            return html`<easel-thinking-block redacted></easel-thinking-block>`;
          case 'toolCall':
            return html`<easel-tool-call-card
              .call=${block}
              .result=${this.toolResults.get(block.id)}
              ?streaming=${open}
              ?running=${this.runningTools.has(block.id)}
              .unfinished=${this.unfinishedCall(block.id, m, open)}
            ></easel-tool-call-card>`;
          case 'opaque':
            return this.renderServerBlock(block.value, m, open);
          default:
            return nothing;
        }
      })}
      ${this.streaming || !hasCitations(m) ? nothing : html`<easel-source-list .content=${m.content}></easel-source-list>`}
      ${this.renderStopNotice(m)}
      ${failed ? html`<easel-error-notice .message=${m} ?retryable=${this.last && !this.busy}></easel-error-notice>` : nothing}
      ${this.streaming ? nothing : this.renderFooter(m)}
    </article>`;
  }

  /**
   * A call of the API's own tools (web search, page fetch, MCP) as a card with its result, which is found by
   * its `tool_use_id` in the same message; a result whose call is there is drawn in that call's card.
   */
  private renderServerBlock(value: unknown, m: AssistantMessage, streaming: boolean) {
    if (!isBlock(value)) return nothing;
    if (value.type === 'compaction') {
      return typeof value.content === 'string'
        ? this.renderCompaction(
            value.content,
            msg('Conversation compacted: the messages above are summarised'),
          )
        : html`<p class="notice">${msg('The API could not compact the conversation; it was sent whole.')}</p>`;
    }
    loadServerToolViews();
    if (value.type === 'server_tool_use' || value.type === 'mcp_tool_use') {
      const result = m.content.find(
        (c) =>
          c.type === 'opaque' && isBlock(c.value) && c.value.tool_use_id === value.id && c.value !== value,
      );
      return html`<easel-server-tool-card
        .use=${value}
        .result=${result?.type === 'opaque' ? result.value : undefined}
        ?streaming=${streaming}
      ></easel-server-tool-card>`;
    }
    if (typeof value.type !== 'string' || !value.type.endsWith('_tool_result')) return nothing;
    const paired = m.content.some(
      (c) =>
        c.type === 'opaque' &&
        isBlock(c.value) &&
        (c.value.type === 'server_tool_use' || c.value.type === 'mcp_tool_use') &&
        c.value.id === value.tool_use_id,
    );
    return paired ? nothing : html`<easel-server-tool-card .result=${value}></easel-server-tool-card>`;
  }

  /** A compaction summary, folded: the model reads it in place of the messages before it. */
  private renderCompaction(summary: string, label: string) {
    return html`<details class="compaction" aria-label=${msg('Compaction')}>
      <summary>${label}</summary>
      <div class="summary-text">${summary}</div>
    </details>`;
  }

  /** A change to a file, as a small pill that opens the file in the panel. */
  private renderArtifact(m: ArtifactMessage) {
    const label = artifactLabel(m);
    if (m.action === 'delete') return html`<p class="pill">${label}</p>`;
    return html`<button type="button" class="pill" @click=${() => this.dispatchEvent(new OpenArtifactEvent(m.filename))}>
      ${label}
    </button>`;
  }

  private renderStopNotice(m: AssistantMessage) {
    switch (m.stopReason) {
      case 'length':
        return html`<p class="notice">${msg('The answer reached the output limit and was cut off.')}</p>`;
      case 'refusal':
        return html`<p class="notice">${m.stopDetails ? msg(str`Claude declined to continue: ${m.stopDetails}`) : msg('Claude declined to continue.')}</p>`;
      case 'contextOverflow':
        return html`<p class="notice">
          ${m.errorMessage ?? msg('This conversation is too long for the model. Start a new chat to go on.')}
        </p>`;
      default:
        return nothing;
    }
  }

  private renderFooter(m: AssistantMessage) {
    const text = m.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n\n');
    const failed = m.stopReason === 'error' || m.stopReason === 'aborted';
    const u = m.usage;
    // An answer that failed before any token has nothing to count; one that failed offers `Retry` (its notice).
    const counted = u.input + u.output + u.cacheRead + u.cacheWrite > 0;
    return html`${counted ? html`<div class="usage" title=${msg('Tokens and cost of this answer')}>${formatUsage(u)}</div>` : nothing}
      <div class="actions">
        ${text ? this.action(this.copied.text, this.copied.label === 'Copied' ? 'check' : 'copy', () => this.copied.copy(text)) : nothing}
        ${text && !this.streaming ? html`<easel-read-aloud .text=${text}></easel-read-aloud>` : nothing}
        ${this.last && !this.busy && !failed ? this.action(msg('Regenerate'), 'regenerate', this.handleRegenerate) : nothing}
        ${this.renderVersions()}
      </div>`;
  }

  private renderVersions() {
    if (this.versionCount < 2) return nothing;
    return html`<easel-version-switcher
      .message=${this.message}
      .index=${this.versionIndex}
      .count=${this.versionCount}
      ?disabled=${this.busy}
    ></easel-version-switcher>`;
  }

  /**
   * Why a call has no result and never will: its answer was stopped, failed or cut off while it was being
   * written, or it had arrived whole (the answer ended to run it) and the page was closed before it finished
   * (no result, and the agent is no longer working).
   */
  private unfinishedCall(id: string, m: AssistantMessage, streaming: boolean): UnfinishedCall | undefined {
    if (streaming || this.toolResults.has(id) || this.runningTools.has(id)) return undefined;
    if (m.stopReason === 'toolUse' || m.stopReason === 'stop') return this.busy ? undefined : 'closed';
    return m.stopReason === 'error' || m.stopReason === 'aborted' || !this.busy ? 'stopped' : undefined;
  }

  private handleEdit() {
    this.editingMessage = this.message;
    this.focusAfter = 'box';
  }

  private handleCancelEdit() {
    this.editingMessage = undefined;
    this.focusAfter = 'edit';
  }

  private handleEditKeydown(e: KeyboardEvent) {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      this.handleCancelEdit();
    } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      this.handleSaveEdit();
    }
  }

  private handleSaveEdit() {
    const text = this.renderRoot.querySelector('textarea')?.value.trim() ?? '';
    if (!text) return;
    this.editingMessage = undefined;
    this.dispatchEvent(new EditMessageEvent(this.index, text));
  }

  private handleRegenerate() {
    this.dispatchEvent(new RegenerateEvent());
  }
}

/** The text of the run of text blocks that starts at `start`, and the index of its last block. */
function textRun(content: AssistantMessage['content'], start: number): { text: string; end: number } {
  let text = '';
  let end = start;
  for (let i = start; i < content.length; i++) {
    const block = content[i];
    if (block?.type !== 'text') break;
    text += block.text;
    end = i;
  }
  return { text, end };
}

let serverToolViewsRequested = false;

/**
 * The cards of the API's own tools and the source list load with the first answer that has them, never with
 * the first screen; an element drawn before its definition arrives upgrades in place.
 */
function loadServerToolViews(): void {
  if (serverToolViewsRequested) return;
  serverToolViewsRequested = true;
  Promise.all([import('./server-tool-card'), import('./source-list')]).catch(() => {
    serverToolViewsRequested = false;
  });
}

function hasCitations(m: AssistantMessage): boolean {
  const cited = m.content.some((c) => c.type === 'text' && (c.citations?.length ?? 0) > 0);
  if (cited) loadServerToolViews();
  return cited;
}

function isBlock(x: unknown): x is Readonly<Record<string, unknown>> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function userText(m: UserMessage): string {
  return typeof m.content === 'string'
    ? m.content
    : m.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-message-view': EaselMessageView;
  }
}
