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
 * Zip-based workbooks (XLSX, ODS) are checked before SheetJS unpacks them (table/zip-check.ts): a 3 MB
 * file can inflate to gigabytes, and SheetJS unpacks every part into memory at once. The largest statement
 * we accept (250,000 rows) unpacks to about 40 MB of sheet XML; 200 MB leaves room for wide sheets.
 */
export const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
/**
 * XML deflates 3-20 times (SheetJS writes 3.5x, Excel about 10x); deflate cannot exceed about 1,030x. A
 * part (or the whole file) unpacking to more than MAX_UNPACK_RATIO times its packed size is refused once it
 * is bigger than UNPACK_RATIO_FROM_BYTES (small parts, such as an empty styles.xml, may be very compressible).
 */
export const MAX_UNPACK_RATIO = 100;
export const UNPACK_RATIO_FROM_BYTES = 16 * 1024 * 1024;
/** Statement workbooks have a dozen parts; more than this is not a statement. */
export const MAX_ZIP_ENTRIES = 10_000;
/**
 * Heap (V8 old generation, MB) of the worker that reads a file: a file needing more ends in
 * `import.out_of_memory` instead of taking the machine's memory. Measured: a 56 MB CSV of 249,000 rows
 * needs between 512 and 768 MB, a 20 MB XLSX of 249,000 rows between 384 and 512 MB. It does not bound
 * Buffers (memory outside the V8 heap), which is why workbooks are also checked by zip-check.ts.
 */
export const WORKER_HEAP_MB = 1_024;

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
