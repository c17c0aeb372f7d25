/**
 * `createServices()`: the composition root. It builds every service of a tab, in one order: storage, the
 * conversation (provider, agent, saver), memory, the session runtime's handle, then the settings sections'
 * handles. `main.ts` and the app's element test both build the app with it.
 *
 * What loads when (docs/DESIGN.md, "What loads when"): everything here is in the first screen's code but the
 * session runtime (`session-runtime.ts`: the artifacts, the preview host, the tools), whose module `mountApp`
 * loads right after the first paint and the agent awaits before a run (`prepareRun`), so a Send that comes
 * sooner waits for it.
 *
 * Each service is a `const`, built once after what it needs. What the agent and the provider ask at request
 * time (the request's settings, the project's standing context) are functions they call when a message is
 * sent, never while the services are built; nothing is filled in later, and building writes no setting.
 * A new service is one `const` here, placed after what it needs, and one field of `AppServices`.
 */
import { Agent, type ConvertToLlm, errorText, type StandingContext } from '../agent';
import type { SessionFile } from '../artifacts';
import { createImageProcessor } from '../attachments';
import {
  type AnthropicProvider,
  type ContainerFile,
  createAnthropicProvider,
  LlmError,
  type ProviderSettings,
} from '../llm';
import type { MemoryScope } from '../memory';
import type { AttachmentResolver } from '../messages';
import {
  AttachmentsRepository,
  BroadcastNoticeChannel,
  blobToBase64,
  EaselConnection,
  FolderBackup,
  HeldFiles,
  lazyProjectLibrary,
  NO_KEY,
  requestKey,
  SessionLibrary,
  SessionQueues,
  SessionSaver,
  SettingsRepository,
  SettingsStore,
} from '../storage';
import { lazySync, type SyncHandle } from '../sync';
import {
  artifactsToolRenderer,
  type EaselServices,
  type LazySessionRuntime,
  type MemoryHandle,
  type ModelFinder,
  memoryToolRenderer,
  runCodeToolRenderer,
  type UploadsHandle,
} from '../ui';
import type { AppMemory } from '../ui/memory/memory-service';
import { lazySessionRuntime } from './lazy-runtime';
import { newChatToggles } from './new-chat-toggles';
import type { AppRuntime } from './session-runtime';
import type { StandingContextSource } from './standing-context';

export const SYSTEM_PROMPT = [
  'You are Claude, talking with a person through Easel, a chat app in their browser with a side panel for files.',
  'Answer in Markdown.',
  'When the person asks for something they will want to look at, run, keep or change — a web page, an app, a',
  'chart, an SVG drawing, a document, a longer piece of code — write it as a file with the `artifacts` tool; it',
  'appears in the panel beside the chat while you write it. Keep short snippets and explanations in the chat.',
].join(' ');

/** What differs between the page and a test; everything else is the app's own. */
export interface ServiceOptions {
  /** The IndexedDB database (tests: one of their own). */
  readonly database?: string;
  /** The channel tabs tell each other about changes on (tests: one of their own). */
  readonly channel?: string;
  /** Where preview frames for the `artifacts` tool's console checks go. */
  readonly previewRoot: HTMLElement;
  /** The tab's session storage for queued messages (`undefined`: none). */
  readonly tabStorage?: Storage;
  /** Test double: the model provider, given the settings each request reads. */
  readonly provider?: (getSettings: () => ProviderSettings) => AnthropicProvider;
}

/** Everything a tab runs on: the app shell's services and what its settings sections are given. */
export interface AppServices extends EaselServices {
  readonly runtime: LazySessionRuntime<AppRuntime>;
  readonly backup: FolderBackup;
  readonly sync: SyncHandle & { resume(): void };
  readonly memory: MemoryHandle;
  readonly uploads: UploadsHandle;
  readonly modelFinder: ModelFinder;
  /** What the first answer needs, loaded while the page is idle. */
  readonly warmUp: () => void;
}

/**
 * Opens the tab's database and settings, then builds every service on them, each after what it needs (a
 * `const` read before its declaration does not compile). The agent and the provider ask `requestSettings` and
 * `standingContext` only when a message is sent, which needs the services handed to the app first.
 */
export async function createServices(options: ServiceOptions): Promise<AppServices> {
  // One connection for the tab; it outlives site data being cleared, and tells the saver when data is lost.
  const connection = await EaselConnection.open({ name: options.database });
  const { db } = connection;
  const settingsRepo = new SettingsRepository(db);
  const settings = new SettingsStore(settingsRepo);
  await settings.load();
  const channel = new BroadcastNoticeChannel(options.channel);
  // An incognito chat's files are held in memory (`held`), never stored; the repository reads them there first.
  const held = new HeldFiles();
  const attachments = new AttachmentsRepository(db, held);
  // Stored attachment bytes, for the requests (the resolver) and for previews of sent files (the blob source).
  const loadBlob = async (id: string) => {
    const found = await attachments.get(id);
    return found.kind === 'found' ? found.record.blob : undefined;
  };
  // What a request makes of the conversation (attachments read, notes placed, the PDF budget): its code loads
  // while the page is idle or with the first request, not with the first screen; a failed load is tried again.
  let converting: Promise<{ resolve: AttachmentResolver; convert: ConvertToLlm }> | undefined;
  const loadConverting = () => {
    converting ??= Promise.all([import('../attachments/resolve'), import('../messages/convert')]).then(
      ([r, c]) => {
        const resolve = r.createAttachmentResolver(loadBlob);
        return { resolve, convert: c.createConvertToLlm({ resolveAttachment: resolve }) };
      },
      (error: unknown) => {
        converting = undefined;
        const reason = errorText(error);
        throw new Error(
          `Easel could not load what prepares a message (${reason}). Check the connection and send again.`,
        );
      },
    );
    return converting;
  };
  const resolveAttachment: AttachmentResolver = async (record) => (await loadConverting()).resolve(record);

  // The conversation: the provider reads the settings at each request; the agent sends through it.
  const getSettings = () => requestSettings();
  const provider = options.provider
    ? options.provider(getSettings)
    : // The ids of files sent by id (Settings → Files API) are kept with the settings, never the key.
      createAnthropicProvider({ getSettings, fileStorage: settingsRepo });
  const agent = new Agent({
    streamFn: provider.streamFn,
    getApiKey: () => requestKey(settings.snapshot),
    getStandingContext: () => standingContext(),
    convertToLlm: async (messages, standing) => (await loadConverting()).convert(messages, standing),
    initialState: { systemPrompt: SYSTEM_PROMPT },
    // A run waits for the session runtime (its tools), should it come before the runtime has loaded.
    prepareRun: async () => {
      await runtime.load();
    },
  });
  // Queued messages stay with the session they were written in, and across a reload.
  const queues = new SessionQueues(agent, options.tabStorage);
  const saver: SessionSaver = new SessionSaver({
    db,
    agent,
    channel,
    connection,
    held,
    onHistoryLoaded: () => {
      queues.opened(saver.sessionId);
      runtime.loaded?.applyTools();
    },
  });
  // One writer per tab: the saver then tells this tab's deletions from another tab's.
  const library = new SessionLibrary({ db, settings: settingsRepo, channel, writer: saver.writer });
  const projects = lazyProjectLibrary({ db });
  const toggles = newChatToggles({ settings, saver, agent });

  // The open session's files, as attached: for artifacts that read them and for `run_code` (the runtime).
  const sessionFiles = (): SessionFile[] =>
    agent.state.messages.flatMap((m) =>
      m.role === 'user-with-attachments'
        ? m.attachments.map((a) => ({
            name: a.name,
            // The file as attached, where a conversion of it (what Claude read) is stored under `id`.
            load: () => loadBlob(a.sourceId ?? a.id),
            ...(a.sourceId === undefined && a.sourceSize !== undefined ? { notKept: a.sourceSize } : {}),
          }))
        : [],
    );
  // The same files, as attached, for Anthropic's code execution (the provider uploads each once).
  const containerFiles = async (): Promise<ContainerFile[]> => {
    const found = await Promise.all(
      sessionFiles().map(async (f) => {
        const blob = f.notKept === undefined ? await f.load().catch(() => undefined) : undefined;
        if (!blob) return [];
        return [
          {
            name: f.name,
            mediaType: blob.type || 'application/octet-stream',
            data: await blobToBase64(blob),
          },
        ];
      }),
    );
    return found.flat();
  };
  // Memory (Settings → Memory): the tool goes with the requests while it is on; each call reads the open chat's
  // project then, so a chat moved to a project sees that project's memory from its next call on.
  // The memory's code (the tool's commands, its repository, the Settings part) loads with its first use.
  let appMemory: Promise<AppMemory> | undefined;
  const loadMemory = () => {
    appMemory ??= import('../ui/memory/memory-service').then(
      (m) =>
        m.createAppMemory({
          db,
          settings,
          projectName: async (id) => (await (await projects()).get(id))?.name,
          scope: memoryScope,
        }),
      (error: unknown) => {
        appMemory = undefined;
        throw error;
      },
    );
    return appMemory;
  };
  const memoryScope = async (): Promise<MemoryScope | undefined> => {
    if (!settings.snapshot.memory || saver.incognito) return undefined;
    const id = saver.sessionId;
    const lookup = id === undefined ? undefined : await library.get(id);
    const projectId = lookup?.kind === 'found' ? lookup.session.projectId : saver.newChatProject;
    return projectId === undefined ? {} : { project: projectId };
  };

  // What only sending and showing an answer need (the artifacts, the preview host, the tools): its module loads
  // after the first paint (`mountApp`), or with the first run if that comes sooner.
  const runtime = lazySessionRuntime(async () =>
    (await import('./session-runtime')).createSessionRuntime({
      db,
      agent,
      provider,
      settings,
      settingsRepo,
      saver,
      toggles,
      previewRoot: options.previewRoot,
      sessionFiles,
      loadMemoryTool: async () => (await loadMemory()).tool,
    }),
  );
  saver.subscribe((status) => {
    if (status.kind === 'restored') queues.renamed(status.sessionId);
  });

  /** What each request sends besides its messages (the open session decides the web tools). */
  function requestSettings(): ProviderSettings {
    const s = settings.snapshot;
    // A local or compatible server gets plain requests: none of the API's own features.
    if (s.server === 'compatible') return { baseUrl: s.baseUrl, compatible: true };
    const connectors = s.connectors
      .filter((c) => c.enabled)
      .map((c) => ({ name: c.name, url: c.url, tools: c.tools, ...(c.token ? { token: c.token } : {}) }));
    return {
      baseUrl: s.baseUrl,
      ...(toggles.webOn() ? { web: s.web } : {}),
      ...(connectors.length > 0 ? { connectors } : {}),
      ...(s.autoCompact ? { autoCompact: true } : {}),
      ...(s.filesApi.enabled ? { files: { minBytes: s.filesApi.minKb * 1024 } } : {}),
      ...(s.serverCodeExecution ? { codeExecution: true, containerFiles } : {}),
    };
  }

  // A chat in a project sends the project's instructions and files with each request. Its code loads while the
  // page is idle or with the first request (the first screen does not need it); a failed load is tried again
  // with the next request, and the answer says why it could not be sent.
  let standing: Promise<StandingContextSource> | undefined;
  const loadStanding = () => {
    standing ??= import('./standing-context').then(
      (m) => m.createStandingContext({ projects, library, saver, resolve: resolveAttachment }),
      (error: unknown) => {
        standing = undefined;
        const reason = errorText(error);
        throw new Error(
          `Easel could not load what this chat sends with each message (${reason}). Check the connection and send again.`,
        );
      },
    );
    return standing;
  };
  async function standingContext(): Promise<StandingContext | undefined> {
    // What Claude reads about run_code and artifacts loads with the first request, not with the first screen.
    await (await runtime.load()).prepare();
    return (await loadStanding()).get();
  }

  return {
    agent,
    settingsStore: settings,
    provider,
    library,
    projects,
    saver,
    attachments,
    blobSource: { load: loadBlob },
    imageProcessor: createImageProcessor(),
    runtime,
    toolRenderers: new Map([
      ['artifacts', artifactsToolRenderer],
      ['run_code', runCodeToolRenderer],
      ['memory', memoryToolRenderer],
    ]),
    // The backup's engine loads now only when a folder was chosen before.
    backup: new FolderBackup({ db, channel, writer: saver.writer }),
    // Sync (Settings → Sync): its service loads with that section, or now when sync was set up before.
    sync: lazySync({ db, channel, settings: settingsRepo }),
    // Settings → Files API lists and deletes the files uploaded with the current key.
    uploads: { files: provider, apiKey: () => settings.snapshot.apiKey },
    memory: { load: async () => (await loadMemory()).service },
    // Settings → Server's `Find models`: the server's list, without a key (a local server needs none).
    modelFinder: {
      find: async (baseUrl) => {
        try {
          return (await provider.listModels(settings.snapshot.apiKey || NO_KEY, undefined, baseUrl)).map(
            (m) => m.id,
          );
        } catch (error) {
          // The error texts loaded with the provider, which the list just used.
          const errors = await import('../llm/errors').catch(() => undefined);
          const info =
            error instanceof LlmError ? errors?.compatibleServerError(error.info, baseUrl) : undefined;
          return info?.message ?? errorText(error);
        }
      },
    },
    warmUp: () => {
      // The runtime, then its preview's code and the shelf's manifest: code and a list, no frame.
      void runtime
        .load()
        .then((loaded) => loaded.previewHost.runtime.warmUp())
        .catch(() => undefined);
      provider.prepare();
      void loadConverting().catch(() => undefined);
      void loadStanding().catch(() => undefined);
      void loadMemory().catch(() => undefined);
    },
  };
}
