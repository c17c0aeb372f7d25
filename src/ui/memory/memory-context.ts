/**
 * How Settings → Memory and the chat's memory cards reach the tab's memory: a context that `main.ts` provides on
 * the app.
 */
import { createContext } from '@lit/context';
import type { MemoryWrite, WriteState } from '../../memory';

/** A memory file as Settings lists it. */
export interface MemoryEntry {
  readonly space: string;
  readonly path: string;
  readonly text: string;
  readonly updated: number;
  /** Where it is, in words: `/memories/prefs.md`, or `Project “Trip”: /memories/project/plan.md`. */
  readonly where: string;
}

/** What the memory elements do; `createMemoryService` builds the app's. */
export interface MemoryService {
  /** Every memory file, the person's first, then each project's, by path. */
  list(): Promise<readonly MemoryEntry[]>;
  save(space: string, path: string, text: string): Promise<void>;
  delete(space: string, path: string): Promise<void>;
  /** Where a write in the chat stands now (see `WriteState`). */
  state(write: MemoryWrite): Promise<WriteState>;
  /** Puts the files a write changed back as they were, if they are still as it left them; the state it found. */
  undo(write: MemoryWrite): Promise<WriteState>;
  /** Whether Claude may read and write memory (Settings → Memory's switch). */
  readonly enabled: boolean;
  setEnabled(on: boolean): Promise<void>;
  /** Calls `listener` after any change of the files (here or in another tab) or of the switch. */
  subscribe(listener: () => void): () => void;
}

/** The tab's memory, loaded with its first use (Settings → Memory, a card's `Undo`, a memory call). */
export interface MemoryHandle {
  load(): Promise<MemoryService>;
}

export const memoryContext = createContext<MemoryHandle | undefined>(Symbol('easel-memory'));
