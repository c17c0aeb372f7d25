import { css, html, LitElement, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { msg } from '../l10n';
import { FilesChosenEvent } from './events';
import { carriesFiles, filesOf } from './transfer';

/**
 * Drop files anywhere on the chat. Listens for file drags on `target` (default: its parent, or the shadow
 * host when it sits at the top of a shadow root), shows a full overlay saying `Drop files to attach` while
 * files are dragged over, and dispatches `FilesChosenEvent` (source `drop`) when they are dropped. Drags of
 * text or links are left alone. The overlay covers the window; with `contained` it covers its positioned
 * parent instead. It never takes pointer events, so the drop lands on the page beneath and reaches `target`.
 * A file dropped elsewhere in the window is ignored rather than opened by the browser in place of the app.
 */
@customElement('easel-drop-overlay')
export class EaselDropOverlay extends LitElement {
  static override styles = css`
    :host {
      position: fixed;
      inset: 0;
      z-index: 100;
      display: none;
      pointer-events: none;
    }
    :host([contained]) {
      position: absolute;
    }
    :host([active]) {
      display: block;
    }
    div {
      box-sizing: border-box;
      height: 100%;
      display: grid;
      place-items: center;
      margin: var(--easel-space-2);
      border: 3px dashed var(--easel-accent);
      border-radius: var(--easel-radius-lg);
      background: color-mix(in srgb, var(--easel-bg) 85%, transparent);
      color: var(--easel-text);
      font-size: 1.25rem;
      font-weight: 600;
    }
  `;

  /** Where drags are watched. Default: the parent element, or the shadow host. */
  @property({ attribute: false }) target: EventTarget | undefined;
  /** Covers the positioned parent rather than the window. */
  @property({ type: Boolean, reflect: true }) contained = false;
  /** Whether files are being dragged over the target (reflected, for styling). */
  @state() private active = false;

  /** dragenter/dragleave fire for every child crossed; the overlay shows while the count is above zero. */
  private depth = 0;
  private watched: EventTarget | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    this.watch(this.target ?? this.defaultTarget());
    window.addEventListener('dragend', this.handleEnd);
    window.addEventListener('dragover', this.handleStray);
    window.addEventListener('drop', this.handleStray);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.watch(undefined);
    window.removeEventListener('dragend', this.handleEnd);
    window.removeEventListener('dragover', this.handleStray);
    window.removeEventListener('drop', this.handleStray);
  }

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('target') && this.isConnected) this.watch(this.target ?? this.defaultTarget());
  }

  override updated(): void {
    this.toggleAttribute('active', this.active);
  }

  override render() {
    return html`<div>${msg('Drop files to attach')}</div>`;
  }

  private readonly handleEnter = (event: Event) => {
    if (!carriesFiles((event as DragEvent).dataTransfer)) return;
    this.depth++;
    this.active = true;
  };

  private readonly handleOver = (event: Event) => {
    const transfer = (event as DragEvent).dataTransfer;
    if (!carriesFiles(transfer) || !transfer) return;
    event.preventDefault(); // allows the drop
    transfer.dropEffect = 'copy';
    this.active = true;
  };

  private readonly handleLeave = (event: Event) => {
    if (!carriesFiles((event as DragEvent).dataTransfer)) return;
    this.depth = Math.max(0, this.depth - 1);
    if (this.depth === 0) this.active = false;
  };

  private readonly handleDrop = (event: Event) => {
    const files = filesOf((event as DragEvent).dataTransfer);
    this.handleEnd();
    if (files.length === 0) return;
    event.preventDefault(); // the browser would otherwise open the file in place of the app
    this.dispatchEvent(new FilesChosenEvent(files, 'drop'));
  };

  private readonly handleEnd = () => {
    this.depth = 0;
    this.active = false;
  };

  /** A file dropped outside the target must not make the browser open it in place of the app (and lose work). */
  private readonly handleStray = (event: Event) => {
    if (carriesFiles((event as DragEvent).dataTransfer)) event.preventDefault();
    if (event.type === 'drop') this.handleEnd();
  };

  private defaultTarget(): EventTarget | undefined {
    const parent = this.parentNode;
    return parent instanceof ShadowRoot ? parent.host : (parent ?? undefined);
  }

  private watch(target: EventTarget | undefined) {
    if (target === this.watched) return;
    const listeners = [
      ['dragenter', this.handleEnter],
      ['dragover', this.handleOver],
      ['dragleave', this.handleLeave],
      ['drop', this.handleDrop],
    ] as const;
    for (const [type, listener] of listeners) this.watched?.removeEventListener(type, listener);
    for (const [type, listener] of listeners) target?.addEventListener(type, listener);
    this.watched = target;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-drop-overlay': EaselDropOverlay;
  }
}
