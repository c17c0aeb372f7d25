import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { type DiffHunkItem, diffLines, foldUnchanged, type LineDiff } from '../../artifacts';
import { msg, str } from '../l10n';

/** The changes between two versions of a file, line by line, with unchanged stretches folded. */
@customElement('easel-artifact-diff')
export class EaselArtifactDiff extends LitElement {
  static override styles = css`
    :host {
      display: block;
      min-height: 0;
      overflow: auto;
      background: var(--easel-code-bg);
      font: 0.8rem/1.5 var(--easel-font-mono);
    }
    .summary {
      position: sticky;
      top: 0;
      padding: var(--easel-space-1) var(--easel-space-3);
      background: var(--easel-surface-2);
      font-family: var(--easel-font);
    }
    .row {
      display: grid;
      grid-template-columns: 3.5em 3.5em 1.5em 1fr;
      white-space: pre;
    }
    .num {
      color: var(--easel-text-muted);
      text-align: right;
      padding-right: var(--easel-space-2);
      user-select: none;
    }
    .added {
      background: color-mix(in srgb, var(--easel-syntax-string) 16%, transparent);
    }
    .removed {
      background: color-mix(in srgb, var(--easel-danger) 16%, transparent);
    }
    .fold {
      padding: 2px var(--easel-space-3);
      color: var(--easel-text-muted);
      background: var(--easel-surface-2);
      font-family: var(--easel-font);
    }
  `;

  /** The older text. */
  @property() older = '';
  /** The newer text. */
  @property() newer = '';
  /** What the diff is of, e.g. "Changes from version 1 to version 2". */
  @property() label = msg('Changes');

  private cached: { older: string; newer: string; diff: LineDiff; items: DiffHunkItem[] } | undefined;

  override render() {
    if (this.cached?.older !== this.older || this.cached.newer !== this.newer) {
      const diff = diffLines(this.older, this.newer);
      this.cached = { older: this.older, newer: this.newer, diff, items: foldUnchanged(diff.lines) };
    }
    const { diff, items } = this.cached;
    return html`<div role="group" aria-label=${this.label}>
      <div class="summary">
        ${msg(str`${this.label}: ${diff.added} added, ${diff.removed} removed`)}${diff.exact ? '' : msg(' (too different to match lines)')}
      </div>
      ${items.map((item) => this.renderItem(item))}
    </div>`;
  }

  private renderItem(item: DiffHunkItem) {
    if (item.kind === 'fold') {
      return html`<div class="fold">⋯ ${item.count === 1 ? msg('1 unchanged line') : msg(str`${item.count} unchanged lines`)}</div>`;
    }
    const { line } = item;
    const mark = line.kind === 'added' ? '+' : line.kind === 'removed' ? '−' : ' ';
    return html`<div class="row ${line.kind}">
      <span class="num">${line.oldLine ?? ''}</span><span class="num">${line.newLine ?? ''}</span><span
        aria-label=${line.kind === 'same' ? msg('unchanged') : line.kind === 'added' ? msg('added') : msg('removed')}
        >${mark}</span
      ><span>${line.text}</span>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-artifact-diff': EaselArtifactDiff;
  }
}
