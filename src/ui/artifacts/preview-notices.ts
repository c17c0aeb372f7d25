import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { errorText } from '../../agent';
import { formatBytes } from '../format';
import { msg, str } from '../l10n';
import { saveBlob } from './file-actions';

/** Most downloads one document may hand over, and the largest. */
export const MAX_DOWNLOADS = 20;
export const MAX_DOWNLOAD_BYTES = 100_000_000;
/** How long a notice (`Downloaded …`, `Copied …`) stays. */
const NOTICE_MS = 6_000;
/**
 * How long an offer's buttons ignore clicks after its text changed: a page that swaps one offer for another
 * just before the person's click (to have them save what they did not read) gets the click ignored.
 */
export const OFFER_ARM_MS = 600;
/** How much of copied text the notice shows. */
const COPIED_SHOWN = 80;

interface Notice {
  readonly text: string;
  /** A download the page asked for, waiting for the person's `Save`. */
  readonly save?: { readonly filename: string; readonly blob: Blob };
  /** The page was stopped by the watchdog: the notice stays and offers `Run again`. */
  readonly stopped?: true;
}

/**
 * The notice over a preview, and the page's downloads and clipboard writes it reports, carried out in the
 * app's origin: a download is never saved by the page alone, whatever the activation of the app page: the
 * notice asks `Save <name> (<size>)?` with `Save` and `Dismiss`, which ignore clicks for `OFFER_ARM_MS` after the
 * offer appears or changes. Text reaches the clipboard only after a click in the page, and the notice shows what
 * was copied (a page can copy something else than what the person saw selected). A stopped page's notice stays,
 * with `Run again` (`runAgain`).
 */
export class PreviewNotices implements ReactiveController {
  private notice: Notice | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private downloads = 0;
  private offeredAt = Number.NEGATIVE_INFINITY;
  private armTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly runAgain: () => void,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    clearTimeout(this.timer);
    clearTimeout(this.armTimer);
  }

  render() {
    const notice = this.notice;
    if (!notice) return nothing;
    if (notice.save)
      return html`<div class="notice" role="alertdialog" aria-label=${notice.text}>
        <span>${notice.text}</span>
        <button type="button" ?disabled=${!this.armed()} @click=${this.handleSave}>${msg('Save')}</button>
        <button type="button" ?disabled=${!this.armed()} @click=${this.handleDismiss}>${msg('Dismiss')}</button>
      </div>`;
    return html`<div class="notice" role="status">
      <span>${notice.text}</span>
      ${
        notice.stopped
          ? html`<button type="button" @click=${this.handleRunAgain}>${msg('Run again')}</button>`
          : nothing
      }
    </div>`;
  }

  /** A new document starts: its downloads are counted afresh, and a stopped page's notice goes. */
  documentStarted(): void {
    this.downloads = 0;
    if (this.notice?.stopped) this.set(undefined);
  }

  stopped(filename: string): void {
    this.show({ text: msg(str`${filename} stopped responding and was stopped.`), stopped: true });
  }

  download(filename: string, blob: Blob): void {
    const name = downloadName(filename);
    if (this.downloads >= MAX_DOWNLOADS || blob.size > MAX_DOWNLOAD_BYTES) {
      this.show({ text: msg(str`The page's download of ${name} (${formatBytes(blob.size)}) was refused.`) });
      return;
    }
    this.downloads++;
    // Always offered: the app page's activation may come from the person's click anywhere in the app (Send, a
    // tab, Preview), not from a click meant for this download.
    this.show({ text: msg(str`Save ${name} (${formatBytes(blob.size)})?`), save: { filename: name, blob } });
  }

  clipboard(text: string): void {
    if (!navigator.userActivation?.isActive) return; // only right after a click in the page
    navigator.clipboard.writeText(text).then(
      () => this.show({ text: msg(str`Copied to the clipboard: ${copiedText(text)}`) }),
      (error: unknown) =>
        this.show({
          text: msg(str`Copying failed: ${errorText(error)}`),
        }),
    );
  }

  private show(notice: Notice): void {
    if (this.notice?.stopped && !notice.stopped) return;
    if (notice.save) {
      // Its buttons wake once it has stood unchanged for OFFER_ARM_MS.
      this.offeredAt = performance.now();
      clearTimeout(this.armTimer);
      this.armTimer = setTimeout(() => this.host.requestUpdate(), OFFER_ARM_MS + 20);
    }
    this.set(notice);
    clearTimeout(this.timer);
    if (!notice.save && !notice.stopped) this.timer = setTimeout(() => this.set(undefined), NOTICE_MS);
  }

  private set(notice: Notice | undefined): void {
    this.notice = notice;
    this.host.requestUpdate();
  }

  /** Whether the offer has been shown long enough, unchanged, for a click on it to be meant for it. */
  private armed(): boolean {
    return performance.now() - this.offeredAt >= OFFER_ARM_MS;
  }

  private readonly handleSave = (): void => {
    const save = this.notice?.save;
    if (!save || !this.armed()) return;
    saveBlob(save.filename, save.blob);
    this.show({ text: msg(str`Downloaded ${save.filename} (${formatBytes(save.blob.size)})`) });
  };

  private readonly handleDismiss = (): void => {
    if (this.armed()) this.set(undefined);
  };

  private readonly handleRunAgain = (): void => {
    this.set(undefined);
    this.runAgain();
  };
}

/** Copied text as the notice shows it: quoted, on one line, its start when long, with its length. */
function copiedText(text: string): string {
  const line = text.replace(/[\p{Cc}\p{Cf}\s]+/gu, ' ').trim();
  const shown = line.length > COPIED_SHOWN ? `${line.slice(0, COPIED_SHOWN)}…` : line;
  return `“${shown}”${line.length > COPIED_SHOWN || text.length > 200 ? ` (${text.length.toLocaleString('en-US')} characters)` : ''}`;
}

/** A safe file name for a download a page asked for (no folders, no control or format characters). */
export function downloadName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const clean = base
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 120);
  return clean === '' || clean === '.' || clean === '..' ? 'download' : clean;
}
