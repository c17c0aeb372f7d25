/** `<easel-design-page>`: every token and component of the design system, in the light and the dark theme. */
import { css, html, LitElement } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { TabEntry } from '../components/tabs';
import { buttons, menus } from '../styles/controls';
import { fields } from '../styles/fields';
import { icon } from '../styles/icons';
import '../components/dialog';
import '../components/tabs';
import '../components/toast';

/** The colour tokens, by name (their values are in `tokens.css`, one set per theme). */
const COLOURS = [
  'bg',
  'surface',
  'surface-2',
  'text',
  'text-muted',
  'border',
  'accent',
  'accent-text',
  'hover',
  'info-bg',
  'focus',
  'danger',
  'danger-bg',
  'user-bg',
  'link',
  'code-bg',
] as const;
const TYPE = ['xs', 'sm', 'md', 'lg', 'xl'] as const;
const SPACE = ['1', '2', '3', '4', '6'] as const;
const RADII = ['sm', '', 'lg', 'full'] as const;
const SHADOWS = ['1', '2', '3'] as const;
const TABS: readonly TabEntry[] = [
  { id: 'one', label: 'General' },
  { id: 'two', label: 'Model & cost' },
  { id: 'three', label: 'Files' },
];

/**
 * The design system's page (`design.html`): the tokens (colour, type scale, spacing, radius, elevation), the
 * button in its kinds, the fields, a menu, and the shared components (`<easel-tabs>`, `<easel-dialog>`,
 * `<easel-toast>`), in the theme of the `[data-theme]` element around it (the page puts one in each theme side by
 * side; the tokens inherit into the shadow tree). A screenshot test keeps it (e2e/design.spec.ts).
 */
@customElement('easel-design-page')
export class EaselDesignPage extends LitElement {
  static override styles = [
    buttons,
    menus,
    fields,
    css`
      :host {
        display: block;
        font-family: var(--easel-font);
      }
      section {
        background: var(--easel-bg);
        color: var(--easel-text);
        padding: var(--easel-space-6);
        display: grid;
        gap: var(--easel-space-4);
        align-content: start;
      }
      h1 {
        font-size: var(--easel-text-xl);
        margin: 0;
      }
      h2 {
        font-size: var(--easel-text-lg);
        margin: 0;
      }
      h3 {
        font-size: var(--easel-text-sm);
        margin: 0;
        color: var(--easel-text-muted);
        text-transform: uppercase;
        letter-spacing: 0.04em;
      }
      .row {
        display: flex;
        flex-wrap: wrap;
        gap: var(--easel-space-2);
        align-items: center;
      }
      .swatches {
        display: grid;
        grid-template-columns: repeat(4, 1fr);
        gap: var(--easel-space-2);
        margin: 0;
        padding: 0;
        list-style: none;
      }
      .swatch {
        font-size: var(--easel-text-xs);
        font-family: var(--easel-font-mono);
      }
      .swatch span {
        display: block;
        height: 28px;
        border: 1px solid var(--easel-border);
        border-radius: var(--easel-radius-sm);
        margin-bottom: 2px;
      }
      .box {
        background: var(--easel-surface);
        border: 1px solid var(--easel-border);
        font-size: var(--easel-text-xs);
        display: grid;
        place-items: center;
        width: 56px;
        height: 40px;
      }
      .space {
        background: var(--easel-accent);
        height: 12px;
      }
      label {
        display: flex;
        gap: var(--easel-space-2);
        align-items: center;
        font-size: var(--easel-text-sm);
      }
      .card {
        background: var(--easel-surface);
        border: 1px solid var(--easel-border);
        border-radius: var(--easel-radius);
        padding: var(--easel-space-4);
      }
      .menu {
        position: static;
        width: 200px;
      }
    `,
  ];

  /** The theme it is shown in (the `data-theme` of the element around it), for its headings and names. */
  @property() theme: 'light' | 'dark' = 'light';

  @state() private switchOn = true;

  override render() {
    const theme = this.theme;
    const name = theme === 'light' ? 'Light' : 'Dark';
    return html`<section aria-labelledby=${`title-${theme}`}>
      <h1 id=${`title-${theme}`}>Easel design system · ${name}</h1>
      <h2>Tokens</h2>
      <h3>Colour</h3>
      <ul class="swatches">
        ${COLOURS.map((c) => html`<li class="swatch"><span style=${`background: var(--easel-${c})`}></span>${c}</li>`)}
      </ul>
      <h3>Type scale</h3>
      ${TYPE.map((t) => html`<div style=${`font-size: var(--easel-text-${t})`}>Text ${t}: Claude is thinking…</div>`)}
      <h3>Spacing, radius, elevation</h3>
      <div class="row">
        ${SPACE.map((s) => html`<div class="space" style=${`width: calc(4 * var(--easel-space-${s}))`} title=${`space ${s}`}></div>`)}
      </div>
      <div class="row">
        ${RADII.map((r) => html`<div class="box" style=${`border-radius: var(--easel-radius${r ? `-${r}` : ''})`}>${r || 'md'}</div>`)}
        ${SHADOWS.map((s) => html`<div class="box" style=${`box-shadow: var(--easel-shadow-${s}); border-radius: var(--easel-radius)`}>z${s}</div>`)}
      </div>
      <h2>Buttons</h2>
      <div class="row">
        <button type="button" class="btn primary">Primary</button>
        <button type="button" class="btn">Secondary</button>
        <button type="button" class="btn ghost">Ghost</button>
        <button type="button" class="btn icon" aria-label=${`Settings (${name})`}>${icon('settings')}</button>
        <button type="button" class="btn sm">Small</button>
        <button type="button" class="btn" aria-pressed="true">Pressed</button>
        <button type="button" class="btn" disabled>Disabled</button>
      </div>
      <h2>Fields</h2>
      <div class="row">
        <label>Input <input class="input" value="sk-ant-…" /></label>
        <label>Select <select class="select"><option>Thinking: Medium</option><option>Thinking: High</option></select></label>
        <label>
          <button
            type="button"
            class="switch"
            role="switch"
            aria-checked=${this.switchOn ? 'true' : 'false'}
            aria-label=${`Switch (${name})`}
            @click=${() => (this.switchOn = !this.switchOn)}
          ></button>
          Switch
        </label>
      </div>
      <h2>Menu</h2>
      <div class="menu" role="menu" aria-label=${`Session actions (${name})`}>
        <button type="button" role="menuitem" tabindex="-1">Rename</button>
        <button type="button" role="menuitem" tabindex="-1">Pin</button>
        <div role="separator"></div>
        <button type="button" role="menuitem" tabindex="-1" class="danger">Delete</button>
      </div>
      <h2>Tabs</h2>
      <easel-tabs .tabs=${TABS} label=${`Sections (${name})`}>
        <p slot="one">Theme, limits and how Claude answers.</p>
        <p slot="two">The model, thinking and what each answer costs.</p>
        <p slot="three">Files Claude reads, and where they are kept.</p>
      </easel-tabs>
      <h2>Dialog</h2>
      <div class="row" style="position: relative">
        <button type="button" class="btn" @click=${this.handleDialog}>Open a dialog</button>
        <easel-dialog label=${`Example (${name})`}>
          <p style="margin: 0">A popover that closes on Escape or a click outside.</p>
        </easel-dialog>
      </div>
      <h2>Toast</h2>
      <easel-toast message="Saved." dismissible></easel-toast>
      <easel-toast tone="error" message="Couldn't reach 127.0.0.1:4010 — is the server running?"></easel-toast>
      <div class="card">A card on the surface colour, with the border and the large radius.</div>
    </section>`;
  }

  private handleDialog(e: Event) {
    const dialog = (e.currentTarget as HTMLElement).parentElement?.querySelector('easel-dialog');
    dialog?.toggle();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-design-page': EaselDesignPage;
  }
}
