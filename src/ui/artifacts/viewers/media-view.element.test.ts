import { describe, expect, it } from 'vitest';
import { mount } from '../../test-support';
import './media-view';

/** A 1×1 PNG. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

/** A WAV file of a short silence. */
function wav(samples = 800): Uint8Array {
  const bytes = new Uint8Array(44 + samples * 2);
  const view = new DataView(bytes.buffer);
  const text = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) view.setUint8(at + i, s.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, 8000, true);
  view.setUint32(28, 16000, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples * 2, true);
  return bytes;
}

describe('<easel-media-view>', () => {
  it('shows an image from its bytes', async () => {
    const { screen } = await mount('easel-media-view', {
      filename: 'dot.png',
      kind: 'image',
      bytes: PNG,
      mimeType: 'image/png',
    });
    const img = screen.getByRole('img', { name: 'dot.png' });
    await expect.poll(() => (img.element() as HTMLImageElement).naturalWidth).toBe(1);
    expect(img.element().getAttribute('src')).toMatch(/^blob:/);
  });

  it('plays a sound from its bytes with the browser’s controls', async () => {
    const { el } = await mount('easel-media-view', {
      filename: 'tone.wav',
      kind: 'audio',
      bytes: wav(),
      mimeType: 'audio/wav',
    });
    const audio = el.shadowRoot?.querySelector('audio');
    expect(audio?.getAttribute('aria-label')).toBe('tone.wav');
    expect(audio?.controls).toBe(true);
    await expect.poll(() => audio?.duration ?? 0).toBeCloseTo(0.1, 2);
  });

  it('makes its object URL only of a raster image, audio or video type, whatever the record says', async () => {
    const typeOf = async (kind: 'image' | 'audio' | 'video', mimeType: string) => {
      const { el } = await mount('easel-media-view', { filename: 'x', kind, bytes: PNG, mimeType });
      const src = el.shadowRoot?.querySelector('img, audio, video')?.getAttribute('src') ?? '';
      return (await (await fetch(src)).blob()).type;
    };
    // An imported or synced record can name any type: an app-origin blob URL of HTML or SVG would run script
    // when opened in a tab.
    expect(await typeOf('image', 'text/html')).toBe('application/octet-stream');
    expect(await typeOf('image', 'image/svg+xml')).toBe('application/octet-stream');
    expect(await typeOf('image', 'IMAGE/SVG+XML; charset=utf-8')).toBe('application/octet-stream');
    expect(await typeOf('video', 'application/xhtml+xml')).toBe('application/octet-stream');
    expect(await typeOf('audio', 'image/png')).toBe('application/octet-stream');
    expect(await typeOf('image', 'image/png')).toBe('image/png');
    expect(await typeOf('audio', 'audio/wav')).toBe('audio/wav');
    expect(await typeOf('video', 'video/mp4')).toBe('video/mp4');
  });

  it('still shows an image whose recorded type was refused', async () => {
    const { screen } = await mount('easel-media-view', {
      filename: 'dot.png',
      kind: 'image',
      bytes: PNG,
      mimeType: 'text/html',
    });
    const img = screen.getByRole('img', { name: 'dot.png' });
    await expect.poll(() => (img.element() as HTMLImageElement).naturalWidth).toBe(1);
  });

  it('gives back its object URL when it goes', async () => {
    const { el, parent } = await mount('easel-media-view', {
      filename: 'dot.png',
      kind: 'image',
      bytes: PNG,
      mimeType: 'image/png',
    });
    const src = el.shadowRoot?.querySelector('img')?.src ?? '';
    parent.remove();
    await expect
      .poll(
        async () =>
          await fetch(src).then(
            () => 'ok',
            () => 'revoked',
          ),
      )
      .toBe('revoked');
  });
});
