/**
 * `<easel-pdf-view>`: a PDF's pages, drawn as they come into sight, with selectable text and zoom.
 *
 * PDF.js (loaded with the first PDF shown) parses in its own worker and draws each page in its renderer worker
 * (an OffscreenCanvas), which hands the finished frame to the page's canvas; the page lays the page's text over
 * it, transparent and selectable. Only pages near the view are drawn; pages far from it give their canvas back. Nothing in the PDF
 * runs: no scripts, no forms, fonts drawn as paths.
 */
import { css, html, type PropertyValues } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { PDFDocumentLoadingTask, PDFDocumentProxy, RenderTask, TextLayer } from 'pdfjs-dist';
import { msg, str } from '../../l10n';
import { FileViewer } from './file-viewer';

/** The zoom levels `Zoom in` and `Zoom out` step through. */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
/** Pages drawn beyond the view, above and below (px). */
const MARGIN = '800px 0px';

interface PageSize {
  readonly width: number;
  readonly height: number;
}

interface Drawn {
  readonly scale: number;
  readonly task: RenderTask | undefined;
  readonly text: TextLayer | undefined;
}

type PdfJs = typeof import('pdfjs-dist');

let pdfjs: Promise<PdfJs> | undefined;

/** PDF.js, with its parsing worker started once for the page. */
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
    import('pdfjs-dist/build/pdf.renderer.min.mjs?url'),
  ]).then(([lib, worker, renderer]) => {
    lib.GlobalWorkerOptions.workerPort ??= new Worker(worker.default, { type: 'module' });
    // Pages are drawn in PDF.js's renderer worker (an OffscreenCanvas), which hands back finished frames.
    lib.GlobalWorkerOptions.rendererSrc ||= renderer.default;
    return lib;
  });
  return pdfjs;
}

@customElement('easel-pdf-view')
export class EaselPdfView extends FileViewer {
  static override styles = [
    FileViewer.styles,
    css`
    :host {
      display: flex;
      flex-direction: column;
      min-height: 0;
      height: 100%;
    }
    .bar {
      display: flex;
      align-items: center;
      gap: var(--easel-space-2);
      padding: var(--easel-space-1) var(--easel-space-2);
      border-bottom: 1px solid var(--easel-border);
      font: 0.85rem var(--easel-font);
      color: var(--easel-text-muted);
      flex: none;
    }
    .bar button {
      font: inherit;
      color: var(--easel-text);
      background: var(--easel-surface-2);
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius-sm);
      padding: 2px var(--easel-space-2);
      cursor: pointer;
    }
    .bar button:disabled {
      opacity: 0.5;
      cursor: default;
    }
    .pages {
      flex: 1;
      min-height: 0;
      overflow: auto;
      background: var(--easel-surface-2);
      padding: var(--easel-space-3);
      display: flex;
      flex-direction: column;
      align-items: center;
      gap: var(--easel-space-3);
    }
    .page {
      position: relative;
      flex: none;
      background: #fff;
      box-shadow: 0 1px 3px rgb(0 0 0 / 0.25);
    }
    canvas {
      position: absolute;
      inset: 0;
      width: 100%;
      height: 100%;
    }
    .textLayer {
      position: absolute;
      inset: 0;
      overflow: clip;
      line-height: 1;
      text-align: initial;
      transform-origin: 0 0;
      z-index: 0;
      --min-font-size: 1;
      --text-scale-factor: calc(var(--total-scale-factor) * var(--min-font-size));
      --min-font-size-inv: calc(1 / var(--min-font-size));
    }
    .textLayer span,
    .textLayer br {
      color: transparent;
      position: absolute;
      white-space: pre;
      cursor: text;
      transform-origin: 0% 0%;
      user-select: text;
    }
    .textLayer > :not(.markedContent),
    .textLayer .markedContent span:not(.markedContent) {
      z-index: 1;
      --font-height: 0;
      font-size: calc(var(--text-scale-factor) * var(--font-height));
      --scale-x: 1;
      --rotate: 0deg;
      transform: rotate(var(--rotate)) scaleX(var(--scale-x)) scale(var(--min-font-size-inv));
    }
    .textLayer .markedContent {
      display: contents;
    }
    .textLayer ::selection {
      background: rgb(0 90 200 / 0.3);
    }
  `,
  ];

  @state() private sizes: readonly PageSize[] | undefined;
  @state() private problem = '';
  @state() private zoom = 1;

  private doc: PDFDocumentProxy | undefined;
  private loading: PDFDocumentLoadingTask | undefined;
  private observer: IntersectionObserver | undefined;
  private readonly drawn = new Map<number, Drawn>();
  private readonly inSight = new Set<number>();

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.close();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('bytes')) void this.open();
  }

  protected override updated(changed: PropertyValues): void {
    if (changed.has('sizes') || changed.has('zoom')) this.observePages();
  }

  override render() {
    if (this.problem) return html`<p class="error" role="alert">${this.problem}</p>`;
    const sizes = this.sizes;
    if (!sizes) return html`<p class="note" role="status">${msg(str`Opening ${this.filename}…`)}</p>`;
    const at = ZOOM_STEPS.indexOf(this.zoom as (typeof ZOOM_STEPS)[number]);
    return html`<div class="bar" role="toolbar" aria-label=${msg('PDF')}>
        <span>${sizes.length === 1 ? msg('1 page') : msg(str`${sizes.length} pages`)}</span>
        <button type="button" ?disabled=${at <= 0} @click=${() => this.handleZoom(-1)}>${msg('Zoom out')}</button>
        <span aria-live="polite" aria-label=${msg('Zoom')}>${Math.round(this.zoom * 100)}%</span>
        <button type="button" ?disabled=${at >= ZOOM_STEPS.length - 1} @click=${() => this.handleZoom(1)}>${msg('Zoom in')}</button>
      </div>
      <div class="pages" role="document" aria-label=${this.filename} tabindex="0">
        ${sizes.map(
          (size, i) => html`<div
            class="page"
            role="region"
            aria-label=${msg(str`Page ${i + 1}`)}
            data-page=${i + 1}
            style=${`width: ${Math.floor(size.width * this.zoom)}px; height: ${Math.floor(size.height * this.zoom)}px; --total-scale-factor: ${this.zoom}`}
          ></div>`,
        )}
      </div>`;
  }

  private handleZoom(step: -1 | 1) {
    const at = ZOOM_STEPS.indexOf(this.zoom as (typeof ZOOM_STEPS)[number]);
    const next = ZOOM_STEPS[Math.min(ZOOM_STEPS.length - 1, Math.max(0, at + step))];
    if (next === undefined || next === this.zoom) return;
    this.zoom = next;
    // Every page is drawn again at the new size as it comes into sight.
    for (const n of [...this.drawn.keys()]) this.clearPage(n);
  }

  private async open(): Promise<void> {
    this.close();
    this.sizes = undefined;
    this.problem = '';
    const bytes = this.bytes;
    if (!bytes) return;
    try {
      const lib = await loadPdfJs();
      if (bytes !== this.bytes) return;
      const task = lib.getDocument({
        data: bytes.slice(),
        disableFontFace: true,
        useSystemFonts: false,
        enableXfa: false,
        stopAtErrors: false,
        verbosity: 0,
      });
      this.loading = task;
      const doc = await task.promise;
      if (bytes !== this.bytes) {
        void doc.loadingTask.destroy();
        return;
      }
      this.doc = doc;
      const sizes: PageSize[] = [];
      for (let n = 1; n <= doc.numPages; n++) {
        const page = await doc.getPage(n);
        const { width, height } = page.getViewport({ scale: 1 });
        sizes.push({ width, height });
      }
      if (bytes === this.bytes) this.sizes = sizes;
    } catch (error) {
      if (bytes !== this.bytes) return;
      const reason = error instanceof Error ? error.message : String(error);
      this.problem = msg(str`${this.filename} could not be opened as a PDF (${reason}).`);
    }
  }

  private close() {
    this.observer?.disconnect();
    this.observer = undefined;
    for (const n of [...this.drawn.keys()]) this.clearPage(n);
    this.inSight.clear();
    void this.loading?.destroy();
    this.loading = undefined;
    this.doc = undefined;
  }

  private observePages() {
    this.observer?.disconnect();
    const root = this.renderRoot.querySelector<HTMLElement>('.pages');
    if (!root) return;
    this.observer = new IntersectionObserver((entries) => this.handleSight(entries), {
      root,
      rootMargin: MARGIN,
    });
    for (const page of root.querySelectorAll<HTMLElement>('.page')) this.observer.observe(page);
  }

  private handleSight(entries: readonly IntersectionObserverEntry[]) {
    for (const entry of entries) {
      const n = Number((entry.target as HTMLElement).dataset.page);
      if (entry.isIntersecting) {
        this.inSight.add(n);
        if (this.drawn.get(n)?.scale !== this.zoom) void this.drawPage(n, entry.target as HTMLElement);
      } else {
        this.inSight.delete(n);
        this.clearPage(n);
      }
    }
  }

  private async drawPage(n: number, holder: HTMLElement): Promise<void> {
    const doc = this.doc;
    if (!doc) return;
    this.clearPage(n);
    const scale = this.zoom;
    const entry: { scale: number; task: RenderTask | undefined; text: TextLayer | undefined } = {
      scale,
      task: undefined,
      text: undefined,
    };
    this.drawn.set(n, entry);
    try {
      const lib = await loadPdfJs();
      const page = await doc.getPage(n);
      if (this.drawn.get(n) !== entry) return;
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale });
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      const text = document.createElement('div');
      text.className = 'textLayer';
      holder.replaceChildren(canvas, text);
      entry.task = page.render({
        canvas,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      entry.text = new lib.TextLayer({
        textContentSource: page.streamTextContent(),
        container: text,
        viewport,
      });
      await Promise.all([entry.task.promise, entry.text.render()]);
    } catch (error) {
      if ((error as { name?: string } | null)?.name === 'RenderingCancelledException') return;
      if (this.drawn.get(n) === entry) holder.textContent = msg(str`Page ${n} could not be drawn.`);
    }
  }

  private clearPage(n: number) {
    const drawn = this.drawn.get(n);
    if (!drawn) return;
    this.drawn.delete(n);
    drawn.task?.cancel();
    drawn.text?.cancel();
    const holder = this.renderRoot.querySelector<HTMLElement>(`.page[data-page="${n}"]`);
    // A canvas left in a page far from the view would hold its pixels; a drawn page is drawn again in sight.
    for (const canvas of holder?.querySelectorAll('canvas') ?? []) {
      canvas.width = 0;
      canvas.height = 0;
    }
    holder?.replaceChildren();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-pdf-view': EaselPdfView;
  }
}
