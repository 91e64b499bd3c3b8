/**
 * Hard limits, so that a wrong or hostile file ends in a clear message instead of exhausting memory.
 * A gym branch's busiest account has a few thousand lines a month: these leave room for years of history.
 */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;
export const MAX_ROWS = 250_000;
/** Columns beyond this are ignored (statements have fewer than 15). */
export const MAX_COLUMNS = 64;
/** Rows scanned for the column titles, after a preamble. */
export const HEADER_SCAN_ROWS = 40;
/** Rows sampled to recognise what each column holds. */
export const SAMPLE_ROWS = 300;
export const MAX_DESCRIPTION_CHARS = 500;
/** Cells longer than this are cut in the stored raw row. */
export const MAX_RAW_CELL_CHARS = 1_000;
export const PREVIEW_LINES = 50;

/**
 * How long reading one file may take before the worker reading it is stopped (`import.timeout`): a
 * damaged workbook can send SheetJS into an endless loop. 20 s covers a healthy 100,000-line file on a
 * slow machine several times over; big files get 1 s more per MB (a 50 MB CSV reads in about 7 s).
 */
export const PARSE_DEADLINE_BASE_MS = 20_000;
export const PARSE_DEADLINE_PER_MB_MS = 1_000;
export const PARSE_DEADLINE_MAX_MS = 90_000;

export function parseDeadlineMs(byteLength: number): number {
  const mb = byteLength / (1024 * 1024);
  return Math.min(PARSE_DEADLINE_MAX_MS, Math.round(PARSE_DEADLINE_BASE_MS + PARSE_DEADLINE_PER_MB_MS * mb));
}
