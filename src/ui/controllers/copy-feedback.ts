/** What a `Copy` button says: copies text to the clipboard, then `Copied` or `Not copied` for a moment. */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { msg } from '../l10n';

/** How long (ms) the button says how the copy went before it says `Copy` again. */
const FEEDBACK_MS = 1500;

/**
 * Copy feedback for an element's `Copy` button: `copy(text)` writes to the clipboard and `label` is what the
 * button shows — `Copied`, or `Not copied` when the browser refused (no permission, page not focused), for
 * `FEEDBACK_MS`, then `Copy` again (a second copy meanwhile starts the moment again). The host renders again
 * when the label changes.
 */
export class CopyFeedback implements ReactiveController {
  private said: 'Copied' | 'Not copied' | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** What the button says now. */
  get label(): 'Copy' | 'Copied' | 'Not copied' {
    return this.said ?? 'Copy';
  }

  /** `label` in the active language, for the button's name. */
  get text(): string {
    const said = this.label;
    return said === 'Copy' ? msg('Copy') : said === 'Copied' ? msg('Copied') : msg('Not copied');
  }

  copy(text: string): void {
    navigator.clipboard.writeText(text).then(
      () => this.say('Copied'),
      () => this.say('Not copied'),
    );
  }

  /** Taken out of the page: no timer outlives it, and put back it says `Copy`. */
  hostDisconnected(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.said = undefined;
  }

  private say(said: 'Copied' | 'Not copied'): void {
    this.said = said;
    this.host.requestUpdate();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.said = undefined;
      this.host.requestUpdate();
    }, FEEDBACK_MS);
  }
}
