import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { focusedElement, mount, recordEvents } from '../test-support';
import './artifact-editor';

describe('<easel-artifact-editor>', () => {
  it('is a textbox named Edit <filename> holding the content', async () => {
    const { el, screen } = await mount('easel-artifact-editor', {
      filename: 'app.js',
      content: 'let a = 1;',
    });
    const box = screen.getByRole('textbox', { name: 'Edit app.js' });
    await expect.element(box).toHaveValue('let a = 1;');
    el.focus();
    await expect.poll(focusedElement).toBe(box.element());
  });

  it('saves the edited text as artifact-edit with Save, and with Ctrl+S', async () => {
    const { screen, parent } = await mount('easel-artifact-editor', {
      filename: 'app.js',
      content: 'let a = 1;',
    });
    const edits = recordEvents(document, 'artifact-edit');
    const fromParent = recordEvents(parent, 'artifact-edit');
    const box = screen.getByRole('textbox', { name: 'Edit app.js' });
    await userEvent.fill(box, 'let a = 2;');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.fill(box, 'let a = 3;');
    await userEvent.keyboard('{Control>}s{/Control}');
    expect(edits.map((e) => [e.filename, e.content])).toEqual([
      ['app.js', 'let a = 2;'],
      ['app.js', 'let a = 3;'],
    ]);
    expect(fromParent).toHaveLength(2);
  });

  it('cancels with Cancel and with Escape, telling only its holder', async () => {
    const { screen, parent } = await mount('easel-artifact-editor', { filename: 'a.txt', content: 'x' });
    const cancels = recordEvents(parent, 'edit-cancel');
    const edits = recordEvents(parent, 'artifact-edit');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('textbox', { name: 'Edit a.txt' }));
    await userEvent.keyboard('{Escape}');
    expect(cancels).toHaveLength(2);
    expect(cancels[0]?.composed).toBe(false);
    expect(edits).toHaveLength(0);
  });
});
