/**
 * `<easel-read-aloud>`: an answer's `Read aloud`, spoken by the browser's speech synthesis (its words, not its
 * Markdown or code: `speakableText`), and `Stop` while it speaks. One answer speaks at a time. Where the browser
 * has no speech synthesis, nothing is shown; where it fails to speak, a note beside the button says why.
 */
import { css, html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { msg } from '../l10n';
import { buttons } from '../styles/controls';
import { icon } from '../styles/icons';
import { speakableText, synthesisProblem } from './speech';

/** The button speaking now, so another's `Read aloud` stops it first. */
let speaking: EaselReadAloud | undefined;

@customElement('easel-read-aloud')
export class EaselReadAloud extends LitElement {
  static override styles = [
    buttons,
    css`
      :host {
        display: inline-flex;
        align-items: center;
      }
      .note {
        font-size: var(--easel-text-xs);
        color: var(--easel-text-muted);
      }
    `,
  ];

  /** The answer's text (Markdown). */
  @property({ attribute: false }) text = '';

  @state() private active = false;
  /** Why the last reading failed, if it did. */
  @state() private note = '';

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (speaking === this) this.stop();
  }

  override render() {
    if (typeof speechSynthesis === 'undefined' || typeof SpeechSynthesisUtterance === 'undefined')
      return nothing;
    const button = this.active
      ? html`<button type="button" class="btn ghost icon sm" aria-label=${msg('Stop')} title=${msg('Stop reading')} @click=${this.stop}>
          ${icon('stop', 14)}
        </button>`
      : html`<button type="button" class="btn ghost icon sm" aria-label=${msg('Read aloud')} title=${msg('Read this answer aloud')} @click=${this.handleRead}>
          ${icon('read-aloud', 16)}
        </button>`;
    return html`${button}${this.note ? html`<span class="note" role="status">${this.note}</span>` : nothing}`;
  }

  private handleRead() {
    if (speaking && speaking !== this) speaking.ended();
    speechSynthesis.cancel();
    const utterance = new SpeechSynthesisUtterance(speakableText(this.text));
    utterance.lang = document.documentElement.lang || navigator.language;
    const done = () => {
      if (speaking === this) this.ended();
    };
    utterance.addEventListener('end', done);
    utterance.addEventListener('error', (e) => {
      if (speaking === this) this.note = synthesisProblem(String((e as Event & { error?: unknown }).error));
      done();
    });
    this.note = '';
    speaking = this;
    this.active = true;
    speechSynthesis.speak(utterance);
  }

  private stop() {
    speechSynthesis.cancel();
    this.ended();
  }

  private ended() {
    if (speaking === this) speaking = undefined;
    this.active = false;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-read-aloud': EaselReadAloud;
  }
}
