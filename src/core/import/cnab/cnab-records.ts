/**
 * Bytes → fixed-width records. CNAB positions are byte positions in Latin-1: each line is decoded as Latin-1,
 * a UTF-8 BOM is dropped, CRLF, LF and CR all end a line, and a line shorter than the layout (trailing spaces
 * stripped by an editor or a mail gateway) is padded with spaces. A line longer than the layout is refused,
 * unless the extra characters are spaces, or the line is valid UTF-8 that fits once decoded as UTF-8 (a file
 * re-saved as UTF-8 by an editor).
 */

/** One physical line, 1-based, as text of exactly the layout's length once `fit` is applied. */
export interface RawLine {
  line: number;
  text: string;
  /** The same line decoded as UTF-8 when that fits the layout and Latin-1 did not (see above). */
  utf8: string | null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Splits the bytes into non-empty lines (a final empty line, or blank lines, are not records). */
export function splitLines(bytes: Uint8Array): RawLine[] {
  let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const out: RawLine[] = [];
  let lineNo = 1;
  for (let i = start; i <= bytes.length; i++) {
    const b = bytes[i];
    if (i === bytes.length || b === 0x0a || b === 0x0d) {
      const slice = bytes.subarray(start, i);
      const text = Buffer.from(slice.buffer, slice.byteOffset, slice.byteLength).toString('latin1');
      let alt: string | null = null;
      if (/[\u0080-\u00ff]/.test(text)) {
        try {
          alt = utf8.decode(slice);
        } catch {
          alt = null;
        }
      }
      if (text.trim() !== '') out.push({ line: lineNo, text, utf8: alt });
      if (b === 0x0d && bytes[i + 1] === 0x0a) i++;
      start = i + 1;
      lineNo++;
    }
  }
  return out;
}

/**
 * The line at the layout's length: padded with spaces when short; null when it is longer by more than
 * trailing spaces (even as UTF-8).
 */
export function fitLine(raw: RawLine, length: number): string | null {
  const pick = (t: string) => {
    if (t.length <= length) return t.padEnd(length, ' ');
    return t.slice(length).trim() === '' ? t.slice(0, length) : null;
  };
  return pick(raw.text) ?? (raw.utf8 !== null ? pick(raw.utf8) : null);
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
