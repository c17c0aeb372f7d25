import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { AttachmentRecord } from '../../messages';
import { focusedElement, mount, recordEvents } from '../test-support';
import './project-dialog';
import { type KnowledgeRead, MAX_KNOWLEDGE_TOKENS, type ProjectSaveEvent } from './project-knowledge';

const note = (id: string, size = 4000): AttachmentRecord => ({
  id,
  name: `${id}.md`,
  mimeType: 'text/markdown',
  size,
  kind: 'text',
});
const bytes = (id: string) => ({ id, blob: new Blob(['x']), mimeType: 'text/markdown', size: 1 });
const reads =
  (result: KnowledgeRead) =>
  async (_files: readonly File[]): Promise<KnowledgeRead> =>
    result;

describe('<easel-project-dialog>', () => {
  it('creates a project: name, instructions, files read with their estimate, and Save with the new bytes', async () => {
    const opener = document.body.appendChild(document.createElement('button'));
    opener.focus();
    const { el, screen, parent } = await mount('easel-project-dialog', {
      readFiles: reads({
        files: [{ record: note('beds'), bytes: [bytes('beds')] }],
        refusals: ['tool.exe: not a file Claude reads.'],
      }),
    });
    const saves = recordEvents(parent, 'project-save');
    parent.addEventListener('project-save', (e) =>
      (e as ProjectSaveEvent).respondWith(Promise.resolve(undefined)),
    );
    await el.show(undefined, 'p-new');
    const dialog = screen.getByRole('dialog', { name: 'New project' });
    expect(focusedElement()?.id).toBe('name');
    await userEvent.fill(dialog.getByRole('textbox', { name: 'Name' }), '  Garden ');
    await userEvent.fill(dialog.getByRole('textbox', { name: 'Instructions' }), 'Metric units.');
    await el.addFiles([new File(['x'], 'beds.md')]);
    await expect.element(dialog.getByRole('list', { name: 'Files' })).toHaveTextContent('beds.md');
    await expect.element(dialog.getByRole('alert')).toHaveTextContent('tool.exe: not a file Claude reads.');
    await expect.element(dialog.getByText('1 file, about 1,000 tokens with every message.')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect.poll(() => el.open).toBe(false);
    expect(saves).toHaveLength(1);
    expect(saves[0]?.draft).toEqual({
      id: 'p-new',
      name: 'Garden',
      instructions: 'Metric units.',
      files: [note('beds')],
    });
    expect(saves[0]?.added.map((b) => b.id)).toEqual(['beds']);
    expect(focusedElement()).toBe(opener);
    opener.remove();
  });

  it('keeps what was typed and says why when saving fails', async () => {
    const { el, screen, parent } = await mount('easel-project-dialog');
    parent.addEventListener('project-save', (e) =>
      (e as ProjectSaveEvent).respondWith(Promise.resolve('Saving the project failed: storage is full.')),
    );
    await el.show({ id: 'p1', name: 'Garden', instructions: 'Metric.', files: [note('a')] }, 'unused');
    const dialog = screen.getByRole('dialog', { name: 'Edit project' });
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect.element(dialog.getByRole('alert')).toHaveTextContent('storage is full');
    expect(el.open).toBe(true);
    await expect.element(dialog.getByRole('textbox', { name: 'Instructions' })).toHaveValue('Metric.');
  });

  it('refuses a file that would take the project past its token budget, and removes files', async () => {
    const huge = note('huge', MAX_KNOWLEDGE_TOKENS * 4);
    const { el, screen } = await mount('easel-project-dialog', {
      readFiles: reads({ files: [{ record: huge, bytes: [bytes('huge')] }], refusals: [] }),
    });
    await el.show({ id: 'p1', name: 'Garden', instructions: '', files: [note('a')] }, 'unused');
    const dialog = screen.getByRole('dialog', { name: 'Edit project' });
    await el.addFiles([new File(['x'], 'huge.md')]);
    await expect.element(dialog.getByRole('alert')).toHaveTextContent('huge.md was not added');
    await userEvent.click(dialog.getByRole('button', { name: 'Remove a.md' }));
    await expect.element(dialog.getByText('No files yet.')).toBeVisible();
    expect(dialog.element().contains(focusedElement()) || el.shadowRoot?.contains(focusedElement())).toBe(
      true,
    );
  });

  it('deletes only after asking, saying what happens to the chats', async () => {
    const { el, screen, parent } = await mount('easel-project-dialog', { chatCount: 3 });
    const deletes = recordEvents(parent, 'project-delete');
    parent.addEventListener('project-delete', (e) => e.respondWith(Promise.resolve(undefined)));
    await el.show({ id: 'p1', name: 'Garden', instructions: '', files: [] }, 'unused');
    const dialog = screen.getByRole('dialog', { name: 'Edit project' });
    await userEvent.click(dialog.getByRole('button', { name: 'Delete project' }));
    const ask = dialog.getByRole('alertdialog');
    await expect.element(ask).toHaveTextContent('Delete “Garden”? Its 3 chats stay, outside any project');
    await userEvent.click(ask.getByRole('button', { name: 'Keep it' }));
    expect(deletes).toHaveLength(0);
    await userEvent.click(dialog.getByRole('button', { name: 'Delete project' }));
    await userEvent.click(dialog.getByRole('alertdialog').getByRole('button', { name: 'Delete project' }));
    await expect.poll(() => el.open).toBe(false);
    expect(deletes.map((e) => e.id)).toEqual(['p1']);
  });

  it('closes with Escape, storing nothing', async () => {
    const { el, parent } = await mount('easel-project-dialog');
    const saves = recordEvents(parent, 'project-save');
    await el.show(undefined, 'p2');
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => el.open).toBe(false);
    expect(saves).toHaveLength(0);
  });
});
