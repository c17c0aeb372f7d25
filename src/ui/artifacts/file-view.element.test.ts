import { describe, expect, it } from 'vitest';
import type { ArtifactKind, ArtifactVersion } from '../../artifacts';
import { mount } from '../test-support';
import './file-view';
import type { ShownFile } from './panel-view';

/** A 1×1 PNG. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

function shown(filename: string, kind: ArtifactKind, bytes?: Uint8Array, mimeType = ''): ShownFile {
  const version = {
    version: 2,
    content: '',
    ...(bytes ? { bytes, mimeType } : {}),
  } as unknown as ArtifactVersion;
  return {
    filename,
    kind,
    content: '',
    ...(bytes ? { binary: { bytes, mimeType } } : {}),
    file: undefined,
    version,
    previous: undefined,
    streaming: false,
    latest: true,
    incomplete: undefined,
    hasIncomplete: false,
  };
}

describe('<easel-file-view>', () => {
  it('shows an image file of bytes with the media viewer', async () => {
    const { el } = await mount('easel-file-view', {
      shown: shown('dot.png', 'image', PNG, 'image/png'),
      bytes: PNG,
      mimeType: 'image/png',
    });
    const media = el.shadowRoot?.querySelector('easel-media-view');
    expect(media?.filename).toBe('dot.png');
    expect(media?.kind).toBe('image');
  });

  it('sends each kind to its viewer', async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const viewers: [string, ArtifactKind, string][] = [
      ['a.pdf', 'pdf', 'easel-pdf-view'],
      ['a.docx', 'document', 'easel-document-view'],
      ['a.xlsx', 'sheet', 'easel-sheet-view'],
      ['a.pptx', 'slides', 'easel-slides-view'],
    ];
    for (const [filename, kind, tag] of viewers) {
      const { el } = await mount('easel-file-view', { shown: shown(filename, kind, bytes), bytes });
      const viewer = el.shadowRoot?.querySelector(tag) as (Element & { filename?: string }) | null;
      expect(viewer?.filename, tag).toBe(filename);
    }
  });

  it('says a file of such a kind written as text cannot be shown as one', async () => {
    const text = new TextEncoder().encode('not really a pdf');
    const { screen } = await mount('easel-file-view', { shown: shown('report.pdf', 'pdf'), bytes: text });
    await expect
      .element(screen.getByRole('note'))
      .toHaveTextContent(
        'report.pdf was written as text, so it cannot be shown as a PDF; its text is under Code.',
      );
  });

  it('offers a file it cannot show for download, with its type and size', async () => {
    const bytes = new Uint8Array(2048);
    const { screen } = await mount('easel-file-view', {
      shown: shown('data.bin', 'code', bytes, 'application/octet-stream'),
      bytes,
      mimeType: 'application/octet-stream',
    });
    await expect.element(screen.getByText('Download it to open it', { exact: false })).toBeVisible();
    await expect.element(screen.getByText('application/octet-stream', { exact: false })).toBeVisible();
  });

  it('compares a binary file by type and size under Changes', async () => {
    const bytes = new Uint8Array(10);
    const { screen } = await mount('easel-file-view', {
      shown: shown('dot.png', 'image', bytes, 'image/png'),
      bytes,
      mimeType: 'image/png',
      mode: 'changes',
    });
    await expect
      .element(screen.getByRole('note'))
      .toHaveTextContent('A binary file has no lines to compare.');
  });

  it('draws a Mermaid file in the sandboxed preview', async () => {
    const source = new TextEncoder().encode('graph LR\n  A --> B');
    const { el } = await mount('easel-file-view', { shown: shown('flow.mmd', 'mermaid'), bytes: source });
    await expect
      .poll(() => el.shadowRoot?.querySelector('easel-mermaid-view')?.source ?? '')
      .toBe('graph LR\n  A --> B');
  });
});
