import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { KeyVault } from './key-vault';
import { freshDb } from './test-support';

/** An in-memory origin private file system: folders and files by name, as the browser's API shapes them. */
class MemoryFolder {
  readonly files = new Map<string, string>();
  readonly folders = new Map<string, MemoryFolder>();

  async getDirectoryHandle(name: string, options?: { create?: boolean }) {
    let folder = this.folders.get(name);
    if (!folder) {
      if (!options?.create) throw new DOMException('no such folder', 'NotFoundError');
      folder = new MemoryFolder();
      this.folders.set(name, folder);
    }
    return folder;
  }

  async getFileHandle(name: string, options?: { create?: boolean }) {
    if (!this.files.has(name)) {
      if (!options?.create) throw new DOMException('no such file', 'NotFoundError');
      this.files.set(name, '');
    }
    return {
      getFile: async () => new Blob([this.files.get(name) ?? '']),
      createWritable: async () => {
        let text = '';
        return {
          write: async (chunk: string) => {
            text += chunk;
          },
          close: async () => {
            this.files.set(name, text);
          },
        };
      },
    };
  }

  async removeEntry(name: string) {
    if (!this.files.delete(name)) throw new DOMException('no such file', 'NotFoundError');
  }
}

function vaultWithFiles() {
  const root = new MemoryFolder();
  const root$ = async () => root as unknown as FileSystemDirectoryHandle;
  return { root, root$ };
}

describe('the key vault', () => {
  it('keeps the key in a file of its own, and Forget deletes that file', async () => {
    const db = await freshDb();
    const { root, root$ } = vaultWithFiles();
    const vault = new KeyVault(db, root$);
    await vault.set('anthropic', 'sk-ant-secret');
    expect(root.folders.get('easel-keys')?.files.get('anthropic.key')).toBe('sk-ant-secret');
    expect(await db.get('keys', 'anthropic')).toBeUndefined();
    expect(await new KeyVault(db, root$).get('anthropic')).toBe('sk-ant-secret');

    await vault.delete('anthropic');
    expect(root.folders.get('easel-keys')?.files.size).toBe(0);
    expect(await new KeyVault(db, root$).get('anthropic')).toBeUndefined();
    await vault.delete('anthropic'); // nothing left to delete: no error
  });

  it('moves a key an earlier version saved in the database into its file', async () => {
    const db = await freshDb();
    await db.put('keys', { provider: 'anthropic', key: 'sk-ant-old', savedAt: 1 });
    const { root, root$ } = vaultWithFiles();
    expect(await new KeyVault(db, root$).get('anthropic')).toBe('sk-ant-old');
    expect(root.folders.get('easel-keys')?.files.get('anthropic.key')).toBe('sk-ant-old');
    expect(await db.get('keys', 'anthropic')).toBeUndefined();
  });

  it('keeps the key in the database where there is no private file system, or it is refused', async () => {
    const db = await freshDb();
    const none = new KeyVault(db, undefined);
    await none.set('anthropic', 'sk-ant-db');
    expect(await db.get('keys', 'anthropic')).toMatchObject({ key: 'sk-ant-db' });
    expect(await none.get('anthropic')).toBe('sk-ant-db');

    const refused = new KeyVault(db, async () => {
      throw new DOMException('not in this window', 'SecurityError');
    });
    expect(await refused.get('anthropic')).toBe('sk-ant-db');
    await refused.delete('anthropic');
    expect(await db.get('keys', 'anthropic')).toBeUndefined();
  });
});
