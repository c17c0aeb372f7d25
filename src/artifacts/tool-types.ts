/** The `artifacts` tool's arguments, results and dependencies (`tool.ts` defines it, `tool-run.ts` runs it). */
import type { ArtifactMessage } from '../messages';
import type { PreviewLog } from './preview-log';
import type { ArtifactStore } from './store';

export type ArtifactCommand = 'create' | 'update' | 'rewrite' | 'get' | 'delete' | 'logs';

export interface ArtifactsToolArgs {
  readonly command: ArtifactCommand;
  readonly filename: string;
  readonly content?: string;
  readonly old_str?: string;
  readonly new_str?: string;
}

/** What the UI gets with a result (never sent to the model). */
export interface ArtifactsToolDetails {
  readonly command: ArtifactCommand;
  readonly filename: string;
  /** The version after a change. */
  readonly version?: number;
  /** The preview's console, for HTML and SVG changes and `logs`. */
  readonly log?: PreviewLog;
}

export interface ArtifactsToolDeps {
  readonly store: ArtifactStore;
  /** Puts a change record into the conversation (wire to `agent.appendMessage`). */
  readonly appendRecord: (record: ArtifactMessage) => void;
  /**
   * Loads `content` in a sandboxed preview and resolves with what it printed once it has loaded and settled
   * (bounded, about 2 s at most). Must not reject. Absent: results carry no console.
   */
  readonly runPreview?: (filename: string, content: string, signal: AbortSignal) => Promise<PreviewLog>;
  /** The latest console of `filename`'s preview, if it has run. */
  readonly getLogs?: (filename: string) => PreviewLog | undefined;
  readonly now?: () => number;
}
