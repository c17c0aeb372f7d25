/** The part of PouchDB's API that sync uses (PouchDB ships no types of its own). */
declare module 'pouchdb-browser' {
  interface PouchError {
    readonly status?: number;
    readonly name?: string;
    readonly reason?: string;
    readonly message?: string;
  }
  interface PouchDoc {
    readonly _id: string;
    readonly _rev?: string;
    readonly _deleted?: boolean;
    /** The other leaf revisions of a document in conflict (asked for with `conflicts: true`). */
    readonly _conflicts?: readonly string[];
    readonly [field: string]: unknown;
  }
  interface Change {
    readonly id: string;
    readonly seq: number | string;
    readonly deleted?: boolean;
    readonly doc?: PouchDoc;
  }
  interface Emitter<Events extends Record<string, (...args: never[]) => void>> {
    on<E extends keyof Events & string>(event: E, listener: Events[E]): this;
    cancel(): void;
  }
  type Changes = Emitter<{ change: (change: Change) => void; error: (error: PouchError) => void }> &
    PromiseLike<unknown>;
  type Sync = Emitter<{
    active: () => void;
    paused: (error?: PouchError) => void;
    change: (info: unknown) => void;
    denied: (error: PouchError) => void;
    error: (error: PouchError) => void;
    complete: (info: unknown) => void;
  }>;
  interface Options {
    readonly skip_setup?: boolean;
    readonly auth?: { readonly username: string; readonly password: string };
    readonly auto_compaction?: boolean;
  }
  interface ReplicateOptions {
    readonly live?: boolean;
    readonly retry?: boolean;
    readonly batch_size?: number;
    readonly back_off_function?: (delay: number) => number;
  }
  interface BulkResult {
    readonly id?: string;
    readonly rev?: string;
    readonly ok?: boolean;
    readonly error?: boolean | string;
    readonly status?: number;
  }
  class PouchDB {
    constructor(name: string, options?: Options);
    info(): Promise<unknown>;
    get(id: string, options?: { readonly rev?: string }): Promise<PouchDoc>;
    getAttachment(id: string, name: string): Promise<Blob>;
    put(doc: PouchDoc): Promise<{ readonly rev: string }>;
    bulkDocs(docs: readonly PouchDoc[]): Promise<readonly BulkResult[]>;
    allDocs(options: { readonly keys: readonly string[] }): Promise<{
      readonly rows: readonly { readonly key: string; readonly error?: string; readonly value?: unknown }[];
    }>;
    changes(options: {
      readonly since: number | string;
      readonly live: boolean;
      readonly include_docs: boolean;
      readonly conflicts?: boolean;
      readonly batch_size?: number;
    }): Changes;
    replicate: {
      from(remote: PouchDB, options?: ReplicateOptions): Sync & PromiseLike<unknown>;
      to(remote: PouchDB, options?: ReplicateOptions): Sync & PromiseLike<unknown>;
    };
    close(): Promise<void>;
    destroy(): Promise<void>;
  }

  export type { Change, Changes, PouchDoc, PouchError, Sync };
  export default PouchDB;
}
