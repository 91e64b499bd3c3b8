/**
 * Bytes → fixed-width records. CNAB positions are character positions: a UTF-8 BOM is dropped, CRLF, LF and
 * CR all end a line, blank lines and an end-of-file mark (0x1A, DOS editors) at the very end are not records.
 * A line that holds bytes above 0x7F is read as UTF-8 when it is valid UTF-8 (a file re-saved as UTF-8 by an
 * editor: `Ã` takes two bytes), otherwise as Latin-1 (one byte, one character), so the same file in either
 * encoding gives the same characters at the same positions. Control bytes (C0 other than the line ends,
 * DEL) are never part of a record: the first one of a line is reported (`control`) for the parser to refuse.
 * Whether a line has the layout's length is `line-shape.ts`'s rule.
 */
import { cnabErrors } from './cnab-errors';
import { lineShapeProblem, type FixedSpans } from './line-shape';
import type { HeaderInfo } from './types';

/** One physical line, 1-based. */
export interface RawLine {
  line: number;
  text: string;
  /** 1-based position of the line's first control character (NUL, other C0, DEL), with its byte; or null. */
  control: { position: number; byte: number } | null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The end of the bytes once an end-of-file mark (0x1A), with any line ends around it, is left out. */
export function contentEnd(bytes: Uint8Array): number {
  let end = bytes.length;
  let sawMark = false;
  while (end > 0) {
    const b = bytes[end - 1];
    if (b === 0x1a) sawMark = true;
    else if (b !== 0x0a && b !== 0x0d) break;
    end--;
  }
  return sawMark ? end : bytes.length;
}

function decodeLine(slice: Uint8Array): string {
  const latin1 = Buffer.from(slice.buffer, slice.byteOffset, slice.byteLength).toString('latin1');
  if (!/[\u0080-\u00ff]/.test(latin1)) return latin1;
  try {
    return utf8.decode(slice);
  } catch {
    return latin1;
  }
}

/**
 * The first control character of a line, or null. Tab is one too in a fixed-width record (it shifts every
 * field after it); `allowTab` for XML, where it is whitespace.
 */
export function firstControl(text: string, allowTab = false): RawLine['control'] {
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    const control = (c < 0x20 && c !== 0x0a && c !== 0x0d) || c === 0x7f;
    if (control && !(allowTab && c === 0x09)) return { position: k + 1, byte: c };
  }
  return null;
}

/** Splits the bytes into non-empty lines (a final empty line, or blank lines, are not records). */
export function splitLines(bytes: Uint8Array): RawLine[] {
  let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const end = contentEnd(bytes);
  const out: RawLine[] = [];
  let lineNo = 1;
  for (let i = start; i <= end; i++) {
    const b = bytes[i];
    if (i === end || b === 0x0a || b === 0x0d) {
      const text = decodeLine(bytes.subarray(start, i));
      const control = firstControl(text);
      // A line of blanks is not a record, but one holding a control byte is damage, not a blank line.
      if (text.trim() !== '' || control) out.push({ line: lineNo, text, control });
      if (b === 0x0d && bytes[i + 1] === 0x0a && i + 1 < end) i++;
      start = i + 1;
      lineNo++;
    }
  }
  return out;
}

/** A control byte as the clerk's message names it: “NUL”, or its code (“0x1F”). */
export const controlName = (byte: number) =>
  byte === 0 ? 'NUL' : `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/** The line at the layout's length: padded with spaces when short, its blank excess cut when long. */
export function fitLine(raw: RawLine, length: number): string {
  const t = raw.text;
  return t.length <= length ? t.padEnd(length, ' ') : t.slice(0, length);
}

/** A record's fields by 1-based inclusive positions, as the manuals number them. */
export class CnabRecord {
  constructor(
    readonly line: number,
    readonly text: string,
  ) {}

  /** Characters start–end (1-based, inclusive), as written. */
  raw(start: number, end: number): string {
    return this.text.slice(start - 1, end);
  }

  /** Characters start–end, spaces trimmed; null when blank. */
  str(start: number, end: number): string | null {
    const s = this.raw(start, end).trim();
    return s === '' ? null : s;
  }
}

/** A field that cannot be read: turned into `cnab.bad_line` with the line by the caller. */
export class BadField extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(reason);
  }
}

const DIGITS = /^\d+$/;

/** An amount with two implied decimals (13 or 15 digits), in integer cents; blank counts as 0. */
export function cents(r: CnabRecord, start: number, end: number, what: string): number {
  const s = r.raw(start, end);
  if (s.trim() === '') return 0;
  if (!DIGITS.test(s)) {
    throw new BadField(r.line, `${what} at positions ${start}-${end} is not a number: “${s.trim()}”`);
  }
  return Number(s);
}

function isoDate(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export type DateFormat = 'ddmmyy' | 'ddmmyyyy' | 'yyyymmdd';

/**
 * A date field as YYYY-MM-DD; zeros or blanks are null (no date given). Two-digit years are 2000–2079 below
 * 80, 1980–1999 from 80.
 */
export function date(
  r: CnabRecord,
  start: number,
  end: number,
  format: DateFormat,
  what: string,
): string | null {
  const s = r.raw(start, end);
  if (s.trim() === '' || /^0+$/.test(s)) return null;
  const bad = () => new BadField(r.line, `${what} at positions ${start}-${end} is not a date: “${s.trim()}”`);
  if (!DIGITS.test(s)) throw bad();
  let y: number;
  let m: number;
  let d: number;
  if (format === 'ddmmyy') {
    d = Number(s.slice(0, 2));
    m = Number(s.slice(2, 4));
    const yy = Number(s.slice(4, 6));
    y = yy < 80 ? 2000 + yy : 1900 + yy;
  } else if (format === 'ddmmyyyy') {
    d = Number(s.slice(0, 2));
    m = Number(s.slice(2, 4));
    y = Number(s.slice(4, 8));
  } else {
    y = Number(s.slice(0, 4));
    m = Number(s.slice(4, 6));
    d = Number(s.slice(6, 8));
  }
  const iso = isoDate(y, m, d);
  if (iso === null) throw bad();
  return iso;
}

/**
 * Before any field is read: no control byte in any record, and every record of the layout's length (or
 * stripped / padded as real files are, line-shape.ts). Refused naming the first line that is not.
 */
export function checkRecords(
  lines: RawLine[],
  info: Pick<HeaderInfo, 'bankCode' | 'layout'>,
  spansOf: (text: string) => FixedSpans,
  anchoredEnd = false,
): void {
  const { bankCode, layout } = info;
  for (const l of lines) {
    if (l.control) {
      const { position, byte } = l.control;
      throw cnabErrors.controlCharacter(l.line, position, controlName(byte), bankCode, layout);
    }
  }
  const length = layout === '240' ? 240 : 400;
  const problem = lineShapeProblem(
    lines.map((l) => l.text),
    length,
    spansOf,
    { anchoredEnd },
  );
  if (problem) {
    throw cnabErrors.lineLength(lines[problem.index]!.line, problem.length, length, bankCode, layout);
  }
}
