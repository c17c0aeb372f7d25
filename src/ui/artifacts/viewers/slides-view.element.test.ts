import { describe, expect, it } from 'vitest';
import { mount } from '../../test-support';
import deckUrl from './__fixtures__/pptx-shapes-and-picture.pptx?url';
import './slides-view';

async function bytesAt(url: string): Promise<Uint8Array> {
  return new Uint8Array(await (await fetch(url)).arrayBuffer());
}

describe('<easel-slides-view>', () => {
  it('shows a real presentation slide by slide, in order, with its text and its picture', async () => {
    const { screen } = await mount(
      'easel-slides-view',
      { filename: 'deck.pptx', bytes: await bytesAt(deckUrl) },
      { style: 'width: 700px; height: 600px; display: flex' },
    );
    await expect.element(screen.getByRole('list', { name: 'deck.pptx: 3 slides' })).toBeVisible();
    const slides = screen.getByRole('region');
    expect(slides.elements().map((s) => s.getAttribute('aria-label'))).toEqual([
      'Slide 1 of 3',
      'Slide 2 of 3',
      'Slide 3 of 3',
    ]);
    await expect
      .element(screen.getByRole('region', { name: 'Slide 1 of 3' }))
      .toHaveTextContent('autoshape positioned at:');
    await expect
      .element(screen.getByRole('region', { name: 'Slide 1 of 3' }))
      .toHaveTextContent('cx = 3”, cy = 4”');
    const picture = screen.getByRole('img', { name: 'Picture 1 of slide 2' });
    await expect.element(picture).toBeVisible();
    await expect.poll(() => (picture.element() as HTMLImageElement).naturalWidth).toBeGreaterThan(0);
  });

  it('says so when the file is not a presentation', async () => {
    const { screen } = await mount('easel-slides-view', {
      filename: 'broken.pptx',
      bytes: new Uint8Array([1, 2, 3]),
    });
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent(/broken\.pptx could not be read as a PowerPoint file/);
  });
});
