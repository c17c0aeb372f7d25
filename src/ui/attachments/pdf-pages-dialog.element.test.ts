import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { AttachmentRecord } from '../../messages';
import { mount, recordEvents } from '../test-support';
import './pdf-pages-dialog';

const book: AttachmentRecord = {
  id: 'b1',
  name: 'book.pdf',
  mimeType: 'application/pdf',
  size: 170_000,
  kind: 'pdf',
  pages: 100,
  sourcePages: 300,
  pageRanges: '1–100',
};

describe('<easel-pdf-pages-dialog>', () => {
  it('offers the pages sent now, keeps a selection it cannot read open with the reason, and fires the chosen pages', async () => {
    const { el, screen } = await mount('easel-pdf-pages-dialog');
    const chosen = recordEvents(el, 'choose-pdf-pages');
    await el.show(book);
    const dialog = screen.getByRole('dialog', { name: 'Choose pages of book.pdf' });
    await expect.element(dialog).toBeVisible();
    await expect
      .element(dialog)
      .toHaveTextContent(/It has 300 pages; the API reads at most 100 in one request/);
    const pages = dialog.getByRole('textbox', { name: 'Pages' });
    await expect.element(pages).toHaveValue('1-100');
    await userEvent.fill(pages, '290-310');
    await userEvent.click(dialog.getByRole('button', { name: 'Use these pages' }));
    await expect
      .element(dialog.getByRole('alert'))
      .toHaveTextContent('The PDF has pages 1 to 300; “290-310” is outside them.');
    expect(chosen).toHaveLength(0);
    await userEvent.fill(pages, '3, 7-8');
    await userEvent.click(dialog.getByRole('button', { name: 'Use these pages' }));
    expect(chosen.map((e) => [e.id, e.pages])).toEqual([['b1', [3, 7, 8]]]);
    await expect.element(dialog).not.toBeInTheDocument();
  });

  it('says how Send in parts splits the PDF, and fires it with the id', async () => {
    const { el, screen } = await mount('easel-pdf-pages-dialog');
    const parts = recordEvents(el, 'send-pdf-in-parts');
    await el.show({ ...book, sourcePages: 250 });
    const dialog = screen.getByRole('dialog', { name: 'Choose pages of book.pdf' });
    const button = dialog.getByRole('button', { name: 'Send in parts' });
    await expect
      .element(button)
      .toHaveAccessibleDescription(/send all 250 pages in 3 parts \(pages 1–84, 85–168, 169–250;/);
    await userEvent.click(button);
    expect(parts.map((e) => e.id)).toEqual(['b1']);
    await expect.element(dialog).not.toBeInTheDocument();
  });

  it('offers Send as text, firing send-pdf-as-text with the id', async () => {
    const { el, screen } = await mount('easel-pdf-pages-dialog');
    const asText = recordEvents(el, 'send-pdf-as-text');
    await el.show(book);
    const button = screen.getByRole('button', { name: 'Send as text' });
    await expect
      .element(button)
      .toHaveAccessibleDescription(/Or send the text of all 300 pages in this message/);
    await userEvent.click(button);
    expect(asText.map((e) => e.from)).toEqual(['b1']);
  });
});
