/** `RecoveryActions`: the choices of `<easel-recovery-notice>` when the open conversation is not saved. */
import { assertNever } from '../../agent';
import type { SessionSaver } from '../../storage';
import { msg, str } from '../l10n';
import type { SessionRecoveryAction } from '../sessions';
import { download, failure, firstOf, type SessionsShared } from './sessions-shared';

/**
 * The open session was deleted in another tab (`Restore`, `Save as new chat`), stored data was cleared
 * (`Save it again`), or another tab updated Easel (`Reload`); `Download this conversation` keeps it as a file
 * in every case. One choice runs at a time (`busy`); a failure becomes the notice.
 */
export class RecoveryActions {
  /** A choice is under way. */
  busy = false;

  constructor(private readonly shared: SessionsShared) {}

  /** A choice in the notice about the open conversation not being saved. */
  recover(action: SessionRecoveryAction): Promise<void> {
    switch (action) {
      case 'restore':
        return this.restoreOpen();
      case 'save-as-new':
        return this.saveOpenAsNew();
      case 'save-again':
        return this.saveAgain();
      case 'download':
        return this.downloadOpen();
      case 'reload':
        location.reload();
        return Promise.resolve();
      default:
        return assertNever(action);
    }
  }

  /** `Download this conversation`: the open one, from memory, as a file `Import` reads back. */
  async downloadOpen(): Promise<void> {
    await this.whileBusy(msg('Downloading the conversation'), async (saver) => {
      const file = await saver.downloadOpen();
      if (!file) throw new Error('no conversation is open');
      download(file.fileName, file.mimeType, file.text);
      if (file.problems.length > 0)
        this.shared.notice = msg(str`Downloaded, with a problem: ${firstOf(file.problems)}`);
    });
  }

  /** `Save it again` after stored data was cleared: the open conversation is written anew and saved on. */
  async saveAgain(): Promise<void> {
    await this.whileBusy(msg('Saving the conversation again'), async (saver) => {
      const lostFiles = await saver.saveAgain();
      if (lostFiles.length > 0) {
        const names = lostFiles.map((n) => `"${n}"`).join(', ');
        this.shared.notice = msg(
          str`Saved again, but these files were lost with the stored data: ${names}. Attach them again if Claude still needs them.`,
        );
      }
    });
  }

  /** `Restore` for the open session deleted in another tab: it comes back with what was written since. */
  async restoreOpen(): Promise<void> {
    await this.whileBusy(msg('Restoring the conversation'), (saver) => saver.restore());
  }

  /** `Save as new chat` for the open session deleted in another tab: what this tab holds becomes a new one. */
  async saveOpenAsNew(): Promise<void> {
    await this.whileBusy(msg('Saving as a new chat'), (saver) => saver.saveAsNew());
  }

  private async whileBusy(what: string, work: (saver: SessionSaver) => Promise<unknown>): Promise<void> {
    const saver = this.shared.saver;
    if (!saver || this.busy) return;
    this.busy = true;
    this.shared.requestUpdate();
    try {
      await work(saver);
    } catch (error) {
      this.shared.notice = failure(what, error);
    } finally {
      this.busy = false;
      this.shared.requestUpdate();
    }
  }
}
