/**
 * `createSessionRuntime()`: what only sending and showing an answer need, built on the services of the first
 * screen — the artifacts (store, tool, stream tracker, the person's edits), the preview host and the artifacts'
 * apps, `run_code`, the memory tool and which tools go with the requests. `createServices` loads this module
 * right after the first paint, or with the first run if that comes sooner (`lazySessionRuntime`); nothing of
 * the first screen imports it statically (`scripts/import-rules.test.ts`).
 */
import type { Agent } from '../agent';
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
import { createRunCodeTool } from '../code';
import { type AnthropicProvider, BUILTIN_MODELS } from '../llm';
import { lazyMemoryTool } from '../memory';
import type { ArtifactMessage } from '../messages';
import {
  type EaselDatabase,
  lazyAppData,
  requestKey,
  type SessionSaver,
  type SettingsRepository,
  type SettingsStore,
} from '../storage';
import type { SessionRuntime } from '../ui';
import { collectServerFiles, lazyCodeSandbox, PreviewHost, PreviewRuntime } from '../ui/runtime';
import type { SessionToggles } from './new-chat-toggles';

/** What the runtime is built on: the first screen's services, and how to reach what loads with first use. */
export interface SessionRuntimeDeps {
  readonly db: EaselDatabase;
  readonly agent: Agent;
  readonly provider: AnthropicProvider;
  readonly settings: SettingsStore;
  readonly settingsRepo: SettingsRepository;
  readonly saver: SessionSaver;
  readonly toggles: SessionToggles;
  /** Where preview frames for the `artifacts` tool's console checks go. */
  readonly previewRoot: HTMLElement;
  /** The open session's files, as attached. */
  readonly sessionFiles: () => SessionFile[];
  /** The memory tool's code, with the memory service (loaded at first use). */
  readonly loadMemoryTool: Parameters<typeof lazyMemoryTool>[0];
}

/** The runtime as the composition root holds it: the shell's parts and what requests need of it. */
export interface AppRuntime extends SessionRuntime {
  /** Gives the agent the open session's tools (the saver calls it when a history has loaded). */
  applyTools(): void;
  /** Loads what Claude reads about the tools; awaited before each request. */
  prepare(): Promise<void>;
}

/**
 * Builds the runtime and connects it: the agent gets its tools at once and as the settings and the open
 * session change, and the panel is rebuilt from the history the agent already holds, then follows it.
 */
export function createSessionRuntime(deps: SessionRuntimeDeps): AppRuntime {
  const { db, agent, provider, settings, settingsRepo, saver, toggles, sessionFiles } = deps;
  const artifacts = new ArtifactStore();
  const appendRecord = (record: ArtifactMessage) => agent.appendMessage(record);

  // Artifacts as apps: a page's storage, files, Claude calls and network by consent.
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
  const previewHost = new PreviewHost(deps.previewRoot, {}, new PreviewRuntime(undefined, apps));
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
  const memoryTool = lazyMemoryTool(deps.loadMemoryTool);

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
  // New records apply once; a loaded session, a new chat or a rewound history rebuilds the panel from them.
  // While a run goes on, the calls of an answer that has just ended are about to run (not left by a reload).
  artifacts.sync(agent.state.messages, agent.state.isStreaming);
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

  return {
    artifacts,
    previewHost,
    artifactActions: createArtifactActions({ store: artifacts, appendRecord }),
    applyTools,
    // What Claude reads about run_code and artifacts loads with the first request, not with the first screen.
    prepare: async () => {
      // The answer may write a component: the compiler starts, and React's shelf files are read, meanwhile.
      previewHost.runtime.warmUp(true);
      await Promise.all([codeTool.prepare(), artifactsTool.prepare()]);
    },
  };
}
