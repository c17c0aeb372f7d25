/**
 * `<easel-slides-view>`: a PowerPoint file (`.pptx`) as its slides in order, each with its text, pictures and
 * speaker notes (read in a worker, `slides-read.ts`). Text is drawn as text (never as HTML) and pictures from
 * their own bytes; the slides' layout, themes and animations are not reproduced.
 */
import { css, html, nothing, type PropertyValues } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { msg, str } from '../../l10n';
import { FileViewer } from './file-viewer';
import { runOfficeJob, type Slide } from './office-protocol';

let jobs = 0;

interface ShownSlide extends Omit<Slide, 'images'> {
  readonly images: readonly string[];
}

@customElement('easel-slides-view')
export class EaselSlidesView extends FileViewer {
  static override styles = [
    FileViewer.styles,
    css`
    :host {
      display: block;
      min-height: 0;
      height: 100%;
      overflow: auto;
      background: var(--easel-surface-2);
      color: var(--easel-text);
      font: 1rem/1.45 var(--easel-font);
    }
    ol {
      list-style: none;
      margin: 0;
      padding: var(--easel-space-3);
      display: grid;
      gap: var(--easel-space-4);
      justify-items: center;
    }
    .slide {
      box-sizing: border-box;
      width: min(100%, 44rem);
      aspect-ratio: 16 / 9;
      overflow: auto;
      background: var(--easel-surface);
      box-shadow: 0 1px 3px rgb(0 0 0 / 0.25);
      padding: var(--easel-space-4) var(--easel-space-6);
      display: flex;
      flex-direction: column;
      gap: var(--easel-space-2);
    }
    .number {
      font-size: 0.75rem;
      color: var(--easel-text-muted);
    }
    .title {
      font-size: 1.4rem;
      font-weight: 600;
      margin: 0;
    }
    p {
      margin: 0;
      white-space: pre-wrap;
    }
    .pictures {
      display: flex;
      flex-wrap: wrap;
      gap: var(--easel-space-2);
      min-height: 0;
    }
    img {
      max-width: 100%;
      max-height: 16rem;
      object-fit: contain;
    }
    .notes {
      width: min(100%, 44rem);
      font-size: 0.85rem;
      color: var(--easel-text-muted);
    }
  `,
  ];

  @state() private slides: readonly ShownSlide[] | undefined;
  @state() private problem = '';

  private job = 0;
  private urls: string[] = [];

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.release();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('bytes')) void this.read();
  }

  override render() {
    if (this.problem) return html`<p class="error" role="alert">${this.problem}</p>`;
    const slides = this.slides;
    if (!slides) return html`<p class="note" role="status">${msg(str`Reading ${this.filename}…`)}</p>`;
    if (slides.length === 0) return html`<p class="note">${msg(str`${this.filename} has no slides.`)}</p>`;
    return html`<ol aria-label=${slides.length === 1 ? msg(str`${this.filename}: 1 slide`) : msg(str`${this.filename}: ${slides.length} slides`)}>
      ${slides.map((slide, i) => this.renderSlide(slide, i + 1, slides.length))}
    </ol>`;
  }

  private renderSlide(slide: ShownSlide, n: number, count: number) {
    const [title, ...rest] = slide.paragraphs;
    return html`<li>
      <section class="slide" aria-label=${msg(str`Slide ${n} of ${count}`)}>
        <span class="number">${n}</span>
        ${title === undefined ? nothing : html`<h3 class="title">${title}</h3>`}
        ${rest.map((p) => html`<p>${p}</p>`)}
        ${
          slide.images.length > 0
            ? html`<div class="pictures">${slide.images.map((src, i) => html`<img src=${src} alt=${msg(str`Picture ${i + 1} of slide ${n}`)} />`)}</div>`
            : nothing
        }
      </section>
      ${slide.notes.length > 0 ? html`<div class="notes" aria-label=${msg(str`Notes of slide ${n}`)}>${slide.notes.map((p) => html`<p>${p}</p>`)}</div>` : nothing}
    </li>`;
  }

  private async read(): Promise<void> {
    this.release();
    this.slides = undefined;
    this.problem = '';
    const bytes = this.bytes;
    if (!bytes) return;
    const id = ++jobs;
    this.job = id;
    const reply = await runOfficeJob({ kind: 'slides', id, bytes });
    if (this.job !== id) return;
    if (reply.kind !== 'slides') {
      this.problem = msg(
        str`${this.filename} could not be read as a PowerPoint file (${reply.kind === 'failed' ? reply.reason : 'unexpected answer'}).`,
      );
      return;
    }
    this.slides = reply.slides.map((slide) => ({
      ...slide,
      images: slide.images.map((image) => {
        const url = URL.createObjectURL(
          new Blob([image.bytes as Uint8Array<ArrayBuffer>], { type: image.mimeType }),
        );
        this.urls.push(url);
        return url;
      }),
    }));
  }

  private release() {
    for (const url of this.urls) URL.revokeObjectURL(url);
    this.urls = [];
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-slides-view': EaselSlidesView;
  }
}
