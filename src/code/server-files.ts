/**
 * Files Anthropic's code execution tool made, brought into the panel: each `file_id` its results name is
 * downloaded through the Files API (the provider's `downloadFile`, injected) and recorded as an artifact file,
 * byte for byte. `ServerFileDownloads` says how each is going, for the card that shows the run.
 */
import type { AgentMessage } from '../agent';
import { type ArtifactStore, recordFile } from '../artifacts';
import type { ArtifactMessage } from '../messages';

/** Result blocks of the code execution tool whose `content.content` lists the files made, by `file_id`. */
const RESULTS_WITH_FILES: readonly string[] = [
  'bash_code_execution_tool_result',
  'code_execution_tool_result',
];

/** A file a run made, named by its result block. */
export interface ServerFileRef {
  readonly fileId: string;
  /** The `server_tool_use` the result answers. */
  readonly toolUseId: string;
}

/** How bringing one file into the panel goes. */
export type ServerFileState =
  | { readonly status: 'downloading' }
  | { readonly status: 'saved'; readonly filename: string; readonly version: number }
  | { readonly status: 'failed'; readonly problem: string };

/** What downloading a file gave (the provider's `DownloadOutcome`). */
export type ServerFileDownload =
  | { readonly ok: true; readonly filename: string; readonly mimeType: string; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly problem: string };

export interface ServerFilesDeps {
  /** `GET /v1/files/<id>/content` with its name and type; never throws. */
  readonly download: (fileId: string) => Promise<ServerFileDownload>;
  readonly store: ArtifactStore;
  readonly appendRecord: (record: ArtifactMessage) => void;
  readonly now?: () => number;
}

/** The files an answer's code execution results name, in order, each once. */
export function serverFileRefs(message: AgentMessage): ServerFileRef[] {
  if (message.role !== 'assistant') return [];
  const refs = new Map<string, ServerFileRef>();
  for (const part of message.content) {
    if (part.type !== 'opaque' || part.provider !== 'anthropic') continue;
    const block = record(part.value);
    const toolUseId = block?.tool_use_id;
    if (typeof toolUseId !== 'string') continue;
    for (const fileId of resultFileIds(block)) if (!refs.has(fileId)) refs.set(fileId, { fileId, toolUseId });
  }
  return [...refs.values()];
}

/** The `file_id`s a code execution result block lists (`content.content`), in order; none for any other block. */
export function resultFileIds(block: unknown): string[] {
  const result = record(block);
  if (typeof result?.type !== 'string' || !RESULTS_WITH_FILES.includes(result.type)) return [];
  const outputs = record(result.content)?.content;
  if (!Array.isArray(outputs)) return [];
  return outputs.flatMap((output: unknown) => {
    const fileId = record(output)?.file_id;
    return typeof fileId === 'string' && fileId ? [fileId] : [];
  });
}

/**
 * The files of code execution runs brought into the panel in this page, by file id; the card reads them. Each
 * file is downloaded once: a file already here (or on its way) is not asked for again.
 */
export class ServerFileDownloads {
  private readonly files = new Map<string, ServerFileState>();
  private readonly listeners = new Set<(fileId: string) => void>();

  get(fileId: string): ServerFileState | undefined {
    return this.files.get(fileId);
  }

  /** Listens to every change (with the file's id). Returns the function that stops listening. */
  subscribe(listener: (fileId: string) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Downloads the files `message` names that are new here, and records each as an artifact file. */
  async collect(deps: ServerFilesDeps, message: AgentMessage): Promise<void> {
    const fresh = serverFileRefs(message).filter((ref) => !this.files.has(ref.fileId));
    for (const ref of fresh) this.set(ref.fileId, { status: 'downloading' });
    for (const ref of fresh) this.set(ref.fileId, await save(deps, ref));
  }

  private set(fileId: string, state: ServerFileState): void {
    this.files.set(fileId, state);
    for (const listener of this.listeners) listener(fileId);
  }
}

async function save(deps: ServerFilesDeps, ref: ServerFileRef): Promise<ServerFileState> {
  const got = await deps.download(ref.fileId);
  if (!got.ok) return { status: 'failed', problem: `The file could not be downloaded: ${got.problem}` };
  // The name is the API's (a file name, perhaps with the sandbox's folders): its last part becomes the file's.
  const filename = got.filename.split('/').pop()?.trim() ?? '';
  const result = recordFile(
    { store: deps.store, appendRecord: deps.appendRecord, ...(deps.now ? { now: deps.now } : {}) },
    { filename, bytes: got.bytes, mimeType: got.mimeType, toolCallId: ref.toolUseId },
  );
  if (!result.ok) return { status: 'failed', problem: `The file was not put in the panel: ${result.reason}` };
  return { status: 'saved', filename, version: result.changed ? result.record.version : result.version };
}

function record(x: unknown): Readonly<Record<string, unknown>> | undefined {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
    ? (x as Record<string, unknown>)
    : undefined;
}

/** This page's downloads (the app collects into it, the cards read it). */
export const serverFileDownloads = new ServerFileDownloads();
