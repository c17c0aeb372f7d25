/**
 * What an attachment costs before it is sent: its input tokens as the documentation estimates them (a PDF page
 * 1,500–3,000 tokens, text and image together; an image width × height / 750; text about four bytes a token),
 * and those tokens at the model's input price.
 */
import { assertNever } from '../agent';
import type { AttachmentRecord } from '../messages';

/** Input tokens an attachment is estimated to take, lowest and highest. */
export function estimateTokens(record: AttachmentRecord): { readonly low: number; readonly high: number } {
  switch (record.kind) {
    case 'pdf': {
      const pages = record.pages ?? 1;
      return { low: pages * 1500, high: pages * 3000 };
    }
    case 'image': {
      const tokens = Math.ceil(((record.width ?? 0) * (record.height ?? 0)) / 750);
      return { low: tokens, high: tokens };
    }
    case 'text': {
      const tokens = Math.ceil(record.size / 4);
      return { low: tokens, high: tokens };
    }
    default:
      return assertNever(record.kind);
  }
}

/**
 * "about $0.45–$0.90" (or "about $0.02", "under $0.01"): the estimated input cost of `record` at
 * `inputPrice` US dollars per million tokens.
 */
export function estimateCost(record: AttachmentRecord, inputPrice: number): string {
  const { low, high } = estimateTokens(record);
  const dollars = (tokens: number) => (tokens * inputPrice) / 1e6;
  const money = (x: number) => `$${x.toFixed(2)}`;
  if (dollars(high) < 0.005) return 'under $0.01';
  const [from, to] = [money(dollars(low)), money(dollars(high))];
  return from === to ? `about ${from}` : `about ${from}–${to}`;
}
