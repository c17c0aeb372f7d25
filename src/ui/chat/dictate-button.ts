/**
 * `<easel-dictate-button>`: the composer's `Dictate`. It dictates into the message box with the browser's speech
 * recognition where there is one, and says so where there is none. Before the first dictation of a page it says
 * where the browser sends the voice (`dictationNotice`) and starts only when the person agrees.
 */
import { css, html, LitElement, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { errorText } from '../../agent';
import { msg, str } from '../l10n';
import { buttons } from '../styles/controls';
import { icon } from '../styles/icons';
import { dictationNotice, type Recognition, recognitionClass, recognitionProblem } from './speech';

/** Words recognised, to add to the message box. */
export class DictationEvent extends Event {
  static readonly type = 'dictation';
  constructor(readonly text: string) {
    super(DictationEvent.type, { bubbles: true, composed: true });
  }
}

/** The person agreed to the notice in this page (asked again after a reload). */
let informed = false;

@customElement('easel-dictate-button')
export class EaselDictateButton extends LitElement {
  static override styles = [
    buttons,
    css`
      :host {
        display: contents;
      }
      .panel {
        position: absolute;
        inset: auto var(--easel-space-4) 100% var(--easel-space-4);
        max-width: 780px;
        margin: 0 auto var(--easel-space-2);
        padding: var(--easel-space-3);
        border: 1px solid var(--easel-border);
        border-radius: var(--easel-radius-sm);
        background: var(--easel-surface);
        box-shadow: var(--easel-shadow, 0 2px 8px rgb(0 0 0 / 15%));
        font-size: 0.875rem;
        z-index: 1;
      }
      .panel p {
        margin: 0 0 var(--easel-space-2);
      }
      .panel .row {
        display: flex;
        gap: var(--easel-space-2);
        justify-content: flex-end;
      }
      .heard {
        font-size: 0.8rem;
        color: var(--easel-text-muted);
        align-self: center;
      }
    `,
  ];

  @state() private asking = false;
  @state() private listening = false;
  /** What is being heard now (not final yet), or why dictation stopped or cannot run. */
  @state() private note = '';

  private recognition: Recognition | undefined;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.recognition?.abort();
  }

  override render() {
    return html`<button
        type="button"
        class="btn ghost icon"
        aria-label=${msg('Dictate')}
        aria-pressed=${this.listening ? 'true' : 'false'}
        title=${this.listening ? msg('Stop dictating') : msg('Dictate into the message box')}
        @click=${this.handleClick}
      >${icon('dictate')}</button>
      <span class="heard" role="status">${this.note}</span>
      ${
        this.asking
          ? html`<div class="panel" role="alertdialog" aria-label=${msg('Before you dictate')} aria-describedby="notice">
              <p id="notice">${dictationNotice()}</p>
              <div class="row">
                <button type="button" class="btn" @click=${this.handleCancel}>${msg('Not now')}</button>
                <button type="button" class="btn primary" @click=${this.handleAgree}>${msg('Start dictating')}</button>
              </div>
            </div>`
          : nothing
      }`;
  }

  private handleClick() {
    if (this.listening) {
      this.recognition?.stop();
      return;
    }
    if (!recognitionClass()) {
      this.note = msg(
        'This browser has no speech recognition, so dictation is not available here (Chrome, Edge and Safari have it).',
      );
      return;
    }
    if (!informed) {
      this.asking = true;
      return;
    }
    this.start();
  }

  private handleAgree() {
    informed = true;
    this.asking = false;
    this.start();
  }

  private handleCancel() {
    this.asking = false;
  }

  private start() {
    const Recognition = recognitionClass();
    if (!Recognition) return;
    const recognition = new Recognition();
    recognition.lang = document.documentElement.lang || navigator.language;
    recognition.continuous = true;
    recognition.interimResults = true;
    recognition.addEventListener('result', (e) => this.handleResult(e));
    recognition.addEventListener('error', (e) => {
      this.note = recognitionProblem(String((e as Event & { error?: unknown }).error ?? 'unknown'));
    });
    recognition.addEventListener('end', () => {
      this.listening = false;
      if (this.note === msg('Listening…')) this.note = '';
      if (this.recognition === recognition) this.recognition = undefined;
    });
    this.recognition = recognition;
    this.note = msg('Listening…');
    this.listening = true;
    try {
      recognition.start();
    } catch (error) {
      this.listening = false;
      this.note = msg(str`Dictation could not start: ${errorText(error)}`);
    }
  }

  /** Final words go to the message box; words still being heard show beside the button. */
  private handleResult(e: Event) {
    const { results, resultIndex } = e as Event & {
      results?: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
      resultIndex?: number;
    };
    if (!results) return;
    let final = '';
    let interim = '';
    for (let i = resultIndex ?? 0; i < results.length; i++) {
      const result = results[i];
      const words = result?.[0]?.transcript ?? '';
      if (result?.isFinal) final += words;
      else interim += words;
    }
    this.note = interim.trim() || msg('Listening…');
    if (final.trim()) this.dispatchEvent(new DictationEvent(final.trim()));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-dictate-button': EaselDictateButton;
  }
  interface HTMLElementEventMap {
    dictation: DictationEvent;
  }
}
