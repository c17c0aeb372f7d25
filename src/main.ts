/**
 * Composition root: opens the database, builds the services and the agent, and hands them to <easel-app> as
 * one `EaselServices` object. The only place that constructs services.
 */
// First: the Trusted Types default policy must exist before any module can reach a sink.
import './trusted-types';
import './ui/styles/tokens.css';
import { Agent, type StandingContext } from './agent';
import type { StandingContextSource } from './app/standing-context';
import {
  ArtifactApps,
  ArtifactStore,
  createArtifactActions,
  createArtifactStreamTracker,
  createArtifactsTool,
  lazyClaudeBridge,
  lazyNetworkBridge,
  type SessionFile,
} from './artifacts';
import { createAttachmentResolver, createImageProcessor } from './attachments';
import { createRunCodeTool } from './code';
import { BUILTIN_MODELS, compatibleServerError, createAnthropicProvider, LlmError } from './llm';
import { lazyMemoryTool, type MemoryScope } from './memory';
import { type ArtifactMessage, createConvertToLlm } from './messages';
import {
  AppDataRepository,
  AttachmentsRepository,
  adoptNewChat,
  adoptNewChatCode,
  BroadcastNoticeChannel,
  codeOn,
  EaselConnection,
  FolderBackup,
  keepQueuesOnlyOnReload,
  lazyProjectLibrary,
  NO_KEY,
  requestKey,
  SessionLibrary,
  SessionQueues,
  SessionSaver,
  SettingsRepository,
  SettingsStore,
  webOn,
} from './storage';
import { lazySync } from './sync';
import {
  artifactsToolRenderer,
  EaselApp,
  type EaselServices,
  lazyCodeSandbox,
  memoryToolRenderer,
  PreviewHost,
  PreviewRuntime,
  prepareMarkdown,
  provideMemory,
  provideModelFinder,
  provideSync,
  provideUploads,
  runCodeToolRenderer,
} from './ui';
import type { AppMemory } from './ui/memory/memory-service';

const SYSTEM_PROMPT = [
  'You are Claude, talking with a person through Easel, a chat app in their browser with a side panel for files.',
  'Answer in Markdown.',
  'When the person asks for something they will want to look at, run, keep or change — a web page, an app, a',
  'chart, an SVG drawing, a document, a longer piece of code — write it as a file with the `artifacts` tool; it',
  'appears in the panel beside the chat while you write it. Keep short snippets and explanations in the chat.',
].join(' ');

async function main(): Promise<void> {
  // One connection for the tab; it outlives site data being cleared, and tells the saver when data is lost.
  const connection = await EaselConnection.open();
  const { db } = connection;
  const settingsRepo = new SettingsRepository(db);
  const settings = new SettingsStore(settingsRepo);
  await settings.load();
  const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');
  const applyTheme = () => {
    const theme = settings.snapshot.theme;
    document.documentElement.dataset.theme =
      theme === 'system' ? (darkQuery.matches ? 'dark' : 'light') : theme;
  };
  applyTheme();
  settings.subscribe(applyTheme);
  darkQuery.addEventListener('change', applyTheme);

  const attachments = new AttachmentsRepository(db);
  // Stored attachment bytes, for the requests (the resolver) and for previews of sent files (the blob source).
  const loadBlob = async (id: string) => {
    const found = await attachments.get(id);
    return found.kind === 'found' ? found.record.blob : undefined;
  };
  // The web tools (when `Web` is on for the open session) and the enabled connectors go with each request.
  let saverRef: SessionSaver | undefined;
  let adoptedFrom: string | undefined;
  const adoptWeb = () => {
    const id = saverRef?.sessionId;
    if (id === adoptedFrom) return;
    // A new chat with Web on keeps it once its first message saves it (not a session opened from it).
    const fresh = adoptedFrom === undefined && agentRef !== undefined && agentRef.state.messages.length <= 2;
    const next = id && fresh ? adoptNewChat(settings.snapshot, id) : undefined;
    if (next) void settings.update({ webSessions: next });
    const code = id && fresh ? adoptNewChatCode(settings.snapshot, id) : undefined;
    if (code) void settings.update({ codeOffSessions: code });
    adoptedFrom = id;
  };
  const provider = createAnthropicProvider({
    getSettings: () => {
      adoptWeb();
      const s = settings.snapshot;
      // A local or compatible server gets plain requests: none of the API's own features.
      if (s.server === 'compatible') return { baseUrl: s.baseUrl, compatible: true };
      const connectors = s.connectors
        .filter((c) => c.enabled)
        .map((c) => ({ name: c.name, url: c.url, tools: c.tools, ...(c.token ? { token: c.token } : {}) }));
      return {
        baseUrl: s.baseUrl,
        ...(webOn(s, saverRef?.sessionId) ? { web: s.web } : {}),
        ...(connectors.length > 0 ? { connectors } : {}),
        ...(s.autoCompact ? { autoCompact: true } : {}),
        ...(s.filesApi.enabled ? { files: { minBytes: s.filesApi.minKb * 1024 } } : {}),
      };
    },
    // The ids of files sent by id (Settings → Files API) are kept with the settings, never the key.
    fileStorage: settingsRepo,
  });
  let agentRef: Agent | undefined;
  const resolveAttachment = createAttachmentResolver(loadBlob);
  // A chat in a project sends the project's instructions and files with each request (known once the saver is).
  let standingContext: () => Promise<StandingContext | undefined> = async () => undefined;
  let reservedPdf = () => ({ pages: 0, bytes: 0 });
  const agent = new Agent({
    streamFn: provider.streamFn,
    getApiKey: () => requestKey(settings.snapshot),
    getStandingContext: () => standingContext(),
    convertToLlm: createConvertToLlm({ resolveAttachment, reservedPdf: () => reservedPdf() }),
    initialState: { systemPrompt: SYSTEM_PROMPT },
  });
  const artifacts = new ArtifactStore();
  // The files attached in the open session, as attached (artifacts and run_code read them).
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
  // The session is known once the saver exists (below); the apps ask for it only when a page calls them.
  let openSession = (): string | undefined => undefined;
  const claudeCalls = lazyClaudeBridge({
    // Never the chat's request: no connectors, no web tools, no system prompt (issue: artifacts as apps).
    streamFn: provider.plainStreamFn,
    apiKey: () => requestKey(settings.snapshot),
    model: () => agent.state.model,
    cap: () => settings.snapshot.artifactCallCap,
    prices: BUILTIN_MODELS,
    spending: settingsRepo,
    changed: () => apps.changed(),
  });
  const apps: ArtifactApps = new ArtifactApps({
    data: new AppDataRepository(db),
    claude: claudeCalls,
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
    session: () => openSession(),
    files: () => sessionFiles(),
  });
  const previews = new PreviewHost(document.body, {}, new PreviewRuntime(undefined, apps));
  const appendRecord = (record: ArtifactMessage) => agent.appendMessage(record);
  const artifactsTool = createArtifactsTool({
    store: artifacts,
    appendRecord,
    runPreview: previews.runPreview,
    getLogs: previews.getLogs,
  });
  const codeTool = createRunCodeTool({
    runner: lazyCodeSandbox,
    session: () => openSession() ?? '',
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
  let projectName: (id: string) => Promise<string | undefined> = async () => undefined;
  let memoryScope: () => Promise<MemoryScope | undefined> = async () => undefined;
  const loadMemory = () => {
    appMemory ??= import('./ui/memory/memory-service').then(
      (m) =>
        m.createAppMemory({ db, settings, projectName: (id) => projectName(id), scope: () => memoryScope() }),
      (error: unknown) => {
        appMemory = undefined;
        throw error;
      },
    );
    return appMemory;
  };
  const memoryTool = lazyMemoryTool(async () => (await loadMemory()).tool);
  // `run_code` goes with the requests of a session unless `Code` is off there; the memory tool while Memory is on
  // (it is the API's own type, which a local or compatible server does not know).
  const applyTools = () => {
    const snapshot = settings.snapshot;
    agent.setTools([
      artifactsTool,
      ...(codeOn(snapshot, saverRef?.sessionId) ? [codeTool] : []),
      ...(snapshot.memory && snapshot.server === 'anthropic' ? [memoryTool] : []),
    ]);
  };
  applyTools();
  settings.subscribe(applyTools);
  // New records apply once; a loaded session, a new chat or a rewound history rebuilds the panel from them.
  // While a run goes on, the calls of an answer that has just ended are about to run (not left by a reload).
  agent.subscribeState((state) => artifacts.sync(state.messages, state.isStreaming));
  agent.subscribe(createArtifactStreamTracker(artifacts));

  const channel = new BroadcastNoticeChannel();
  // Queued messages stay with the session they were written in, and across a reload.
  const queues = new SessionQueues(agent, tabStorage());
  const saver: SessionSaver = new SessionSaver({
    db,
    agent,
    channel,
    connection,
    onHistoryLoaded: () => queues.opened(saver.sessionId),
  });
  saver.subscribe((status) => {
    if (status.kind === 'restored') queues.renamed(status.sessionId);
  });
  agentRef = agent;
  saverRef = saver;
  saver.subscribe(adoptWeb);
  saver.subscribe(applyTools);
  openSession = () => saver.sessionId;
  // One writer per tab: the saver then tells this tab's deletions from another tab's.
  const library = new SessionLibrary({ db, settings: settingsRepo, channel, writer: saver.writer });
  const projects = lazyProjectLibrary({ db });
  memoryScope = async () => {
    if (!settings.snapshot.memory) return undefined;
    const id = saver.sessionId;
    const lookup = id === undefined ? undefined : await library.get(id);
    const projectId = lookup?.kind === 'found' ? lookup.session.projectId : saver.newChatProject;
    return projectId === undefined ? {} : { project: projectId };
  };
  // Its code loads while the page is idle or with the first request (the first screen does not need it); a
  // failed load is tried again with the next request, and the answer says why it could not be sent.
  let standing: Promise<StandingContextSource> | undefined;
  const loadStanding = () => {
    standing ??= import('./app/standing-context').then(
      (m) => {
        const source = m.createStandingContext({ projects, library, saver, resolve: resolveAttachment });
        reservedPdf = source.reservedPdf;
        return source;
      },
      (error: unknown) => {
        standing = undefined;
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(
          `Easel could not load what this chat sends with each message (${reason}). Check the connection and send again.`,
        );
      },
    );
    return standing;
  };
  standingContext = async () => {
    // What Claude reads about run_code and artifacts loads with the first request, not with the first screen.
    await Promise.all([codeTool.prepare(), artifactsTool.prepare()]);
    return (await loadStanding()).get();
  };
  // The backup's engine loads now only when a folder was chosen before.
  const backup = new FolderBackup({ db, channel, writer: saver.writer });
  void backup.start().catch((error: unknown) => console.error(error));

  const app = document.querySelector('easel-app') ?? document.body.appendChild(new EaselApp());
  // Sync (Settings → Sync): its service loads with that section, or now when sync was set up before.
  const sync = lazySync({ db, channel, settings: settingsRepo });
  provideSync(app, sync);
  // Settings → Files API lists and deletes the files uploaded with the current key.
  provideUploads(app, { files: provider, apiKey: () => settings.snapshot.apiKey });
  projectName = async (id) => (await (await projects()).get(id))?.name;
  provideMemory(app, { load: async () => (await loadMemory()).service });
  // Settings → Server's `Find models`: the server's list, without a key (a local server needs none).
  provideModelFinder(app, {
    find: async (baseUrl) => {
      try {
        return (await provider.listModels(settings.snapshot.apiKey || NO_KEY, undefined, baseUrl)).map(
          (m) => m.id,
        );
      } catch (error) {
        const info = error instanceof LlmError ? compatibleServerError(error.info, baseUrl) : undefined;
        return info?.message ?? (error instanceof Error ? error.message : String(error));
      }
    },
  });
  sync.resume();
  const services: EaselServices = {
    agent,
    settingsStore: settings,
    provider,
    library,
    projects,
    saver,
    backup,
    attachments,
    blobSource: { load: loadBlob },
    imageProcessor: createImageProcessor(),
    artifacts,
    previewHost: previews,
    artifactActions: createArtifactActions({ store: artifacts, appendRecord }),
    toolRenderers: new Map([
      ['artifacts', artifactsToolRenderer],
      ['run_code', runCodeToolRenderer],
      ['memory', memoryToolRenderer],
    ]),
  };
  app.services = services;
  // What the first answer needs, loaded while the page is idle rather than while that answer streams.
  prepareMarkdown();
  if (typeof requestIdleCallback === 'function')
    requestIdleCallback(
      () => {
        provider.prepare();
        void loadStanding().catch(() => undefined);
        void loadMemory().catch(() => undefined);
      },
      { timeout: 5000 },
    );
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  document.body.textContent = '';
  const p = document.createElement('p');
  p.setAttribute('role', 'alert');
  p.textContent = `Easel could not start: ${message}. If you are in a private window, storage may be disabled.`;
  document.body.append(p);
});

/**
 * The tab's session storage, where the browser gives one (it may refuse: storage turned off), with the queued
 * messages it holds kept only when the page was reloaded.
 */
function tabStorage(): Storage | undefined {
  try {
    const storage = window.sessionStorage;
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    keepQueuesOnlyOnReload(storage, navigation?.type);
    return storage;
  } catch {
    return undefined;
  }
}
