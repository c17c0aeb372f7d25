/**
 * The office worker: turns a Word document into HTML (mammoth, images as `data:` addresses) and a PowerPoint
 * file into its slides (jszip: each slide's text, paragraph by paragraph, and its pictures' bytes), off the
 * page. Nothing in either file runs. The page sanitises the HTML before showing it.
 */

import type { OfficeViewJob, OfficeViewReply } from './office-protocol';
import { parseSlides } from './slides-read';

interface WorkerScope {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

async function documentHtml(bytes: Uint8Array): Promise<{ html: string; warnings: number }> {
  const mammoth = (await import('mammoth')).default;
  const input = { arrayBuffer: bytes.slice().buffer, buffer: bytes } as { arrayBuffer: ArrayBuffer };
  const result = await mammoth.convertToHtml(input);
  return { html: result.value, warnings: result.messages.length };
}

scope.onmessage = (event) => {
  const job = event.data as OfficeViewJob | null;
  if (!job || typeof job.id !== 'number' || !(job.bytes instanceof Uint8Array)) return;
  const done = (reply: OfficeViewReply, transfer: Transferable[] = []) => scope.postMessage(reply, transfer);
  const fail = (error: unknown) =>
    done({ kind: 'failed', id: job.id, reason: error instanceof Error ? error.message : String(error) });
  if (job.kind === 'document') {
    documentHtml(job.bytes).then((r) => done({ kind: 'document', id: job.id, ...r }), fail);
  } else if (job.kind === 'slides') {
    parseSlides(job.bytes).then(
      (slides) =>
        done(
          { kind: 'slides', id: job.id, slides },
          slides.flatMap((s) => s.images.map((i) => i.bytes.buffer as ArrayBuffer)),
        ),
      fail,
    );
  }
};
