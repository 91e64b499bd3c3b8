import type { Cell, Row } from './cells';

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/**
 * Delimited text into rows, cell for cell what SheetJS 0.20's CSV reader (`dsv_to_sheet_str`) gives with
 * `{ raw: true, dense: true, sheetRows }` for `sep=<delimiter>\n` + text — the read the importer made
 * before, kept to the letter because a row's cells are stored (raw JSON) and fingerprinted downstream:
 * - a cell is its text (SheetJS makes it `{ w, t: 's', v }` of that text: see `Cell`); an empty cell is a
 *   hole, and so is a row with no filled cell;
 * - a cell ends at the delimiter, CR, LF or CRLF; only a cell that starts with a quote is quoted: inside
 *   it every quote toggles “quoted” (where delimiters and line breaks are text); a quote elsewhere is text;
 * - a cell that starts and ends with a quote loses both, and its doubled quotes are undoubled; a lone
 *   quote is an empty cell;
 * - reading stops after `maxRows` rows.
 * SheetJS reads it one character at a time through a closure per cell, and first converts the whole text to
 * UTF-8 bytes it does not use (bstrify): here an unquoted cell is found with indexOf, and the text is
 * read as it is. tests: split-delimited.test.ts compares both on generated and odd inputs.
 */
export function splitDelimited(text: string, delimiter: string, maxRows: number): Row[] {
  const rows: Row[] = [];
  const sep = delimiter.charCodeAt(0);
  const n = text.length;
  // Next delimiter, CR and LF at or after `start`, each found once per occurrence (n when none is left).
  let nextSep = -1;
  let nextCr = -1;
  let nextLf = -1;
  // The filled cells of the row being read (column, text): the row is made at its size when it ends.
  const cols: number[] = [];
  const texts: string[] = [];
  let filled = 0;
  let r = 0;
  let c = 0;
  let start = 0;
  while (start < n) {
    let end: number; // where the terminator is (n at the end of the text)
    let s: string;
    let term: number; // the terminator's code: sep, CR or LF (NaN at the end of the text)
    if (text.charCodeAt(start) !== QUOTE) {
      if (nextSep < start) nextSep = indexOr(text, delimiter, start, n);
      if (nextCr < start) nextCr = indexOr(text, '\r', start, n);
      if (nextLf < start) nextLf = indexOr(text, '\n', start, n);
      end = nextSep < nextCr ? (nextSep < nextLf ? nextSep : nextLf) : nextCr < nextLf ? nextCr : nextLf;
      s = text.slice(start, end);
      term = end < n ? text.charCodeAt(end) : NaN;
    } else {
      let quoted = false;
      end = start;
      term = NaN;
      for (; end < n; end++) {
        const cc = text.charCodeAt(end);
        if (cc === QUOTE) quoted = !quoted;
        else if (!quoted && (cc === sep || cc === CR || cc === LF)) {
          term = cc;
          break;
        }
      }
      s = text.slice(start, end);
      // SheetJS drops one CR at the end of a cell's text, then the quotes around it. Before a terminator
      // the text cannot end with one (here `end` is before a CRLF's CR); an unclosed quote at the end of
      // the file can (`"a\r` is `"a`), while `"a\r"` keeps its CR.
      if (s.charCodeAt(s.length - 1) === CR) s = s.slice(0, -1);
      // A lone quote starts and ends with one: an empty cell.
      if (s.charCodeAt(s.length - 1) === QUOTE) s = s.length === 1 ? '' : s.slice(1, -1).replace(/""/g, '"');
    }
    // CRLF ends a cell as one terminator. An unquoted cell never holds a CR: the first one ends it.
    if (term === CR && text.charCodeAt(end + 1) === LF) end++;
    if (s.length > 0) {
      cols[filled] = c;
      texts[filled++] = s;
    }
    start = end + 1;
    if (term === sep) c++;
    else {
      if (filled > 0) rows[r] = rowOf(cols, texts, filled);
      filled = 0;
      c = 0;
      r++;
      if (r >= maxRows) break;
    }
  }
  // A text ending with a delimiter leaves its last row open.
  if (filled > 0) rows[r] = rowOf(cols, texts, filled);
  return rows;
}

/** A row's filled cells at their columns, the others holes, in an array of its size (not grown cell by cell). */
function rowOf(cols: number[], texts: string[], filled: number): Cell[] {
  const row = new Array<Cell>(cols[filled - 1]! + 1);
  for (let k = 0; k < filled; k++) row[cols[k]!] = texts[k];
  return row;
}

const indexOr = (text: string, what: string, from: number, none: number) => {
  const i = text.indexOf(what, from);
  return i < 0 ? none : i;
};
