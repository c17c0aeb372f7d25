/**
 * The provider's side of files sent by id, loaded with the stream machinery (never with the first screen): what a
 * leg needs to send files by id, the list of files uploaded with a key, and deleting them.
 */
import { FileIdStore, type KeyValueStore, type UploadRecord } from './file-id-store';
import { type FileUploadPolicy, fileScope, type UploadedFile } from './files-api';
import type { RawStreamer } from './worker-stream';

/** Files sent by id for one leg: the policy, and where to keep what the worker uploaded or found gone. */
export interface LegFiles {
  readonly policy: FileUploadPolicy;
  record(change: { readonly uploaded: readonly UploadedFile[]; readonly gone: readonly string[] }): void;
}

/** How deleting the uploaded files went. */
export interface DeleteUploadsOutcome {
  readonly deleted: number;
  readonly failed: number;
  /** Why the first failed one was not deleted. */
  readonly problem?: string;
}

export interface Uploads {
  /** What a leg to `baseURL` with `apiKey` needs to send files of at least `minBytes` by id. */
  legFiles(baseURL: string, apiKey: string, minBytes: number): Promise<LegFiles>;
  list(baseURL: string, apiKey: string): Promise<UploadRecord[]>;
  /** Deletes them from the server (each `DELETE /v1/files/<id>`, from where requests go) and forgets those deleted. */
  deleteAll(baseURL: string, apiKey: string): Promise<DeleteUploadsOutcome>;
}

export function createUploads(storage: KeyValueStore, streamer: RawStreamer): Uploads {
  const store = new FileIdStore(storage);
  return {
    async legFiles(baseURL, apiKey, minBytes) {
      const scope = await fileScope(baseURL, apiKey);
      // Kept up to date as the worker uploads files or finds them gone, so a retry or continuation of the same
      // answer does not upload them again.
      const known = await store.known(scope);
      return {
        policy: { minBytes, known },
        record(change) {
          for (const id of change.gone) {
            for (const [key, value] of Object.entries(known)) if (value === id) delete known[key];
          }
          for (const file of change.uploaded) known[file.key] = file.id;
          void store.apply(scope, { uploaded: change.uploaded, forget: change.gone }).catch(() => {});
        },
      };
    },
    async list(baseURL, apiKey) {
      return store.list(await fileScope(baseURL, apiKey));
    },
    async deleteAll(baseURL, apiKey) {
      const scope = await fileScope(baseURL, apiKey);
      const ids = (await store.list(scope)).map((f) => f.id);
      if (ids.length === 0) return { deleted: 0, failed: 0 };
      const outcome = await streamer.deleteFiles(apiKey, baseURL, ids);
      await store.apply(scope, { forget: outcome.deleted });
      return {
        deleted: outcome.deleted.length,
        failed: outcome.failed.length,
        ...(outcome.problem ? { problem: outcome.problem } : {}),
      };
    },
  };
}
