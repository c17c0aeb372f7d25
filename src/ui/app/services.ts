/** `EaselServices`: everything the app shell works with, built once by `main.ts`, provided through context. */
import { createContext } from '@lit/context';
import type { Agent } from '../../agent';
import type { ArtifactActions, ArtifactStore } from '../../artifacts';
import type { ImageProcessor } from '../../attachments';
import type { AnthropicProvider } from '../../llm';
import type {
  AttachmentsRepository,
  FolderBackup,
  LazyProjectLibrary,
  SessionLibrary,
  SessionSaver,
  SettingsStore,
} from '../../storage';
import type { PreviewHost } from '../artifacts';
import type { AttachmentBlobSource } from '../attachments';
import type { ToolRenderers } from '../chat/tool-renderers';

/**
 * The services of one tab. `main.ts` (the composition root) builds them and hands them to `<easel-app>` as
 * one object, which provides it to its subtree (`servicesContext`); a change is a new object, never a mutation.
 */
export interface EaselServices {
  /** The agent running the conversation. */
  readonly agent: Agent;
  /** The settings: key, base URL, model, effort, theme. */
  readonly settingsStore: SettingsStore;
  /** The model provider (for the model catalog). */
  readonly provider: AnthropicProvider;
  /** Saved sessions: list, search, export, import, health. */
  readonly library: SessionLibrary;
  /** Projects: their names, instructions and knowledge files. */
  readonly projects: LazyProjectLibrary;
  /** Saves the open session and opens others into the agent. */
  readonly saver: SessionSaver;
  /** Writes each changed session to the folder the person chose (its engine loads only once there is one). */
  readonly backup?: FolderBackup;
  /**
   * Where attachment bytes are kept. `undefined` when there is no file storage: a message with files is then
   * not sent (it must never refer to files that were not kept) and goes back to the box.
   */
  readonly attachments: AttachmentsRepository | undefined;
  /** Stored attachment bytes, for previews of sent files. */
  readonly blobSource: AttachmentBlobSource;
  /** Where attached images are decoded and re-encoded. */
  readonly imageProcessor: ImageProcessor;
  /** What only sending and showing an answer need, loaded after the first screen (the artifacts, the tools). */
  readonly runtime: LazySessionRuntime;
  /** How each tool's calls are drawn in the conversation. */
  readonly toolRenderers: ToolRenderers;
}

/**
 * The session runtime's parts the shell shows: built by `src/app/session-runtime.ts`, which the composition
 * root loads right after the first paint (or with the first run, whichever comes first).
 */
export interface SessionRuntime {
  /** The files the model (and the person) wrote, with their versions. */
  readonly artifacts: ArtifactStore;
  /** Runs artifact previews for the panel and the tool. */
  readonly previewHost: PreviewHost;
  /** Edits and restores made by the person. */
  readonly artifactActions: ArtifactActions;
}

/**
 * The session runtime while it loads. `loaded` is `undefined` until it has; `load()` loads it once (a failed
 * load rejects, saying why, and is tried again at the next call); `subscribe` hears when it has loaded.
 */
export interface LazySessionRuntime<R extends SessionRuntime = SessionRuntime> {
  readonly loaded: R | undefined;
  load(): Promise<R>;
  subscribe(listener: () => void): () => void;
}

export const servicesContext = createContext<EaselServices | undefined>(Symbol('easel-services'));
