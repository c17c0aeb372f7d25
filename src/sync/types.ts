/** Where to sync and with what: kept like the API key (the key vault), never exported. */
export interface SyncConfig {
  /** The CouchDB server, such as `https://couch.example.org`. */
  readonly url: string;
  readonly database: string;
  readonly user: string;
  readonly password: string;
  /** Encrypts everything before it leaves; never sent. */
  readonly passphrase: string;
}

/** What the settings show: the config without its secrets. */
export interface SyncTarget {
  readonly url: string;
  readonly database: string;
  readonly user: string;
}

/** The config read back from the vault, or `undefined` when it is missing or not one. */
export function parseSyncConfig(text: string | undefined): SyncConfig | undefined {
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const fields = ['url', 'database', 'user', 'password', 'passphrase'] as const;
  if (!fields.every((f) => typeof v[f] === 'string')) return undefined;
  return value as SyncConfig;
}

/** What is wrong with a config as typed, or `''`. */
export function checkSyncConfig(config: SyncConfig): string {
  let url: URL;
  try {
    url = new URL(config.url);
  } catch {
    return `"${config.url}" is not a server address. Enter one such as https://couch.example.org.`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return 'The server address must start with https:// (or http:// for a server on this computer).';
  if (url.username || url.password)
    return 'Enter the user name and password in their own fields, not in the address.';
  if (!/^[a-z][a-z0-9_$()+/-]{0,237}$/.test(config.database))
    return 'A CouchDB database name starts with a lowercase letter and holds lowercase letters, digits and _$()+-/.';
  if (config.passphrase.length < 8)
    return 'Choose a passphrase of at least 8 characters: it is the key to your data.';
  return '';
}

/** A session whose title was set on more than one device: the title it has, and the others seen, newest first. */
export interface RenamedSession {
  readonly sessionId: string;
  readonly title: string;
  readonly others: readonly string[];
}
