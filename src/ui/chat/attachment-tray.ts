/** `AttachmentTrayController`: the files attached to the message being written, prepared and checked. */
import type { ReactiveControllerHost } from 'lit';
import {
  checkAttachmentSet,
  type ImageProcessor,
  isRefusal,
  loadPreparer,
  type PreparedAttachment,
  type PrepareOutcome,
  type Refusal,
  uniqueName,
} from '../../attachments';
import type { PendingAttachment } from '../attachments';

/**
 * The files attached to the message being written: prepares each one (off the main thread for images),
 * keeps the ones that pass, and lists the refused ones with their reasons. A refusal never touches the typed
 * text or the other attachments. It follows no service, so it needs no part in the host's lifecycle: it only
 * asks the host to update when its lists change.
 */
export class AttachmentTrayController {
  /** Files ready to send, in the order they were added. */
  items: readonly PreparedAttachment[] = [];
  /** Files still being prepared. */
  pending: readonly PendingAttachment[] = [];
  /** Files that were refused, with why. */
  refusals: readonly Refusal[] = [];
  /** The prepared bytes by attachment id (for previews before they are stored). */
  blobs: ReadonlyMap<string, Blob> = new Map();

  /** Where images are decoded and re-encoded (one processor for the app). */
  processImage: ImageProcessor | undefined;

  private queue: Promise<void> = Promise.resolve();
  private counter = 0;

  constructor(private readonly host: ReactiveControllerHost) {}

  /** Prepares files one after another (one large image in memory at a time), keeping their order. */
  add(files: readonly File[]): Promise<void> {
    const waiting = files.map((file) => ({ key: `pending-${++this.counter}`, name: file.name, file }));
    this.pending = [...this.pending, ...waiting.map(({ key, name }) => ({ key, name }))];
    this.host.requestUpdate();
    // Each batch settles, whatever happens to it: an unexpected failure refuses the file with the reason, and
    // the next batch still runs (a rejected chain would leave `Send` waiting forever).
    this.queue = this.queue.then(() => this.prepareAll(waiting));
    return this.queue;
  }

  private async prepareAll(waiting: readonly { key: string; file: File }[]): Promise<void> {
    let prepare: Awaited<ReturnType<typeof loadPreparer>>['prepareAttachment'];
    try {
      prepare = (await loadPreparer()).prepareAttachment;
    } catch (error) {
      for (const { key, file } of waiting) {
        this.settle(key, {
          file: file.name,
          reason: `Easel could not load its file checks (${reasonOf(error)}). Reload the page and attach it again.`,
        });
      }
      return;
    }
    for (const { key, file } of waiting) {
      let outcome: PrepareOutcome;
      try {
        outcome = await prepare(file, this.processImage ? { processImage: this.processImage } : {});
      } catch (error) {
        outcome = {
          file: file.name,
          reason: `It could not be read (${reasonOf(error)}). Try attaching it again.`,
        };
      }
      this.settle(key, outcome);
    }
  }

  private settle(key: string, outcome: PrepareOutcome): void {
    this.pending = this.pending.filter((p) => p.key !== key);
    if (isRefusal(outcome)) this.refusals = [...this.refusals, outcome];
    else {
      // A file may bring more attachments with it (a DOCX's images, a long PDF's further parts).
      const { also, ...first } = outcome;
      for (const prepared of [first, ...(also ?? [])]) this.accept(prepared);
    }
    this.host.requestUpdate();
  }

  /** Sends other pages of a long PDF: the tile keeps its place; a selection that fails is refused with why. */
  async choosePages(id: string, pages: readonly number[]): Promise<void> {
    const item = this.items.find((i) => i.record.id === id);
    if (!item) return;
    const key = `pending-${++this.counter}`;
    this.pending = [...this.pending, { key, name: item.record.name }];
    this.host.requestUpdate();
    let outcome: PrepareOutcome;
    try {
      outcome = await (await loadPreparer()).choosePdfPages(item, pages);
    } catch (error) {
      outcome = { file: item.record.name, reason: `The pages could not be taken out (${reasonOf(error)}).` };
    }
    this.pending = this.pending.filter((p) => p.key !== key);
    if (isRefusal(outcome)) this.refusals = [...this.refusals, outcome];
    else {
      const chosen = { ...outcome, record: { ...outcome.record, name: item.record.name } };
      this.items = this.items.map((i) => (i.record.id === id ? chosen : i));
      this.blobs = new Map(this.items.map((i) => [i.record.id, i.blob]));
    }
    this.host.requestUpdate();
  }

  remove(id: string): void {
    this.items = this.items.filter((item) => item.record.id !== id);
    this.blobs = new Map(this.items.map((item) => [item.record.id, item.blob]));
    this.host.requestUpdate();
  }

  dismiss(refusal: Refusal): void {
    this.refusals = this.refusals.filter((r) => r !== refusal);
    this.host.requestUpdate();
  }

  /** Whether files are still being prepared (sending waits for them). */
  get busy(): boolean {
    return this.pending.length > 0;
  }

  /** Hands over the prepared files and empties the tray. */
  take(): readonly PreparedAttachment[] {
    const taken = this.items;
    this.items = [];
    this.blobs = new Map();
    this.host.requestUpdate();
    return taken;
  }

  /** Puts files back (e.g. when sending could not start). */
  restore(items: readonly PreparedAttachment[]): void {
    this.items = [...items, ...this.items];
    this.blobs = new Map(this.items.map((item) => [item.record.id, item.blob]));
    this.host.requestUpdate();
  }

  private accept(prepared: PreparedAttachment): void {
    const name = uniqueName(
      prepared.record.name,
      this.items.map((item) => item.record.name),
    );
    const item =
      name === prepared.record.name ? prepared : { ...prepared, record: { ...prepared.record, name } };
    const all = [...this.items, item];
    // The whole set must fit one request: what does not fit is refused, with the reason.
    const refused = checkAttachmentSet(all.map((i) => i.record));
    const refusedNames = new Set(refused.map((r) => r.file));
    this.items = all.filter((i) => !refusedNames.has(i.record.name));
    this.refusals = [...this.refusals, ...refused];
    this.blobs = new Map(this.items.map((i) => [i.record.id, i.blob]));
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}
