/**
 * The app's memory, loaded with its first use (`main.ts` imports this module lazily): the memories repository,
 * which the memory tool reads and writes, and the `MemoryService` of Settings → Memory and the chat's cards.
 */
import type { AgentTool } from '../../agent';
import {
  createMemoryTool,
  type MemoryDetails,
  type MemoryScope,
  PERSON_SPACE,
  shownPath,
  undoWrite,
  writeState,
} from '../../memory';
import { type EaselDatabase, MemoriesRepository, type SettingsStore } from '../../storage';
import type { MemoryEntry, MemoryService } from './memory-context';
// The chat's memory cards are defined with the memory.
import './memory-card';
import { msg } from '../l10n';

export interface MemoryServiceOptions {
  readonly db: EaselDatabase;
  readonly settings: SettingsStore;
  /** The name of a project by id, or `undefined` once it is gone. */
  readonly projectName: (id: string) => Promise<string | undefined>;
  /** The spaces the open chat sees (see `MemoryToolOptions.scope`). */
  readonly scope: () => Promise<MemoryScope | undefined>;
}

export interface AppMemory {
  /** The memory tool, run against the repository. */
  readonly tool: AgentTool<Record<string, unknown>, MemoryDetails>;
  readonly service: MemoryService;
}

export function createAppMemory(options: MemoryServiceOptions): AppMemory {
  const repo = new MemoriesRepository(options.db);
  return {
    tool: createMemoryTool({ files: repo, scope: options.scope }),
    service: createMemoryService(repo, options),
  };
}

function createMemoryService(
  repo: MemoriesRepository,
  { settings, projectName }: MemoryServiceOptions,
): MemoryService {
  return {
    async list() {
      const records = await repo.list();
      const names = new Map<string, string | undefined>();
      const entries: MemoryEntry[] = [];
      for (const r of records) {
        let where = shownPath(PERSON_SPACE, r.path);
        if (r.space !== PERSON_SPACE) {
          const id = r.space.slice('project:'.length);
          if (!names.has(id)) names.set(id, await projectName(id).catch(() => undefined));
          const name = names.get(id);
          where = `${name ? `Project “${name}”` : msg('A deleted project')}: ${shownPath(r.space, r.path)}`;
        }
        entries.push({ ...r, where });
      }
      // The person's first, then by project and path.
      return entries.sort((a, b) =>
        a.space === b.space
          ? compare(a.path, b.path)
          : a.space === PERSON_SPACE
            ? -1
            : b.space === PERSON_SPACE
              ? 1
              : compare(a.where, b.where),
      );
    },
    save: (space, path, text) => repo.write(space, [{ path, text }]),
    delete: (space, path) => repo.write(space, [{ path, text: null }]),
    state: (write) => writeState(repo, write),
    undo: (write) => undoWrite(repo, write),
    get enabled() {
      return settings.snapshot.memory;
    },
    setEnabled: (on) => settings.update({ memory: on }),
    subscribe(listener) {
      const stopFiles = repo.subscribe(() => listener());
      let on = settings.snapshot.memory;
      const stopSettings = settings.subscribe((s) => {
        if (s.memory === on) return;
        on = s.memory;
        listener();
      });
      return () => {
        stopFiles();
        stopSettings();
      };
    },
  };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
