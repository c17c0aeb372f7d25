import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createScriptedStream } from '../agent/test-support';
import { BackupEngine } from './backup';
import { backupDeps } from './backup-start';
import type { BackupFile, BackupFolder, BackupState, FolderStore } from './backup-types';
import type { EaselDatabase } from './db';
import { importSessions } from './import';
import { SessionLibrary } from './library';
import { MemoriesRepository } from './memories-repo';
import { BroadcastNoticeChannel } from './notices';
import { SessionSaver } from './saver';
import { SettingsRepository } from './settings-repo';
import { FakeClock, freshDb, testAgent } from './test-support';
import * as transfer from './transfer';

/** A folder in memory, with the permission and failures a real one can have. */
class MemoryFolder implements BackupFolder {
  readonly kind = 'directory';
  readonly files = new Map<string, string>();
  permission: PermissionState = 'granted';
  failure: Error | undefined;
  constructor(readonly name: string) {}

  async getFileHandle(name: string): Promise<BackupFile> {
    if (this.failure) throw this.failure;
    if (this.permission !== 'granted') throw new DOMException('Not allowed', 'NotAllowedError');
    return {
      createWritable: async () => {
        let text = '';
        return {
          write: async (data: string) => {
            text += data;
          },
          close: async () => {
            this.files.set(name, text);
          },
        };
      },
    };
  }

  async removeEntry(name: string): Promise<void> {
    if (!this.files.delete(name)) throw new DOMException('No file', 'NotFoundError');
  }

  async queryPermission(): Promise<PermissionState> {
    return this.permission;
  }

  async requestPermission(): Promise<PermissionState> {
    this.permission = 'granted';
    return this.permission;
  }
}

const channels: BroadcastNoticeChannel[] = [];
const engines: BackupEngine[] = [];
afterEach(() => {
  for (const c of channels.splice(0)) c.close();
  for (const e of engines.splice(0)) e.dispose();
});

/** Lets pending IndexedDB work and runs finish. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 1));
}

async function setup() {
  const db = await freshDb();
  const clock = new FakeClock();
  const channel = new BroadcastNoticeChannel(`backup-${Math.random()}`);
  channels.push(channel);
  const agent = testAgent(
    createScriptedStream([{ content: [{ type: 'text', text: 'Rain falls.' }] }]).streamFn,
  );
  const saver = new SessionSaver({ db, agent, channel });
  const library = new SessionLibrary({
    db,
    channel,
    settings: new SettingsRepository(db),
    writer: saver.writer,
    now: () => clock.now(),
  });
  let stored: unknown;
  const folders: FolderStore = {
    get: async () => stored,
    set: async (f) => {
      stored = f;
    },
    delete: async () => {
      stored = undefined;
    },
  };
  const states: BackupState[] = [];
  const engine = (at: EaselDatabase = db) => {
    const options = { db: at, channel, writer: saver.writer, clock, locks: null, folders };
    const e = new BackupEngine(options, backupDeps(options, transfer), (s) => states.push(s));
    engines.push(e);
    return e;
  };
  return { db, clock, agent, saver, library, engine, states, last: () => states.at(-1) };
}

describe('BackupEngine', () => {
  it('writes a session as an export file named after it, and renames the file with it', async () => {
    const { clock, agent, saver, library, engine, last } = await setup();
    const folder = new MemoryFolder('Backups');
    const backup = engine();
    await backup.start();
    await backup.choose(folder);
    const id = await saver.startNew();
    await agent.prompt('Write a haiku about rain');
    await saver.flush();
    await settle();
    await settle();
    clock.advance(4999);
    await settle();
    expect([...folder.files.keys()]).toEqual([]);
    await settle();
    clock.advance(1);
    await settle();
    const name = `Write a haiku about rain — ${id}.json`;
    expect([...folder.files.keys()]).toEqual([name]);
    const file = JSON.parse(folder.files.get(name)!);
    expect(file.format).toBe('easel-export');
    expect(file.sessions[0].session.id).toBe(id);
    expect(file.sessions[0].messages).toHaveLength(2);
    expect(last()).toMatchObject({ kind: 'on', folder: 'Backups', pending: 0, lastBackupAt: clock.now() });

    await library.rename(id, 'Rain');
    await settle();
    await settle();
    clock.advance(5000);
    await settle();
    expect([...folder.files.keys()]).toEqual([`Rain — ${id}.json`]);
  });

  it('writes the memory files to memories.json, which Import restores, and removes it when none is left', async () => {
    const { db, clock, engine } = await setup();
    const folder = new MemoryFolder('Backups');
    const backup = engine();
    await backup.start();
    const memories = new MemoriesRepository(db, () => 7);
    // The engine heard a change once it has marked the memory files as waiting (the mark goes once written).
    const heard = async () => {
      await vi.waitFor(async () =>
        expect(await db.get('settings', 'backup.mark/\u0000memories')).toBeDefined(),
      );
      await settle();
    };
    await memories.write('person', [{ path: 'prefs.md', text: 'prefers metric units' }]);
    await backup.choose(folder);
    await settle();
    clock.advance(0);
    await settle();
    expect([...folder.files.keys()]).toEqual(['memories.json']);
    // Changed in another tab (another repository over the same database): heard, written 5 s later.
    await memories.write('project:p1', [{ path: 'plan.md', text: 'Lisbon in May' }]);
    await heard();
    clock.advance(5000);
    await settle();
    const text = folder.files.get('memories.json')!;
    expect(JSON.parse(text).memories).toHaveLength(2);
    const restored = await freshDb();
    expect(await importSessions(restored, text)).toEqual({ imported: [], problems: [], memories: 2 });
    expect(await new MemoriesRepository(restored).list()).toEqual([
      { space: 'person', path: 'prefs.md', text: 'prefers metric units', updated: 7 },
      { space: 'project:p1', path: 'plan.md', text: 'Lisbon in May', updated: 7 },
    ]);
    await memories.clear();
    await heard();
    clock.advance(5000);
    await settle();
    expect([...folder.files.keys()]).toEqual([]);
    memories.dispose();
  });

  it('removes a deleted session’s file only after the undo window', async () => {
    const { clock, agent, saver, library, engine } = await setup();
    const folder = new MemoryFolder('Backups');
    const backup = engine();
    await backup.start();
    const id = await saver.startNew();
    await agent.prompt('Hello');
    await saver.flush();
    await backup.choose(folder);
    await settle();
    clock.advance(0);
    await settle();
    expect(folder.files.size).toBe(1);
    await library.delete(id);
    await settle();
    await settle();
    clock.advance(30_000);
    await settle();
    expect(folder.files.size).toBe(1);
    await settle();
    clock.advance(30_000);
    await settle();
    expect(folder.files.size).toBe(0);
  });

  it('keeps what waits across a reload and asks again when permission lapsed', async () => {
    const { db, clock, agent, saver, engine, last } = await setup();
    const folder = new MemoryFolder('Backups');
    const first = engine();
    await first.start();
    await first.choose(folder);
    await settle();
    clock.advance(0);
    await settle();
    const id = await saver.startNew();
    await agent.prompt('Hello');
    await saver.flush();
    await settle();
    // The page goes away before the debounce ends; after the reload the browser asks again.
    first.dispose();
    folder.permission = 'prompt';
    const second = engine(db);
    await second.start();
    expect(last()).toMatchObject({ kind: 'permission', folder: 'Backups' });
    await settle();
    clock.advance(10_000);
    await settle();
    expect(folder.files.size).toBe(0);
    await second.resume();
    await settle();
    await settle();
    clock.advance(0);
    await settle();
    expect([...folder.files.keys()]).toEqual([`Hello — ${id}.json`]);
    expect(last()).toMatchObject({ kind: 'on', pending: 0 });
  });

  it('reports a full disk and a folder gone with the way forward, and loses nothing', async () => {
    const { clock, agent, saver, engine, last } = await setup();
    const folder = new MemoryFolder('Backups');
    const backup = engine();
    await backup.start();
    await backup.choose(folder);
    folder.failure = new DOMException('full', 'QuotaExceededError');
    const id = await saver.startNew();
    await agent.prompt('Hello');
    await saver.flush();
    await settle();
    await settle();
    clock.advance(5000);
    await settle();
    expect(last()).toMatchObject({ kind: 'failed', fix: 'retry', pending: 1 });
    expect((last() as { reason: string }).reason).toBe(
      'The disk holding “Backups” is full. Free some space, then retry.',
    );
    folder.failure = new DOMException('gone', 'NotFoundError');
    backup.retry();
    await settle();
    clock.advance(0);
    await settle();
    expect(last()).toMatchObject({ kind: 'failed', fix: 'choose', pending: 1 });
    const other = new MemoryFolder('Elsewhere');
    await backup.choose(other);
    await settle();
    clock.advance(0);
    await settle();
    expect([...other.files.keys()]).toEqual([`Hello — ${id}.json`]);
  });

  it('stops: forgets the folder and leaves its files', async () => {
    const { clock, agent, saver, engine, last } = await setup();
    const folder = new MemoryFolder('Backups');
    const backup = engine();
    await backup.start();
    await saver.startNew();
    await agent.prompt('Hello');
    await saver.flush();
    await backup.choose(folder);
    await settle();
    clock.advance(0);
    await settle();
    await backup.stop();
    expect(last()).toEqual({ kind: 'off' });
    expect(folder.files.size).toBe(1);
  });
});
