/**
 * Which files this device has uploaded, kept in the app's settings store under one key: for each scope (a base URL
 * and key, as `fileScope` names them; never the key), each file's content key and its id, name, size and upload
 * time. Read back through `readUploads`, which keeps only well-formed entries, so a damaged or foreign value costs
 * at most a fresh upload.
 */
import { isRecord } from './guards';

/** The settings store as this module needs it. */
export interface KeyValueStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

/** One uploaded file. */
export interface UploadRecord {
  readonly id: string;
  readonly filename: string;
  readonly bytes: number;
  /** When it was uploaded, in ms since the epoch. */
  readonly uploadedAt: number;
}

/** Scope → content key → the upload. */
export type Uploads = Readonly<Record<string, Readonly<Record<string, UploadRecord>>>>;

/** The settings key. */
export const UPLOADS_KEY = 'filesApiUploads';

const HEX = /^[0-9a-f]{16,64}$/;
const FILE_ID = /^[A-Za-z0-9_-]{1,200}$/;

/** The stored value, with anything malformed left out. */
export function readUploads(value: unknown): Uploads {
  if (!isRecord(value)) return {};
  const out: Record<string, Record<string, UploadRecord>> = {};
  for (const [scope, files] of Object.entries(value)) {
    if (!HEX.test(scope) || !isRecord(files)) continue;
    const kept: Record<string, UploadRecord> = {};
    for (const [key, raw] of Object.entries(files)) {
      const record = readRecord(raw);
      if (HEX.test(key) && record) kept[key] = record;
    }
    if (Object.keys(kept).length > 0) out[scope] = kept;
  }
  return out;
}

function readRecord(raw: unknown): UploadRecord | undefined {
  if (!isRecord(raw)) return undefined;
  const { id, filename, bytes, uploadedAt } = raw;
  if (typeof id !== 'string' || !FILE_ID.test(id)) return undefined;
  if (typeof filename !== 'string' || filename.length > 500) return undefined;
  if (typeof bytes !== 'number' || !Number.isSafeInteger(bytes) || bytes < 0) return undefined;
  if (typeof uploadedAt !== 'number' || !Number.isFinite(uploadedAt)) return undefined;
  return { id, filename, bytes, uploadedAt };
}

/** A change to one scope: files uploaded, and ids to forget (gone from the server, or deleted). */
export interface UploadChange {
  readonly uploaded?: readonly {
    readonly key: string;
    readonly id: string;
    readonly filename: string;
    readonly bytes: number;
  }[];
  readonly forget?: readonly string[];
}

/** The uploads of this device, read and written through `kv`. */
export class FileIdStore {
  /** Writes one after another, so two changes close together both land. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly kv: KeyValueStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** The scope's file ids by content key. */
  async known(scope: string): Promise<Record<string, string>> {
    await this.queue;
    const files = readUploads(await this.kv.get(UPLOADS_KEY))[scope] ?? {};
    return Object.fromEntries(Object.entries(files).map(([key, record]) => [key, record.id]));
  }

  /** The scope's uploads. */
  async list(scope: string): Promise<UploadRecord[]> {
    await this.queue;
    return Object.values(readUploads(await this.kv.get(UPLOADS_KEY))[scope] ?? {});
  }

  /** Applies a change to the scope. */
  apply(scope: string, change: UploadChange): Promise<void> {
    const write = this.queue.then(async () => {
      const all = readUploads(await this.kv.get(UPLOADS_KEY));
      const forget = new Set(change.forget ?? []);
      const files: Record<string, UploadRecord> = {};
      for (const [key, record] of Object.entries(all[scope] ?? {})) {
        if (!forget.has(record.id)) files[key] = record;
      }
      for (const file of change.uploaded ?? []) {
        files[file.key] = { id: file.id, filename: file.filename, bytes: file.bytes, uploadedAt: this.now() };
      }
      const { [scope]: _old, ...others } = all;
      await this.kv.set(UPLOADS_KEY, Object.keys(files).length > 0 ? { ...others, [scope]: files } : others);
    });
    this.queue = write.catch(() => {});
    return write;
  }
}
