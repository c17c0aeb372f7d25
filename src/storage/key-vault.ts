/**
 * Where a remembered API key lives: a file of its own in the origin private file system, so `Forget key`
 * deletes the file itself. An IndexedDB delete only writes a tombstone: Chromium keeps every database of an
 * origin in one LevelDB, and the key's bytes stayed in its log files until a compaction that may never come.
 * Where the browser has no such file system (or refuses it, as some private modes do), the key is kept in the
 * database's `keys` store as before.
 */
import type { EaselDatabase } from './db';

/** The folder of the origin private file system that holds one file per provider. */
const FOLDER = 'easel-keys';

/** The file system a vault writes to: the browser's (`navigator.storage.getDirectory`), or a test's. */
export type RootDirectory = () => Promise<FileSystemDirectoryHandle>;

export class KeyVault {
  private files: Promise<FileSystemDirectoryHandle | undefined> | undefined;

  constructor(
    private readonly db: EaselDatabase,
    private readonly root: RootDirectory | undefined = browserRoot(),
  ) {}

  async get(provider: string): Promise<string | undefined> {
    const folder = await this.folder();
    if (!folder) return this.fromDatabase(provider);
    const inFile = await readKeyFile(folder, provider);
    if (inFile !== undefined) return inFile;
    // Saved by an earlier version: moved into its file, and out of the database.
    const old = await this.fromDatabase(provider);
    if (old === undefined) return undefined;
    await writeKeyFile(folder, provider, old);
    await this.db.delete('keys', provider);
    return old;
  }

  async set(provider: string, key: string): Promise<void> {
    const folder = await this.folder();
    if (!folder) {
      await this.db.put('keys', { provider, key, savedAt: Date.now() });
      return;
    }
    await writeKeyFile(folder, provider, key);
    await this.db.delete('keys', provider);
  }

  /** Deletes the key's file (and any copy an earlier version left in the database). */
  async delete(provider: string): Promise<void> {
    const folder = await this.folder();
    if (folder) await removeIfPresent(folder, fileName(provider));
    await this.db.delete('keys', provider);
  }

  private folder(): Promise<FileSystemDirectoryHandle | undefined> {
    this.files ??= this.openFolder();
    return this.files;
  }

  private async openFolder(): Promise<FileSystemDirectoryHandle | undefined> {
    if (!this.root) return undefined;
    try {
      const root = await this.root();
      return await root.getDirectoryHandle(FOLDER, { create: true });
    } catch (error) {
      // No private file system here (a private window may refuse it): the database keeps the key instead.
      if (error instanceof DOMException || error instanceof TypeError) return undefined;
      throw error;
    }
  }

  private async fromDatabase(provider: string): Promise<string | undefined> {
    const record: unknown = await this.db.get('keys', provider);
    if (typeof record !== 'object' || record === null) return undefined;
    const key = (record as { key?: unknown }).key;
    return typeof key === 'string' && key.length > 0 ? key : undefined;
  }
}

function browserRoot(): RootDirectory | undefined {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage || typeof storage.getDirectory !== 'function') return undefined;
  return () => storage.getDirectory();
}

function fileName(provider: string): string {
  return `${provider.replace(/[^\w-]/g, '_')}.key`;
}

async function readKeyFile(folder: FileSystemDirectoryHandle, provider: string): Promise<string | undefined> {
  let handle: FileSystemFileHandle;
  try {
    handle = await folder.getFileHandle(fileName(provider));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotFoundError') return undefined;
    throw error;
  }
  const text = await (await handle.getFile()).text();
  return text.length > 0 ? text : undefined;
}

async function writeKeyFile(folder: FileSystemDirectoryHandle, provider: string, key: string): Promise<void> {
  const handle = await folder.getFileHandle(fileName(provider), { create: true });
  const writable = await handle.createWritable();
  await writable.write(key);
  await writable.close();
}

async function removeIfPresent(folder: FileSystemDirectoryHandle, name: string): Promise<void> {
  try {
    await folder.removeEntry(name);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotFoundError') return;
    throw error;
  }
}
