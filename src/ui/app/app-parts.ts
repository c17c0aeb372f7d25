/** Parts of the app shell's render: the header, the sessions sidebar and the Settings dialog. */
import { html, nothing, type TemplateResult } from 'lit';
import type { AgentMessage, AgentState, Usage } from '../../agent';
import type { AppSettings } from '../../storage';
import type { HeaderCommandEvent, ModelChoiceEvent, SettingsSaveEvent } from '../events';
import type { CompactRequestEvent } from '../header/app-header';
import type {
  ImportSessionsEvent,
  ProjectEditEvent,
  SessionDeleteEvent,
  SessionExportEvent,
  SessionMoveEvent,
  SessionPinEvent,
  SessionPurgeEvent,
  SessionRenameEvent,
  SessionSearchEvent,
  SessionUndoDeleteEvent,
} from '../sessions';
import type { ModelCatalogController } from './model-catalog-controller';
import type { ProjectsController } from './projects-controller';
import type { EaselServices } from './services';
import type { SessionsController } from './sessions-controller';
import '../header/app-header';
import { sessionUsage } from '../header/usage-button';
import '../sessions/sessions-sidebar';
import { msg, str } from '../l10n';

let settingsDialog: Promise<unknown> | undefined;

/**
 * Loads `<easel-settings-dialog>` (with its sections: platform tools, sync, storage, backup): the first screen
 * does not need it, so it loads when the page is idle, or when Settings is first opened. A failed load is tried
 * again next time.
 */
export function loadSettingsDialog(): Promise<unknown> {
  settingsDialog ??= import('../settings/settings-dialog').catch((error: unknown) => {
    settingsDialog = undefined;
    throw error;
  });
  return settingsDialog;
}

export interface HeaderPartHandlers {
  readonly command: (e: HeaderCommandEvent) => void;
  readonly modelChoice: (e: ModelChoiceEvent) => void;
  readonly compact: (e: CompactRequestEvent) => void;
}

/** Answers `Compact` (the header's) with what compacting did; the compaction code loads with the first one. */
export function compactPart(e: CompactRequestEvent, services: EaselServices): void {
  e.respondWith(
    import('./compaction').then(
      (m) => m.compactConversation(services),
      () => msg('Compaction could not be loaded: check the connection and try again.'),
    ),
  );
}

/** `<easel-app-header>`: the models of `catalog`, the agent's choice, the usage and cost of the session. */
export function headerPart(
  state: AgentState,
  catalog: ModelCatalogController,
  sidebarOpen: boolean,
  artifactsAvailable: boolean,
  on: HeaderPartHandlers,
): TemplateResult {
  return html`<easel-app-header
    .models=${catalog.models}
    .model=${state.model}
    .thinkingLevel=${state.thinkingLevel}
    .lastUsage=${lastUsage(state.messages)}
    .sessionCost=${catalog.sessionCost(state.messages)}
    .cacheRatio=${cacheRatio(state.messages)}
    .sessionUsage=${totalUsage(state.messages)}
    ?sidebarOpen=${sidebarOpen}
    ?artifactsAvailable=${artifactsAvailable}
    @header-command=${on.command}
    @model-choice=${on.modelChoice}
    @compact-request=${on.compact}
  ></easel-app-header>`;
}

/** `<easel-sessions-sidebar>` showing `s` and the projects of `p`, handing what the person does back to them. */
export function sidebarPart(
  s: SessionsController,
  p: ProjectsController,
  onClick: (e: Event) => void,
): TemplateResult {
  return html`<easel-sessions-sidebar
    .sessions=${s.sessions}
    .currentId=${s.currentId}
    .searchResults=${s.searchResults}
    .problems=${p.problemsWith(s.problems)}
    .projects=${p.projects}
    .currentProjectId=${p.current?.id}
    @session-pin=${(e: SessionPinEvent) => s.pin(e.id, e.pinned)}
    @session-move=${(e: SessionMoveEvent) => s.move(e.id, e.projectId)}
    @project-edit=${(e: ProjectEditEvent) => p.edit(e.id)}
    @session-search=${(e: SessionSearchEvent) => s.search(e.query)}
    @session-search-prepare=${() => s.prepareSearch()}
    @session-rename=${(e: SessionRenameEvent) => s.rename(e.id, e.title)}
    @session-delete=${(e: SessionDeleteEvent) => s.delete(e.id)}
    @session-undo-delete=${(e: SessionUndoDeleteEvent) => s.undoDelete(e.id)}
    @session-purge=${(e: SessionPurgeEvent) => s.purge(e.id)}
    @session-export=${(e: SessionExportEvent) => s.exportSession(e.id, e.format)}
    @click=${onClick}
  ></easel-sessions-sidebar>`;
}

/** A line over the chat of a project: its name, what goes with each message, and `Edit project`. */
export function projectBar(p: ProjectsController): TemplateResult | typeof nothing {
  const project = p.current;
  if (!project) return nothing;
  const files = project.files.length;
  const instructions = project.instructions.trim() !== '';
  const s = files === 1 ? '' : 's';
  const carried =
    instructions && files > 0
      ? msg(str`its instructions and ${files} file${s} go with every message`)
      : instructions
        ? msg('its instructions go with every message')
        : files > 0
          ? msg(str`${files} file${s} go with every message`)
          : msg('no instructions or files yet');
  return html`<div class="project-bar" role="group" aria-label=${msg('Project')}>
    <span>${msg('In')} <strong>${project.name}</strong> · ${carried}</span>
    <button type="button" aria-label=${msg(str`Edit project ${project.name}`)} @click=${() => p.edit(project.id)}>
      ${msg('Edit project')}
    </button>
  </div>`;
}

/**
 * Over an incognito chat (`SessionSaver.startIncognito`): that it is one, that nothing of it is kept and that
 * Claude's memory is left alone, and that it goes when the person leaves it.
 */
export function incognitoBar(incognito: boolean): TemplateResult | typeof nothing {
  if (!incognito) return nothing;
  return html`<div class="incognito-bar" role="note" aria-label=${msg('Incognito chat')}>
    <strong>${msg('Incognito chat.')}</strong> ${msg("It is not saved or synced (no messages, files or artifacts are kept) and Claude's memory is neither read nor written. It will be gone when you leave it.")}
  </div>`;
}

export interface SettingsPartHandlers {
  readonly save: (e: SettingsSaveEvent) => void;
  readonly close: () => void;
}

/** `<easel-settings-dialog>` with `settings` and the storage panel of `s`. */
export function settingsPart(
  settings: AppSettings,
  s: SessionsController,
  on: SettingsPartHandlers,
): TemplateResult {
  const storage = s.storage;
  return html`<easel-settings-dialog
    .settings=${settings}
    .health=${storage.health}
    .importReport=${storage.importReport}
    .storageProblem=${storage.storageProblem}
    ?storageBusy=${storage.busy}
    @settings-save=${on.save}
    @settings-close=${on.close}
    @sessions-export-all=${() => storage.exportAll()}
    @sessions-import=${(e: ImportSessionsEvent) => storage.import(e.file)}
    @storage-persist=${() => storage.persist()}
  ></easel-settings-dialog>`;
}

/**
 * The usage of the last answer that did not fail (for the header's context meter). After Easel's own compaction
 * the conversation is its summary: about one token per four characters.
 */
function lastUsage(messages: readonly AgentMessage[]): Usage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.role === 'assistant' && m.stopReason !== 'error') return m.usage;
    if (m?.role === 'compaction')
      return { input: Math.ceil(m.summary.length / 4), output: 0, cacheRead: 0, cacheWrite: 0 };
  }
  return undefined;
}

const totals = new WeakMap<readonly AgentMessage[], Usage | undefined>();

/** The tokens of every answer of the session, added up (for the usage popover). Counted once per messages array. */
function totalUsage(messages: readonly AgentMessage[]): Usage | undefined {
  if (totals.has(messages)) return totals.get(messages);
  const total = sessionUsage(messages.flatMap((m) => (m.role === 'assistant' ? [m.usage] : [])));
  totals.set(messages, total);
  return total;
}

const ratios = new WeakMap<readonly AgentMessage[], number | undefined>();

/**
 * The session's prompt-cache hit ratio: input tokens read from the cache over all input tokens (uncached, cache
 * reads and cache writes) of its answers; `undefined` before any. Counted once per messages array.
 */
export function cacheRatio(messages: readonly AgentMessage[]): number | undefined {
  if (ratios.has(messages)) return ratios.get(messages);
  let read = 0;
  let all = 0;
  for (const m of messages) {
    if (m.role !== 'assistant') continue;
    read += m.usage.cacheRead;
    all += m.usage.input + m.usage.cacheRead + m.usage.cacheWrite;
  }
  const ratio = all > 0 ? read / all : undefined;
  ratios.set(messages, ratio);
  return ratio;
}
