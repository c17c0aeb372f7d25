/**
 * `ArtifactStore`: the artifacts of one conversation, each with its version history, plus the files being
 * written right now by a streaming tool call. Plain TypeScript: no DOM, no Lit.
 *
 * The store changes only through `apply(record)` (an `artifact` message), the messages it follows
 * (`sync`, `rebuild`) and the streaming methods, so the state reached live (the tool applies each record as
 * it makes it) and the state rebuilt from a saved history (`rebuild(messages)`) are the same by construction.
 * Every change makes a new immutable snapshot; files that did not change keep their identity.
 *
 * Besides files, it keeps the incomplete ones: what an `artifacts` call had written when its answer ended
 * before the call ran (stopped, failed, cut off), or when the page was closed before the call finished (a
 * saved history rebuilt with a call that has no result). Those are never versions; they are read from the
 * answer in the history, so they are there again after a reload, and a later change of the same file name ends
 * them.
 */

import type { AgentMessage, AssistantMessage } from '../agent';
import type { ArtifactAuthor, ArtifactMessage } from '../messages';
import { type ArtifactKind, artifactKindOf } from './files';
import { type IncompleteReason, incompleteReasonOf, writtenSoFar } from './written';

export type ArtifactAction = ArtifactMessage['action'];

const OCTET_STREAM = 'application/octet-stream';

/** One version of a file. */
export interface ArtifactVersion {
  /** Counts every change of the file name, from 1; a delete takes a number too, so numbers may skip. */
  readonly version: number;
  /** The text; `''` for a binary version (`bytes`). */
  readonly content: string;
  /** A binary version's bytes (see `ArtifactMessage.bytes`); absent for text. Never changed once stored. */
  readonly bytes?: Uint8Array;
  /** The MIME type of `bytes`. */
  readonly mimeType?: string;
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

/**
 * What a call had written of a file when its answer ended before the call ran, or the page was closed before
 * the call finished. Never a version of the file: the file (if it exists) is as it was. Ends when a later
 * change of the same file name is applied.
 */
export interface IncompleteArtifact {
  readonly toolCallId: string;
  readonly filename: string;
  /** The text as far as it was written (for an `update`, the file with the new text so far in place). */
  readonly content: string;
  readonly reason: IncompleteReason;
}

/** What made a snapshot, so views can follow it (open the file being written, keep the tab on a rebuild). */
export type ArtifactChange =
  | { readonly kind: 'initial' }
  | { readonly kind: 'rebuild' }
  | { readonly kind: 'record'; readonly record: ArtifactMessage }
  /**
   * A file was left incomplete by an answer that joined the history (`left`), or a result for its call
   * joined it (`ended`: the call ran after all).
   */
  | {
      readonly kind: 'incomplete';
      readonly phase: 'left' | 'ended';
      readonly toolCallId: string;
      readonly filename: string;
    }
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
  /** Files left incomplete, at most one per file name, in the order they were left. */
  readonly incomplete: readonly IncompleteArtifact[];
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
  incomplete: Object.freeze([]),
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
  /** By file name. */
  private unfinished = new Map<string, IncompleteArtifact>();
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
   * Ends the stream of the tool call that made the record, if one is open, and the file's incomplete text.
   */
  apply(record: ArtifactMessage): boolean {
    if (!this.applyQuietly(record)) return false;
    if (record.toolCallId !== undefined) this.streams.delete(record.toolCallId);
    this.publish({ kind: 'record', record });
    return true;
  }

  /**
   * Forgets everything and follows `messages` from the start, in order (loading a session): applies their
   * `artifact` records, and keeps what the `artifacts` calls of stopped, failed or cut-off answers wrote.
   * Unless a run is going on (`running`), also what the whole calls that have no result wrote: the page was
   * closed or reloaded while they ran, and their records join the history only with the results.
   */
  rebuild(messages: readonly AgentMessage[], running = false): void {
    this.entries = new Map();
    this.streams = new Map();
    this.unfinished = new Map();
    this.seen = messages;
    const answered = running ? undefined : answeredIn(messages);
    for (const message of messages) this.followQuietly(message, answered);
    this.publish({ kind: 'rebuild' });
  }

  /**
   * Follows the conversation's history: call it with every new `messages` array. When the array extends the
   * one seen last, the artifact records that are new (and not applied yet) are applied, and a new answer
   * that ended before its `artifacts` calls ran turns what they wrote (their streams) into incomplete files;
   * otherwise the history was replaced (a session loaded, a new chat, a regenerate or edit that cut it) and
   * the store is rebuilt from it.
   *
   * `running`: a run is going on (the agent's `isStreaming`), so the calls of an answer that has just ended to
   * run them are about to run. Otherwise (a session loaded, also into an empty store after a reload) a whole
   * call among the new messages that has no result never got one: the page was closed while it ran, and what
   * it wrote is kept as an incomplete file (`closed`).
   */
  sync(messages: readonly AgentMessage[], running = false): void {
    const previous = this.seen;
    if (messages === previous) return;
    const extended =
      messages.length >= previous.length &&
      (previous.length === 0 || messages[previous.length - 1] === previous[previous.length - 1]);
    if (!extended) {
      this.rebuild(messages, running);
      return;
    }
    this.seen = messages;
    const added = messages.slice(previous.length);
    const answered = running ? undefined : answeredIn(added);
    for (const message of added) {
      if (isArtifactMessage(message)) {
        this.apply(message);
        continue;
      }
      const change = this.followQuietly(message, answered);
      if (change) this.publish(change);
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

  /**
   * Takes one message of the history into account, without publishing: a record is applied, an answer that
   * ended before its calls ran leaves their files incomplete, a tool result ends the incomplete file of its
   * call (it ran after all). Returns the change to report, if any.
   *
   * `answered` (no run going on): the calls that have a result in the messages followed; the whole calls of an
   * answer that ended to run them and are not among these were cut short by a closed page, and leave their
   * files incomplete too. Without it (a run is going on) such calls are about to run.
   */
  private followQuietly(message: AgentMessage, answered?: ReadonlySet<string>): ArtifactChange | undefined {
    switch (message.role) {
      case 'artifact':
        this.applyQuietly(message);
        return undefined;
      case 'assistant': {
        const left = this.leaveIncomplete(message, answered);
        return (
          left && { kind: 'incomplete', phase: 'left', toolCallId: left.toolCallId, filename: left.filename }
        );
      }
      case 'toolResult': {
        const ran = [...this.unfinished.values()].find((left) => left.toolCallId === message.toolCallId);
        if (!ran) return undefined;
        this.unfinished.delete(ran.filename);
        return { kind: 'incomplete', phase: 'ended', toolCallId: ran.toolCallId, filename: ran.filename };
      }
      default:
        return undefined;
    }
  }

  private leaveIncomplete(
    message: AssistantMessage,
    answered: ReadonlySet<string> | undefined,
  ): IncompleteArtifact | undefined {
    const reason = incompleteReasonOf(message.stopReason) ?? (answered && 'closed');
    if (!reason) return undefined;
    const whole = reason === 'closed';
    let last: IncompleteArtifact | undefined;
    for (const block of message.content) {
      if (block.type !== 'toolCall' || (whole && answered?.has(block.id))) continue;
      const textOf = (filename: string) => this.entries.get(filename)?.file?.current.content;
      const written = writtenSoFar(block, textOf, whole);
      if (!written) continue;
      this.streams.delete(block.id);
      // The latest incomplete text of a file is the one to show; re-inserting keeps the order of leaving.
      this.unfinished.delete(written.filename);
      last = Object.freeze({ toolCallId: block.id, ...written, reason });
      this.unfinished.set(written.filename, last);
    }
    return last;
  }

  private applyQuietly(record: ArtifactMessage): boolean {
    const entry = this.entries.get(record.filename);
    if (entry && record.version <= entry.lastVersion) return false;
    if (record.action === 'delete') {
      if (!entry) return false;
      this.unfinished.delete(record.filename);
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
    this.unfinished.delete(record.filename);
    const version: ArtifactVersion = {
      version: record.version,
      content: record.content,
      ...(record.bytes === undefined
        ? {}
        : { bytes: record.bytes, mimeType: record.mimeType ?? OCTET_STREAM }),
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
      incomplete: sameItems([...this.unfinished.values()], this.current.incomplete)
        ? this.current.incomplete
        : Object.freeze([...this.unfinished.values()]),
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

/** The calls that have a result among `messages`. */
function answeredIn(messages: readonly AgentMessage[]): ReadonlySet<string> {
  const answered = new Set<string>();
  for (const message of messages) if (message.role === 'toolResult') answered.add(message.toolCallId);
  return answered;
}

function rethrowLater(error: unknown): void {
  queueMicrotask(() => {
    throw error;
  });
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
