/** `<easel-version-switcher>`: `< 2 / 3 >` under a message that has other versions (edits, regenerated answers). */
import { css, html, LitElement, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { AgentMessage } from '../../agent';
import { SwitchVersionEvent } from '../events';
import { msg, str } from '../l10n';
import { buttonLook, focusRing } from '../styles/controls';

/**
 * Which version of a message is shown, of how many, with `Previous version` and `Next version`; each fires a
 * `SwitchVersionEvent`. Draws nothing for a message with one version.
 */
@customElement('easel-version-switcher')
export class EaselVersionSwitcher extends LitElement {
  static override styles = css`
    :host {
      display: inline-flex;
      align-items: center;
      gap: var(--easel-space-1);
      font-size: 0.8rem;
      color: var(--easel-text-muted);
    }
    button {
      ${buttonLook}
      font-size: 0.8rem;
      padding: 2px var(--easel-space-2);
    }
    button:disabled {
      cursor: default;
      opacity: 0.5;
    }
    button:focus-visible {
      ${focusRing}
    }
    output {
      font-variant-numeric: tabular-nums;
    }
  `;

  /** The message whose versions these are. */
  @property({ attribute: false }) message: AgentMessage | undefined;
  /** The shown version, 0-based. */
  @property({ type: Number }) index = 0;
  /** How many versions there are. */
  @property({ type: Number }) count = 1;
  /** Whether switching is refused now (while Claude works). */
  @property({ type: Boolean }) disabled = false;

  override render() {
    if (this.count < 2) return nothing;
    const shown = this.index + 1;
    return html`<button
        type="button"
        aria-label=${msg('Previous version')}
        ?disabled=${this.disabled || this.index <= 0}
        @click=${() => this.handleStep(-1)}
      >‹</button>
      <output aria-label=${msg(str`Version ${shown} of ${this.count}`)}>${shown} / ${this.count}</output>
      <button
        type="button"
        aria-label=${msg('Next version')}
        ?disabled=${this.disabled || shown >= this.count}
        @click=${() => this.handleStep(1)}
      >›</button>`;
  }

  private handleStep(step: -1 | 1) {
    if (this.message) this.dispatchEvent(new SwitchVersionEvent(this.message, step));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-version-switcher': EaselVersionSwitcher;
  }
}
