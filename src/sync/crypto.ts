/**
 * End-to-end encryption of what sync sends: WebCrypto only. A passphrase and a random salt give, through
 * PBKDF2-SHA-256, one AES-GCM key (each document's content) and one HMAC-SHA-256 key (its opaque id). The
 * server stores the salt and a check value in its one plain document (`KeysDoc`); it never sees a key, the
 * passphrase, a local id or any content.
 */

/** The id of the one unencrypted document: how the database's key is derived, and its check value. */
export const KEYS_DOC_ID = 'easel-sync';
export const KEYS_FORMAT = 'easel-sync';
/** PBKDF2 iterations for a new database (OWASP's figure for PBKDF2-HMAC-SHA-256). */
export const DEFAULT_ITERATIONS = 600_000;
/** What a database may ask for: fewer is too weak to accept, more would stall a phone for minutes. */
const MIN_ITERATIONS = 100_000;
const MAX_ITERATIONS = 10_000_000;
const CHECK_TEXT = 'easel-sync-check';

/** Keys derived from the passphrase; neither can be exported from WebCrypto. */
export interface SyncKeys {
  readonly content: CryptoKey;
  readonly ids: CryptoKey;
}

/** A document as the server stores it: an opaque id and AES-GCM ciphertext bound to that id. */
export interface SealedDoc {
  readonly _id: string;
  readonly v: 1;
  /** Base64 of the 12-byte nonce. */
  readonly iv: string;
  /** Base64 of the ciphertext and its tag. */
  readonly ct: string;
  /** An attached file's sealed bytes (`sealBytes`), as the CouchDB attachment `BYTES_NAME`. */
  readonly _attachments?: Readonly<Record<string, { readonly content_type: string; readonly data: Blob }>>;
}

/** The well-known plain document: the KDF's parameters and a check value sealed with the derived key. */
export interface KeysDoc {
  readonly _id: typeof KEYS_DOC_ID;
  readonly format: typeof KEYS_FORMAT;
  readonly kdf: 'PBKDF2-SHA-256';
  readonly iterations: number;
  /** Base64 of 16 random bytes. */
  readonly salt: string;
  readonly check: { readonly iv: string; readonly ct: string };
}

/** A new database's keys document and the keys it describes. */
export async function createKeysDoc(
  passphrase: string,
  iterations = DEFAULT_ITERATIONS,
): Promise<{ doc: KeysDoc; keys: SyncKeys }> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const keys = await deriveKeys(passphrase, salt, iterations);
  const { iv, ct } = await seal(keys, KEYS_DOC_ID, { check: CHECK_TEXT });
  return {
    doc: {
      _id: KEYS_DOC_ID,
      format: KEYS_FORMAT,
      kdf: 'PBKDF2-SHA-256',
      iterations,
      salt: toBase64(salt),
      check: { iv, ct },
    },
    keys,
  };
}

/**
 * The keys for a database set up before, or why they cannot be had: the document is not one Easel reads, or the
 * passphrase is not the one it was set up with (its check value does not open).
 */
export async function openKeysDoc(
  passphrase: string,
  value: unknown,
): Promise<{ readonly keys: SyncKeys } | { readonly problem: string }> {
  const doc = parseKeysDoc(value);
  if (!doc)
    return { problem: 'The sync database holds a keys document Easel cannot read, so nothing was synced.' };
  const salt = fromBase64(doc.salt);
  if (!salt)
    return { problem: 'The sync database holds a keys document Easel cannot read, so nothing was synced.' };
  const keys = await deriveKeys(passphrase, salt, doc.iterations);
  try {
    const check = await open(keys, { _id: KEYS_DOC_ID, v: 1, ...doc.check });
    if (typeof check === 'object' && check !== null && (check as { check?: unknown }).check === CHECK_TEXT)
      return { keys };
  } catch {
    // A wrong key fails AES-GCM's tag check: said below.
  }
  return {
    problem:
      'Wrong passphrase: this sync database was set up with a different passphrase. Nothing was sent or changed; ' +
      'enter the passphrase you chose on your first device.',
  };
}

export function parseKeysDoc(value: unknown): KeysDoc | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const check = v.check as Record<string, unknown> | null | undefined;
  const ok =
    v._id === KEYS_DOC_ID &&
    v.format === KEYS_FORMAT &&
    v.kdf === 'PBKDF2-SHA-256' &&
    Number.isInteger(v.iterations) &&
    (v.iterations as number) >= MIN_ITERATIONS &&
    (v.iterations as number) <= MAX_ITERATIONS &&
    typeof v.salt === 'string' &&
    typeof check === 'object' &&
    check !== null &&
    typeof check.iv === 'string' &&
    typeof check.ct === 'string';
  return ok ? (value as KeysDoc) : undefined;
}

export async function deriveKeys(
  passphrase: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<SyncKeys> {
  const material = await crypto.subtle.importKey('raw', utf8(passphrase), 'PBKDF2', false, ['deriveBits']);
  const bits = new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, material, 512),
  );
  const [content, ids] = await Promise.all([
    crypto.subtle.importKey('raw', bits.slice(0, 32), 'AES-GCM', false, ['encrypt', 'decrypt']),
    crypto.subtle.importKey('raw', bits.slice(32), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']),
  ]);
  bits.fill(0);
  return { content, ids };
}

/** The server's id for a local thing: HMAC of its kind and local ids, in hex (never starts with `_`). */
export async function opaqueId(keys: SyncKeys, ...parts: readonly string[]): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', keys.ids, utf8(parts.join('\u0000')));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** `payload` as JSON, sealed with AES-GCM under a fresh nonce, its id as associated data. */
export async function seal(keys: SyncKeys, id: string, payload: unknown): Promise<SealedDoc> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: utf8(id) },
    keys.content,
    utf8(JSON.stringify(payload)),
  );
  return { _id: id, v: 1, iv: toBase64(iv), ct: toBase64(new Uint8Array(ct)) };
}

/**
 * The payload of a sealed document, still `unknown` (whoever holds the key may have written anything). Throws
 * when it is not a sealed document, was sealed under another key or id, or was changed.
 */
export async function open(keys: SyncKeys, doc: unknown): Promise<unknown> {
  if (typeof doc !== 'object' || doc === null) throw new Error('not a document');
  const { _id, v, iv, ct } = doc as Record<string, unknown>;
  if (v !== 1 || typeof _id !== 'string' || typeof iv !== 'string' || typeof ct !== 'string')
    throw new Error('not a sealed document');
  const nonce = fromBase64(iv) ?? new Uint8Array(0);
  const data = fromBase64(ct);
  if (nonce.length !== 12 || !data) throw new Error('not a sealed document');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: nonce, additionalData: utf8(_id) },
    keys.content,
    data,
  );
  return JSON.parse(UTF8_DECODER.decode(plain));
}

/**
 * Bytes (an attached file) sealed with AES-GCM under a fresh nonce, bound to the document id and the name of
 * the CouchDB attachment that carries them: the nonce, then the ciphertext and its tag.
 */
export async function sealBytes(
  keys: SyncKeys,
  id: string,
  bytes: ArrayBuffer,
): Promise<Uint8Array<ArrayBuffer>> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: utf8(`${id}\u0000${BYTES_NAME}`) },
    keys.content,
    bytes,
  );
  const sealed = new Uint8Array(12 + ct.byteLength);
  sealed.set(iv);
  sealed.set(new Uint8Array(ct), 12);
  return sealed;
}

/** The bytes `sealBytes` sealed for document `id`. Throws when they were sealed for another id, key, or changed. */
export async function openBytes(keys: SyncKeys, id: string, sealed: ArrayBuffer): Promise<ArrayBuffer> {
  if (sealed.byteLength < 12 + 16) throw new Error('not sealed bytes');
  return crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: sealed.slice(0, 12), additionalData: utf8(`${id}\u0000${BYTES_NAME}`) },
    keys.content,
    sealed.slice(12),
  );
}

/** The name of the CouchDB attachment that carries a file's sealed bytes. */
export const BYTES_NAME = 'bytes';

/** SHA-256 of a text, in hex: names the local mirror of one server database. */
export async function digest(text: string): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', utf8(text));
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** One coder for every document (a first sync opens and seals thousands): less for the collector to sweep. */
const UTF8_ENCODER = new TextEncoder();
const UTF8_DECODER = new TextDecoder('utf-8', { fatal: true });

function utf8(text: string): Uint8Array<ArrayBuffer> {
  return UTF8_ENCODER.encode(text);
}

const CHUNK = 0x8000;

/** The browser's own base64 (`Uint8Array.fromBase64`, `toBase64`; Chromium 140 and later), where it has it. */
const NativeBase64 = Uint8Array as unknown as {
  readonly fromBase64?: (text: string) => Uint8Array<ArrayBuffer>;
  readonly prototype: { readonly toBase64?: (this: Uint8Array) => string };
};

/**
 * Base64 of `bytes`. The native one where there is one: a first sync encodes and decodes some 20 MB, and
 * the binary strings `btoa`/`atob` need are most of that work and of the garbage it leaves.
 */
function toBase64(bytes: Uint8Array): string {
  const native = NativeBase64.prototype.toBase64;
  if (typeof native === 'function') return native.call(bytes);
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK)
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    if (typeof NativeBase64.fromBase64 === 'function') return NativeBase64.fromBase64(text);
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return undefined;
  }
}
