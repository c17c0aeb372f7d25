/** `AttachmentTrayController`: the files attached to the message being written, prepared and checked. */
import type { ReactiveControllerHost } from 'lit';
import { errorText } from '../../agent';
import {
  type ImageProcessor,
  isRefusal,
  loadPreparer,
  type PdfRework,
  type PdfReworked,
  type PreparedAttachment,
  type PrepareOutcome,
  type Refusal,
} from '../../attachments';
import type { PendingAttachment } from '../attachments';
import { msg, str } from '../l10n';

/** The file checks' module, loaded with the first file (it also checks the set and names each file). */
type Preparer = Awaited<ReturnType<typeof loadPreparer>>;

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
  /** Further parts of long PDFs sent in parts, each to go in a message of its own after this one. */
  later: readonly LaterPart[] = [];

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
    let preparer: Preparer;
    try {
      preparer = await loadPreparer();
    } catch (error) {
      for (const { key, file } of waiting) {
        this.refuse(key, {
          file: file.name,
          reason: msg(
            str`Easel could not load its file checks (${errorText(error)}). Reload the page and attach it again.`,
          ),
        });
      }
      return;
    }
    for (const { key, file } of waiting) {
      let outcome: PrepareOutcome;
      try {
        outcome = await preparer.prepareAttachment(
          file,
          this.processImage ? { processImage: this.processImage } : {},
        );
      } catch (error) {
        outcome = {
          file: file.name,
          reason: msg(str`It could not be read (${errorText(error)}). Try attaching it again.`),
        };
      }
      this.settle(key, outcome, preparer);
    }
  }

  private settle(key: string, outcome: PrepareOutcome, preparer: Preparer): void {
    if (isRefusal(outcome)) {
      this.refuse(key, outcome);
      return;
    }
    this.pending = this.pending.filter((p) => p.key !== key);
    // A file may bring more attachments with it (a DOCX's images, a long PDF's further parts).
    const { also, ...first } = outcome;
    for (const prepared of [first, ...(also ?? [])]) this.accept(prepared, preparer);
    this.host.requestUpdate();
  }

  private refuse(key: string, refusal: Refusal): void {
    this.pending = this.pending.filter((p) => p.key !== key);
    this.refusals = [...this.refusals, refusal];
    this.host.requestUpdate();
  }

  /**
   * Sends a PDF another way (`PdfRework`): other pages of a long PDF in the tray, all of it in parts (part 1 in
   * the file's place, the others in `later`), or its text — of a long PDF in the tray (`from` its record id) or
   * of a PDF refused as a document (`from` its refusal, which goes). What fails is refused with why, and a tile
   * in the tray stays.
   */
  async reworkPdf(from: string | Refusal, how: PdfRework): Promise<void> {
    const item = typeof from === 'string' ? this.items.find((i) => i.record.id === from) : undefined;
    if (typeof from === 'string' && !item) return;
    const name = item ? this.fileName(item) : (from as Refusal).file;
    if (typeof from !== 'string') this.refusals = this.refusals.filter((r) => r !== from);
    const key = `pending-${++this.counter}`;
    this.pending = [...this.pending, { key, name }];
    this.host.requestUpdate();
    let outcome: PdfReworked | Refusal;
    let preparer: Preparer | undefined;
    try {
      preparer = await loadPreparer();
      outcome = await preparer.reworkPdf(item ?? (from as Refusal), name, how);
    } catch (error) {
      outcome = { file: name, reason: msg(str`The PDF could not be read again (${errorText(error)}).`) };
    }
    this.pending = this.pending.filter((p) => p.key !== key);
    if ('reason' in outcome) this.refusals = [...this.refusals, outcome];
    else if (item) {
      const of = item.record.id;
      this.later = [
        ...this.later.filter((p) => p.of !== of),
        ...outcome.later.map((prepared) => ({ of, name, prepared })),
      ];
      this.items = this.items.flatMap((i) => (i.record.id === of ? outcome.now : [i]));
      this.blobs = this.blobsOf();
    } else if (preparer) for (const prepared of outcome.now) this.accept(prepared, preparer);
    this.host.requestUpdate();
  }

  /**
   * The text of the message being sent: the person's, and, when PDFs go in parts, a note saying so (Claude
   * then knows more is coming).
   */
  messageText(text: string): string {
    const names = [...new Set(this.later.map((p) => p.name))];
    if (names.length === 0) return text;
    const notes = names.map((name) => {
      const n = this.later.filter((p) => p.name === name).length + 1;
      return `[${name} is sent in ${n} parts, one a message, because a request holds at most 100 PDF pages: part 1 is attached here, and each next part follows in a message of its own.]`;
    });
    return [text, ...notes].filter(Boolean).join('\n\n');
  }

  /** Hands over the parts that go after the message being sent, each with its text, and forgets them. */
  takeLater(): readonly { readonly text: string; readonly prepared: PreparedAttachment }[] {
    const taken = this.later.map(({ prepared }) => ({
      text: `[${prepared.record.name}: the next part of the PDF.]`,
      prepared,
    }));
    this.later = [];
    this.host.requestUpdate();
    return taken;
  }

  remove(id: string): void {
    this.items = this.items.filter((item) => item.record.id !== id);
    this.later = this.later.filter((p) => p.prepared.record.id !== id);
    this.blobs = this.blobsOf();
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
    this.blobs = this.blobsOf();
    this.host.requestUpdate();
  }

  /** The file's own name, also for part 1 of a PDF sent in parts ("book.pdf", not "book.pdf (part 1 of 3, …)"). */
  private fileName(item: PreparedAttachment): string {
    return this.later.find((p) => p.of === item.record.id)?.name ?? item.record.name;
  }

  /** The bytes of every file in the tray, the parts to send later too, by record id. */
  private blobsOf(): ReadonlyMap<string, Blob> {
    const all = [...this.items, ...this.later.map((p) => p.prepared)];
    return new Map(all.map((i) => [i.record.id, i.blob]));
  }

  /** Takes a prepared file into the tray, named apart from the others, if the set still fits one request. */
  private accept(prepared: PreparedAttachment, { uniqueName, checkAttachmentSet }: Preparer): void {
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
    this.blobs = this.blobsOf();
  }
}

/** A further part of a PDF sent in parts: `of` is the id of its part 1, `name` the file's name. */
export interface LaterPart {
  readonly of: string;
  readonly name: string;
  readonly prepared: PreparedAttachment;
}
