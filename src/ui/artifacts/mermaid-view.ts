/**
 * `<easel-mermaid-view>`: a Mermaid file (`.mermaid`, `.mmd`) drawn in the sandboxed preview. Mermaid's output
 * is untrusted, so the diagram is drawn only in the preview frame (the page `mermaidPage` makes), never in the
 * app's document; a source that does not parse shows Mermaid's message there instead.
 */
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { mermaidPage } from '../../artifacts/plan';
import './artifact-preview';
import type { PreviewRuntime } from './preview-runtime';

@customElement('easel-mermaid-view')
export class EaselMermaidView extends LitElement {
  static override styles = css`
    :host {
      display: block;
      height: 100%;
      min-height: 0;
    }
    easel-artifact-preview {
      height: 100%;
    }
  `;

  /** The file name (the frame is titled `<filename> preview`). */
  @property() filename = '';
  /** The diagram's source. */
  @property() source = '';
  /** The app's preview runtime (the preview makes its own without one). */
  @property({ attribute: false }) runtime: PreviewRuntime | undefined;

  override render() {
    return html`<easel-artifact-preview
      .filename=${this.filename}
      .content=${mermaidPage(this.source)}
      .kind=${'html'}
      .runtime=${this.runtime}
    ></easel-artifact-preview>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-mermaid-view': EaselMermaidView;
  }
}
