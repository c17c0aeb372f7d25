import { describe, expect, it } from 'vitest';
import { mount } from '../../test-support';
import tablesUrl from './__fixtures__/docx-tables.docx?url';
import pictureUrl from './__fixtures__/docx-tiny-picture.docx?url';
import './document-view';

async function bytesAt(url: string): Promise<Uint8Array> {
  return new Uint8Array(await (await fetch(url)).arrayBuffer());
}

const box = 'width: 700px; height: 500px; display: flex';

describe('<easel-document-view>', () => {
  it('shows a real Word document with its tables', async () => {
    const { screen } = await mount(
      'easel-document-view',
      { filename: 'tables.docx', bytes: await bytesAt(tablesUrl) },
      { style: box },
    );
    const doc = screen.getByRole('article', { name: 'tables.docx' });
    await expect.element(doc).toBeVisible();
    await expect.element(doc.getByRole('table').first()).toBeVisible();
    await expect.element(doc.getByRole('cell', { name: 'Top left' })).toBeVisible();
  });

  it('shows its pictures from their own bytes', async () => {
    const { screen } = await mount(
      'easel-document-view',
      { filename: 'picture.docx', bytes: await bytesAt(pictureUrl) },
      { style: box },
    );
    const doc = screen.getByRole('article', { name: 'picture.docx' });
    await expect.element(doc).toBeVisible();
    const img = doc.element().querySelector('img');
    expect(img?.getAttribute('src')).toMatch(/^data:image\//);
  });

  it('sanitises what it shows: no script, no handler, no style from the document', async () => {
    // A document whose text holds markup shows it as text; the HTML mammoth writes goes through DOMPurify.
    const { screen, el } = await mount(
      'easel-document-view',
      { filename: 'tables.docx', bytes: await bytesAt(tablesUrl) },
      { style: box },
    );
    await expect.element(screen.getByRole('article', { name: 'tables.docx' })).toBeVisible();
    const root = el.shadowRoot as ShadowRoot;
    expect(
      root.querySelectorAll('article script, article style, article [style], article form'),
    ).toHaveLength(0);
    expect(
      [...root.querySelectorAll('article *')].some((n) =>
        [...n.attributes].some((a) => a.name.startsWith('on')),
      ),
    ).toBe(false);
  });

  it('says so when the file is not a Word document', async () => {
    const { screen } = await mount(
      'easel-document-view',
      { filename: 'broken.docx', bytes: new Uint8Array([1, 2, 3]) },
      { style: box },
    );
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent(/broken\.docx could not be read as a Word document/);
  });
});
