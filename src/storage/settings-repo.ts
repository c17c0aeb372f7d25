import type { EaselDatabase } from './db';

/** Typed access to the `settings` and `keys` stores. */
export class SettingsRepository {
  constructor(private readonly db: EaselDatabase) {}

  async get(key: string): Promise<unknown> {
    const record = await this.db.get('settings', key);
    return record?.value;
  }

  async set(key: string, value: unknown): Promise<void> {
    await this.db.put('settings', { key, value });
  }

  async getKey(provider: string): Promise<string | undefined> {
    const record: unknown = await this.db.get('keys', provider);
    if (typeof record !== 'object' || record === null) return undefined;
    const key = (record as { key?: unknown }).key;
    return typeof key === 'string' && key.length > 0 ? key : undefined;
  }

  async setKey(provider: string, key: string): Promise<void> {
    await this.db.put('keys', { provider, key, savedAt: Date.now() });
  }

  async deleteKey(provider: string): Promise<void> {
    await this.db.delete('keys', provider);
  }
}
