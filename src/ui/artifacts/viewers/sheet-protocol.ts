/**
 * The spreadsheet worker's messages. A sheet crosses to the page as one string of all its cells and their
 * offsets (`Uint32Array`), not as an array of rows: a copy of one string and one buffer costs the page a few
 * milliseconds at 100,000 rows, where half a million small strings would take a long task to receive.
 */

/** One sheet, parsed: the cell in row `r`, column `c` is `text.slice(offsets[r * cols + c], offsets[r * cols + c + 1])`. */
export interface ParsedSheet {
  readonly name: string;
  readonly rows: number;
  readonly cols: number;
  readonly text: string;
  readonly offsets: Uint32Array;
  /** Rows of the sheet left out past `MAX_SHEET_ROWS`. */
  readonly clipped: number;
}

export type SheetJob =
  | {
      readonly kind: 'parse';
      readonly id: number;
      readonly bytes: Uint8Array;
      /** The file name: its extension says how to read it (`.tsv` is tab-separated). */
      readonly filename: string;
    }
  | {
      readonly kind: 'sort';
      readonly id: number;
      readonly sheet: number;
      readonly column: number;
      readonly descending: boolean;
    };

export type SheetReply =
  | { readonly kind: 'parsed'; readonly id: number; readonly sheets: readonly ParsedSheet[] }
  /** The data rows (1 … rows − 1; row 0 is the header) in sorted order. */
  | { readonly kind: 'sorted'; readonly id: number; readonly order: Uint32Array }
  | { readonly kind: 'failed'; readonly id: number; readonly reason: string };

/** Rows read per sheet at most. */
export const MAX_SHEET_ROWS = 200_000;

export function isSheetReply(value: unknown): value is SheetReply {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'number') return false;
  switch (v.kind) {
    case 'parsed':
      return Array.isArray(v.sheets);
    case 'sorted':
      return v.order instanceof Uint32Array;
    case 'failed':
      return typeof v.reason === 'string';
    default:
      return false;
  }
}

/** The text of one cell. */
export function cellText(sheet: ParsedSheet, row: number, col: number): string {
  const at = row * sheet.cols + col;
  return sheet.text.slice(sheet.offsets[at] ?? 0, sheet.offsets[at + 1] ?? 0);
}
