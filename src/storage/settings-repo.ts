import type { EaselDatabase } from './db';
import { KeyVault, type RootDirectory } from './key-vault';

/** Typed access to the `settings` store, and to the remembered API key (see `KeyVault`). */
export class SettingsRepository {
  private readonly vault: KeyVault;

  constructor(
    private readonly db: EaselDatabase,
    root?: RootDirectory,
  ) {
    this.vault = root ? new KeyVault(db, root) : new KeyVault(db);
  }

  async get(key: string): Promise<unknown> {
    const record = await this.db.get('settings', key);
    return record?.value;
  }

  async set(key: string, value: unknown): Promise<void> {
    await this.db.put('settings', { key, value });
  }

  getKey(provider: string): Promise<string | undefined> {
    return this.vault.get(provider);
  }

  setKey(provider: string, key: string): Promise<void> {
    return this.vault.set(provider, key);
  }

  deleteKey(provider: string): Promise<void> {
    return this.vault.delete(provider);
  }
}
