import type { SettingsRepository } from './settings-repo';
import {
  type AppSettings,
  type ConnectorSetting,
  DEFAULT_SETTINGS,
  SETTINGS_SCHEMA,
  STORED_KEYS,
} from './settings-schema';

/**
 * What the SDK is given as the key for a local or compatible server without one: such servers need no key and
 * ignore the header (Ollama's documentation: "required but ignored"); it is no secret.
 */
export const NO_KEY = 'no-key';

/**
 * The key requests carry: the person's, or for a local or compatible server without one, `NO_KEY`;
 * `undefined` when the Anthropic API has no key yet (the app asks for one).
 */
export function requestKey(settings: AppSettings): string | undefined {
  return settings.apiKey || (settings.server === 'compatible' ? NO_KEY : undefined);
}

const PROVIDER = 'anthropic';
type Listener = (settings: AppSettings) => void;

/**
 * The app's settings: loaded once, changed through `update`, persisted as they change (`Forget key` is an
 * update with no key). The key leaves the page only through two readers of `snapshot.apiKey` that hand it to
 * the provider: the agent's `getApiKey` (built in `main.ts`) for each request, and the model list's
 * `listModels`. The settings dialog shows it (masked) and the app checks whether there is one.
 */
export class SettingsStore {
  private current: AppSettings = DEFAULT_SETTINGS;
  private readonly listeners = new Set<Listener>();

  constructor(private readonly repo: SettingsRepository) {}

  get snapshot(): AppSettings {
    return this.current;
  }

  /** Reads stored settings, ignoring any value of the wrong type. */
  async load(): Promise<AppSettings> {
    const stored = await Promise.all(
      STORED_KEYS.map(async (key) => [key, await this.repo.get(key)] as const),
    );
    // Each value through its own entry's `parse`, so each has its entry's type.
    const read = Object.fromEntries(
      stored.map(([key, value]) => [key, SETTINGS_SCHEMA[key].parse(value)]),
    ) as Partial<AppSettings>;
    const remember = read.rememberKey ?? DEFAULT_SETTINGS.rememberKey;
    const connectors = SETTINGS_SCHEMA.connectors.parse(await this.repo.get('connectors'));
    const withTokens = await Promise.all(
      connectors.map(async (c): Promise<ConnectorSetting> => {
        const token = remember ? await this.repo.getKey(tokenName(c.id)) : undefined;
        return token ? { ...c, token } : c;
      }),
    );
    this.current = {
      ...DEFAULT_SETTINGS,
      ...read,
      apiKey: remember ? SETTINGS_SCHEMA.apiKey.parse(await this.repo.getKey(PROVIDER)) : undefined,
      connectors: withTokens,
    };
    this.notify();
    return this.current;
  }

  /** Applies a change in memory at once, then persists it. */
  async update(change: Partial<AppSettings>): Promise<void> {
    const previous = this.current;
    const next = { ...this.current, ...change };
    this.current = next;
    this.notify();
    const writes: Promise<void>[] = [];
    for (const key of STORED_KEYS) {
      if (key in change) writes.push(this.repo.set(key, next[key]));
    }
    if ('connectors' in change || 'rememberKey' in change) writes.push(this.saveConnectors(previous, next));
    if ('apiKey' in change || 'rememberKey' in change) {
      writes.push(
        next.rememberKey && next.apiKey
          ? this.repo.setKey(PROVIDER, next.apiKey)
          : this.repo.deleteKey(PROVIDER),
      );
    }
    await Promise.all(writes);
  }

  /** Connectors without their tokens in the settings store; each token in the key vault, or nowhere. */
  private async saveConnectors(previous: AppSettings, next: AppSettings): Promise<void> {
    await this.repo.set(
      'connectors',
      next.connectors.map(({ token: _token, ...rest }) => rest),
    );
    const kept = new Set(next.connectors.map((c) => c.id));
    const writes: Promise<void>[] = previous.connectors
      .filter((c) => !kept.has(c.id))
      .map((c) => this.repo.deleteKey(tokenName(c.id)));
    for (const c of next.connectors) {
      writes.push(
        next.rememberKey && c.token
          ? this.repo.setKey(tokenName(c.id), c.token)
          : this.repo.deleteKey(tokenName(c.id)),
      );
    }
    await Promise.all(writes);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(): void {
    for (const listener of this.listeners) listener(this.current);
  }
}

function tokenName(id: string): string {
  return `connector-${id}`;
}
