/**
 * Every setting in one table: its default, how a stored value is read back (anything of the wrong type or out of
 * range gives the default) and where the person changes it. `AppSettings` is derived from this table and
 * `SettingsStore` loads and saves from it, so adding a setting is one entry here plus its control.
 */

export type Theme = 'system' | 'light' | 'dark';

/** Limits on the API's web search and fetch tools (Settings → Web, connectors & files). */
export interface WebPreferences {
  /** Only these domains when non-empty; else never `blockedDomains`. */
  readonly allowedDomains: readonly string[];
  readonly blockedDomains: readonly string[];
  /** Most searches (and most fetches) per request; absent: no limit. */
  readonly maxUses?: number;
}

/** A remote MCP server (Settings → Web, connectors & files). Its token is kept like the API key, never with the rest. */
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

/** Settings → Web, connectors & files: PDFs and images of at least `minKb` are uploaded once and sent by file id. */
export interface FilesApiPreferences {
  readonly enabled: boolean;
  /** The smallest file uploaded, in KB (1024 bytes). */
  readonly minKb: number;
}

/**
 * Which kind of server the app talks to: `anthropic` (the API, or a proxy of it: a key is needed) or
 * `compatible`, a local or compatible server speaking the Messages API (Ollama, LM Studio, llama.cpp, vLLM),
 * which needs no key and may lack thinking, prompt caching, the API's own tools and the Files API.
 */
export type ServerKind = 'anthropic' | 'compatible';

/** The largest threshold Settings takes, in KB (32 MB: no request holds a larger file). */
const MAX_FILES_API_MIN_KB = 32 * 1024;

/** The longest time limit Settings takes for one code run, in seconds. */
export const MAX_CODE_TIME_LIMIT_SEC = 600;

/** The most Settings lets an artifact spend on its Claude calls, in US dollars. */
export const MAX_ARTIFACT_CALL_CAP = 100;

/**
 * One setting. `store` says where it is kept: `settings` (the settings record, one key per setting, read back
 * through `parse`), `vault` (the API key: the key vault, only when `rememberKey` is on) or `connectors` (the
 * settings record without tokens, each token in the vault; `SettingsStore` handles both).
 */
export interface SettingSpec<T> {
  readonly default: T;
  /** The stored value, checked: the default when it is missing, of the wrong type or out of range. */
  readonly parse: (stored: unknown) => T;
  readonly store: 'settings' | 'vault' | 'connectors';
  /** Where the person changes it, its tab, e.g. `Settings → Theme & limits`. */
  readonly shown: string;
}

function setting<T>(spec: SettingSpec<T>): SettingSpec<T> {
  return spec;
}

function flag(fallback: boolean, shown: string): SettingSpec<boolean> {
  return setting({
    default: fallback,
    store: 'settings',
    shown,
    parse: (v) => (typeof v === 'boolean' ? v : fallback),
  });
}

function optionalString(shown: string): SettingSpec<string | undefined> {
  return setting({
    default: undefined,
    store: 'settings',
    shown,
    parse: (v) => (typeof v === 'string' ? v : undefined),
  });
}

function sessionList(shown: string): SettingSpec<readonly string[]> {
  return setting({ default: [], store: 'settings', shown, parse: stringList });
}

/** A number in `[min, max]` (an integer when `integer`). */
function bounded(
  fallback: number,
  range: { readonly min: number; readonly max: number; readonly integer?: boolean },
  shown: string,
): SettingSpec<number> {
  const valid = (v: unknown): v is number =>
    typeof v === 'number' &&
    Number.isFinite(v) &&
    (!range.integer || Number.isInteger(v)) &&
    v >= range.min &&
    v <= range.max;
  return setting({ default: fallback, store: 'settings', shown, parse: (v) => (valid(v) ? v : fallback) });
}

export const SETTINGS_SCHEMA = {
  /** The person's key; in memory, persisted (in the key vault) only when `rememberKey` is on. */
  apiKey: setting<string | undefined>({
    default: undefined,
    store: 'vault',
    shown: 'Settings → Server & key',
    parse: (v) => (typeof v === 'string' && v ? v : undefined),
  }),
  rememberKey: flag(true, 'Settings → Server & key'),
  /** Empty string means the official API. */
  baseUrl: setting<string>({
    default: '',
    store: 'settings',
    shown: 'Settings → Server & key',
    parse: (v) => (typeof v === 'string' ? v : ''),
  }),
  theme: setting<Theme>({
    default: 'system',
    store: 'settings',
    shown: 'Settings → Theme & limits',
    parse: (v) => (v === 'light' || v === 'dark' || v === 'system' ? v : 'system'),
  }),
  /** The interface's language: `auto` follows the browser's languages, else a language's tag (`en`, `zh-Hans`). */
  language: setting<string>({
    default: 'auto',
    store: 'settings',
    shown: 'Settings → Theme & limits',
    parse: (v) => (typeof v === 'string' && /^(auto|[a-z]{2,3}(-[A-Za-z0-9]{2,8})*)$/.test(v) ? v : 'auto'),
  }),
  model: optionalString('model picker'),
  thinkingLevel: optionalString('model picker'),
  web: setting<WebPreferences>({
    default: { allowedDomains: [], blockedDomains: [] },
    store: 'settings',
    shown: 'Settings → Web, connectors & files',
    parse: readWeb,
  }),
  /** Sessions with `Web` on; `''` stands for the new chat not yet saved. */
  webSessions: sessionList('composer `Web` toggle'),
  connectors: setting<readonly ConnectorSetting[]>({
    default: [],
    store: 'connectors',
    shown: 'Settings → Web, connectors & files',
    parse: readConnectors,
  }),
  /** Enter sends and Shift+Enter adds a line; off, Enter adds a line and Ctrl+Enter (⌘+Enter) sends. */
  sendWithEnter: flag(true, 'Settings → Theme & limits'),
  /** Lets the API compact a long conversation by itself, where the model supports it. */
  autoCompact: flag(false, 'Settings → Theme & limits'),
  /** What each artifact may spend on its own Claude calls, in US dollars (`window.claude`). */
  artifactCallCap: bounded(0.5, { min: 0, max: MAX_ARTIFACT_CALL_CAP }, 'Settings → Theme & limits'),
  /** Large attachments uploaded once to the Files API (off unless the person turns it on). */
  filesApi: setting<FilesApiPreferences>({
    default: { enabled: false, minKb: 256 },
    store: 'settings',
    shown: 'Settings → Web, connectors & files',
    parse: readFilesApi,
  }),
  /** Sessions with `Code` (the `run_code` tool) turned off; it is on everywhere else. */
  codeOffSessions: sessionList('composer `Code` toggle'),
  /** How long one `run_code` run may take, in seconds. */
  codeTimeLimitSec: bounded(
    30,
    { min: 1, max: MAX_CODE_TIME_LIMIT_SEC, integer: true },
    'Settings → Theme & limits',
  ),
  /** Offers Anthropic's code execution tool: Claude's code and the files it reads run on Anthropic's servers. */
  serverCodeExecution: flag(false, 'Settings → Theme & limits'),
  /**
   * Claude keeps memory files across chats with the memory tool (Settings → Memory). Off until the person turns
   * it on: what it keeps is sent with later chats.
   */
  memory: flag(false, 'Settings → Memory'),
  server: setting<ServerKind>({
    default: 'anthropic',
    store: 'settings',
    shown: 'Settings → Server & key',
    parse: (v) => (v === 'compatible' ? 'compatible' : 'anthropic'),
  }),
} as const;

export type SettingKey = keyof typeof SETTINGS_SCHEMA;

/** What the person configured, one field per entry of `SETTINGS_SCHEMA`. */
export type AppSettings = {
  readonly [K in SettingKey]: (typeof SETTINGS_SCHEMA)[K]['default'];
};

/** The keys of the settings record, in the table's order. */
export const STORED_KEYS = (Object.keys(SETTINGS_SCHEMA) as SettingKey[]).filter(
  (key) => SETTINGS_SCHEMA[key].store === 'settings',
);

export const DEFAULT_SETTINGS: AppSettings = Object.fromEntries(
  Object.entries(SETTINGS_SCHEMA).map(([key, spec]) => [key, spec.default]),
) as AppSettings;

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function readWeb(value: unknown): WebPreferences {
  if (typeof value !== 'object' || value === null) return { allowedDomains: [], blockedDomains: [] };
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
  return { enabled: v?.enabled === true, minKb: valid ? minKb : 256 };
}

/** Stored connectors, each checked; a record of the wrong shape is left out. Tokens are not in the record. */
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
