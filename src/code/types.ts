import type { AgentMessage } from '../agent';
import type { ArtifactStore } from '../artifacts';
import type { ArtifactMessage } from '../messages';

/** The name Claude calls the tool by. */
export const RUN_CODE_TOOL_NAME = 'run_code';

/** What `run_code` runs, what a run reports while it goes, and how it ends. */

export type CodeLanguage = 'javascript' | 'python';

export interface RunCodeArgs {
  readonly language: CodeLanguage;
  readonly code: string;
  readonly title?: string;
}

/** A file by name with its bytes. */
export interface CodeFile {
  readonly name: string;
  readonly bytes: Uint8Array<ArrayBuffer>;
}

/** A file attached in the session, as the artifacts' `window.fs.readFile` finds it. */
export interface AttachedFile {
  readonly name: string;
  /** Its bytes as attached (`undefined`: no longer stored). */
  readonly load: () => Promise<Blob | undefined>;
  /** Set when it was too large to keep as attached. */
  readonly notKept?: number;
}

/** Something a run produced, in the order it came. */
export type RunEvent =
  | { readonly kind: 'output'; readonly stream: 'stdout' | 'stderr'; readonly text: string }
  | { readonly kind: 'image'; readonly mediaType: string; readonly bytes: Uint8Array<ArrayBuffer> }
  | { readonly kind: 'status'; readonly text: string };

/** How a run ended. */
export type RunOutcome =
  | {
      readonly kind: 'done';
      readonly ok: boolean;
      readonly value?: string;
      readonly error?: string;
      readonly files: readonly CodeFile[];
    }
  /** Past the time limit: the runtime was ended (its state with it). */
  | { readonly kind: 'timeout'; readonly limitMs: number }
  /** Stop (the person, or the whole answer stopped): the runtime was ended. */
  | { readonly kind: 'stopped' }
  /** The runtime could not start or died (its message says why). */
  | { readonly kind: 'failed'; readonly message: string };

export interface RunRequest {
  readonly language: CodeLanguage;
  readonly code: string;
  /** The session's attached files, as attached. */
  readonly files: readonly CodeFile[];
  /** Files written earlier (the panel's), which the code may read and change. */
  readonly outputs: readonly CodeFile[];
  readonly timeLimitMs: number;
}

/**
 * Runs code in a sandbox of its own (the app: an opaque-origin frame with no network, `src/ui/code`).
 * `run` never rejects: every ending is a `RunOutcome`. The state (globals, imports) stays between runs of one
 * `session` while the runner lives; `stateLost` says whether the runtime that ran `session`'s earlier code is
 * gone (stopped, timed out, crashed) so the next result can say so.
 */
export interface CodeRunner {
  run(
    session: string,
    request: RunRequest,
    signal: AbortSignal,
    onEvent: (event: RunEvent) => void,
  ): Promise<RunOutcome>;
  /** Why the state `session`'s earlier runs made is gone, if it is (and it was not said yet). */
  takeStateLost(session: string): string | undefined;
  /** Where the card finds a run while it goes. */
  readonly live?: LiveRunSink;
}

/** What the card shows of a run, live and once it has ended (never sent to the model). */
export interface RunCodeDetails {
  readonly language: CodeLanguage;
  /** stdout and stderr in the order they came (joined chunks of one stream). */
  readonly output: readonly { readonly stream: 'stdout' | 'stderr'; readonly text: string }[];
  /** The images shown, as data for the card (`data:` URLs are made by the card). */
  readonly images: readonly { readonly mediaType: string; readonly data: string }[];
  readonly status?: string;
  readonly value?: string;
  readonly error?: string;
  /** Files written, with the panel version each became (none: kept for later runs only). */
  readonly files: readonly { readonly name: string; readonly version?: number; readonly note?: string }[];
  readonly ending?: 'done' | 'error' | 'timeout' | 'stopped' | 'failed';
  readonly elapsedMs?: number;
}

export interface RunCodeToolDeps {
  /** Loaded when the first run starts. */
  readonly runner: () => Promise<CodeRunner>;
  /** The open session (`''` before it is saved). */
  readonly session: () => string;
  /** The session's attached files, as attached (the bytes `window.fs.readFile` gives artifacts). */
  readonly files: () => readonly AttachedFile[];
  readonly store: ArtifactStore;
  readonly appendRecord: (record: ArtifactMessage) => void;
  /** The conversation so far (to tell whether earlier runs' state was lost to a reload). */
  readonly history: () => readonly AgentMessage[];
  /** Time limit of one run, in milliseconds. */
  readonly timeLimitMs: () => number;
  readonly now?: () => number;
}

/** Where the tool tells of a run while it goes (`LiveRuns`). */
export interface LiveRunSink {
  /** A run of `id` started (`stop` ends it); returns the function that says it ended. */
  start(id: string, stop: () => void): () => void;
  update(id: string, details: RunCodeDetails): void;
}
