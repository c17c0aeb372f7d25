import { html, LitElement } from 'lit';
import { describe, expect, it } from 'vitest';
import { mount } from '../test-support';
import { BackgroundFailures, backgroundFailureText } from './background-failures';

/** The page the host listens to: the test runner reports any rejection the real window hears. */
const page = new EventTarget();

/** A host that shows what the controller reports the way the app does, as an alert. */
class FailuresHost extends LitElement {
  notice = '';
  readonly failures = new BackgroundFailures(
    this,
    (text) => {
      this.notice = text;
      this.requestUpdate();
    },
    page,
  );
  override render() {
    return this.notice ? html`<p role="alert">${this.notice}</p>` : html``;
  }
}
customElements.define('easel-test-background-failures', FailuresHost);
declare global {
  interface HTMLElementTagNameMap {
    'easel-test-background-failures': FailuresHost;
  }
}

/** What the browser fires for a rejected promise nobody handled (the promise here is handled, so none is real). */
function rejection(reason: unknown): PromiseRejectionEvent {
  const promise = Promise.reject(reason);
  promise.catch(() => {});
  return new PromiseRejectionEvent('unhandledrejection', { promise, reason });
}

describe('BackgroundFailures', () => {
  it('says an unhandled rejection in the notice, in words', async () => {
    const { screen } = await mount('easel-test-background-failures');
    page.dispatchEvent(rejection(new Error('The disk is full.')));
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('Something failed in the background: The disk is full.');
  });

  it('words a thrown value that is not an Error without [object Object]', () => {
    expect(backgroundFailureText({ code: 7 })).toBe(
      'Something failed in the background: a non-Error value: {"code":7}.',
    );
    expect(backgroundFailureText('quota')).toBe('Something failed in the background: quota.');
  });

  it('stops listening once the host is gone', async () => {
    const { el } = await mount('easel-test-background-failures');
    el.remove();
    page.dispatchEvent(rejection(new Error('later')));
    expect(el.notice).toBe('');
  });
});
