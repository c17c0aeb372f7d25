import { css, html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';

type Renderer = (source: string) => string;
let rendererPromise: Promise<Renderer> | undefined;

function loadRenderer(): Promise<Renderer> {
  rendererPromise ??= import('./render').then((m) => m.renderMarkdown);
  return rendererPromise;
}

/**
 * Renders Markdown through marked + DOMPurify. Until the renderer has loaded, shows the source as plain text.
 * `unsafeHTML` appears only here, around sanitised output.
 */
@customElement('easel-markdown')
export class EaselMarkdown extends LitElement {
  static override styles = css`
    :host {
      display: block;
      line-height: 1.55;
      overflow-wrap: anywhere;
    }
    .plain {
      white-space: pre-wrap;
    }
    pre {
      background: var(--easel-surface-2);
      padding: var(--easel-space-3);
      border-radius: var(--easel-radius-sm);
      overflow-x: auto;
      font-family: var(--easel-font-mono);
      font-size: 0.9em;
    }
    code {
      font-family: var(--easel-font-mono);
    }
    a {
      color: var(--easel-accent);
    }
    p:first-child {
      margin-top: 0;
    }
    p:last-child {
      margin-bottom: 0;
    }
  `;

  /** Markdown source. */
  @property() source = '';

  @state() private renderer: Renderer | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    void loadRenderer().then((r) => {
      this.renderer = r;
    });
  }

  override render() {
    if (!this.source) return nothing;
    if (!this.renderer) return html`<div class="plain">${this.source}</div>`;
    return html`${unsafeHTML(this.renderer(this.source))}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-markdown': EaselMarkdown;
  }
}
