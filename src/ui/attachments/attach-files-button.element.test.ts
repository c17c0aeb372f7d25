import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { mount, recordEvents } from '../test-support';
import './attach-files-button';

describe('<easel-attach-files-button>', () => {
  it('is a button named Attach files that opens the file picker', async () => {
    const { el, screen } = await mount('easel-attach-files-button');
    const input = el.shadowRoot!.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.multiple).toBe(true);
    let opened = 0;
    input.addEventListener('click', (e) => {
      opened++;
      e.preventDefault(); // no real picker in a test
    });
    await userEvent.click(screen.getByRole('button', { name: 'Attach files' }));
    expect(opened).toBe(1);
  });

  it('fires files-chosen from the picker with every chosen file', async () => {
    const { el, parent } = await mount('easel-attach-files-button');
    const chosen = recordEvents(parent, 'files-chosen');
    const input = el.shadowRoot!.querySelector('input[type=file]') as HTMLInputElement;
    const files = [new File(['a'], 'a.txt'), new File(['b'], 'b.csv')];
    await userEvent.upload(input, files);
    expect(chosen).toHaveLength(1);
    expect(chosen[0]?.source).toBe('picker');
    expect(chosen[0]?.files.map((f) => f.name)).toEqual(['a.txt', 'b.csv']);
    // The same file can be chosen again.
    await userEvent.upload(input, [files[0]!]);
    expect(chosen).toHaveLength(2);
  });

  it('can be disabled', async () => {
    const { screen } = await mount('easel-attach-files-button', { disabled: true });
    await expect.element(screen.getByRole('button', { name: 'Attach files' })).toBeDisabled();
  });
});
