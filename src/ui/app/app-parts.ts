/** Parts of the app shell's render: the header, the sessions sidebar and the Settings dialog. */
import { html, type TemplateResult } from 'lit';
import type { AgentMessage, AgentState, Usage } from '../../agent';
import type { AppSettings } from '../../storage';
import type { HeaderCommandEvent, ModelChoiceEvent, SettingsSaveEvent } from '../events';
import type {
  ImportSessionsEvent,
  SessionDeleteEvent,
  SessionExportEvent,
  SessionPurgeEvent,
  SessionRenameEvent,
  SessionSearchEvent,
  SessionUndoDeleteEvent,
} from '../sessions';
import type { ModelCatalogController } from './model-catalog-controller';
import type { SessionsController } from './sessions-controller';
import '../header/app-header';
import '../sessions/sessions-sidebar';
import '../settings/settings-dialog';

export interface HeaderPartHandlers {
  readonly command: (e: HeaderCommandEvent) => void;
  readonly modelChoice: (e: ModelChoiceEvent) => void;
}

/** `<easel-app-header>`: the models of `catalog`, the agent's choice, the usage and cost of the session. */
export function headerPart(
  state: AgentState,
  catalog: ModelCatalogController,
  sidebarOpen: boolean,
  on: HeaderPartHandlers,
): TemplateResult {
  return html`<easel-app-header
    .models=${catalog.models}
    .model=${state.model}
    .thinkingLevel=${state.thinkingLevel}
    .lastUsage=${lastUsage(state.messages)}
    .sessionCost=${catalog.sessionCost(state.messages)}
    ?sidebarOpen=${sidebarOpen}
    @header-command=${on.command}
    @model-choice=${on.modelChoice}
  ></easel-app-header>`;
}

/** `<easel-sessions-sidebar>` showing `s` and handing what the person does back to it. */
export function sidebarPart(s: SessionsController, onClick: (e: Event) => void): TemplateResult {
  return html`<easel-sessions-sidebar
    .sessions=${s.sessions}
    .currentId=${s.currentId}
    .searchResults=${s.searchResults}
    .problems=${s.problems}
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

/** The usage of the last answer that did not fail (for the header's context meter). */
function lastUsage(messages: readonly AgentMessage[]): Usage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.role === 'assistant' && m.stopReason !== 'error') return m.usage;
  }
  return undefined;
}
