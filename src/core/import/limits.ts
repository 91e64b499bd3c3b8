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
