import { ContextProvider } from '@lit/context';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { AttachmentRecord } from '../../messages';
import { focusedElement, mount, recordEvents, settled } from '../test-support';
import { attachmentBlobSourceContext } from './blob-source';
import './attachment-list';

const photo: AttachmentRecord = {
  id: 'p1',
  name: 'photo.jpg',
  mimeType: 'image/jpeg',
  size: 30_617,
  kind: 'image',
  width: 128,
  height: 96,
};
const paper: AttachmentRecord = {
  id: 'd1',
  name: 'paper.pdf',
  mimeType: 'application/pdf',
  size: 17_000,
  kind: 'pdf',
  pages: 4,
};
const notes: AttachmentRecord = {
  id: 'n1',
  name: 'notes.txt',
  mimeType: 'text/plain',
  size: 18,
  kind: 'text',
};

describe('<easel-attachment-list>', () => {
  it('draws nothing without attachments', async () => {
    const { screen } = await mount('easel-attachment-list');
    expect(screen.getByRole('list').elements()).toHaveLength(0);
  });

  it('shows what will be sent for a converted file instead of its size', async () => {
    const workbook: AttachmentRecord = {
      id: 'w1',
      name: 'budget.xlsx',
      mimeType: 'text/markdown',
      size: 4_800,
      kind: 'text',
      summary: '3 sheets · about 1,200 tokens · truncated to fit',
    };
    const { screen } = await mount('easel-attachment-list', { attachments: [workbook] });
    await expect
      .element(screen.getByRole('listitem'))
      .toHaveTextContent(/XLSX\s+budget\.xlsx\s+3 sheets · about 1,200 tokens · truncated to fit/);
  });

  it('is a list named Attachments with a tile per file: name, size, pixels or pages', async () => {
    const { screen } = await mount('easel-attachment-list', { attachments: [photo, paper, notes] });
    const list = screen.getByRole('list', { name: 'Attachments' });
    await expect
      .element(list.getByRole('listitem').nth(0))
      .toHaveTextContent(/JPG\s+photo\.jpg\s+29\.9 KB · 128 × 96/);
    await expect
      .element(list.getByRole('listitem').nth(1))
      .toHaveTextContent(/PDF\s+paper\.pdf\s+16\.6 KB · 4 pages/);
    await expect.element(list.getByRole('listitem').nth(2)).toHaveTextContent(/TXT\s+notes\.txt\s+18 bytes/);
    await expect.element(screen.getByRole('button', { name: 'Preview paper.pdf' })).toBeVisible();
    expect(screen.getByRole('button', { name: /^Remove/ }).elements()).toHaveLength(0);
  });

  it('badges a file without an extension by its kind, from the kinds table', async () => {
    const bare = [
      { ...paper, id: 'b1', name: 'scan' },
      { ...notes, id: 'b2', name: 'LICENSE' },
      { ...photo, id: 'b3', name: 'pasted image', preview: undefined },
    ];
    const { screen } = await mount('easel-attachment-list', { attachments: bare });
    const items = screen.getByRole('list', { name: 'Attachments' }).getByRole('listitem');
    await expect.element(items.nth(0)).toHaveTextContent(/^\s*PDF\s+scan/);
    await expect.element(items.nth(1)).toHaveTextContent(/^\s*TXT\s+LICENSE/);
    await expect.element(items.nth(2)).toHaveTextContent(/^\s*IMG\s+pasted image/);
  });

  it('adds each file’s estimated input cost at the model’s price', async () => {
    const { screen } = await mount('easel-attachment-list', {
      attachments: [paper, { ...notes, size: 40_000 }],
      inputPrice: 3,
    });
    const list = screen.getByRole('list', { name: 'Attachments' });
    // 4 pages at 1,500–3,000 tokens each, at $3 per million: $0.018–$0.036.
    await expect
      .element(list.getByRole('listitem').nth(0))
      .toHaveTextContent(/4 pages · about \$0\.02–\$0\.04$/);
    // 40,000 bytes of text, about 10,000 tokens: $0.03.
    await expect.element(list.getByRole('listitem').nth(1)).toHaveTextContent(/about \$0\.03$/);
  });

  it('offers Remove <filename> when removable, firing remove-attachment with the id', async () => {
    const { screen, parent } = await mount('easel-attachment-list', {
      attachments: [photo, notes],
      removable: true,
    });
    const removed = recordEvents(parent, 'remove-attachment');
    await userEvent.click(screen.getByRole('button', { name: 'Remove notes.txt' }));
    expect(removed.map((e) => e.id)).toEqual(['n1']);
  });

  it('when a file goes with the focus on its Remove, focuses the next Remove, else the one before', async () => {
    const { el, screen } = await mount('easel-attachment-list', {
      attachments: [photo, paper, notes],
      removable: true,
    });
    const remove = (name: string) => screen.getByRole('button', { name: `Remove ${name}` });
    remove('paper.pdf').element().focus();
    el.attachments = [photo, notes];
    await settled(el);
    expect(focusedElement()).toBe(remove('notes.txt').element());
    el.attachments = [photo];
    await settled(el);
    expect(focusedElement()).toBe(remove('photo.jpg').element());
  });

  it('leaves focus alone when a file goes whose Remove did not have it', async () => {
    const { el, screen } = await mount('easel-attachment-list', {
      attachments: [photo, notes],
      removable: true,
    });
    const preview = screen.getByRole('button', { name: 'Preview photo.jpg' }).element();
    preview.focus();
    el.attachments = [photo];
    await settled(el);
    expect(focusedElement()).toBe(preview);
  });

  it('shows files still being prepared as busy tiles', async () => {
    const { screen } = await mount('easel-attachment-list', { pending: [{ key: 'k1', name: 'big.png' }] });
    const tile = screen.getByRole('listitem');
    await expect.element(tile).toHaveTextContent(/big\.png\s+Preparing…/);
    await expect.element(tile).toHaveAttribute('aria-busy', 'true');
  });

  it('previews a file from the bytes it was given', async () => {
    const { screen } = await mount('easel-attachment-list', {
      attachments: [notes],
      blobs: new Map([['n1', new Blob(['first line of the notes'])]]),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Preview notes.txt' }));
    const dialog = screen.getByRole('dialog', { name: 'Preview of notes.txt' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog).toHaveTextContent('first line of the notes');
  });

  it('previews a sent file from the stored bytes provided by context, or says they are gone', async () => {
    const stored = new Map([['n1', new Blob(['stored text'])]]);
    const asked: string[] = [];
    const { screen } = await mount(
      'easel-attachment-list',
      { attachments: [notes, { ...notes, id: 'gone', name: 'gone.txt' }] },
      {
        setup: (parent) =>
          new ContextProvider(parent, {
            context: attachmentBlobSourceContext,
            initialValue: {
              load: async (id) => {
                asked.push(id);
                if (id === 'gone') throw new Error('not found');
                return stored.get(id);
              },
            },
          }),
      },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Preview notes.txt' }));
    await expect
      .element(screen.getByRole('dialog', { name: 'Preview of notes.txt' }))
      .toHaveTextContent('stored text');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Preview gone.txt' }));
    await expect
      .element(screen.getByRole('dialog', { name: 'Preview of gone.txt' }))
      .toHaveTextContent('This file is no longer available.');
    expect(asked).toEqual(['n1', 'gone']);
  });
});
