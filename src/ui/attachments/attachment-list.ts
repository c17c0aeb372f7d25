import { consume } from '@lit/context';
import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import { estimateCost, extensionOf } from '../../attachments';
import { ATTACHMENT_KIND_TABLE, type AttachmentRecord } from '../../messages';
import { heirOf } from '../focus';
import { formatBytes } from '../format';
import { msg, str } from '../l10n';
import { attachmentListStyles } from './attachment-list-styles';
import type { EaselAttachmentPreview } from './attachment-preview';
import { type AttachmentBlobSource, attachmentBlobSourceContext } from './blob-source';
import { RemoveAttachmentEvent } from './events';
import type { EaselPdfPagesDialog } from './pdf-pages-dialog';

/** A file still being prepared (decoded, checked), shown as a busy tile until its record arrives. */
export interface PendingAttachment {
  /** Identifies the tile while it waits (e.g. a counter). */
  readonly key: string;
  readonly name: string;
}

const NO_BLOBS: ReadonlyMap<string, Blob> = new Map();

/**
 * The attachments of a message: a `list` named `Attachments`, a `listitem` per file with a thumbnail or an
 * icon, the name and size (or what will be sent), and (when `removable`) a `Remove <filename>` button, and for
 * a PDF longer than the API reads a `Choose pages of <filename>` button (its dialog fires
 * `ChoosePdfPagesEvent`). Clicking a tile opens its preview. Draws nothing when there is nothing to show.
 */
@customElement('easel-attachment-list')
export class EaselAttachmentList extends LitElement {
  static override styles = attachmentListStyles;

  /** The attachments, in order. */
  @property({ attribute: false }) attachments: readonly AttachmentRecord[] = [];
  /** Files still being prepared, shown after the attachments. */
  @property({ attribute: false }) pending: readonly PendingAttachment[] = [];
  /** Whether each tile has a `Remove <filename>` button (the message being written, not a sent one). */
  @property({ type: Boolean }) removable = false;
  /** Bytes not yet in the store (the message being written), by record id; others are loaded for previews. */
  @property({ attribute: false }) blobs: ReadonlyMap<string, Blob> = NO_BLOBS;
  /** The model's input price, US dollars per million tokens: each tile adds its estimated cost. */
  @property({ attribute: false }) inputPrice: number | undefined;

  @consume({ context: attachmentBlobSourceContext, subscribe: true })
  @property({ attribute: false })
  blobSource: AttachmentBlobSource | undefined;

  @query('easel-attachment-preview') private preview!: EaselAttachmentPreview;
  @query('easel-pdf-pages-dialog') private pagesDialog!: EaselPdfPagesDialog;

  /** The file whose `Remove` takes focus once this update has drawn: the focused `Remove` went with its tile. */
  private refocusId: string | undefined;

  override willUpdate(changed: PropertyValues<this>): void {
    const focused = this.shadowRoot?.activeElement;
    const gone = focused instanceof HTMLElement ? focused.dataset.remove : undefined;
    if (!changed.has('attachments') || gone === undefined || this.attachments.some((a) => a.id === gone))
      return;
    // The next file's, else the one before's; with none left, the owner (the composer) places focus.
    const before = (changed.get('attachments') ?? []).map((a) => a.id);
    const after = this.attachments.map((a) => a.id);
    this.refocusId = heirOf(before, after, gone);
  }

  override updated(): void {
    const id = this.refocusId;
    this.refocusId = undefined;
    if (id === undefined) return;
    const removes = this.renderRoot.querySelectorAll<HTMLElement>('button[data-remove]');
    [...removes].find((b) => b.dataset.remove === id)?.focus();
  }

  override render() {
    if (this.attachments.length === 0 && this.pending.length === 0) return nothing;
    return html`<ul role="list" aria-label=${msg('Attachments')}>
        ${this.attachments.map((a) => this.renderTile(a))} ${this.pending.map((p) => this.renderPending(p))}
      </ul>
      <easel-attachment-preview></easel-attachment-preview>
      ${this.removable ? html`<easel-pdf-pages-dialog></easel-pdf-pages-dialog>` : nothing}`;
  }

  private renderTile(a: AttachmentRecord) {
    return html`<li>
      <button type="button" class="tile" title=${a.name} aria-label=${msg(str`Preview ${a.name}`)} @click=${() => this.handleOpen(a)}>
        ${this.renderThumb(a)}
        <span class="label">
          <span class="name">${a.name}</span>
          <span class="meta">${summary(a)}${this.inputPrice === undefined ? '' : ` · ${estimateCost(a, this.inputPrice)}`}</span>
        </span>
      </button>
      ${
        this.removable && a.sourcePages !== undefined
          ? html`<button type="button" class="pages" aria-label=${msg(str`Choose pages of ${a.name}`)} @click=${() => void this.handlePages(a)}>${msg('Pages')}</button>`
          : nothing
      }
      ${
        this.removable
          ? html`<button
              type="button"
              class="remove"
              aria-label=${msg(str`Remove ${a.name}`)}
              title=${msg(str`Remove ${a.name}`)}
              data-remove=${a.id}
              @click=${() => this.handleRemove(a.id)}
            >
              <span aria-hidden="true">×</span>
            </button>`
          : nothing
      }
    </li>`;
  }

  private renderThumb(a: AttachmentRecord) {
    if (a.kind === 'image' && a.preview?.startsWith('data:image/')) {
      return html`<img class="thumb" src=${a.preview} alt="" />`;
    }
    return html`<span class="icon" aria-hidden="true">${badge(a)}</span>`;
  }

  private renderPending(p: PendingAttachment) {
    return html`<li aria-busy="true">
      <span class="tile">
        <span class="icon" aria-hidden="true">…</span>
        <span class="label">
          <span class="name">${p.name}</span>
          <span class="meta">${msg('Preparing…')}</span>
        </span>
      </span>
    </li>`;
  }

  // The preview and the pages dialog load at their first use: the first screen never carries them.
  private async handleOpen(a: AttachmentRecord) {
    const [blob] = await Promise.all([
      this.blobs.get(a.id) ?? this.loadStored(a.id),
      import('./attachment-preview'),
    ]);
    await this.preview.show(a, blob);
  }

  private async handlePages(a: AttachmentRecord) {
    await import('./pdf-pages-dialog');
    await this.pagesDialog.show(a);
  }

  private handleRemove(id: string) {
    this.dispatchEvent(new RemoveAttachmentEvent(id));
  }

  private async loadStored(id: string): Promise<Blob | undefined> {
    try {
      return await this.blobSource?.load(id);
    } catch {
      return undefined;
    }
  }
}

/** "29.9 KB · 128 × 128", "16.6 KB · 4 pages", "18 bytes"; a converted file says what will be sent. */
function summary(a: AttachmentRecord): string {
  if (a.summary) return a.summary;
  const parts = [formatBytes(a.size)];
  if (a.width !== undefined && a.height !== undefined) parts.push(`${a.width} × ${a.height}`);
  if (a.pages !== undefined) parts.push(`${a.pages} ${a.pages === 1 ? 'page' : 'pages'}`);
  return parts.join(' · ');
}

/** The icon text for a file without a thumbnail: its extension, else its kind. */
function badge(a: AttachmentRecord): string {
  const ext = extensionOf(a.name);
  if (ext && ext.length <= 4) return ext.toUpperCase();
  return ATTACHMENT_KIND_TABLE[a.kind].badge;
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-attachment-list': EaselAttachmentList;
  }
}
