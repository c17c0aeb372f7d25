import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { mount } from '../../test-support';
import fourPagesUrl from './__fixtures__/pdf-multipage-4pages.pdf?url';
import './pdf-view';

async function bytesAt(url: string): Promise<Uint8Array> {
  return new Uint8Array(await (await fetch(url)).arrayBuffer());
}

const box = 'width: 700px; height: 500px; display: flex; flex-direction: column';

describe('<easel-pdf-view>', () => {
  it('shows every page of a real PDF, draws those in sight, and lays their text over them to select', async () => {
    const { screen, el } = await mount(
      'easel-pdf-view',
      { filename: 'four.pdf', bytes: await bytesAt(fourPagesUrl) },
      { style: box },
    );
    // The first PDF of a run waits for PDF.js to load.
    await expect
      .element(screen.getByRole('toolbar', { name: 'PDF' }), { timeout: 30_000 })
      .toHaveTextContent('4 pages');
    const pages = screen.getByRole('document', { name: 'four.pdf' }).getByRole('region');
    expect(pages.elements().map((p) => p.getAttribute('aria-label'))).toEqual([
      'Page 1',
      'Page 2',
      'Page 3',
      'Page 4',
    ]);
    const first = screen.getByRole('region', { name: 'Page 1' });
    await expect.poll(() => first.element().querySelector('canvas')?.width ?? 0).toBeGreaterThan(0);
    await expect.poll(() => first.element().querySelector('.textLayer')?.textContent ?? '').toMatch(/\w{3,}/);
    // The text is real text: it can be selected.
    const layer = first.element().querySelector('.textLayer');
    const range = document.createRange();
    range.selectNodeContents(layer as Node);
    const selection = el.ownerDocument.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    expect(selection?.toString().trim().length).toBeGreaterThan(3);
  });

  it('zooms in and out in steps, drawing the pages again at the new size', async () => {
    const { screen } = await mount(
      'easel-pdf-view',
      { filename: 'four.pdf', bytes: await bytesAt(fourPagesUrl) },
      { style: box },
    );
    const page = screen.getByRole('region', { name: 'Page 1' });
    await expect.poll(() => page.element().querySelector('canvas')?.width ?? 0).toBeGreaterThan(0);
    const width = page.element().getBoundingClientRect().width;
    await expect.element(screen.getByLabelText('Zoom')).toHaveTextContent('100%');
    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    await expect.element(screen.getByLabelText('Zoom')).toHaveTextContent('125%');
    await expect
      .poll(() => Math.round(page.element().getBoundingClientRect().width))
      .toBe(Math.round(width * 1.25));
    await expect.poll(() => page.element().querySelector('canvas')?.width ?? 0).toBeGreaterThan(width * 1.2);
    await userEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    await userEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    await expect.element(screen.getByLabelText('Zoom')).toHaveTextContent('75%');
  });

  it('draws only the pages near the view of a long PDF', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let n = 1; n <= 60; n++)
      doc.addPage([400, 500]).drawText(`Page number ${n}`, { x: 20, y: 250, size: 14, font });
    const { screen, el } = await mount(
      'easel-pdf-view',
      { filename: 'long.pdf', bytes: await doc.save() },
      { style: box },
    );
    await expect.element(screen.getByRole('toolbar', { name: 'PDF' })).toHaveTextContent('60 pages');
    await expect.poll(() => el.shadowRoot?.querySelectorAll('canvas').length ?? 0).toBeGreaterThan(0);
    expect(el.shadowRoot?.querySelectorAll('canvas').length).toBeLessThan(10);
    const scroller = el.shadowRoot?.querySelector<HTMLElement>('.pages');
    if (!scroller) throw new Error('no pages');
    scroller.scrollTop = scroller.scrollHeight;
    const last = screen.getByRole('region', { name: 'Page 60' });
    await expect
      .poll(() => last.element().querySelector('.textLayer')?.textContent ?? '')
      .toContain('Page number 60');
    expect(el.shadowRoot?.querySelectorAll('canvas').length).toBeLessThan(10);
  });

  it('says so in place when the file is not a PDF', async () => {
    const { screen } = await mount(
      'easel-pdf-view',
      { filename: 'broken.pdf', bytes: new TextEncoder().encode('not a pdf at all') },
      { style: box },
    );
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent(/broken\.pdf could not be opened as a PDF/);
  });
});
