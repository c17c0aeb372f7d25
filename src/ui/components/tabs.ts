/** `<easel-tabs>`: a tab list and its panels (the ARIA tabs pattern), each panel's content slotted in by name. */
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { ComposedEvent } from '../events';
import { focusRing } from '../styles/controls';

/** One tab: the `slot` its panel's content goes in, and its name. */
export interface TabEntry {
  readonly id: string;
  readonly label: string;
}

/** The person chose another tab (`id`). */
export class TabSelectEvent extends ComposedEvent {
  static readonly type = 'tab-select';
  constructor(readonly id: string) {
    super(TabSelectEvent.type);
  }
}

/**
 * A `tablist` named `label` with a `tab` per entry of `tabs` and a `tabpanel` for each, holding the children
 * whose `slot` is the entry's `id`. The list is one Tab stop (the selected tab); the arrow keys, Home and End
 * move between tabs and show each at once. A new tab is one more entry and one more slotted child. The tab and
 * its panel live in one shadow root, so `aria-controls` and `aria-labelledby` resolve. The list is the part
 * `tablist` (e.g. to keep it in view: `easel-tabs::part(tablist) { position: sticky; top: 0 }`).
 */
@customElement('easel-tabs')
export class EaselTabs extends LitElement {
  static override styles = css`
    :host {
      display: block;
    }
    [role='tablist'] {
      display: flex;
      gap: var(--easel-space-1);
      overflow-x: auto;
      scrollbar-width: none;
      border-bottom: 1px solid var(--easel-border);
    }
    [role='tab'] {
      flex: none;
      font: inherit;
      font-size: var(--easel-text-sm);
      font-weight: 500;
      padding: var(--easel-space-2) var(--easel-space-3);
      border: none;
      border-bottom: 2px solid transparent;
      margin-bottom: -1px;
      background: transparent;
      color: var(--easel-text-muted);
      cursor: pointer;
      white-space: nowrap;
    }
    [role='tab']:hover {
      color: var(--easel-text);
    }
    [role='tab'][aria-selected='true'] {
      color: var(--easel-text);
      border-bottom-color: var(--easel-accent);
    }
    [role='tab']:focus-visible {
      ${focusRing}
      outline-offset: -2px;
    }
    [role='tabpanel'] {
      padding-top: var(--easel-space-4);
    }
    [role='tabpanel']:focus-visible {
      ${focusRing}
    }
  `;

  /** The tabs, in order. */
  @property({ attribute: false }) tabs: readonly TabEntry[] = [];
  /** The `id` of the tab shown; the first when it names none. */
  @property() selected = '';
  /** The tab list's accessible name. */
  @property() label = '';

  override render() {
    const shown = this.shownId();
    return html`<div role="tablist" part="tablist" aria-label=${this.label} @keydown=${this.handleKeydown}>
        ${this.tabs.map(
          (t) => html`<button
            type="button"
            role="tab"
            id=${`tab-${t.id}`}
            aria-selected=${t.id === shown ? 'true' : 'false'}
            aria-controls=${`panel-${t.id}`}
            tabindex=${t.id === shown ? 0 : -1}
            @click=${() => this.choose(t.id)}
          >${t.label}</button>`,
        )}
      </div>
      ${this.tabs.map(
        (
          t,
        ) => html`<div role="tabpanel" id=${`panel-${t.id}`} aria-labelledby=${`tab-${t.id}`} tabindex="0" ?hidden=${t.id !== shown}>
          <slot name=${t.id}></slot>
        </div>`,
      )}`;
  }

  /** Shows the tab `id` (as a click on it would, without moving the focus). */
  select(id: string): void {
    if (this.tabs.some((t) => t.id === id)) this.selected = id;
  }

  /** Shows the tab whose panel holds `element` (a slotted child or something inside one). */
  reveal(element: Element): void {
    const child = [...this.children].find((c) => c === element || c.contains(element));
    const slot = child?.getAttribute('slot');
    if (slot) this.select(slot);
  }

  private handleKeydown(e: KeyboardEvent) {
    const at = this.tabs.findIndex((t) => t.id === this.shownId());
    const last = this.tabs.length - 1;
    const to =
      e.key === 'ArrowRight'
        ? (at + 1) % this.tabs.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + this.tabs.length) % this.tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : undefined;
    const next = to === undefined ? undefined : this.tabs[to];
    if (!next) return;
    e.preventDefault();
    this.choose(next.id);
    void this.updateComplete.then(() =>
      this.renderRoot.querySelector<HTMLElement>(`#tab-${CSS.escape(next.id)}`)?.focus(),
    );
  }

  private choose(id: string) {
    if (id === this.shownId()) return;
    this.selected = id;
    this.dispatchEvent(new TabSelectEvent(id));
  }

  private shownId(): string {
    return this.tabs.some((t) => t.id === this.selected) ? this.selected : (this.tabs[0]?.id ?? '');
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-tabs': EaselTabs;
  }
  interface HTMLElementEventMap {
    'tab-select': TabSelectEvent;
  }
}
