import type { SettingsRepository } from './settings-repo';

export type Theme = 'system' | 'light' | 'dark';

/** Limits on the API's web search and fetch tools (Settings → Web). */
export interface WebPreferences {
  /** Only these domains when non-empty; else never `blockedDomains`. */
  readonly allowedDomains: readonly string[];
  readonly blockedDomains: readonly string[];
  /** Most searches (and most fetches) per request; absent: no limit. */
  readonly maxUses?: number;
}

/** A remote MCP server (Settings → Connectors). Its token is kept like the API key, never with the rest. */
export interface ConnectorSetting {
  readonly id: string;
  readonly name: string;
  /** `https://` only. */
  readonly url: string;
  /** Tools Claude may call; empty: all of them. */
  readonly tools: readonly string[];
  readonly enabled: boolean;
  /** In memory; persisted in the key vault (as `connector-<id>`) only when `rememberKey` is on. */
  readonly token?: string;
}

/** Settings → Files API: PDFs and images of at least `minKb` are uploaded once and sent by file id. */
export interface FilesApiPreferences {
  readonly enabled: boolean;
  /** The smallest file uploaded, in KB (1024 bytes). */
  readonly minKb: number;
}

/** The largest threshold Settings takes, in KB (32 MB: no request holds a larger file). */
const MAX_FILES_API_MIN_KB = 32 * 1024;

/**
 * Which kind of server the app talks to: `anthropic` (the API, or a proxy of it: a key is needed) or
 * `compatible`, a local or compatible server speaking the Messages API (Ollama, LM Studio, llama.cpp, vLLM),
 * which needs no key and may lack thinking, prompt caching, the API's own tools and the Files API.
 */
export type ServerKind = 'anthropic' | 'compatible';

/** What the person configured. `apiKey` lives in memory; it is persisted only when `rememberKey` is on. */
export interface AppSettings {
  readonly apiKey: string | undefined;
  readonly rememberKey: boolean;
  /** Empty string means the official API. */
  readonly baseUrl: string;
  readonly theme: Theme;
  readonly model: string | undefined;
  readonly thinkingLevel: string | undefined;
  readonly web: WebPreferences;
  /** Sessions with `Web` on; `''` stands for the new chat not yet saved. */
  readonly webSessions: readonly string[];
  readonly connectors: readonly ConnectorSetting[];
  /** Lets the API compact a long conversation by itself, where the model supports it. */
  readonly autoCompact: boolean;
  /** What each artifact may spend on its own Claude calls, in US dollars (`window.claude`). */
  readonly artifactCallCap: number;
  /** Large attachments uploaded once to the Files API (off unless the person turns it on). */
  readonly filesApi: FilesApiPreferences;
  /** Sessions with `Code` (the `run_code` tool) turned off; it is on everywhere else. */
  readonly codeOffSessions: readonly string[];
  /** How long one `run_code` run may take, in seconds. */
  readonly codeTimeLimitSec: number;
  /**
   * Claude keeps memory files across chats with the memory tool (Settings → Memory). Off until the person turns
   * it on: what it keeps is sent with later chats.
   */
  readonly memory: boolean;
  readonly server: ServerKind;
}

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

/** The longest time limit Settings takes for one code run, in seconds. */
export const MAX_CODE_TIME_LIMIT_SEC = 600;

/** The most Settings lets an artifact spend on its Claude calls, in US dollars. */
export const MAX_ARTIFACT_CALL_CAP = 100;

export const DEFAULT_SETTINGS: AppSettings = {
  apiKey: undefined,
  rememberKey: true,
  baseUrl: '',
  theme: 'system',
  model: undefined,
  thinkingLevel: undefined,
  web: { allowedDomains: [], blockedDomains: [] },
  webSessions: [],
  connectors: [],
  autoCompact: false,
  artifactCallCap: 0.5,
  filesApi: { enabled: false, minKb: 256 },
  codeOffSessions: [],
  codeTimeLimitSec: 30,
  memory: false,
  server: 'anthropic',
};

const STORED_KEYS = [
  'rememberKey',
  'baseUrl',
  'theme',
  'model',
  'thinkingLevel',
  'web',
  'webSessions',
  'autoCompact',
  'artifactCallCap',
  'filesApi',
  'codeOffSessions',
  'codeTimeLimitSec',
  'memory',
  'server',
] as const;

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
    const [
      rememberKey,
      baseUrl,
      theme,
      model,
      thinkingLevel,
      web,
      webSessions,
      autoCompact,
      artifactCallCap,
      filesApi,
      codeOffSessions,
      codeTimeLimitSec,
      memory,
      server,
      connectors,
    ] = await Promise.all([...STORED_KEYS, 'connectors'].map((k) => this.repo.get(k)));
    const remember = typeof rememberKey === 'boolean' ? rememberKey : DEFAULT_SETTINGS.rememberKey;
    const stored = readConnectors(connectors);
    const withTokens = await Promise.all(
      stored.map(async (c) => {
        const token = remember ? await this.repo.getKey(tokenName(c.id)) : undefined;
        return token ? { ...c, token } : c;
      }),
    );
    this.current = {
      rememberKey: remember,
      apiKey: remember ? await this.repo.getKey(PROVIDER) : undefined,
      baseUrl: typeof baseUrl === 'string' ? baseUrl : DEFAULT_SETTINGS.baseUrl,
      theme: theme === 'light' || theme === 'dark' || theme === 'system' ? theme : DEFAULT_SETTINGS.theme,
      model: typeof model === 'string' ? model : undefined,
      thinkingLevel: typeof thinkingLevel === 'string' ? thinkingLevel : undefined,
      web: readWeb(web),
      webSessions: stringList(webSessions),
      connectors: withTokens,
      autoCompact: autoCompact === true,
      artifactCallCap:
        typeof artifactCallCap === 'number' &&
        Number.isFinite(artifactCallCap) &&
        artifactCallCap >= 0 &&
        artifactCallCap <= MAX_ARTIFACT_CALL_CAP
          ? artifactCallCap
          : DEFAULT_SETTINGS.artifactCallCap,
      filesApi: readFilesApi(filesApi),
      codeOffSessions: stringList(codeOffSessions),
      codeTimeLimitSec:
        typeof codeTimeLimitSec === 'number' &&
        Number.isInteger(codeTimeLimitSec) &&
        codeTimeLimitSec >= 1 &&
        codeTimeLimitSec <= MAX_CODE_TIME_LIMIT_SEC
          ? codeTimeLimitSec
          : DEFAULT_SETTINGS.codeTimeLimitSec,
      memory: typeof memory === 'boolean' ? memory : DEFAULT_SETTINGS.memory,
      server: server === 'compatible' ? 'compatible' : 'anthropic',
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

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function readWeb(value: unknown): WebPreferences {
  if (typeof value !== 'object' || value === null) return DEFAULT_SETTINGS.web;
  const v = value as Record<string, unknown>;
  const maxUses =
    typeof v.maxUses === 'number' && Number.isInteger(v.maxUses) && v.maxUses > 0 ? v.maxUses : undefined;
  return {
    allowedDomains: stringList(v.allowedDomains),
    blockedDomains: stringList(v.blockedDomains),
    ...(maxUses ? { maxUses } : {}),
  };
}

function readFilesApi(value: unknown): FilesApiPreferences {
  const v = typeof value === 'object' ? (value as Partial<Record<string, unknown>> | null) : null;
  const minKb = v?.minKb;
  const valid =
    typeof minKb === 'number' && Number.isInteger(minKb) && minKb >= 1 && minKb <= MAX_FILES_API_MIN_KB;
  return { enabled: v?.enabled === true, minKb: valid ? minKb : DEFAULT_SETTINGS.filesApi.minKb };
}

/** Stored connectors, each checked; a record of the wrong shape is left out. */
function readConnectors(value: unknown): ConnectorSetting[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw: unknown): ConnectorSetting[] => {
    if (typeof raw !== 'object' || raw === null) return [];
    const r = raw as Record<string, unknown>;
    if (typeof r.id !== 'string' || typeof r.name !== 'string' || typeof r.url !== 'string') return [];
    if (!r.url.startsWith('https://')) return [];
    return [{ id: r.id, name: r.name, url: r.url, tools: stringList(r.tools), enabled: r.enabled === true }];
  });
}
