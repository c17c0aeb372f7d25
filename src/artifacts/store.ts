/**
 * `ArtifactStore`: the artifacts of one conversation, each with its version history, plus the files being
 * written right now by a streaming tool call. Plain TypeScript: no DOM, no Lit.
 *
 * The store changes only through `apply(record)` (an `artifact` message) and the streaming methods, so the
 * state reached live (the tool applies each record as it makes it) and the state rebuilt from a saved history
 * (`rebuild(messages)`) are the same by construction. Every change makes a new immutable snapshot; files that
 * did not change keep their identity.
 */

import type { AgentMessage } from '../agent';
import type { ArtifactAuthor, ArtifactMessage } from '../messages';
import { type ArtifactKind, artifactKindOf } from './files';

export type ArtifactAction = ArtifactMessage['action'];

/** One version of a file. */
export interface ArtifactVersion {
  /** Counts every change of the file name, from 1; a delete takes a number too, so numbers may skip. */
  readonly version: number;
  readonly content: string;
  readonly author: ArtifactAuthor;
  readonly action: Exclude<ArtifactAction, 'delete'>;
  readonly toolCallId?: string;
  readonly timestamp: number;
}

/** A file that exists now. */
export interface ArtifactFile {
  readonly filename: string;
  readonly kind: ArtifactKind;
  /** Oldest first. A file deleted and created again keeps its earlier versions. */
  readonly versions: readonly ArtifactVersion[];
  /** The newest version (the last of `versions`). */
  readonly current: ArtifactVersion;
}

/** A file a tool call is writing right now; `content` grows as the call's arguments stream. */
export interface StreamingArtifact {
  readonly toolCallId: string;
  readonly filename: string;
  /** The content so far; `undefined` until the call's content (or edit) has begun. */
  readonly content: string | undefined;
}

/** What made a snapshot, so views can follow it (open the file being written, keep the tab on a rebuild). */
export type ArtifactChange =
  | { readonly kind: 'initial' }
  | { readonly kind: 'rebuild' }
  | { readonly kind: 'record'; readonly record: ArtifactMessage }
  | {
      readonly kind: 'stream';
      readonly phase: 'begin' | 'update' | 'end';
      readonly toolCallId: string;
      readonly filename: string;
    };

export interface ArtifactsSnapshot {
  /** Files that exist, in the order they were (last) created. */
  readonly files: readonly ArtifactFile[];
  /** Tool calls writing files now, in the order they began. */
  readonly streaming: readonly StreamingArtifact[];
  readonly change: ArtifactChange;
}

export type ArtifactsListener = (snapshot: ArtifactsSnapshot) => void;

interface Entry {
  readonly filename: string;
  readonly versions: readonly ArtifactVersion[];
  /** Number of the last change, including a delete. */
  readonly lastVersion: number;
  readonly deleted: boolean;
  readonly file: ArtifactFile | undefined;
}

const EMPTY: ArtifactsSnapshot = Object.freeze({
  files: Object.freeze([]),
  streaming: Object.freeze([]),
  change: Object.freeze({ kind: 'initial' }),
});

export function isArtifactMessage(message: AgentMessage): message is ArtifactMessage {
  return message.role === 'artifact';
}

export interface ArtifactStoreOptions {
  /** Where errors thrown by listeners go (they never reach the caller that changed the store). */
  readonly onListenerError?: (error: unknown) => void;
}

export class ArtifactStore {
  private entries = new Map<string, Entry>();
  private streams = new Map<string, StreamingArtifact>();
  private current: ArtifactsSnapshot = EMPTY;
  private seen: readonly AgentMessage[] = [];
  private readonly listeners = new Set<ArtifactsListener>();
  private readonly report: (error: unknown) => void;

  constructor(options: ArtifactStoreOptions = {}) {
    this.report = options.onListenerError ?? rethrowLater;
  }

  /** The current snapshot; a new object after every change. */
  get snapshot(): ArtifactsSnapshot {
    return this.current;
  }

  /** The file named `filename`, if it exists now. */
  get(filename: string): ArtifactFile | undefined {
    return this.entries.get(filename)?.file;
  }

  /** The files that exist now. */
  list(): readonly ArtifactFile[] {
    return this.current.files;
  }

  /** The version number the next change of `filename` gets. */
  nextVersion(filename: string): number {
    return (this.entries.get(filename)?.lastVersion ?? 0) + 1;
  }

  /** Listens to every new snapshot. Returns the function that stops listening. */
  subscribe(listener: ArtifactsListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Applies one change. A record whose version is not newer than the file's last change is ignored (it was
   * applied already), which makes applying the same history twice harmless. Returns whether it changed anything.
   * Ends the stream of the tool call that made the record, if one is open.
   */
  apply(record: ArtifactMessage): boolean {
    if (!this.applyQuietly(record)) return false;
    if (record.toolCallId !== undefined) this.streams.delete(record.toolCallId);
    this.publish({ kind: 'record', record });
    return true;
  }

  /** Forgets everything and applies the `artifact` records of `messages`, in order (loading a session). */
  rebuild(messages: readonly AgentMessage[]): void {
    this.entries = new Map();
    this.streams = new Map();
    this.seen = messages;
    for (const message of messages) {
      if (isArtifactMessage(message)) this.applyQuietly(message);
    }
    this.publish({ kind: 'rebuild' });
  }

  /**
   * Follows the conversation's history: call it with every new `messages` array. When the array extends the
   * one seen last, the artifact records that are new (and not applied yet) are applied; otherwise the
   * history was replaced (a session loaded, a new chat, a regenerate or edit that cut it) and the store is
   * rebuilt from it.
   */
  sync(messages: readonly AgentMessage[]): void {
    const previous = this.seen;
    if (messages === previous) return;
    const extended =
      messages.length >= previous.length &&
      (previous.length === 0 || messages[previous.length - 1] === previous[previous.length - 1]);
    if (!extended) {
      this.rebuild(messages);
      return;
    }
    this.seen = messages;
    for (let i = previous.length; i < messages.length; i++) {
      const message = messages[i];
      if (message && isArtifactMessage(message)) this.apply(message);
    }
  }

  /** A tool call started writing `filename` (called again, it renames: the name may have been partial). */
  beginStreaming(toolCallId: string, filename: string): void {
    const existing = this.streams.get(toolCallId);
    if (existing?.filename === filename) return;
    this.streams.set(toolCallId, { toolCallId, filename, content: existing?.content });
    this.publish({ kind: 'stream', phase: 'begin', toolCallId, filename });
  }

  /** The content the call has written so far. Ignored for a call that has not begun or has ended. */
  updateStreaming(toolCallId: string, content: string): void {
    const existing = this.streams.get(toolCallId);
    if (!existing || existing.content === content) return;
    this.streams.set(toolCallId, { ...existing, content });
    this.publish({ kind: 'stream', phase: 'update', toolCallId, filename: existing.filename });
  }

  /** The call ended (its record, if any, has been applied or will not come). */
  endStreaming(toolCallId: string): void {
    const existing = this.streams.get(toolCallId);
    if (!existing) return;
    this.streams.delete(toolCallId);
    this.publish({ kind: 'stream', phase: 'end', toolCallId, filename: existing.filename });
  }

  /** Ends every open stream (the run ended). */
  endAllStreaming(): void {
    for (const id of [...this.streams.keys()]) this.endStreaming(id);
  }

  private applyQuietly(record: ArtifactMessage): boolean {
    const entry = this.entries.get(record.filename);
    if (entry && record.version <= entry.lastVersion) return false;
    if (record.action === 'delete') {
      if (!entry) return false;
      // Re-inserting moves the file to the end of the order when it is created again.
      this.entries.delete(record.filename);
      this.entries.set(record.filename, {
        ...entry,
        lastVersion: record.version,
        deleted: true,
        file: undefined,
      });
      return true;
    }
    const version: ArtifactVersion = {
      version: record.version,
      content: record.content,
      author: record.author,
      action: record.action,
      ...(record.toolCallId === undefined ? {} : { toolCallId: record.toolCallId }),
      timestamp: record.timestamp,
    };
    const versions = Object.freeze([...(entry?.versions ?? []), version]);
    const file: ArtifactFile = Object.freeze({
      filename: record.filename,
      kind: artifactKindOf(record.filename),
      versions,
      current: version,
    });
    if (entry?.deleted) this.entries.delete(record.filename);
    this.entries.set(record.filename, {
      filename: record.filename,
      versions,
      lastVersion: record.version,
      deleted: false,
      file,
    });
    return true;
  }

  private publish(change: ArtifactChange): void {
    const files: ArtifactFile[] = [];
    for (const entry of this.entries.values()) if (entry.file) files.push(entry.file);
    this.current = Object.freeze({
      files: sameItems(files, this.current.files) ? this.current.files : Object.freeze(files),
      streaming: Object.freeze([...this.streams.values()]),
      change,
    });
    for (const listener of [...this.listeners]) {
      try {
        listener(this.current);
      } catch (error) {
        // A broken view must not break the tool that changed the file.
        this.report(error);
      }
    }
  }
}

function rethrowLater(error: unknown): void {
  queueMicrotask(() => {
    throw error;
  });
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
