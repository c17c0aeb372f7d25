import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { ConsentAnswer } from '../../artifacts';
import { msg, str } from '../l10n';

interface Question {
  readonly file: string;
  readonly model: string;
  readonly answers: ((answer: ConsentAnswer) => void)[];
}

/**
 * The question over a preview whose page asks Claude for the first time in this version: `Allow <file> to ask
 * Claude?`, with the model it would use, `Allow` (this version), `Always for this file` and `Deny`. Calls that
 * come while it is asked wait for the same answer; a preview that goes answers `Deny`.
 */
export class AppConsent implements ReactiveController {
  private question: Question | undefined;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.answer('deny');
  }

  /** Asks the person. */
  ask(file: string, model: string): Promise<ConsentAnswer> {
    return new Promise((resolve) => {
      if (this.question && this.question.file === file) this.question.answers.push(resolve);
      else {
        this.answer('deny');
        this.question = { file, model, answers: [resolve] };
        this.host.requestUpdate();
      }
    });
  }

  /** A new document of another file: an open question goes unanswered (as `Deny`). */
  documentEnded(): void {
    this.answer('deny');
  }

  render() {
    const question = this.question;
    if (!question) return nothing;
    const title = msg(str`Allow ${question.file} to ask Claude?`);
    return html`<div class="notice consent" role="alertdialog" aria-label=${title}>
      <span
        ><strong>${title}</strong> ${msg(str`Its requests go out with your API key, to ${question.model}, and are charged to you. Allow holds for this version of the file; a new version asks again.`)}</span
      >
      <button type="button" @click=${() => this.answer('once')}>${msg('Allow')}</button>
      <button type="button" @click=${() => this.answer('always')}>${msg('Always for this file')}</button>
      <button type="button" @click=${() => this.answer('deny')}>${msg('Deny')}</button>
    </div>`;
  }

  private answer(answer: ConsentAnswer): void {
    const question = this.question;
    if (!question) return;
    this.question = undefined;
    for (const resolve of question.answers) resolve(answer);
    this.host.requestUpdate();
  }
}
