import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { mount } from '../test-support';
import type { MemoryEntry, MemoryService } from './memory-context';
import { provideMemory } from './memory-provider';
import './memory-settings';

/** A memory service over a list, recording what it is asked. */
function fakeMemory(entries: MemoryEntry[], options: { failDelete?: boolean } = {}) {
  let files = [...entries];
  let on = true;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const l of listeners) l();
  };
  const calls: string[] = [];
  const service: MemoryService = {
    list: async () => files,
    async save(space, path, text) {
      calls.push(`save ${space} ${path} ${text}`);
      files = files.map((f) => (f.space === space && f.path === path ? { ...f, text } : f));
      changed();
    },
    async delete(space, path) {
      if (options.failDelete) throw new Error('the disk is full');
      calls.push(`delete ${space} ${path}`);
      files = files.filter((f) => !(f.space === space && f.path === path));
      changed();
    },
    state: async () => 'applied',
    undo: async () => 'applied',
    get enabled() {
      return on;
    },
    async setEnabled(value) {
      calls.push(`enabled ${value}`);
      on = value;
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { service, calls };
}

const prefs: MemoryEntry = {
  space: 'person',
  path: 'prefs.md',
  text: '- prefers metric units\n',
  updated: 1,
  where: '/memories/prefs.md',
};
const plan: MemoryEntry = {
  space: 'project:p1',
  path: 'plan.md',
  text: 'Lisbon in May',
  updated: 2,
  where: 'Project “Trip”: /memories/project/plan.md',
};

async function mountWith(memory: ReturnType<typeof fakeMemory>) {
  const { screen } = await mount(
    'easel-memory-settings',
    {},
    { setup: (p) => provideMemory(p, { load: async () => memory.service }) },
  );
  return screen.getByRole('region', { name: 'Memory' });
}

describe('<easel-memory-settings>', () => {
  it('lists every memory file, the person’s and each project’s', async () => {
    const region = await mountWith(fakeMemory([prefs, plan]));
    const list = region.getByRole('list', { name: 'Memory files' });
    await expect.element(list.getByRole('listitem').nth(0)).toHaveTextContent('/memories/prefs.md');
    await expect
      .element(list.getByRole('listitem').nth(1))
      .toHaveTextContent('Project “Trip”: /memories/project/plan.md');
  });

  it('opens a file to read it, and saves what the person changed', async () => {
    const memory = fakeMemory([prefs]);
    const region = await mountWith(memory);
    await userEvent.click(region.getByRole('button', { name: 'Open /memories/prefs.md' }));
    const text = region.getByRole('textbox', { name: 'Contents of /memories/prefs.md' });
    await expect.element(text).toHaveValue('- prefers metric units\n');
    await userEvent.fill(text, '- prefers imperial units');
    await userEvent.click(region.getByRole('button', { name: 'Save memory' }));
    await expect.element(region.getByRole('status')).toHaveTextContent('Saved /memories/prefs.md.');
    expect(memory.calls).toEqual(['save person prefs.md - prefers imperial units']);
  });

  it('deletes a file, and says so', async () => {
    const memory = fakeMemory([prefs, plan]);
    const region = await mountWith(memory);
    await userEvent.click(region.getByRole('button', { name: 'Delete /memories/prefs.md' }));
    await expect.element(region.getByRole('status')).toHaveTextContent('Deleted /memories/prefs.md.');
    await expect
      .element(region.getByRole('button', { name: 'Delete /memories/prefs.md' }))
      .not.toBeInTheDocument();
    expect(memory.calls).toEqual(['delete person prefs.md']);
  });

  it('says why a change failed and keeps the file listed', async () => {
    const region = await mountWith(fakeMemory([prefs], { failDelete: true }));
    await userEvent.click(region.getByRole('button', { name: 'Delete /memories/prefs.md' }));
    await expect
      .element(region.getByRole('alert'))
      .toHaveTextContent('Memory could not be changed: the disk is full');
    await expect
      .element(region.getByRole('button', { name: 'Delete /memories/prefs.md' }))
      .toBeInTheDocument();
  });

  it('refuses to save a memory over the size limit', async () => {
    const memory = fakeMemory([prefs]);
    const region = await mountWith(memory);
    await userEvent.click(region.getByRole('button', { name: 'Open /memories/prefs.md' }));
    const text = region.getByRole('textbox', { name: 'Contents of /memories/prefs.md' });
    ((await text.element()) as HTMLTextAreaElement).value = 'x'.repeat(100_001);
    await userEvent.click(region.getByRole('button', { name: 'Save memory' }));
    await expect.element(region.getByRole('alert')).toHaveTextContent(/at most 100,000/);
    expect(memory.calls).toEqual([]);
  });

  it('switches memory off and on', async () => {
    const memory = fakeMemory([]);
    const region = await mountWith(memory);
    await expect.element(region.getByText('Claude has not remembered anything yet.')).toBeInTheDocument();
    const toggle = region.getByRole('switch', { name: 'Let Claude remember across chats' });
    await expect.element(toggle).toBeChecked();
    await userEvent.click(toggle);
    await expect.element(toggle).not.toBeChecked();
    await expect.element(region.getByRole('status')).toHaveTextContent(/Memory is off/);
    expect(memory.calls).toEqual(['enabled false']);
  });
});
