/**
 * `createServices()`: the composition root. It builds every service of a tab, in one order: storage, the
 * conversation (provider, agent, saver), the artifacts and their tools, memory, then the settings sections'
 * handles. `main.ts` and the app's element test both build the app with it.
 *
 * Each service is a `const`, built once after what it needs. What the agent and the provider ask at request
 * time (the request's settings, the project's standing context) are functions they call when a message is
 * sent, never while the services are built; nothing is filled in later, and building writes no setting.
 * A new service is one `const` here, placed after what it needs, and one field of `AppServices`.
 */
import { Agent, type ConvertToLlm, errorText, type StandingContext } from '../agent';
import {
  ArtifactApps,
  ArtifactStore,
  createArtifactActions,
  createArtifactStreamTracker,
  createArtifactsTool,
  lazyClaudeBridge,
  lazyNetworkBridge,
  type SessionFile,
} from '../artifacts';
import { createImageProcessor } from '../attachments';
import { createRunCodeTool } from '../code';
import {
  type AnthropicProvider,
  BUILTIN_MODELS,
  type ContainerFile,
  createAnthropicProvider,
  LlmError,
  type ProviderSettings,
} from '../llm';
import { lazyMemoryTool, type MemoryScope } from '../memory';
import type { ArtifactMessage, AttachmentResolver } from '../messages';
import {
  AttachmentsRepository,
  BroadcastNoticeChannel,
  blobToBase64,
  EaselConnection,
  FolderBackup,
  HeldFiles,
  lazyAppData,
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
  collectServerFiles,
  type EaselServices,
  lazyCodeSandbox,
  type MemoryHandle,
  type ModelFinder,
  memoryToolRenderer,
  PreviewHost,
  PreviewRuntime,
  preloadArtifactsPanel,
  runCodeToolRenderer,
  type UploadsHandle,
} from '../ui';
import type { AppMemory } from '../ui/memory/memory-service';
import { newChatToggles } from './new-chat-toggles';
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
  });
  const artifacts = new ArtifactStore();
  const appendRecord = (record: ArtifactMessage) => agent.appendMessage(record);
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
      applyTools();
    },
  });
  // One writer per tab: the saver then tells this tab's deletions from another tab's.
  const library = new SessionLibrary({ db, settings: settingsRepo, channel, writer: saver.writer });
  const projects = lazyProjectLibrary({ db });
  const toggles = newChatToggles({ settings, saver, agent });

  // Artifacts as apps: a page's storage, files, Claude calls and network by consent.
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
  const apps: ArtifactApps = new ArtifactApps({
    data: lazyAppData(db),
    claude: lazyClaudeBridge({
      // Never the chat's request: no connectors, no web tools, no system prompt (issue: artifacts as apps).
      streamFn: provider.plainStreamFn,
      apiKey: () => requestKey(settings.snapshot),
      model: () => agent.state.model,
      cap: () => settings.snapshot.artifactCallCap,
      prices: BUILTIN_MODELS,
      spending: settingsRepo,
      changed: () => apps.changed(),
    }),
    network: lazyNetworkBridge({
      store: settingsRepo,
      appOrigin: location.origin,
      apiHosts: () => {
        const base = URL.parse(settings.snapshot.baseUrl || 'https://api.anthropic.com');
        return base ? [base.hostname] : [];
      },
      fetch: (input, init) => fetch(input, init),
      changed: () => apps.changed(),
    }),
    session: () => saver.sessionId,
    files: sessionFiles,
  });
  const previewHost = new PreviewHost(options.previewRoot, {}, new PreviewRuntime(undefined, apps));
  const artifactsTool = createArtifactsTool({
    store: artifacts,
    appendRecord,
    runPreview: previewHost.runPreview,
    getLogs: previewHost.getLogs,
  });
  const codeTool = createRunCodeTool({
    runner: lazyCodeSandbox,
    session: () => saver.sessionId ?? '',
    files: sessionFiles,
    store: artifacts,
    appendRecord,
    history: () => agent.state.messages,
    timeLimitMs: () => settings.snapshot.codeTimeLimitSec * 1000,
  });

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
  const memoryTool = lazyMemoryTool(async () => (await loadMemory()).tool);

  // `run_code` goes with the requests of a session unless `Code` is off there; the memory tool while Memory is on
  // (it is the API's own type, which a local or compatible server does not know).
  const applyTools = () => {
    const s = settings.snapshot;
    agent.setTools([
      artifactsTool,
      ...(toggles.codeOn() ? [codeTool] : []),
      // Never in an incognito chat: it neither reads nor writes memory.
      ...(s.memory && s.server === 'anthropic' && !saver.incognito ? [memoryTool] : []),
    ]);
  };
  applyTools();
  settings.subscribe(applyTools);
  saver.subscribe(applyTools);
  saver.subscribe((status) => {
    if (status.kind === 'restored') queues.renamed(status.sessionId);
  });
  // New records apply once; a loaded session, a new chat or a rewound history rebuilds the panel from them.
  // While a run goes on, the calls of an answer that has just ended are about to run (not left by a reload).
  agent.subscribeState((state) => artifacts.sync(state.messages, state.isStreaming));
  agent.subscribe(createArtifactStreamTracker(artifacts));
  // Files Anthropic's code execution made (Settings → Code) are downloaded into the panel when their answer ends.
  agent.subscribe(
    collectServerFiles({
      download: (fileId) => provider.downloadFile(requestKey(settings.snapshot) ?? '', fileId),
      store: artifacts,
      appendRecord,
    }),
  );

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
    // The answer may write a component: the compiler starts, and React's shelf files are read, meanwhile.
    previewHost.runtime.warmUp(true);
    await Promise.all([codeTool.prepare(), artifactsTool.prepare()]);
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
    artifacts,
    previewHost,
    artifactActions: createArtifactActions({ store: artifacts, appendRecord }),
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
      provider.prepare();
      void loadConverting().catch(() => undefined);
      void loadStanding().catch(() => undefined);
      void loadMemory().catch(() => undefined);
      // The artifacts panel's and the preview's code, and the shelf's manifest: code and a list, no frame.
      preloadArtifactsPanel();
      previewHost.runtime.warmUp();
    },
  };
}
