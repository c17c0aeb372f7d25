/**
 * What a sealed document holds, once opened. Seven kinds; the first five are immutable (a document is written
 * once and never changed, so two devices writing offline merge to the union of their documents):
 *
 * - `session`: a session's description when it was first sent (id, title then, created, model, effort);
 * - `message`: one finished message of a session, under its sort key;
 * - `title`: a rename, stamped (`merge.ts` picks the winner);
 * - `state`: a deletion or a restore, stamped;
 * - `attachment`: the bytes of a file a message refers to, sealed on their own as the document's CouchDB
 *   attachment (`BYTES_NAME`); the payload says whose they are, their type and size;
 * - `appData`: the value an artifact keeps under one key (`window.storage`), or `null` once deleted, stamped.
 *   The one mutable kind: one document per key, updated with each change; when two devices changed it apart,
 *   the later stamp wins (`merge.ts`) on every device, and a deletion is such a change (a tombstone).
 *
 * - `memory`: a memory file of the memory tool (`space`, `path`, `text`), or `text: null` once deleted, stamped.
 *   Mutable like `appData`: one document per file, the later stamp wins, a deletion is a tombstone.
 *
 * Opened payloads are untrusted (anyone holding the passphrase could have written them): `parsePayload` checks
 * the envelope; the session and the message are checked again where they are stored (`src/storage`).
 */

import { isMemoryPath, isSpace } from '../storage';
import { isRemoteAppDataRef, isRemoteId } from '../storage/remote-write';
import type { Stamp } from './merge';

export type Payload =
  | { readonly kind: 'session'; readonly session: unknown; readonly device: string }
  | {
      readonly kind: 'message';
      readonly sessionId: string;
      readonly key: string;
      readonly message: unknown;
      /** The record's parent on its branch, when it names one (`null`: the first of a branch). */
      readonly parent?: string | null;
    }
  | ({ readonly kind: 'title'; readonly sessionId: string; readonly title: string } & Stamp)
  | ({ readonly kind: 'state'; readonly sessionId: string; readonly deleted: boolean } & Stamp)
  | {
      readonly kind: 'attachment';
      readonly sessionId: string;
      readonly id: string;
      readonly mimeType: string;
      readonly size: number;
    }
  | ({
      readonly kind: 'appData';
      readonly sessionId: string;
      readonly file: string;
      readonly scope: 0 | 1;
      readonly key: string;
      /** `null`: the key was deleted. */
      readonly value: string | null;
    } & Stamp)
  | ({
      readonly kind: 'memory';
      readonly space: string;
      readonly path: string;
      /** `null`: the file was deleted. */
      readonly text: string | null;
    } & Stamp);

/** The largest memory file sync takes in: the memory tool's own limit on a file (100,000 bytes of UTF-8). */
export const MAX_MEMORY_BYTES = 100_000;

/** The largest file sync carries (what Easel keeps of a file as attached). */
export const MAX_ATTACHMENT_BYTES = 30 * 1024 * 1024;
/** A MIME type as stored: `type/subtype` and parameters, short. */
const MIME = /^[\w.+-]+\/[\w.+-]+(;[ \w.+=-]*)*$/;

/** The payload, or `undefined` when it is none of the seven kinds or any field is out of shape. */
export function parsePayload(value: unknown): Payload | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  switch (v.kind) {
    case 'session':
      return typeof v.device === 'string' && typeof v.session === 'object' && v.session !== null
        ? { kind: 'session', session: v.session, device: v.device }
        : undefined;
    case 'message':
      return isRemoteId(v.sessionId) &&
        isRemoteId(v.key) &&
        (v.parent === undefined || v.parent === null || isRemoteId(v.parent))
        ? {
            kind: 'message',
            sessionId: v.sessionId,
            key: v.key,
            message: v.message,
            ...(v.parent !== undefined ? { parent: v.parent } : {}),
          }
        : undefined;
    case 'title':
      return isRemoteId(v.sessionId) && typeof v.title === 'string' && isStamp(v)
        ? { kind: 'title', sessionId: v.sessionId, title: v.title.trim(), at: v.at, device: v.device }
        : undefined;
    case 'state':
      return isRemoteId(v.sessionId) && typeof v.deleted === 'boolean' && isStamp(v)
        ? { kind: 'state', sessionId: v.sessionId, deleted: v.deleted, at: v.at, device: v.device }
        : undefined;
    case 'attachment':
      return isRemoteId(v.sessionId) &&
        isRemoteId(v.id) &&
        typeof v.mimeType === 'string' &&
        v.mimeType.length <= 200 &&
        MIME.test(v.mimeType) &&
        Number.isInteger(v.size) &&
        (v.size as number) >= 0 &&
        (v.size as number) <= MAX_ATTACHMENT_BYTES
        ? {
            kind: 'attachment',
            sessionId: v.sessionId,
            id: v.id,
            mimeType: v.mimeType,
            size: v.size as number,
          }
        : undefined;
    case 'appData':
      return isRemoteAppDataRef(v) && (v.value === null || typeof v.value === 'string') && isStamp(v)
        ? {
            kind: 'appData',
            sessionId: v.sessionId as string,
            file: v.file as string,
            scope: v.scope as 0 | 1,
            key: v.key as string,
            value: v.value,
            at: v.at,
            device: v.device,
          }
        : undefined;
    case 'memory':
      return typeof v.space === 'string' &&
        isSpace(v.space) &&
        typeof v.path === 'string' &&
        isMemoryPath(v.path) &&
        (v.text === null ||
          (typeof v.text === 'string' && new TextEncoder().encode(v.text).length <= MAX_MEMORY_BYTES)) &&
        isStamp(v)
        ? { kind: 'memory', space: v.space, path: v.path, text: v.text, at: v.at, device: v.device }
        : undefined;
    default:
      return undefined;
  }
}

function isStamp(v: Record<string, unknown>): v is Record<string, unknown> & Stamp {
  return typeof v.at === 'number' && Number.isFinite(v.at) && typeof v.device === 'string' && v.device !== '';
}
