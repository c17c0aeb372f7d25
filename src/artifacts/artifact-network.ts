/**
 * Network by consent: an artifact's `fetch` of another site, carried out by the app for a host the person
 * allowed for that artifact, and refused for every other. Loaded the first time a page fetches another site
 * or the panel shows an artifact's hosts (`lazy-network.ts`).
 *
 * The preview itself never gets network access (its policy has `connect-src 'none'`): the page's `fetch` posts
 * the request to the app, which sends it from the app's page with no credentials (no cookies, no key), no
 * referrer and no redirects, and returns the response's status, headers and bytes. What can never be allowed:
 * anything but `https:`, the app's own origin, the API's hosts (the key goes there), local and private
 * addresses and names. The person's grants are kept per artifact version (session, file and the SHA-256 of
 * its content: a version Claude rewrites is asked about again) or, when the person chose `Always`, per file,
 * in the settings store. A console check (the page run out of sight) never reaches the network.
 *
 * The same grants let a page load a library the shelf lacks from a public CDN (`library`): a script, module or
 * stylesheet of `PUBLIC_CDN_HOSTS` only, fetched with GET and nothing else, kept in Cache Storage (so the page
 * still runs offline) and handed to the frame as bytes. A cached file is served only while the grant holds.
 */

import { errorText } from '../agent';
import type { AppDataOwner } from '../storage';
import { AppError, type CallContext, type LibraryFile, type NetworkBridge } from './artifact-apps';
import { privateHostReason } from './host-check';
import { isPublicCdnUrl } from './plan';
import type { AppCall, NetFetchResult } from './protocol';
import { MAX_NET_BODY } from './protocol';

/** Most requests one artifact may send in a minute. */
export const FETCHES_PER_MINUTE = 60;
/** How long the app waits for a response before failing the page's fetch. */
export const FETCH_TIMEOUT_MS = 30_000;
/** The settings record that holds the grants. */
export const GRANTS_KEY = 'networkGrants';
/** Most hosts one artifact may be allowed to reach. */
export const MAX_HOSTS = 20;

/** The Cache Storage cache that keeps the public CDN files pages loaded. */
export const LIBRARY_CACHE = 'easel-cdn-libraries';
/** The largest public CDN file a page may load. */
export const MAX_LIBRARY_BYTES = 25 * 1024 * 1024;
/** The header a kept file carries the address it came from in (after redirects). */
const FROM_HEADER = 'x-easel-from';

/** Where public CDN files are kept (Cache Storage's `Cache`, in the app). */
export interface LibraryCache {
  match(url: string): Promise<Response | undefined>;
  put(url: string, response: Response): Promise<void>;
}

/** Where grants are kept (`SettingsRepository` of `src/storage`). */
export interface GrantStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

export interface ArtifactNetworkDeps {
  readonly store: GrantStore;
  /** The app's own origin (never reachable). */
  readonly appOrigin: string;
  /** Hosts that are never reachable besides the fixed ones: the API base URL's host. */
  readonly apiHosts: () => readonly string[];
  /** Sends a request from the app (`window.fetch`). */
  readonly fetch: typeof fetch;
  /** The grants changed (the panel shows them). */
  readonly changed?: () => void;
  readonly now?: () => number;
  /** Where public CDN files are kept (by default the browser's Cache Storage, `LIBRARY_CACHE`). */
  readonly cache?: () => Promise<LibraryCache>;
  /**
   * The BroadcastChannel on which the app's tabs say their grants changed (`GRANTS_CHANNEL`), so a `Revoke` in
   * one tab holds at once in every other; each reads the stored grants again.
   */
  readonly channel?: string;
}

/** Where tabs say the network grants changed (the message carries nothing: the grants are read again). */
export const GRANTS_CHANNEL = 'easel-network-grants';

/** The API's own hosts: the key is sent there, so a page's own request never is. */
const FIXED_API_HOSTS = ['api.anthropic.com', 'anthropic.com', 'claude.ai'];

/**
 * Why a page may never reach `url` whatever the person allows, or `undefined` when a grant can allow it.
 * `ownHosts` are the app's host and the API's hosts.
 */
export function neverReachable(url: URL, ownHosts: readonly string[]): string | undefined {
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (url.protocol !== 'https:')
    return `${url.protocol.replace(/:$/, '')} addresses cannot be reached from a preview; only https sites can be allowed.`;
  if (url.username || url.password) return 'Addresses with a user name or password cannot be reached.';
  if (url.port !== '' && url.port !== '443')
    return `Only the standard https port can be reached (this address names port ${url.port}).`;
  const own = ownHosts.map((h) => h.toLowerCase());
  if (own.some((h) => host === h || host.endsWith(`.${h}`)))
    return `${host} is Easel's own or the API's address; a preview can never reach it (use window.claude to ask Claude).`;
  const why = privateHostReason(host);
  if (why) return `${host} is a local or private address; a preview can never reach it. Reason: ${why}.`;
  return undefined;
}

/** The grants of every artifact, and the requests they allow. */
export class ArtifactNetwork implements NetworkBridge {
  private grants: Map<string, string[]> | undefined;
  private loading: Promise<Map<string, string[]>> | undefined;
  private readonly recent = new Map<string, number[]>();
  /** The hosts each document was already told about (one offer and one console line a host). */
  private readonly told = new WeakMap<AbortSignal, Set<string>>();
  private readonly now: () => number;
  private readonly channel: BroadcastChannel | undefined;

  constructor(private readonly deps: ArtifactNetworkDeps) {
    this.now = deps.now ?? (() => Date.now());
    if (typeof BroadcastChannel === 'function') {
      this.channel = new BroadcastChannel(deps.channel ?? GRANTS_CHANNEL);
      this.channel.onmessage = () => {
        this.loading = undefined;
        void this.load();
      };
    }
  }

  /** Stops hearing other tabs (tests; the app keeps one for its life). */
  close(): void {
    this.channel?.close();
  }

  /** Reads the stored grants (once); a record of the wrong shape counts as none. */
  load(): Promise<Map<string, string[]>> {
    this.loading ??= this.deps.store.get(GRANTS_KEY).then(
      (stored) => {
        this.grants = readGrants(stored);
        this.deps.changed?.();
        return this.grants;
      },
      () => {
        this.grants = new Map();
        return this.grants;
      },
    );
    return this.loading;
  }

  hosts(owner: AppDataOwner): readonly string[] | undefined {
    if (!this.grants) {
      void this.load();
      return undefined;
    }
    const hosts = new Set<string>();
    for (const key of keysOf(this.grants, owner))
      for (const host of this.grants.get(key) ?? []) hosts.add(host);
    return [...hosts];
  }

  /** Grants `host` to the version `version` (a content hash) of `owner`, or to every version without one. */
  async allow(owner: AppDataOwner, host: string, version?: string): Promise<void> {
    const grants = await this.load();
    const key = version ? versionKey(owner, version) : keyOf(owner);
    const hosts = grants.get(key) ?? [];
    if (hosts.includes(host)) return;
    if (hosts.length >= MAX_HOSTS) throw new Error(`An artifact may reach at most ${MAX_HOSTS} hosts.`);
    grants.set(key, [...hosts, host]);
    await this.save(grants);
  }

  /** Takes `host` back from every version of `owner`. */
  async revoke(owner: AppDataOwner, host: string): Promise<void> {
    const grants = await this.load();
    for (const key of keysOf(grants, owner)) {
      const hosts = (grants.get(key) ?? []).filter((h) => h !== host);
      if (hosts.length > 0) grants.set(key, hosts);
      else grants.delete(key);
    }
    await this.save(grants);
  }

  async fetch(
    owner: AppDataOwner,
    request: Extract<AppCall, { api: 'net.fetch' }>,
    context: CallContext,
  ): Promise<NetFetchResult> {
    const url = URL.parse(request.url);
    if (!url) throw new AppError(`Failed to fetch: "${request.url}" is not an address.`, 'TypeError');
    const shown = `${url.origin}${url.pathname}`;
    const never = neverReachable(url, this.ownHosts());
    if (never) {
      this.tellOnce(context, `never ${url.host}`, () =>
        context.log('error', `fetch of ${shown} was refused: ${never}`),
      );
      throw new AppError(`Failed to fetch ${shown}: ${never}`, 'TypeError');
    }
    const host = url.host.toLowerCase();
    const grants = await this.load();
    const version = versionKey(owner, await context.version());
    const granted = [keyOf(owner), version].some((key) => grants.get(key)?.includes(host));
    if (!granted) {
      const text =
        `Failed to fetch ${shown}: previews have no network, and ${owner.file} is not allowed to reach ${host}. ` +
        `The person can allow it in the panel (Allow connections to ${host}).`;
      this.tellOnce(context, host, () => {
        context.log('error', text);
        context.offer?.(host);
      });
      throw new AppError(text, 'TypeError');
    }
    if (context.background)
      throw new AppError(
        `Failed to fetch ${shown}: the network is off in a console check (the page run out of sight).`,
        'TypeError',
      );
    this.limit(owner);
    return this.send(url, request, context, shown);
  }

  async library(
    owner: AppDataOwner,
    url: string,
    version: string,
    background: boolean,
  ): Promise<LibraryFile> {
    const parsed = URL.parse(url);
    if (!parsed || !isPublicCdnUrl(url))
      return { ok: false, offer: false, text: `${url} is not an https address of a public CDN.` };
    const host = parsed.host.toLowerCase();
    const grants = await this.load();
    const granted = [keyOf(owner), versionKey(owner, version)].some((key) => grants.get(key)?.includes(host));
    if (!granted)
      return {
        ok: false,
        offer: true,
        text:
          `${url} is not on Easel's library shelf. ${owner.file} may load it from ${host} once the person ` +
          `allows it in the panel (Allow libraries from ${host}); until then previews have no network.`,
      };
    const cache = await this.openCache();
    const kept = await cache?.match(parsed.href).catch(() => undefined);
    if (kept?.ok)
      return {
        ok: true,
        blob: await kept.blob(),
        url: kept.headers.get(FROM_HEADER) ?? parsed.href,
        cached: true,
      };
    if (background)
      return {
        ok: false,
        offer: false,
        text: `${url} was not loaded: the network is off in a console check (the page run out of sight).`,
      };
    return this.fetchLibrary(parsed, cache);
  }

  /** GET of a public CDN file with nothing of the person's, kept in `cache` when it arrives whole. */
  private async fetchLibrary(url: URL, cache: LibraryCache | undefined): Promise<LibraryFile> {
    const failed = (why: string): LibraryFile => ({
      ok: false,
      offer: false,
      text: `${url.href} could not be loaded: ${why}.`,
    });
    let response: Response;
    try {
      response = await this.deps.fetch(url.href, {
        method: 'GET',
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        // unpkg and jsDelivr redirect a bare or ranged address to an exact version; the end must be a CDN too.
        redirect: 'follow',
        mode: 'cors',
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
    } catch (error) {
      return failed(`the CDN did not answer (${errorText(error)})`);
    }
    const from = response.url || url.href;
    if (!isPublicCdnUrl(from)) {
      await response.body?.cancel();
      return failed(`it redirected to ${from}, which is not a public CDN`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      return failed(`the CDN answered ${response.status}`);
    }
    const body = await readCapped(response, AbortSignal.timeout(FETCH_TIMEOUT_MS), MAX_LIBRARY_BYTES).catch(
      () => null,
    );
    if (body === null) return failed('the CDN took too long');
    if (!body) return failed(`it is larger than ${MAX_LIBRARY_BYTES / 1048576} MB`);
    const type = response.headers.get('content-type') ?? 'application/octet-stream';
    await cache
      ?.put(url.href, new Response(body, { headers: { 'content-type': type, [FROM_HEADER]: from } }))
      .catch(() => undefined);
    return { ok: true, blob: new Blob([body], { type }), url: from, cached: false };
  }

  private async openCache(): Promise<LibraryCache | undefined> {
    try {
      return await (this.deps.cache ?? (() => caches.open(LIBRARY_CACHE)))();
    } catch {
      return undefined; // no Cache Storage (a private window may refuse it): fetched each time
    }
  }

  private async send(
    url: URL,
    request: Extract<AppCall, { api: 'net.fetch' }>,
    context: CallContext,
    shown: string,
  ): Promise<NetFetchResult> {
    const timeout = AbortSignal.timeout(FETCH_TIMEOUT_MS);
    const signal = AbortSignal.any([context.signal, timeout]);
    let response: Response;
    try {
      response = await this.deps.fetch(url.href, {
        method: request.method,
        headers: request.headers.map(([k, v]) => [k, v] as [string, string]),
        ...(request.body ? { body: request.body } : {}),
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        redirect: 'error',
        mode: 'cors',
        cache: 'no-store',
        signal,
      });
    } catch (error) {
      const why = timeout.aborted
        ? `no answer within ${FETCH_TIMEOUT_MS / 1000} s`
        : context.signal.aborted
          ? 'the preview was closed'
          : 'the site refused it, redirected it (redirects are not followed), or does not allow requests from other sites (CORS)';
      context.log('error', `fetch ${request.method} ${shown} failed: ${why}.`);
      throw new AppError(
        `Failed to fetch ${shown}: ${why}${error instanceof Error && !timeout.aborted ? ` (${error.message})` : ''}.`,
        'TypeError',
      );
    }
    const body = await readCapped(response, signal);
    if (!body) {
      context.log(
        'error',
        `fetch ${request.method} ${shown}: the response is over ${MAX_NET_BODY / 1048576} MB.`,
      );
      throw new AppError(
        `Failed to fetch ${shown}: the response is larger than ${MAX_NET_BODY / 1048576} MB.`,
        'TypeError',
      );
    }
    context.log('info', `fetch ${request.method} ${shown} → ${response.status} (${body.byteLength} bytes)`);
    return {
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      body,
    };
  }

  private limit(owner: AppDataOwner): void {
    const now = this.now();
    const key = keyOf(owner);
    const recent = (this.recent.get(key) ?? []).filter((t) => now - t < 60_000);
    if (recent.length >= FETCHES_PER_MINUTE) {
      const wait = Math.ceil((60_000 - (now - (recent[0] ?? now))) / 1000);
      this.recent.set(key, recent);
      throw new AppError(
        `Too many requests: ${owner.file} may send ${FETCHES_PER_MINUTE} a minute. Try again in ${wait} s.`,
        'TypeError',
      );
    }
    recent.push(now);
    this.recent.set(key, recent);
  }

  private ownHosts(): string[] {
    const app = URL.parse(this.deps.appOrigin)?.hostname;
    return [...(app ? [app] : []), ...FIXED_API_HOSTS, ...this.deps.apiHosts()];
  }

  private tellOnce(context: CallContext, what: string, tell: () => void): void {
    let told = this.told.get(context.signal);
    if (!told) {
      told = new Set();
      this.told.set(context.signal, told);
    }
    if (told.has(what)) return;
    told.add(what);
    tell();
  }

  private async save(grants: Map<string, string[]>): Promise<void> {
    this.deps.changed?.();
    await this.deps.store.set(GRANTS_KEY, Object.fromEntries(grants));
    this.channel?.postMessage('changed');
  }
}

/** The response's bytes, or `undefined` when they pass `MAX_NET_BODY` (reading stops there). */
async function readCapped(
  response: Response,
  signal: AbortSignal,
  limit = MAX_NET_BODY,
): Promise<ArrayBuffer | undefined> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel();
    return undefined;
  }
  if (!response.body) return new ArrayBuffer(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    if (signal.aborted) {
      await reader.cancel();
      throw new AppError('Failed to fetch: the preview was closed or the site took too long.', 'TypeError');
    }
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes.buffer;
}

/** The grants of a stored record: artifact key → hosts; anything of another shape is left out. */
export function readGrants(stored: unknown): Map<string, string[]> {
  const grants = new Map<string, string[]>();
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return grants;
  for (const [key, hosts] of Object.entries(stored)) {
    if (!Array.isArray(hosts)) continue;
    const valid = hosts.filter(
      (h): h is string => typeof h === 'string' && /^[a-z0-9.-]+(:\d+)?$/.test(h) && h.length < 256,
    );
    if (valid.length > 0) grants.set(key, valid.slice(0, MAX_HOSTS));
  }
  return grants;
}

function keyOf(owner: AppDataOwner): string {
  return `${owner.sessionId}\n${owner.file}`;
}

/** The grant of one version of an artifact: its key and the content hash. */
function versionKey(owner: AppDataOwner, version: string): string {
  return `${keyOf(owner)}\n${version}`;
}

/** The keys of `owner`'s grants: every version's and the file's. */
function keysOf(grants: Map<string, string[]>, owner: AppDataOwner): string[] {
  const key = keyOf(owner);
  return [...grants.keys()].filter((k) => k === key || k.startsWith(`${key}\n`));
}
