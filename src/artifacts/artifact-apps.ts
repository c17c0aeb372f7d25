import { errorText } from '../agent';
import type { AppDataOwner, AppDataUsage } from '../storage';
import { type AppCall, type AppReply, type AppRequest, HOST_SOURCE, storageKeyProblem } from './protocol';

/** Most requests of one document waiting for their answer at once; more are refused at once. */
export const MAX_PENDING_CALLS = 16;

/** Where artifacts' stored data goes (`AppDataRepository` of `src/storage`). */
export interface AppDataStore {
  get(owner: AppDataOwner, scope: 0 | 1, key: string): Promise<string | undefined>;
  set(owner: AppDataOwner, scope: 0 | 1, key: string, value: string): Promise<void>;
  delete(owner: AppDataOwner, scope: 0 | 1, key: string): Promise<boolean>;
  list(owner: AppDataOwner, scope: 0 | 1, prefix: string): Promise<string[]>;
  usage(owner: AppDataOwner): Promise<AppDataUsage>;
  clear(owner: AppDataOwner): Promise<void>;
}

/** A file the person attached in the current session, as `window.fs.readFile` finds it. */
export interface SessionFile {
  readonly name: string;
  /** The file's bytes as attached (`undefined`: no longer stored). */
  readonly load: () => Promise<Blob | undefined>;
  /** Its size, when it was too large to keep as attached and only what Claude read of it is stored. */
  readonly notKept?: number;
}

/** What a document's Claude calls need from the app (see `claude-calls.ts`); absent: calls are refused. */
export interface ClaudeBridge {
  /** Carries out one call of `owner`'s document; rejects with an `AppError` the page is given. */
  call(
    owner: AppDataOwner,
    request: Extract<AppCall, { api: 'claude.complete' | 'claude.messages' }>,
    context: CallContext,
  ): Promise<unknown>;
  /** `owner`'s calls so far (`undefined`: none, and not asked). */
  summary(
    owner: AppDataOwner,
  ): { readonly allowed: boolean | undefined; readonly calls: number; readonly cost: number } | undefined;
}

/** What a document's `fetch` of other sites needs from the app (see `artifact-network.ts`). */
export interface NetworkBridge {
  /** Carries out one request of `owner`'s document, if the person allowed its host; else rejects. */
  fetch(
    owner: AppDataOwner,
    request: Extract<AppCall, { api: 'net.fetch' }>,
    context: CallContext,
  ): Promise<unknown>;
  /** The hosts `owner` may reach, in any of its versions (`undefined` while the grants are read). */
  hosts(owner: AppDataOwner): readonly string[] | undefined;
  /** Lets the version `version` of `owner` (a content hash) reach `host`; every version without one. */
  allow(owner: AppDataOwner, host: string, version?: string): Promise<void>;
  /** Takes `host` back from every version of `owner`. */
  revoke(owner: AppDataOwner, host: string): Promise<void>;
  /** A public CDN file for the version `version` of `owner`'s page, if the person allowed its host. */
  library(owner: AppDataOwner, url: string, version: string, background: boolean): Promise<LibraryFile>;
}

/**
 * A public CDN file (`PUBLIC_CDN_HOSTS`) for a page: its bytes and the address they came from (after
 * redirects), or why not, and whether the person should be offered its host.
 */
export type LibraryFile =
  | { readonly ok: true; readonly blob: Blob; readonly url: string; readonly cached: boolean }
  | { readonly ok: false; readonly offer: boolean; readonly text: string };

/** The person's answer to `Allow <file> to ask Claude?`: this version, every version, or no. */
export type ConsentAnswer = 'once' | 'always' | 'deny';

/** What the document that makes a call offers: its console, the person's consent, its end. */
export interface CallContext {
  /** Prints a line in the artifact's console. */
  readonly log: (level: 'info' | 'warn' | 'error', text: string) => void;
  /** Asks the person. `undefined` for a document no one sees (a console check). */
  readonly ask: ((file: string, model: string) => Promise<ConsentAnswer>) | undefined;
  /** Offers the person `Allow connections to <host>` (absent for a document no one sees). */
  readonly offer?: (host: string) => void;
  /** Aborted when the document goes (the preview closed, or showed another version). */
  readonly signal: AbortSignal;
  /** The SHA-256 (hex) of the content the document shows: consent is given to it, not to the name. */
  readonly version: () => Promise<string>;
  /** A console check: the page run out of sight, which gets no storage, Claude calls or network. */
  readonly background: boolean;
}

/** What the document that opens a port says of itself (the port adds its end). */
export type PortContext = Omit<CallContext, 'signal'>;

export interface ArtifactAppsDeps {
  readonly data: AppDataStore;
  /** The session open now, if it has been saved. */
  readonly session: () => string | undefined;
  /** The files attached in the session open now. */
  readonly files: () => readonly SessionFile[];
  readonly claude?: ClaudeBridge;
  readonly network?: NetworkBridge;
}

/** A refusal the page's promise is rejected with (`kind` is the `Error` class the page gets). */
export class AppError extends Error {
  constructor(
    message: string,
    readonly kind: 'Error' | 'TypeError' | 'RangeError' = 'Error',
  ) {
    super(message);
  }
}

/**
 * The app's side of the APIs a preview offers its page (`window.storage`, `window.fs.readFile`,
 * `window.claude.complete`, `fetch('/v1/messages')`), one service for the app (`main.ts` makes it).
 *
 * Each document gets an `AppPort` bound to its artifact — the session open when it started and the file it
 * shows — when it starts; the frame never names an artifact, so it can reach no other's data. Every request
 * is checked (`isAppRequest`, then the limits here and in the store) and answered, with a value or a clear
 * error; at most `MAX_PENDING_CALLS` wait at once, and a document that goes has its calls cancelled.
 */
export class ArtifactApps {
  private readonly listeners = new Set<() => void>();

  constructor(private readonly deps: ArtifactAppsDeps) {}

  /** The port of a document of `file` that starts now, bound to the session open now. */
  open(file: string, context: PortContext): AppPort {
    return new AppPort(this, this.deps, { sessionId: this.deps.session() ?? '', file }, context);
  }

  /** How much the artifact `file` of the open session stores. */
  async usage(file: string): Promise<AppDataUsage> {
    const sessionId = this.deps.session();
    if (!sessionId) return { keys: 0, bytes: 0 };
    return this.deps.data.usage({ sessionId, file });
  }

  /** The Claude calls of the artifact `file` of the open session so far. */
  claudeCalls(file: string): ReturnType<ClaudeBridge['summary']> {
    const sessionId = this.deps.session();
    return sessionId ? this.deps.claude?.summary({ sessionId, file }) : undefined;
  }

  /** The hosts the artifact `file` of the open session may reach (`undefined`: not known yet). */
  networkHosts(file: string): readonly string[] | undefined {
    const sessionId = this.deps.session();
    return sessionId ? this.deps.network?.hosts({ sessionId, file }) : [];
  }

  /**
   * Lets the artifact `file` of the open session reach `host`: the version `version` (a content hash, see
   * `CallContext.version`) when the person chose `Allow connections`, every version without it (`Always`).
   */
  async allowHost(file: string, host: string, version?: string): Promise<void> {
    const sessionId = this.deps.session();
    if (sessionId) await this.deps.network?.allow({ sessionId, file }, host, version);
  }

  /** A public CDN file for the version `version` (a content hash) of the artifact `file` of the open session. */
  library(file: string, url: string, version: string, background: boolean): Promise<LibraryFile> {
    const sessionId = this.deps.session();
    const network = sessionId ? this.deps.network : undefined;
    return network && sessionId
      ? network.library({ sessionId, file }, url, version, background)
      : Promise.resolve({ ok: false, offer: false, text: `${url} is not on the shelf.` });
  }

  /** Takes back what `allowHost` gave. */
  async revokeHost(file: string, host: string): Promise<void> {
    const sessionId = this.deps.session();
    if (sessionId) await this.deps.network?.revoke({ sessionId, file }, host);
  }

  /** Deletes what the artifact `file` of the open session stores. */
  async clear(file: string): Promise<void> {
    const sessionId = this.deps.session();
    if (!sessionId) return;
    await this.deps.data.clear({ sessionId, file });
    this.changed();
  }

  /** Listens to changes of any artifact's data. Returns the function that stops listening. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Something was stored or deleted. */
  changed(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/** One document's requests: bound to its artifact, counted, cancelled when it goes. */
export class AppPort {
  private pending = 0;
  private readonly ended = new AbortController();

  constructor(
    private readonly apps: ArtifactApps,
    private readonly deps: ArtifactAppsDeps,
    private readonly owner: AppDataOwner,
    private readonly context: PortContext,
  ) {}

  /** The reply to `request` (never rejects). */
  async handle(request: AppRequest): Promise<AppReply> {
    const reply = { source: HOST_SOURCE, channel: request.channel, kind: 'reply', id: request.id } as const;
    if (this.pending >= MAX_PENDING_CALLS)
      return {
        ...reply,
        ok: false,
        name: 'Error',
        error: `Too many requests at once: ${MAX_PENDING_CALLS} are still waiting for their answer. Wait for them (await each call) and try again.`,
      };
    this.pending++;
    try {
      return { ...reply, ok: true, value: await this.carryOut(request) };
    } catch (error) {
      const known = error instanceof AppError;
      const text = errorText(error);
      return {
        ...reply,
        ok: false,
        name: known ? error.kind : 'Error',
        error: known ? text : `Failed: ${text}`,
      };
    } finally {
      this.pending--;
    }
  }

  /** The document went: its waiting Claude calls are cancelled. */
  dispose(): void {
    this.ended.abort();
  }

  private async carryOut(call: AppCall): Promise<unknown> {
    if (this.ended.signal.aborted) throw new AppError('The preview was closed.');
    const context: CallContext = { ...this.context, signal: this.ended.signal };
    switch (call.api) {
      case 'storage.get':
      case 'storage.set':
      case 'storage.delete':
      case 'storage.list':
        return this.storage(call);
      case 'fs.readFile':
        return this.readFile(call.name, call.utf8);
      case 'claude.complete':
      case 'claude.messages': {
        if (!this.deps.claude) throw new AppError('Claude calls are not available here.');
        return this.deps.claude.call(this.sessionOwner(), call, context);
      }
      case 'net.fetch':
        if (!this.deps.network)
          throw new AppError(`Failed to fetch ${call.url}: previews have no network here.`, 'TypeError');
        return this.deps.network.fetch(this.sessionOwner(), call, context);
      default:
        throw new AppError('Unknown request.', 'TypeError');
    }
  }

  private async storage(
    call: Extract<AppCall, { api: 'storage.get' | 'storage.set' | 'storage.delete' | 'storage.list' }>,
  ): Promise<unknown> {
    const owner = this.sessionOwner();
    const scope = call.shared ? 1 : 0;
    const { data } = this.deps;
    if (call.api === 'storage.list') {
      if (call.prefix !== '' && /[\s/\\'"]/.test(call.prefix))
        throw new AppError(
          `The prefix "${call.prefix}" has whitespace, a slash or a quote; keys cannot contain them.`,
          'TypeError',
        );
      const keys = await data.list(owner, scope, call.prefix);
      return { keys, ...(call.prefix ? { prefix: call.prefix } : {}), shared: call.shared };
    }
    const problem = storageKeyProblem(call.key);
    if (problem) throw new AppError(problem, 'TypeError');
    switch (call.api) {
      case 'storage.get': {
        const value = await data.get(owner, scope, call.key);
        if (value === undefined) throw new AppError(`There is no stored value for the key "${call.key}".`);
        return { key: call.key, value, shared: call.shared };
      }
      case 'storage.set':
        try {
          await data.set(owner, scope, call.key, call.value);
        } catch (error) {
          // The store's limit errors say what happened and what to do; anything else is the browser's.
          const text = errorText(error);
          // The person is told too, in the console: the page may swallow its error.
          if (error instanceof Error && error.name === 'AppDataLimitError') this.context.log('error', text);
          throw new AppError(
            error instanceof Error && error.name === 'AppDataLimitError'
              ? text
              : `Could not store "${call.key}": ${text}`,
            error instanceof Error && error.name === 'AppDataLimitError' ? 'RangeError' : 'Error',
          );
        }
        this.apps.changed();
        return { key: call.key, value: call.value, shared: call.shared };
      case 'storage.delete': {
        const deleted = await data.delete(owner, scope, call.key);
        if (deleted) this.apps.changed();
        return { key: call.key, deleted, shared: call.shared };
      }
    }
  }

  private async readFile(name: string, utf8: boolean): Promise<unknown> {
    this.sessionOwner();
    const files = this.deps.files();
    const file =
      files.find((f) => f.name === name) ?? files.find((f) => f.name.toLowerCase() === name.toLowerCase());
    if (!file) {
      const names = files.map((f) => f.name);
      throw new AppError(
        names.length === 0
          ? `There is no file "${name}": no files are attached in this conversation.`
          : `There is no file "${name}" in this conversation. Its files: ${names.join(', ')}.`,
      );
    }
    if (file.notKept !== undefined)
      throw new AppError(
        `The file "${file.name}" (${(file.notKept / 1024 / 1024).toFixed(1)} MB) was too large to keep as attached: only what Claude read of it is stored.`,
      );
    const blob = await file.load();
    if (!blob) throw new AppError(`The file "${file.name}" is no longer stored in this browser.`);
    // Decoded as UTF-8 (a byte-order mark dropped, as TextDecoder does).
    if (utf8) return blob.text();
    return new Uint8Array(await blob.arrayBuffer());
  }

  /** The artifact this document belongs to, while its session is still the one open. */
  private sessionOwner(): AppDataOwner {
    if (this.owner.sessionId === '')
      throw new AppError(
        'This conversation is not saved yet, so its artifacts cannot store or read anything.',
      );
    if (this.deps.session() !== this.owner.sessionId)
      throw new AppError('Another conversation was opened; this preview belongs to the one before.');
    return this.owner;
  }
}
