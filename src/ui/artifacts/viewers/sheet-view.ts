/**
 * `<easel-sheet-view>`: a spreadsheet (XLSX, XLS, ODS) or a CSV/TSV file as a grid: a tab per sheet, the first
 * row as a sticky header whose columns sort, and only the rows in sight in the DOM, so 100,000 rows scroll
 * as smoothly as 100. Parsing and sorting run in a worker (`sheet-worker.ts`, SheetJS); the page only slices
 * the cells it shows out of one string.
 */
import { css, html, nothing, type PropertyValues } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { formatNumber } from '../../format';
import { msg, str } from '../../l10n';
import { FileViewer } from './file-viewer';
import { cellText, isSheetReply, type ParsedSheet, type SheetReply } from './sheet-protocol';

/** Height of a row, px (fixed, so the rows in sight follow from the scroll position). */
const ROW_HEIGHT = 28;
/** Rows drawn beyond those in sight, above and below. */
const OVERSCAN = 12;
/** Rows looked at to size the columns. */
const SAMPLE_ROWS = 200;

type SortState = { readonly column: number; readonly descending: boolean } | undefined;

@customElement('easel-sheet-view')
export class EaselSheetView extends FileViewer {
  static override styles = [
    FileViewer.styles,
    css`
    :host {
      display: flex;
      flex-direction: column;
      min-height: 0;
      height: 100%;
      font: 0.85rem/1 var(--easel-font);
      color: var(--easel-text);
    }
    .tabs {
      display: flex;
      gap: var(--easel-space-1);
      padding: var(--easel-space-1) var(--easel-space-2);
      border-bottom: 1px solid var(--easel-border);
      overflow-x: auto;
      flex: none;
    }
    .tabs button {
      font: inherit;
      border: 1px solid var(--easel-border);
      background: var(--easel-surface-2);
      color: inherit;
      border-radius: var(--easel-radius-sm);
      padding: var(--easel-space-1) var(--easel-space-2);
      cursor: pointer;
    }
    .tabs button[aria-selected='true'] {
      background: var(--easel-surface);
      border-color: var(--easel-accent);
      font-weight: 600;
    }
    .grid {
      flex: 1;
      min-height: 0;
      overflow: auto;
      position: relative;
      background: var(--easel-surface);
    }
    .grid:focus-visible {
      outline: 2px solid var(--easel-focus);
      outline-offset: -2px;
    }
    .row {
      display: grid;
      grid-template-columns: var(--columns);
      height: ${ROW_HEIGHT}px;
      width: max-content;
      min-width: 100%;
      /* A row's cells lay out and paint within it: rows coming into sight leave the rest of the grid alone. */
      contain: layout paint style;
    }
    .header {
      position: sticky;
      top: 0;
      z-index: 2;
      background: var(--easel-surface-2);
      font-weight: 600;
    }
    .body {
      position: relative;
    }
    .window {
      position: absolute;
      top: 0;
      left: 0;
      min-width: 100%;
      contain: layout style;
    }
    .cell {
      box-sizing: border-box;
      padding: 0 var(--easel-space-2);
      line-height: ${ROW_HEIGHT - 1}px;
      border-right: 1px solid var(--easel-border);
      border-bottom: 1px solid var(--easel-border);
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    .number {
      position: sticky;
      left: 0;
      z-index: 1;
      background: var(--easel-surface-2);
      color: var(--easel-text-muted);
      text-align: right;
    }
    .header .cell {
      padding: 0;
      background: var(--easel-surface-2);
    }
    .header button {
      all: unset;
      box-sizing: border-box;
      width: 100%;
      height: 100%;
      padding: 0 var(--easel-space-2);
      cursor: pointer;
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    .header button:focus-visible {
      outline: 2px solid var(--easel-focus);
      outline-offset: -2px;
    }
    .note {
      margin: var(--easel-space-2);
    }
  `,
  ];

  @state() private sheets: readonly ParsedSheet[] | undefined;
  @state() private problem = '';
  @state() private sheetIndex = 0;
  @state() private first = 0;
  @state() private visible = 40;
  @state() private sort: SortState;
  @state() private order: Uint32Array | undefined;

  private worker: Worker | undefined;
  private jobs = 0;
  private parseJob = -1;
  private sortJob = -1;
  private widths = new Map<number, string>();

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.worker?.terminate();
    this.worker = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('bytes') || changed.has('filename')) this.parse();
  }

  override render() {
    if (this.problem) return html`<p class="error" role="alert">${this.problem}</p>`;
    const sheets = this.sheets;
    if (!sheets) return html`<p class="note" role="status">${msg(str`Reading ${this.filename}…`)}</p>`;
    const sheet = sheets[this.sheetIndex];
    return html`${sheets.length > 1 ? this.renderTabs(sheets) : nothing}
      ${sheet ? this.renderSheet(sheet) : nothing}`;
  }

  private renderTabs(sheets: readonly ParsedSheet[]) {
    return html`<div class="tabs" role="tablist" aria-label=${msg('Sheets')}>
      ${sheets.map(
        (s, i) =>
          html`<button type="button" role="tab" aria-selected=${i === this.sheetIndex ? 'true' : 'false'} @click=${() => this.handleSheet(i)}>${s.name}</button>`,
      )}
    </div>`;
  }

  private renderSheet(sheet: ParsedSheet) {
    if (sheet.rows === 0) return html`<p class="note">${msg(str`The sheet ${sheet.name} is empty.`)}</p>`;
    const columns = this.columnsOf(sheet);
    const dataRows = sheet.rows - 1;
    const end = Math.min(dataRows, this.first + this.visible);
    const rows: number[] = [];
    for (let i = this.first; i < end; i++) rows.push(this.order ? (this.order[i] ?? i + 1) : i + 1);
    return html`${sheet.clipped > 0 ? html`<p class="note" role="note">${msg(str`The first ${formatNumber(sheet.rows)} rows are shown; ${formatNumber(sheet.clipped)} more were left out.`)}</p>` : nothing}
      <div
        class="grid"
        role="grid"
        aria-label=${sheet.name}
        aria-rowcount=${sheet.rows}
        aria-colcount=${sheet.cols + 1}
        tabindex="0"
        style=${`--columns: ${columns}`}
        @scroll=${this.handleScroll}
      >
        <div class="row header" role="row" aria-rowindex="1">
          <div class="cell number" role="columnheader">#</div>
          ${Array.from({ length: sheet.cols }, (_, c) => this.renderHeaderCell(sheet, c))}
        </div>
        <div class="body" role="rowgroup" style=${`height: ${dataRows * ROW_HEIGHT}px`}>
          <div class="window" style=${`transform: translateY(${this.first * ROW_HEIGHT}px)`}>
            ${rows.map(
              (r, i) => html`<div class="row" role="row" aria-rowindex=${this.first + i + 2}>
                <div class="cell number" role="rowheader">${r + 1}</div>
                ${Array.from({ length: sheet.cols }, (_, c) => html`<div class="cell" role="gridcell">${cellText(sheet, r, c)}</div>`)}
              </div>`,
            )}
          </div>
        </div>
      </div>`;
  }

  private renderHeaderCell(sheet: ParsedSheet, c: number) {
    const name = cellText(sheet, 0, c) || columnLetters(c);
    const sorted = this.sort?.column === c ? this.sort : undefined;
    const ariaSort = sorted ? (sorted.descending ? 'descending' : 'ascending') : 'none';
    const mark = sorted ? (sorted.descending ? ' ▼' : ' ▲') : '';
    return html`<div class="cell" role="columnheader" aria-sort=${ariaSort}>
      <button type="button" title=${msg(str`Sort by ${name}`)} @click=${() => this.handleSort(c)}>${name}${mark}</button>
    </div>`;
  }

  private handleSheet(index: number) {
    if (index === this.sheetIndex) return;
    this.sheetIndex = index;
    this.sort = undefined;
    this.order = undefined;
    this.first = 0;
    const grid = this.renderRoot.querySelector('.grid');
    if (grid) grid.scrollTop = 0;
  }

  private handleSort(column: number) {
    const now = this.sort?.column === column ? this.sort : undefined;
    const next: SortState = !now
      ? { column, descending: false }
      : !now.descending
        ? { column, descending: true }
        : undefined;
    this.sort = next;
    if (!next) {
      this.order = undefined;
      return;
    }
    this.sortJob = ++this.jobs;
    this.worker?.postMessage({ kind: 'sort', id: this.sortJob, sheet: this.sheetIndex, ...next });
  }

  private handleScroll(e: Event) {
    const grid = e.currentTarget as HTMLElement;
    const top = Math.max(0, grid.scrollTop - ROW_HEIGHT);
    const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
    const visible = Math.ceil(grid.clientHeight / ROW_HEIGHT) + OVERSCAN * 2;
    // Redraw only when the rows drawn no longer cover what is in sight.
    if (Math.abs(first - this.first) >= OVERSCAN / 2 || visible !== this.visible) {
      this.first = first;
      this.visible = visible;
    }
  }

  private parse() {
    this.sheets = undefined;
    this.problem = '';
    this.sheetIndex = 0;
    this.sort = undefined;
    this.order = undefined;
    this.first = 0;
    this.widths.clear();
    const bytes = this.bytes;
    if (!bytes) return;
    const worker = this.ensureWorker();
    if (!worker) return;
    this.parseJob = ++this.jobs;
    const copy = bytes.slice();
    worker.postMessage({ kind: 'parse', id: this.parseJob, bytes: copy, filename: this.filename }, [
      copy.buffer,
    ]);
  }

  private ensureWorker(): Worker | undefined {
    if (this.worker) return this.worker;
    try {
      this.worker = new Worker(new URL('./sheet-worker.ts', import.meta.url), { type: 'module' });
    } catch {
      this.problem = msg('This browser cannot read spreadsheets here (no workers).');
      return undefined;
    }
    this.worker.onmessage = (event: MessageEvent<unknown>) => {
      if (isSheetReply(event.data)) this.handleReply(event.data);
    };
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.problem = msg(str`${this.filename} could not be read: the spreadsheet reader failed.`);
    };
    return this.worker;
  }

  private handleReply(reply: SheetReply) {
    switch (reply.kind) {
      case 'parsed':
        if (reply.id === this.parseJob) this.sheets = reply.sheets;
        return;
      case 'sorted':
        if (reply.id === this.sortJob) this.order = reply.order;
        return;
      case 'failed':
        if (reply.id === this.parseJob) this.problem = `${this.filename}: ${reply.reason}`;
        return;
    }
  }

  /** The grid's column widths: the row numbers, then each column sized to its longest text in the first rows. */
  private columnsOf(sheet: ParsedSheet): string {
    const known = this.widths.get(this.sheetIndex);
    if (known) return known;
    const digits = String(sheet.rows).length;
    const widths = [`${digits + 2}ch`];
    const sample = Math.min(sheet.rows, SAMPLE_ROWS);
    for (let c = 0; c < sheet.cols; c++) {
      let longest = 3;
      for (let r = 0; r < sample; r++) longest = Math.max(longest, cellText(sheet, r, c).length);
      widths.push(`${Math.min(longest, 40) + 3}ch`);
    }
    const columns = widths.join(' ');
    this.widths.set(this.sheetIndex, columns);
    return columns;
  }
}

/** `A`, `B`, … `Z`, `AA`: a column's letters, for a header cell that is empty. */
function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-sheet-view': EaselSheetView;
  }
}
