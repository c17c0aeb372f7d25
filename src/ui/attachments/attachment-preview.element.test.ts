import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { AttachmentRecord } from '../../messages';
import { mount } from '../test-support';
import './attachment-preview';

const textRecord: AttachmentRecord = {
  id: 't1',
  name: 'notes.html',
  mimeType: 'text/plain',
  size: 31,
  kind: 'text',
};

/** A 1×1 PNG. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

describe('<easel-attachment-preview>', () => {
  it('opens a modal dialog named after the file, showing text as text', async () => {
    const { el, screen } = await mount('easel-attachment-preview');
    await el.show(textRecord, new Blob(['<b>bold</b> and <i>plain</i>']));
    const dialog = screen.getByRole('dialog', { name: 'Preview of notes.html' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog.getByRole('heading', { name: 'notes.html' })).toBeVisible();
    await expect.element(dialog.getByText('<b>bold</b> and <i>plain</i>')).toBeVisible();
    expect(el.shadowRoot!.querySelector('b, i')).toBeNull();
  });

  it('shows an image with the file name as its text alternative', async () => {
    const { el, screen } = await mount('easel-attachment-preview');
    const record: AttachmentRecord = {
      id: 'i1',
      name: 'dot.png',
      mimeType: 'image/png',
      size: PNG.length,
      kind: 'image',
    };
    await el.show(record, new Blob([PNG], { type: 'image/png' }));
    const image = screen.getByRole('img', { name: 'dot.png' });
    await expect.element(image).toBeVisible();
    await expect.poll(() => (image.element() as HTMLImageElement).naturalWidth).toBe(1);
  });

  it('says when the bytes are gone', async () => {
    const { el, screen } = await mount('easel-attachment-preview');
    await el.show(textRecord, undefined);
    await expect.element(screen.getByText('This file is no longer available.')).toBeVisible();
  });

  it('closes with Close and with Escape', async () => {
    const { el, screen } = await mount('easel-attachment-preview');
    await el.show(textRecord, new Blob(['hello']));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await expect.element(screen.getByRole('dialog')).not.toBeInTheDocument();
    await el.show(textRecord, new Blob(['hello']));
    await expect.element(screen.getByRole('dialog', { name: 'Preview of notes.html' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(screen.getByRole('dialog')).not.toBeInTheDocument();
  });
});
