/**
 * Files as bytes: what code (the `run_code` tool, the API's code execution) writes into the panel, a PDF, a
 * spreadsheet, an image, kept as the exact bytes it wrote. `recordFile` is the one way other code adds such a
 * file or a new version of it; the record goes into the conversation like any other artifact change, so
 * versions, restore, export and sync treat it as they treat text.
 */
import type { ArtifactAuthor, ArtifactMessage } from '../messages';
import { filenameProblem, mimeTypeOf } from './files';
import type { ArtifactStore, ArtifactVersion } from './store';
import { MAX_CONTENT_CHARS, quantity } from './tool-text';

/** The largest file `recordFile` keeps: 30 MiB, the most sync carries of a file. */
export const MAX_FILE_BYTES = 30 * 1024 * 1024;

/** A version whose content is bytes. */
export type BinaryVersion = ArtifactVersion & { readonly bytes: Uint8Array; readonly mimeType: string };

export interface RecordFileDeps {
  readonly store: ArtifactStore;
  /** Puts the change record into the conversation (wire to `agent.appendMessage`). */
  readonly appendRecord: (record: ArtifactMessage) => void;
  readonly now?: () => number;
}

export interface FileToRecord {
  /** A plain artifact file name (`filenameProblem` says why one is refused), e.g. `summary.xlsx`. */
  readonly filename: string;
  readonly bytes: Uint8Array;
  /** The MIME type the code gave or the name implies (`application/pdf`); `''` lets the name decide. */
  readonly mimeType: string;
  /** Default `model`: code Claude ran wrote it. */
  readonly author?: ArtifactAuthor;
  /** The tool call that wrote it, shown as the change's cause. */
  readonly toolCallId?: string;
}

/**
 * `changed: false`: the file's current version already held these bytes, so no version was added.
 * A refusal's `reason` is one sentence to show or to give the model.
 */
export type RecordFileResult =
  | { readonly ok: true; readonly changed: true; readonly record: ArtifactMessage }
  | { readonly ok: true; readonly changed: false; readonly version: number }
  | { readonly ok: false; readonly reason: string };

/**
 * Adds `file` to the panel: a new file (`create`) or a new version of the file of that name (`rewrite`),
 * applied to the store at once and handed to `appendRecord`. The bytes are copied, so the caller may reuse its
 * buffer.
 *
 * A file whose bytes are UTF-8 text of a text type (`.csv`, `.txt`, `.json`, `.svg`, `.md`, `.html`, source
 * code; not over `MAX_CONTENT_CHARS`) is kept as text, byte for byte the same when downloaded: the model can
 * then `get` and `update` it. Anything else is kept as bytes, which are never sent to the model as text.
 */
export function recordFile(deps: RecordFileDeps, file: FileToRecord): RecordFileResult {
  const problem = filenameProblem(file.filename);
  if (problem) return { ok: false, reason: problem };
  if (file.bytes.byteLength > MAX_FILE_BYTES)
    return {
      ok: false,
      reason: `${file.filename} is ${quantity(file.bytes.byteLength, 'byte')}; a file may have at most ${quantity(MAX_FILE_BYTES, 'byte')}.`,
    };
  const mimeType = file.mimeType.trim() || mimeTypeOf(file.filename).split(';')[0] || OCTET_STREAM;
  const text = textOf(file.bytes, file.filename, mimeType);
  const current = deps.store.get(file.filename)?.current;
  if (current && sameContent(current, text, file.bytes))
    return { ok: true, changed: false, version: current.version };
  const record: ArtifactMessage = {
    role: 'artifact',
    action: current ? 'rewrite' : 'create',
    filename: file.filename,
    ...(text === undefined ? { content: '', bytes: file.bytes.slice(), mimeType } : { content: text }),
    version: deps.store.nextVersion(file.filename),
    author: file.author ?? 'model',
    ...(file.toolCallId === undefined ? {} : { toolCallId: file.toolCallId }),
    timestamp: (deps.now ?? Date.now)(),
  };
  deps.store.apply(record);
  deps.appendRecord(record);
  return { ok: true, changed: true, record };
}

/** Whether `version` holds bytes rather than text. */
export function isBinaryVersion(version: ArtifactVersion): version is BinaryVersion {
  return version.bytes !== undefined;
}

/** A version's bytes: a binary version's own, a text version's UTF-8 (what `Download` saves). */
export function bytesOfVersion(version: ArtifactVersion): Uint8Array {
  return version.bytes ?? new TextEncoder().encode(version.content);
}

/**
 * What the model reads about a binary file in place of its content: its type and size, and that it is shown
 * in the panel.
 */
export function binaryFileText(filename: string, version: BinaryVersion): string {
  return (
    `${filename} (version ${version.version}) is a binary file (${version.mimeType}, ` +
    `${quantity(version.bytes.byteLength, 'byte')}). It is shown in the panel; its bytes cannot be read or edited as text.`
  );
}

const OCTET_STREAM = 'application/octet-stream';
const TEXT_TYPES =
  /^(text\/|application\/(json|xml|javascript|ecmascript|x-python|x-sh|x-yaml|yaml|toml|sql)\b|image\/svg\+xml)/;
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The file's text when it is a text file kept as text (see `recordFile`), else `undefined`. */
function textOf(bytes: Uint8Array, filename: string, mimeType: string): string | undefined {
  const named = mimeTypeOf(filename);
  const textual =
    TEXT_TYPES.test(mimeType.toLowerCase()) || (/^text\//.test(named) && mimeType === OCTET_STREAM);
  if (!textual || bytes.byteLength > MAX_CONTENT_CHARS * 3) return undefined;
  try {
    const text = STRICT_UTF8.decode(bytes);
    // A NUL byte says it is not text, whatever its type claims.
    return text.length <= MAX_CONTENT_CHARS && !text.includes('\u0000') ? text : undefined;
  } catch {
    return undefined;
  }
}

function sameContent(current: ArtifactVersion, text: string | undefined, bytes: Uint8Array): boolean {
  if (text !== undefined) return current.bytes === undefined && current.content === text;
  const old = current.bytes;
  if (!old || old.byteLength !== bytes.byteLength) return false;
  for (let i = 0; i < old.byteLength; i++) if (old[i] !== bytes[i]) return false;
  return true;
}
