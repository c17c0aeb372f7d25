/**
 * Attachment record → the blocks the model reads, at send time: an image block, a PDF `document` block, or a
 * text block headed by the file name. The bytes come from the `attachments` store; their base64 (or text) is
 * kept in a small least-recently-used cache, because the whole history is resent on every turn.
 */
import { assertNever, type UserContent } from '../agent';
import type { AttachmentRecord, AttachmentResolver } from '../messages';
import { blobToBase64 } from './bytes';
import { textAttachmentBlock } from './text';
import type { ApiImageType } from './types';

/** Loads an attachment's bytes by id; resolves to undefined when they are gone. */
export type LoadBlob = (id: string) => Promise<Blob | undefined>;

export interface ResolverOptions {
  /** Characters of base64 and text kept in the cache (default 48 M, about one and a half full requests). */
  readonly cacheChars?: number;
}

const API_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * Creates the resolver `convertToLlm` uses. Never rejects: a missing or unreadable file becomes a text block
 * saying so, and the conversation goes on.
 */
export function createAttachmentResolver(
  loadBlob: LoadBlob,
  options: ResolverOptions = {},
): AttachmentResolver {
  const cache = new LruCache(options.cacheChars ?? 48_000_000);
  return async (record) => {
    const cached = cache.get(record.id);
    if (cached !== undefined) return [blockFor(record, cached)];
    let blob: Blob | undefined;
    try {
      blob = await loadBlob(record.id);
    } catch {
      return [unavailable(record, 'could not be loaded')];
    }
    if (!blob) return [unavailable(record, 'is no longer available')];
    if (record.kind === 'image' && !API_IMAGE_TYPES.has(record.mimeType)) {
      return [unavailable(record, `has a type the API does not accept (${record.mimeType})`)];
    }
    let payload: string;
    try {
      payload = record.kind === 'text' ? await blob.text() : await blobToBase64(blob);
    } catch {
      return [unavailable(record, 'could not be read')];
    }
    cache.set(record.id, payload);
    return [blockFor(record, payload)];
  };
}

/** The block for a record whose base64 (image, PDF) or text (text) is `payload`. */
function blockFor(record: AttachmentRecord, payload: string): UserContent {
  switch (record.kind) {
    case 'image':
      return { type: 'image', mimeType: record.mimeType as ApiImageType, data: payload };
    case 'pdf':
      return { type: 'document', mimeType: 'application/pdf', data: payload, title: record.name };
    case 'text':
      return { type: 'text', text: textAttachmentBlock(record.name, payload) };
    default:
      return assertNever(record.kind);
  }
}

function unavailable(record: AttachmentRecord, what: string): UserContent {
  return { type: 'text', text: `[The attached file “${record.name}” ${what}.]` };
}

/** A map that forgets its least recently used entries beyond a total number of characters. */
class LruCache {
  private readonly entries = new Map<string, string>();
  private chars = 0;

  constructor(private readonly maxChars: number) {}

  get(key: string): string | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: string): void {
    if (value.length > this.maxChars) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.chars -= old.length;
    }
    this.entries.set(key, value);
    this.chars += value.length;
    for (const [oldest, text] of this.entries) {
      if (this.chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= text.length;
    }
  }
}
