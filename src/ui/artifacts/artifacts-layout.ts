import { css, html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { ArtifactChange, ArtifactStore, ArtifactsSnapshot } from '../../artifacts';
import { msg } from '../l10n';
import { ArtifactsAvailableEvent, ArtifactsToggleEvent } from './events';
import type { PreviewHost } from './preview-host';
import { ArtifactStoreController } from './store-controller';
import { buttonStyles } from './styles';

/** Narrowest and widest share of the width the panel may take. */
const MIN_SHARE = 20;
const MAX_SHARE = 80;

/**
 * The chat (slotted) and the artifacts panel side by side, sharing the width through a draggable divider (a
 * `separator` named `Resize artifacts`, also moved with the arrow keys). Below 800 px the open panel covers
 * the window. On a wider screen the panel opens by itself when a call starts writing a file or the model
 * changes one, and when a conversation with files is loaded; on a phone (below 800 px, where it would cover
 * the chat) it never does: the person opens it. `Close artifacts` hides it; the top bar's `Show artifacts`
 * (the app's command, setting `open`) brings it back. Each change of `open` fires `artifacts-toggle`, and each
 * change of whether there is a file to show fires `artifacts-available`.
 */
@customElement('easel-artifacts-layout')
export class EaselArtifactsLayout extends LitElement {
  static override styles = [
    buttonStyles,
    css`
      :host {
        display: flex;
        position: relative;
        min-height: 0;
        min-width: 0;
      }
      .main {
        flex: 1;
        min-width: 0;
        display: flex;
        flex-direction: column;
      }
      /* A landmark of its own around the handle (every part of the page is in one); no box of its own. */
      .divider {
        display: contents;
      }
      [role='separator'] {
        flex: none;
        width: 6px;
        cursor: col-resize;
        background: var(--easel-border);
        touch-action: none;
      }
      [role='separator']:hover,
      [role='separator']:focus-visible {
        background: var(--easel-focus);
        outline: none;
      }
      easel-artifacts-panel {
        flex: none;
        width: var(--panel-share, 50%);
      }
      easel-artifacts-panel[hidden] {
        display: none;
      }
      easel-artifacts-panel[fullscreen] {
        position: fixed;
        inset: 0;
        width: auto;
        z-index: 1000;
      }
      @media (max-width: 799px) {
        [role='separator'] {
          display: none;
        }
        easel-artifacts-panel {
          position: fixed;
          inset: 0;
          width: auto;
          z-index: 100;
        }
      }
    `,
  ];

  /** The artifacts. */
  @property({ attribute: false }) store: ArtifactStore | undefined;
  /** Passed on to the panel (see `<easel-artifacts-panel>`). */
  @property({ attribute: false }) previewHost: PreviewHost | undefined;
  /** Whether the panel is shown. */
  @property({ type: Boolean, reflect: true }) open = false;

  /** The panel's share of the width, in percent. */
  @state() private share = 50;

  /** Whether there was a file to show at the last update (`artifacts-available` says each change). */
  private available = false;

  private readonly storeController = new ArtifactStoreController(this);

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('store')) this.storeController.store = this.store;
    const snapshot = this.storeController.snapshot;
    const hasFiles = hasAnyFile(snapshot);
    for (const change of this.storeController.takeChanges()) {
      if (opensPanel(change, hasFiles) && !isPhone()) this.open = true;
    }
    if (!hasFiles) this.open = false;
    if (hasFiles || this.open) {
      // Until the panel's module has loaded, a console check of the file it will show waits for it.
      if (!customElements.get('easel-artifacts-panel')) this.previewHost?.live.coming();
      void loadPanel();
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('open') && (changed.get('open') ?? false) !== this.open) {
      this.dispatchEvent(new ArtifactsToggleEvent(this.open));
    }
    const available = hasAnyFile(this.storeController.snapshot);
    if (available !== this.available) {
      this.available = available;
      this.dispatchEvent(new ArtifactsAvailableEvent(available));
    }
  }

  override render() {
    return html`<div class="main"><slot></slot></div>
      ${
        this.open
          ? html`<div class="divider" role="region" aria-label=${msg('Panel divider')}><div
              role="separator"
              aria-label=${msg('Resize artifacts')}
              aria-orientation="vertical"
              aria-valuemin=${MIN_SHARE}
              aria-valuemax=${MAX_SHARE}
              aria-valuenow=${Math.round(this.share)}
              tabindex="0"
              @pointerdown=${this.handlePointerDown}
              @keydown=${this.handleSeparatorKey}
            ></div></div>`
          : nothing
      }
      <easel-artifacts-panel
        style=${`--panel-share: ${this.share}%`}
        ?hidden=${!this.open}
        .store=${this.store}
        .previewHost=${this.previewHost}
        @artifacts-close=${this.handleClose}
      ></easel-artifacts-panel>`;
  }

  private handlePointerDown(e: PointerEvent) {
    const separator = e.currentTarget as HTMLElement;
    separator.setPointerCapture(e.pointerId);
    const move = (m: PointerEvent) => {
      const box = this.getBoundingClientRect();
      if (box.width > 0) this.share = clamp(((box.right - m.clientX) / box.width) * 100);
    };
    const up = () => {
      separator.removeEventListener('pointermove', move);
      separator.removeEventListener('pointerup', up);
      separator.removeEventListener('pointercancel', up);
    };
    separator.addEventListener('pointermove', move);
    separator.addEventListener('pointerup', up);
    separator.addEventListener('pointercancel', up);
  }

  private handleSeparatorKey(e: KeyboardEvent) {
    const step = e.key === 'ArrowLeft' ? 5 : e.key === 'ArrowRight' ? -5 : 0;
    if (step === 0) return;
    e.preventDefault();
    this.share = clamp(this.share + step);
  }

  private handleClose() {
    this.open = false;
  }

  /** Opens the panel on a file. */
  showFile(filename: string): void {
    this.open = true;
    void loadPanel().then(() => this.renderRoot.querySelector('easel-artifacts-panel')?.showFile(filename));
  }
}

/** A phone's width, where the open panel covers the chat. */
function isPhone(): boolean {
  return window.matchMedia('(max-width: 799px)').matches;
}

let panelLoading: Promise<unknown> | undefined;

/**
 * The panel (viewers, editor, diff, console) is loaded when the first file appears, so a conversation without
 * artifacts never pays for it. Lit keeps the properties set on the element before it is defined.
 */
function loadPanel(): Promise<unknown> {
  panelLoading ??= import('./artifacts-panel');
  return panelLoading;
}

function opensPanel(change: ArtifactChange, hasFiles: boolean): boolean {
  switch (change.kind) {
    case 'stream':
      return change.phase === 'begin';
    case 'record':
      return change.record.author === 'model' && change.record.action !== 'delete';
    case 'rebuild':
      return hasFiles;
    case 'incomplete':
      return change.phase === 'left';
    case 'initial':
      return false;
    default:
      return change satisfies never;
  }
}

/** Something to show: a file, one being written, or one left incomplete. */
function hasAnyFile(snapshot: ArtifactsSnapshot): boolean {
  return snapshot.files.length > 0 || snapshot.streaming.length > 0 || snapshot.incomplete.length > 0;
}

function clamp(share: number): number {
  return Math.min(MAX_SHARE, Math.max(MIN_SHARE, share));
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-artifacts-layout': EaselArtifactsLayout;
  }
}
