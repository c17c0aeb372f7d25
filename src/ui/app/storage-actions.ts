/** `StorageActions`: the storage panel of Settings — health, `Export all`, `Import`, `Keep my data`. */

import { errorText } from '../../agent';
import type { ImportReport, SessionLibrary, StorageHealth } from '../../storage';
import { msg, str } from '../l10n';
import { attempt, download, exportProblems, failure, type SessionsShared } from './sessions-shared';

/**
 * What the storage panel shows and does. `Export all` and `Import` make the buttons wait (`busy`) and report
 * a failure beside them (`storageProblem`); the rest report in the app's notice.
 */
export class StorageActions {
  health: StorageHealth | undefined;
  importReport: ImportReport | undefined;
  /** Why the last `Export all` or `Import` failed, shown in the storage settings until the next one. */
  storageProblem = '';
  busy = false;

  /** `refreshList` reads the session list again (after an import). */
  constructor(
    private readonly shared: SessionsShared,
    private readonly refreshList: () => Promise<void>,
  ) {}

  async exportAll(): Promise<void> {
    await this.whileBusy(msg('Export'), async (library) => {
      const file = await library.exportJson('all');
      download(file.fileName, file.mimeType, file.text);
      if (file.problems.length > 0) this.storageProblem = exportProblems(file.problems);
    });
    await this.loadHealth();
  }

  async import(file: File): Promise<void> {
    await this.whileBusy(msg('Import'), async (library) => {
      this.importReport = await library.import(file);
    });
    await this.refreshList();
    await this.loadHealth();
  }

  async persist(): Promise<void> {
    await attempt(this.shared, msg('Keeping the data'), async (library) => {
      await library.requestPersistence();
    });
    await this.loadHealth();
  }

  async loadHealth(): Promise<void> {
    try {
      this.health = await this.shared.library?.health();
    } catch (error) {
      this.shared.report(msg(str`Storage could not be checked: ${errorText(error)}`));
      return;
    }
    this.shared.requestUpdate();
  }

  /** `Export all` and `Import`: the buttons wait meanwhile, and a failure is shown beside them. */
  private async whileBusy(what: string, work: (library: SessionLibrary) => Promise<void>): Promise<void> {
    const library = this.shared.library;
    if (!library) return;
    this.busy = true;
    this.storageProblem = '';
    this.shared.requestUpdate();
    try {
      await work(library);
    } catch (error) {
      this.storageProblem = failure(what, error);
    } finally {
      this.busy = false;
      this.shared.requestUpdate();
    }
  }
}
