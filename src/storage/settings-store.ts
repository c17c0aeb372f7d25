import type { SettingsRepository } from './settings-repo';

export type Theme = 'system' | 'light' | 'dark';

/** What the person configured. `apiKey` lives in memory; it is persisted only when `rememberKey` is on. */
export interface AppSettings {
  readonly apiKey: string | undefined;
  readonly rememberKey: boolean;
  /** Empty string means the official API. */
  readonly baseUrl: string;
  readonly theme: Theme;
  readonly model: string | undefined;
  readonly thinkingLevel: string | undefined;
}

export const DEFAULT_SETTINGS: AppSettings = {
  apiKey: undefined,
  rememberKey: true,
  baseUrl: '',
  theme: 'system',
  model: undefined,
  thinkingLevel: undefined,
};

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
    const [rememberKey, baseUrl, theme, model, thinkingLevel] = await Promise.all(
      ['rememberKey', 'baseUrl', 'theme', 'model', 'thinkingLevel'].map((k) => this.repo.get(k)),
    );
    const remember = typeof rememberKey === 'boolean' ? rememberKey : DEFAULT_SETTINGS.rememberKey;
    this.current = {
      rememberKey: remember,
      apiKey: remember ? await this.repo.getKey(PROVIDER) : undefined,
      baseUrl: typeof baseUrl === 'string' ? baseUrl : DEFAULT_SETTINGS.baseUrl,
      theme: theme === 'light' || theme === 'dark' || theme === 'system' ? theme : DEFAULT_SETTINGS.theme,
      model: typeof model === 'string' ? model : undefined,
      thinkingLevel: typeof thinkingLevel === 'string' ? thinkingLevel : undefined,
    };
    this.notify();
    return this.current;
  }

  /** Applies a change in memory at once, then persists it. */
  async update(change: Partial<AppSettings>): Promise<void> {
    const next = { ...this.current, ...change };
    this.current = next;
    this.notify();
    const writes: Promise<void>[] = [];
    for (const key of ['rememberKey', 'baseUrl', 'theme', 'model', 'thinkingLevel'] as const) {
      if (key in change) writes.push(this.repo.set(key, next[key]));
    }
    if ('apiKey' in change || 'rememberKey' in change) {
      writes.push(
        next.rememberKey && next.apiKey
          ? this.repo.setKey(PROVIDER, next.apiKey)
          : this.repo.deleteKey(PROVIDER),
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
