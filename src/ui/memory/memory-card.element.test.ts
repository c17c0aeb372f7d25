import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import {
  type FileChange,
  type MemoryFile,
  type MemoryFiles,
  type MemoryWrite,
  undoWrite,
  writeState,
} from '../../memory';
import { mount } from '../test-support';
import type { MemoryService } from './memory-context';
import { provideMemory } from './memory-provider';
import './memory-card';

/** The person's memory files in a map, behind a service whose `state`/`undo` are the memory module's own. */
function memoryWith(initial: Record<string, string>) {
  const files = new Map(Object.entries(initial));
  const listeners = new Set<() => void>();
  const store: MemoryFiles = {
    async list(): Promise<MemoryFile[]> {
      return [...files].map(([path, text]) => ({ path, text }));
    },
    async write(_space: string, changes: readonly FileChange[]) {
      for (const c of changes) {
        if (c.text === null) files.delete(c.path);
        else files.set(c.path, c.text);
      }
      for (const l of listeners) l();
    },
  };
  const service: MemoryService = {
    list: async () => [],
    save: (space, path, text) => store.write(space, [{ path, text }]),
    delete: (space, path) => store.write(space, [{ path, text: null }]),
    state: (write) => writeState(store, write),
    undo: (write) => undoWrite(store, write),
    enabled: true,
    setEnabled: async () => {},
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { files, service };
}

/** What the memory tool stores for `create /memories/units.md` with "- prefers metric units". */
const created: { write: MemoryWrite } = {
  write: {
    kind: 'create',
    summary: 'prefers metric units',
    undo: [{ space: 'person', changes: [{ path: 'units.md', text: null }] }],
    done: [{ space: 'person', changes: [{ path: 'units.md', text: '- prefers metric units\n' }] }],
  },
};

async function mountCard(memory: ReturnType<typeof memoryWith>, details: unknown = created) {
  const { screen } = await mount(
    'easel-memory-card',
    { details },
    { setup: (p) => provideMemory(p, { load: async () => memory.service }) },
  );
  return screen;
}

describe('<easel-memory-card>', () => {
  it('names the write and undoes it', async () => {
    const memory = memoryWith({ 'units.md': '- prefers metric units\n' });
    const screen = await mountCard(memory);
    const card = screen.getByRole('group', { name: 'Remembered: prefers metric units' });
    await userEvent.click(card.getByRole('button', { name: 'Undo' }));
    await expect.element(card.getByRole('status')).toHaveTextContent('Undone');
    expect(memory.files.has('units.md')).toBe(false);
    await expect.element(card.getByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('shown again after the write was undone (a reload, another tab), says Undone and offers no Undo', async () => {
    const screen = await mountCard(memoryWith({}));
    const card = screen.getByRole('group', { name: 'Remembered: prefers metric units' });
    await expect.element(card.getByRole('status')).toHaveTextContent('Undone');
    await expect.element(card.getByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('says the memory changed since, and keeps the later change', async () => {
    const memory = memoryWith({ 'units.md': '- prefers metric units\n' });
    const screen = await mountCard(memory);
    const card = screen.getByRole('group', { name: 'Remembered: prefers metric units' });
    await expect.element(card.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    await memory.service.save('person', 'units.md', '- prefers imperial units\n');
    await expect.element(card.getByRole('status')).toHaveTextContent('Changed since');
    await expect.element(card.getByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(memory.files.get('units.md')).toBe('- prefers imperial units\n');
  });

  it('says a forgotten file and a move in words', async () => {
    const memory = memoryWith({});
    const forgot = {
      write: {
        kind: 'delete',
        summary: '/memories/old.md',
        undo: [{ space: 'person', changes: [{ path: 'old.md', text: 'x' }] }],
        done: [{ space: 'person', changes: [{ path: 'old.md', text: null }] }],
      },
    };
    const screen = await mountCard(memory, forgot);
    const card = screen.getByRole('group', { name: 'Forgot: /memories/old.md' });
    await userEvent.click(card.getByRole('button', { name: 'Undo' }));
    await expect.element(card.getByRole('status')).toHaveTextContent('Undone');
    expect(memory.files.get('old.md')).toBe('x');
  });

  it('shows details that do not check as a plain line, with nothing to undo', async () => {
    const screen = await mountCard(memoryWith({}), { write: { kind: 'create', summary: 3 } });
    await expect.element(screen.getByText('Memory changed.')).toBeInTheDocument();
    await expect.element(screen.getByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });
});
