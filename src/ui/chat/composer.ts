import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { QueuedMessage } from '../../agent';
import type { ImageProcessor, PreparedAttachment } from '../../attachments';
import {
  type ChoosePdfPagesEvent,
  type DismissRefusalEvent,
  type FilesChosenEvent,
  filesOf,
  type RemoveAttachmentEvent,
  type SendPdfAsTextEvent,
  type SendPdfInPartsEvent,
} from '../attachments';
import { loadAttachmentList } from '../attachments/load-list';
import { RemoveQueuedEvent, SendMessageEvent, StopEvent } from '../events';
import { heirOf, holdsFocus } from '../focus';
import { icon } from '../styles/icons';
import { AttachmentTrayController } from './attachment-tray';
import { composerStyles } from './composer-styles';
import type { DictationEvent } from './dictate-button';
import { loadVoice } from './load-voice';
import '../attachments/attach-files-button';
import '../attachments/attachment-refusals';
import { msg, str } from '../l10n';

/** The person turned `Web` on or off for the open session. */
export class WebToggleEvent extends Event {
  static readonly type = 'web-toggle';
  constructor(readonly on: boolean) {
    super(WebToggleEvent.type, { bubbles: true, composed: true });
  }
}

/** The person turned `Code` (Claude running code in the browser) on or off for the open session. */
export class CodeToggleEvent extends Event {
  static readonly type = 'code-toggle';
  constructor(readonly on: boolean) {
    super(CodeToggleEvent.type, { bubbles: true, composed: true });
  }
}

/** A message given back to the box, with its files. */
export interface ReturnedMessage {
  readonly text: string;
  readonly attachments: readonly PreparedAttachment[];
}

/**
 * The message box. Enter sends and Shift+Enter adds a line (with `sendWithEnter` off, Enter adds a line and
 * Ctrl+Enter or ⌘+Enter sends). While the agent works, the sending key queues a steering message (injected
 * before Claude's next step) and with Alt a follow-up (sent when Claude is done); queued messages are listed
 * above the box and can be removed. `Stop` or Esc stops the answer and keeps what streamed.
 */
@customElement('easel-composer')
export class EaselComposer extends LitElement {
  static override styles = composerStyles;

  /** Whether the agent is working: shows `Stop`, and Enter queues instead of sending. */
  @property({ type: Boolean }) busy = false;
  /** Whether Enter sends (Shift+Enter adds a line); when off, Enter adds a line and Ctrl/⌘+Enter sends. */
  @property({ type: Boolean }) sendWithEnter = true;
  /** Messages waiting for the agent. */
  @property({ attribute: false }) queue: readonly QueuedMessage[] = [];
  /** Where attached images are decoded and re-encoded. */
  @property({ attribute: false }) imageProcessor: ImageProcessor | undefined;
  /** Whether Claude may search and read the web in this session (the `Web` toggle). */
  @property({ type: Boolean }) web = false;
  /** Whether Claude may run code in the browser in this session (the `Code` toggle). */
  @property({ type: Boolean }) code = false;
  /** The chosen model's input price (US dollars per million tokens), for the files' cost estimates. */
  @property({ attribute: false }) inputPrice: number | undefined;
  /** A message handed back to the box (one that could not be sent): each new object is put in, files and all. */
  @property({ attribute: false }) returned: ReturnedMessage | undefined;

  @state() private text = '';

  @query('textarea') private textarea!: HTMLTextAreaElement;

  private readonly tray = new AttachmentTrayController(this);
  /**
   * What takes focus once the update under way has drawn, because the control that has it is about to go
   * (set only when that control has focus, so nobody else's place is moved).
   */
  private refocus: (() => HTMLElement | undefined) | undefined;

  override willUpdate(changed: PropertyValues<this>): void {
    this.tray.processImage = this.imageProcessor;
    if (changed.has('returned') && this.returned) this.restore(this.returned.text, this.returned.attachments);
    this.refocus ??= this.refocusFor(changed);
  }

  override updated(): void {
    const target = this.refocus?.();
    this.refocus = undefined;
    target?.focus();
  }

  override render() {
    const canSend = (this.text.trim() !== '' || this.tray.items.length > 0) && !this.tray.busy;
    const tiles = this.tiles();
    loadVoice();
    if (tiles.length > 0 || this.tray.pending.length > 0) loadAttachmentList();
    return html`${this.queue.length > 0 ? this.renderQueue() : nothing}
      <easel-attachment-refusals
        .refusals=${this.tray.refusals}
        @dismiss-refusal=${this.handleDismissRefusal}
        @send-pdf-as-text=${(e: SendPdfAsTextEvent) => void this.tray.reworkPdf(e.from, 'text')}
      ></easel-attachment-refusals>
      <form @submit=${this.handleSubmit} @files-chosen=${this.handleFiles}>
        <easel-attachment-list
          .attachments=${tiles}
          .pending=${this.tray.pending}
          .blobs=${this.tray.blobs}
          .inputPrice=${this.inputPrice}
          removable
          @remove-attachment=${this.handleRemoveAttachment}
          @choose-pdf-pages=${(e: ChoosePdfPagesEvent) => void this.tray.reworkPdf(e.id, { pages: e.pages })}
          @send-pdf-in-parts=${(e: SendPdfInPartsEvent) => void this.tray.reworkPdf(e.id, 'parts')}
          @send-pdf-as-text=${(e: SendPdfAsTextEvent) => void this.tray.reworkPdf(e.from, 'text')}
        ></easel-attachment-list>
        <textarea
          aria-label=${msg('Message')}
          aria-describedby="hint"
          rows="1"
          placeholder=${this.busy ? msg('Reply…') : msg('Message Claude')}
          .value=${this.text}
          @input=${this.handleInput}
          @keydown=${this.handleKeydown}
          @paste=${this.handlePaste}
        ></textarea>
        <div class="actions">
          <div class="tools">
            <easel-attach-files-button compact></easel-attach-files-button>
            <easel-dictate-button @dictation=${this.handleDictation}></easel-dictate-button>
            <button
              type="button"
              class="btn ghost web"
              aria-pressed=${this.web ? 'true' : 'false'}
              title=${msg('Let Claude search the web and read pages (each search costs $0.01)')}
              @click=${this.handleWebToggle}
            >${icon('web', 16)}<span>${msg('Web')}</span></button>
            <button
              type="button"
              class="btn ghost web"
              aria-pressed=${this.code ? 'true' : 'false'}
              title=${msg('Let Claude run JavaScript and Python in your browser, with no network')}
              @click=${this.handleCodeToggle}
            >${icon('code', 16)}<span>${msg('Code')}</span></button>
          </div>
          <div class="send-group">
            ${
              this.busy
                ? html`<button type="button" class="btn stop" @click=${this.handleStop}>
                    ${icon('stop', 14)}<span>${msg('Stop')}</span>
                  </button>`
                : nothing
            }
            <button type="submit" class="btn primary icon send" aria-label=${msg('Send')}
              title=${this.sendWithEnter ? msg('Send (Enter)') : msg('Send (Ctrl+Enter)')} ?disabled=${!canSend}>
              ${icon('send')}
            </button>
          </div>
        </div>
      </form>
      <p id="hint" class="hint">${this.renderHint()}</p>`;
  }

  private renderQueue() {
    return html`<ul class="queue" aria-label=${msg('Queued messages')}>
      ${this.queue.map(
        (q) => html`<li>
          <span class="kind">${q.kind === 'steer' ? msg('Steering') : msg('Follow-up')}</span>
          <span class="text">${queuedText(q)}</span>
          <button
            type="button"
            aria-label=${msg(str`Remove queued message: ${queuedText(q)}`)}
            data-queued=${q.id}
            @click=${() => this.handleRemove(q.id)}
          >
            ${msg('Remove')}
          </button>
        </li>`,
      )}
    </ul>`;
  }

  private renderHint(): string {
    if (this.sendWithEnter)
      return this.busy
        ? msg('Enter steers the current answer · Alt+Enter queues a follow-up · Esc stops')
        : msg('Enter sends · Shift+Enter adds a line');
    return this.busy
      ? msg('Ctrl+Enter steers the current answer · Ctrl+Alt+Enter queues a follow-up · Esc stops')
      : msg('Ctrl+Enter sends · Enter adds a line');
  }

  /** Puts a message back into the box (e.g. when sending had to wait for a key that never came). */
  restore(text: string, attachments: readonly PreparedAttachment[] = []): void {
    this.text = text;
    this.tray.restore(attachments);
  }

  /** Attaches files (dropped on the chat, for example) to the message being written. */
  addFiles(files: readonly File[]): Promise<void> {
    return this.tray.add(files);
  }

  override focus(): void {
    this.textarea?.focus();
  }

  /** Dictated words go on at the end of what is in the box. */
  private handleDictation(e: DictationEvent) {
    const before = this.textarea?.value ?? this.text;
    this.text = before && !/\s$/.test(before) ? `${before} ${e.text}` : `${before}${e.text}`;
  }

  private handleInput(e: InputEvent) {
    this.text = (e.target as HTMLTextAreaElement).value;
  }

  private handleKeydown(e: KeyboardEvent) {
    // An Enter that confirms an input method's composition (Chinese, Japanese, Korean) is the IME's, not a send:
    // `isComposing`, or keyCode 229 where the keydown comes just after `compositionend` (Safari).
    if (e.isComposing || e.keyCode === 229) return;
    const sends = this.sendWithEnter ? !e.shiftKey : e.ctrlKey || e.metaKey;
    if (e.key === 'Enter' && sends) {
      e.preventDefault();
      this.send(e.altKey ? 'followUp' : 'steer');
    } else if (e.key === 'Escape' && this.busy) {
      e.preventDefault();
      this.dispatchEvent(new StopEvent());
    }
  }

  private handleFiles(e: FilesChosenEvent) {
    e.stopPropagation();
    void this.tray.add(e.files);
  }

  private handlePaste(e: ClipboardEvent) {
    const files = filesOf(e.clipboardData);
    if (files.length === 0) return;
    e.preventDefault();
    void this.tray.add(files);
  }

  private handleSubmit(e: SubmitEvent) {
    e.preventDefault();
    this.send('steer');
  }

  private handleWebToggle() {
    this.dispatchEvent(new WebToggleEvent(!this.web));
  }

  private handleCodeToggle() {
    this.dispatchEvent(new CodeToggleEvent(!this.code));
  }

  private handleStop() {
    this.dispatchEvent(new StopEvent());
  }

  private handleRemove(id: string) {
    this.dispatchEvent(new RemoveQueuedEvent(id));
  }

  private handleDismissRefusal(e: DismissRefusalEvent) {
    // The notice goes with its `Dismiss`: the person goes on in the message box.
    if (holdsFocus(e.currentTarget)) this.refocus = () => this.textarea;
    this.tray.dismiss(e.refusal);
  }

  private handleRemoveAttachment(e: RemoveAttachmentEvent) {
    const held = holdsFocus(e.currentTarget);
    this.tray.remove(e.id);
    // While other tiles stay, the list focuses the next one's `Remove` itself; the last one's leaves no tile.
    if (held && this.tiles().length === 0) this.refocus = () => this.textarea;
  }

  /**
   * What takes focus if this update removes the control that has it: `Stop` goes when the answer ends (by
   * `Stop` or by itself), a queued message's `Remove` when it leaves the queue (removed, or taken by Claude).
   */
  private refocusFor(changed: PropertyValues<this>): (() => HTMLElement | undefined) | undefined {
    const focused = this.shadowRoot?.activeElement;
    if (!(focused instanceof HTMLElement)) return undefined;
    if (changed.has('busy') && !this.busy && focused.classList.contains('stop')) return () => this.textarea;
    const gone = focused.dataset.queued;
    if (!changed.has('queue') || gone === undefined || this.queue.some((q) => q.id === gone))
      return undefined;
    const before = (changed.get('queue') ?? []).map((q) => q.id);
    const after = this.queue.map((q) => q.id);
    const heir = heirOf(before, after, gone);
    return () => this.queuedRemove(heir) ?? this.textarea;
  }

  /** The `Remove` button of the queued message `id`. */
  private queuedRemove(id: string | undefined): HTMLElement | undefined {
    if (id === undefined) return undefined;
    const buttons = this.renderRoot.querySelectorAll<HTMLElement>('button[data-queued]');
    return [...buttons].find((b) => b.dataset.queued === id);
  }

  /** The tray's tiles: the files ready to send, then further parts of PDFs sent in parts. */
  private tiles() {
    return [...this.tray.items, ...this.tray.later.map((p) => p.prepared)].map((item) => item.record);
  }

  /** `whileBusy` says how a message typed while the agent works is queued. */
  private send(whileBusy: 'steer' | 'followUp') {
    const text = this.text.trim();
    if ((!text && this.tray.items.length === 0) || this.tray.busy) return;
    this.text = '';
    const full = this.tray.messageText(text);
    this.dispatchEvent(new SendMessageEvent(full, this.busy ? whileBusy : 'prompt', this.tray.take()));
    // Further parts of a PDF sent in parts: each its own message, once Claude has answered the one before.
    for (const part of this.tray.takeLater())
      this.dispatchEvent(new SendMessageEvent(part.text, 'followUp', [part.prepared]));
  }
}

/** What a queued message says: its text, and the names of its files (a message may have only files). */
function queuedText(q: QueuedMessage): string {
  const m = q.message;
  if (m.role === 'user-with-attachments') {
    const files = m.attachments.map((a) => a.name).join(', ');
    const noun = m.attachments.length === 1 ? 'file' : 'files';
    const attached = files ? `${m.attachments.length} ${noun}: ${files}` : '';
    return [m.text.trim(), attached && (m.text.trim() ? `(${attached})` : attached)]
      .filter(Boolean)
      .join(' ');
  }
  if (m.role !== 'user') return 'A message';
  const text =
    typeof m.content === 'string'
      ? m.content
      : m.content.map((c) => (c.type === 'text' ? c.text : '')).join(' ');
  return text.trim() || msg('A message without text');
}

declare global {
  interface HTMLElementEventMap {
    'web-toggle': WebToggleEvent;
    'code-toggle': CodeToggleEvent;
  }
  interface HTMLElementTagNameMap {
    'easel-composer': EaselComposer;
  }
}
