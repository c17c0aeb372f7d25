/**
 * Changes the person makes in the panel: saving an edit and restoring an earlier version. Each is applied to
 * the store and appended to the conversation as an `artifact` record by `person`, which `convertToLlm` turns
 * into a note the model reads on its next turn.
 */
import type { ArtifactMessage } from '../messages';
import type { ArtifactStore } from './store';

export type PersonChangeResult =
  | { readonly ok: true; readonly record: ArtifactMessage }
  | { readonly ok: false; readonly reason: string };

export interface ArtifactActions {
  /** Saves `content` as the file's new version. */
  edit(filename: string, content: string): PersonChangeResult;
  /** Makes a copy of `version` the file's new version. */
  restore(filename: string, version: number): PersonChangeResult;
}

export interface ArtifactActionsDeps {
  readonly store: ArtifactStore;
  /** Puts a change record into the conversation (wire to `agent.appendMessage`). */
  readonly appendRecord: (record: ArtifactMessage) => void;
  readonly now?: () => number;
}

export function createArtifactActions(deps: ArtifactActionsDeps): ArtifactActions {
  const now = deps.now ?? Date.now;
  const commit = (record: ArtifactMessage): PersonChangeResult => {
    deps.store.apply(record);
    deps.appendRecord(record);
    return { ok: true, record };
  };
  return {
    edit(filename, content) {
      const file = deps.store.get(filename);
      if (!file) return { ok: false, reason: `There is no file named ${filename}.` };
      if (file.current.bytes)
        return { ok: false, reason: `${filename} is a binary file; it cannot be edited as text.` };
      if (file.current.content === content) return { ok: false, reason: 'Nothing changed.' };
      return commit({
        role: 'artifact',
        action: 'edit',
        filename,
        content,
        version: deps.store.nextVersion(filename),
        author: 'person',
        timestamp: now(),
      });
    },
    restore(filename, version) {
      const file = deps.store.get(filename);
      if (!file) return { ok: false, reason: `There is no file named ${filename}.` };
      const old = file.versions.find((v) => v.version === version);
      if (!old) return { ok: false, reason: `${filename} has no version ${version}.` };
      if (old === file.current) return { ok: false, reason: `Version ${version} is the current version.` };
      return commit({
        role: 'artifact',
        action: 'restore',
        filename,
        content: old.content,
        ...(old.bytes === undefined ? {} : { bytes: old.bytes, mimeType: old.mimeType }),
        version: deps.store.nextVersion(filename),
        author: 'person',
        restoredFrom: version,
        timestamp: now(),
      });
    },
  };
}
