import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';

interface Question {
  readonly file: string;
  readonly model: string;
  readonly answers: ((allowed: boolean) => void)[];
}

/**
 * The question over a preview whose page asks Claude for the first time: `Allow <file> to ask Claude?`, with
 * the model it would use, `Allow` and `Deny`. Calls that come while it is asked wait for the same answer; a
 * preview that goes answers `Deny`.
 */
export class AppConsent implements ReactiveController {
  private question: Question | undefined;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.answer(false);
  }

  /** Asks the person; resolves `true` for `Allow`. */
  ask(file: string, model: string): Promise<boolean> {
    return new Promise((resolve) => {
      if (this.question && this.question.file === file) this.question.answers.push(resolve);
      else {
        this.answer(false);
        this.question = { file, model, answers: [resolve] };
        this.host.requestUpdate();
      }
    });
  }

  /** A new document of another file: an open question goes unanswered (as `Deny`). */
  documentEnded(): void {
    this.answer(false);
  }

  render() {
    const question = this.question;
    if (!question) return nothing;
    const title = `Allow ${question.file} to ask Claude?`;
    return html`<div class="notice consent" role="alertdialog" aria-label=${title}>
      <span
        ><strong>${title}</strong> Its requests go out with your API key, to ${question.model}, and are charged to
        you.</span
      >
      <button type="button" @click=${() => this.answer(true)}>Allow</button>
      <button type="button" @click=${() => this.answer(false)}>Deny</button>
    </div>`;
  }

  private answer(allowed: boolean): void {
    const question = this.question;
    if (!question) return;
    this.question = undefined;
    for (const resolve of question.answers) resolve(allowed);
    this.host.requestUpdate();
  }
}
