/**
 * The API's PDF limits count the whole request, earlier messages included: at most 100 PDF pages and 32 MB
 * ("both limits are on the entire request payload", PDF support). So the conversation keeps its newest PDFs as
 * documents, and a PDF that no longer fits behind them (a part Claude read in an earlier turn, say) is sent as a
 * note instead: every request holds at most 100 pages, and a long conversation does not pay for them again.
 */
import type { AgentMessage, TextContent } from '../agent';
import type { AttachmentRecord } from './types';

/** PDF pages one request may hold, over every document in it. */
export const MAX_REQUEST_PDF_PAGES = 100;
/** Base64 bytes of PDFs one request may hold (32 MB less 1 MB for the rest of the request). */
export const MAX_REQUEST_PDF_BYTES = 31 * 1024 * 1024;

/**
 * The PDF attachments of `messages` that do not fit one request behind the newer ones: walked from the newest,
 * a PDF is kept while the pages and base64 bytes kept so far leave room for it.
 */
export function pdfsLeftOut(
  messages: readonly AgentMessage[],
  maxPages = MAX_REQUEST_PDF_PAGES,
  maxBytes = MAX_REQUEST_PDF_BYTES,
): ReadonlySet<AttachmentRecord> {
  const out = new Set<AttachmentRecord>();
  let pages = 0;
  let bytes = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role !== 'user-with-attachments') continue;
    for (let j = message.attachments.length - 1; j >= 0; j--) {
      const record = message.attachments[j];
      if (record?.kind !== 'pdf') continue;
      const size = Math.ceil(record.size / 3) * 4;
      if (pages + (record.pages ?? 0) > maxPages || bytes + size > maxBytes) out.add(record);
      else {
        pages += record.pages ?? 0;
        bytes += size;
      }
    }
  }
  return out;
}

/** What the model reads in place of a PDF left out of the request. */
export function leftOutNote(record: AttachmentRecord): TextContent {
  const pages =
    record.pages === undefined ? '' : ` (${record.pages} ${record.pages === 1 ? 'page' : 'pages'})`;
  return {
    type: 'text',
    text: `[The PDF “${record.name}”${pages} was attached here and read then; it is not sent again, because a request holds at most ${MAX_REQUEST_PDF_PAGES} PDF pages and newer PDFs take them.]`,
  };
}
