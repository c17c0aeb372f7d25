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
});
