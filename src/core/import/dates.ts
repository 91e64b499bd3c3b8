export type DateOrder = 'dmy' | 'mdy' | 'ymd';
/**
 * Why a date cannot be read, as a code the screens word (`importing.rejects.bad_date.*`, [T]); `reason` is the same
 * in English, kept for the log and the stored import.
 */
export type DateWhy = 'implausible' | 'not_calendar' | 'not_date' | 'no_result';
export type DateResult =
  { ok: true; date: string } | { ok: false; reason: string; why: DateWhy; value?: string };

const MONTHS: Record<string, number> = {
  jan: 1,
  fev: 2,
  feb: 2,
  mar: 3,
  abr: 4,
  apr: 4,
  mai: 5,
  may: 5,
  jun: 6,
  jul: 7,
  ago: 8,
  aug: 8,
  set: 9,
  sep: 9,
  out: 10,
  oct: 10,
  nov: 11,
  dez: 12,
  dec: 12,
};

/** '00' to '99', made once: dates are written per line. */
const PADDED = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const pad = (n: number) => PADDED[n] ?? String(n).padStart(2, '0');
/** Statements are recent: anything outside these years is a misread column, not a date. */
const MIN_YEAR = 1990;
const MAX_YEAR = 2100;

function isoOf(y: number, m: number, d: number, raw: string): DateResult {
  if (y < MIN_YEAR || y > MAX_YEAR)
    return {
      ok: false,
      reason: `“${raw}” is not a plausible statement date`,
      why: 'implausible',
      value: raw,
    };
  // The days of the month by arithmetic (Gregorian leap years), not by a Date round trip: this runs per line.
  const days = m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : (DAYS[m] ?? 0);
  // Written so that NaN (a serial beyond what a Date holds) and fractions fail as well.
  if (!(Number.isInteger(y) && Number.isInteger(m) && Number.isInteger(d) && m >= 1 && d >= 1 && d <= days)) {
    return { ok: false, reason: `“${raw}” is not a calendar date`, why: 'not_calendar', value: raw };
  }
  // Lines come day by day: the text of the last day is reused, not written again.
  const day = y * 10_000 + m * 100 + d;
  if (day !== lastDay) {
    lastDay = day;
    lastIso = `${y}-${pad(m)}-${pad(d)}`;
  }
  return { ok: true, date: lastIso };
}
let lastDay = -1;
let lastIso = '';
/** Days of each month (index 1 to 12; February is worked out). */
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Two-digit years: statements are from this century; 80-99 are read as 1980-1999 (then rejected). */
const fullYear = (y: string) =>
  y.length === 4 ? Number(y) : Number(y) < 80 ? 2000 + Number(y) : 1900 + Number(y);

/** Days since 1899-12-30 (Excel's 1900 system, which counts a 29 Feb 1900 that never was) or 1904-01-01. */
export function serialToIso(serial: number, date1904 = false): DateResult {
  if (!Number.isFinite(serial) || serial < 1)
    return { ok: false, reason: `${serial} is not a date`, why: 'not_date', value: String(serial) };
  const base = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  const t = new Date(base + Math.floor(serial) * 86_400_000);
  return isoOf(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate(), String(serial));
}

/** A plausible Excel serial written as text (1990-01-01 … 2100-12-31). */
export const looksLikeSerial = (s: string) =>
  /^\d{5}(\.\d+)?$/.test(s) && Number(s) >= 32874 && Number(s) <= 73415;

/**
 * Date text in the styles banks use: dd/mm/yyyy, dd/mm/yy, dd-mm-yyyy, dd.mm.yyyy, yyyy-mm-dd (ISO, with
 * or without time), yyyymmdd (Caixa), 15/jan/2026, or an Excel serial written as text. `order` settles
 * 03/04 (3 April in Brazil) and is ignored for unambiguous styles.
 */
export function parseDateText(raw: string, order: DateOrder): DateResult | null {
  const quick = plainDate(raw, order);
  if (quick) return quick;
  const s = raw.trim();
  if (s === '') return null;
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T\s].*)?$/.exec(s);
  if (m) return isoOf(Number(m[1]), Number(m[2]), Number(m[3]), s);
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})(?:\s.*)?$/.exec(s);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    const y = fullYear(m[3]!);
    return order === 'mdy' ? isoOf(y, a, b, s) : isoOf(y, b, a, s);
  }
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (m) return isoOf(Number(m[1]), Number(m[2]), Number(m[3]), s);
  m = /^(\d{1,2})[-/.\s]([A-Za-z]{3})[A-Za-z]*\.?[-/.\s](\d{4}|\d{2})$/.exec(s);
  if (m && MONTHS[m[2]!.toLowerCase()] !== undefined) {
    return isoOf(fullYear(m[3]!), MONTHS[m[2]!.toLowerCase()]!, Number(m[1]), s);
  }
  if (looksLikeSerial(s)) return serialToIso(Number(s));
  return { ok: false, reason: `“${s.slice(0, 40)}” is not a date`, why: 'not_date', value: s.slice(0, 40) };
}

/** The number written by the two digits at `i`, or -1. */
const twoDigits = (s: string, i: number) => {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
};
const isSeparator = (c: number) => c === 45 || c === 47 || c === 46; // - / .

/**
 * The two styles nearly every line is written in, read without a regex (this runs per line): dd/mm/yyyy (any of
 * - / . between) and yyyymmdd, alone in the cell. The same result as the patterns below, which they would
 * match (a four-digit start with a separator after two digits is not ISO); anything else returns null.
 */
function plainDate(s: string, order: DateOrder): DateResult | null {
  if (s.length === 10 && isSeparator(s.charCodeAt(2)) && isSeparator(s.charCodeAt(5))) {
    const a = twoDigits(s, 0);
    const b = twoDigits(s, 3);
    const century = twoDigits(s, 6);
    const year = twoDigits(s, 8);
    if (a < 0 || b < 0 || century < 0 || year < 0) return null;
    const y = century * 100 + year;
    return order === 'mdy' ? isoOf(y, a, b, s) : isoOf(y, b, a, s);
  }
  if (s.length === 8) {
    const century = twoDigits(s, 0);
    const year = twoDigits(s, 2);
    const m = twoDigits(s, 4);
    const d = twoDigits(s, 6);
    if (century < 0 || year < 0 || m < 0 || d < 0) return null;
    return isoOf(century * 100 + year, m, d, s);
  }
  return null;
}

/** Whether text looks like a date at all (any order), for recognising the date column. */
export function looksLikeDate(s: string): boolean {
  const r = parseDateText(s, 'dmy');
  if (r?.ok) return true;
  const r2 = parseDateText(s, 'mdy');
  return r2?.ok === true;
}

/**
 * Day-first or month-first, from the values themselves: a first part above 12 proves day-first, a second
 * part above 12 proves month-first. With no proof, Brazil's day-first is assumed with lower confidence.
 */
export function detectDateOrder(samples: string[]): { order: DateOrder; confidence: number } {
  let dayFirst = 0;
  let monthFirst = 0;
  let iso = 0;
  let slashed = 0;
  for (const s of samples) {
    const t = s.trim();
    if (/^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}/.test(t) || /^\d{8}$/.test(t)) iso++;
    const m = /^(\d{1,2})[-/.](\d{1,2})[-/.]\d{2,4}/.exec(t);
    if (!m) continue;
    slashed++;
    if (Number(m[1]) > 12) dayFirst++;
    if (Number(m[2]) > 12) monthFirst++;
  }
  if (slashed === 0) return { order: iso > 0 ? 'ymd' : 'dmy', confidence: iso > 0 ? 1 : 0.5 };
  if (dayFirst > 0 && monthFirst === 0) return { order: 'dmy', confidence: 1 };
  if (monthFirst > 0 && dayFirst === 0) return { order: 'mdy', confidence: 1 };
  if (dayFirst > 0 && monthFirst > 0) return { order: 'dmy', confidence: 0.3 };
  return { order: 'dmy', confidence: 0.8 };
}
