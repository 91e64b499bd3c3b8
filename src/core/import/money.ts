import { fold } from './text';

export type DecimalSeparator = ',' | '.';
/**
 * Why an amount cannot be read, as a code the screens word (`importing.rejects.bad_amount.*`, [T]); `reason` is the
 * same in English, kept for the log and the stored import.
 */
export type MoneyWhy =
  'too_large' | 'decimals' | 'not_amount' | 'not_number' | 'no_result' | 'credit_and_debit';
export type MoneyResult =
  | { ok: true; cents: number; rounded: boolean }
  | { ok: false; reason: string; why: MoneyWhy; value?: string };

const MAX_DIGITS = 13; // R$ 99 billion: far above any statement line, far below 2^53 cents.

/** C/D written by the bank, in a separate column or after the amount. */
export function parseDirection(text: string): 'C' | 'D' | null {
  const t = fold(text).trim().toUpperCase().replace(/\.$/, '');
  if (/^(C|CR|CRED|CREDITO|ENTRADA|RECEITA|\+)$/.test(t)) return 'C';
  if (/^(D|DB|DEB|DEBITO|SAIDA|DESPESA|-)$/.test(t)) return 'D';
  return null;
}

/** Digits (as splitBody leaves them) into cents. */
function digitsToCents(intPart: string, frac: string): MoneyResult {
  // Leading zeros off while a digit follows (what /^0+(?=\d)/ takes), by hand: this runs per line.
  let zeros = 0;
  while (zeros < intPart.length && intPart.charCodeAt(zeros) === 48) zeros++;
  const next = intPart.charCodeAt(zeros) - 48;
  if (zeros > 0 && !(next >= 0 && next <= 9)) zeros--;
  const int = (zeros > 0 ? intPart.slice(zeros) : intPart) || '0';
  if (int.length > MAX_DIGITS) return { ok: false, reason: 'the amount is too large', why: 'too_large' };
  if (frac.length > 2 && !/^0*$/.test(frac.slice(2)))
    return { ok: false, reason: 'the amount has more than 2 decimal places', why: 'decimals' };
  // frac holds digits only: its first two are the cents.
  const tens = frac.length > 0 ? frac.charCodeAt(0) - 48 : 0;
  const units = frac.length > 1 ? frac.charCodeAt(1) - 48 : 0;
  return { ok: true, cents: Number(int) * 100 + tens * 10 + units, rounded: false };
}

/** Body of a number once signs, markers and currency are gone: which separator is the decimal one. */
function splitBody(body: string, dec: DecimalSeparator | 'auto'): { int: string; frac: string } | null {
  let d = dec;
  if (d === 'auto') {
    const lastComma = body.lastIndexOf(',');
    const lastDot = body.lastIndexOf('.');
    // No separator: digits only, or not an amount ("abc", "0x1A", "1e5" are not read as numbers).
    if (lastComma < 0 && lastDot < 0) return WHOLE.test(body) ? { int: body, frac: '' } : null;
    const last: DecimalSeparator = lastComma > lastDot ? ',' : '.';
    const several = body.indexOf(last) !== (last === ',' ? lastComma : lastDot);
    const other = last === ',' ? '.' : ',';
    // “1.234.567” has only grouping; “1.234” alone is read as a decimal (OFX writes 1234.56, never groups).
    d = several && !body.includes(other) ? other : last;
  }
  const group = d === ',' ? '.' : ',';
  const at = body.indexOf(d);
  // A second decimal separator: not a number.
  if (at >= 0 && body.indexOf(d, at + 1) >= 0) return null;
  const int = at < 0 ? body : body.slice(0, at);
  const frac = at < 0 ? '' : body.slice(at + 1);
  let intDigits = int;
  if (int.includes(group)) {
    // Groups of three after the first group of one to three digits.
    if (!(group === '.' ? GROUPED_DOT : GROUPED_COMMA).test(int)) return null;
    intDigits = int.replaceAll(group, '');
  }
  if (!DIGITS.test(intDigits) || !DIGITS.test(frac) || intDigits.length + frac.length === 0) return null;
  return { int: intDigits, frac };
}
const GROUPED_DOT = /^\d{1,3}(?:\.\d{3})+$/;
const GROUPED_COMMA = /^\d{1,3}(?:,\d{3})+$/;
const DIGITS = /^\d*$/;
const WHOLE = /^\d+$/;

/**
 * Amount text as banks write it, into integer cents, exactly (no floating point): `-1.234,56`,
 * `1,234.56`, `R$ 1.234,56`, `1.234,56 D`, `(1.234,56)`, `1.234,56-`, `+50,00`. Returns null for an empty
 * cell. `dec` is the decimal separator detected for the file; `auto` decides per value (OFX).
 */
export function parseMoneyText(raw: string, dec: DecimalSeparator | 'auto'): MoneyResult | null {
  if (raw === '') return null;
  // Digits and separators with at most a leading minus (most cells): nothing below would change them.
  if (PLAIN.test(raw)) {
    const minus = raw.charCodeAt(0) === 45;
    return fromBody(minus, minus ? raw.slice(1) : raw, raw, dec);
  }
  let s = raw
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\u2212/g, '-')
    .trim();
  if (s === '' || s === '-') return null;
  let negative = false;
  const paren = /^\((.*)\)$/.exec(s);
  if (paren) {
    negative = true;
    s = paren[1]!.trim();
  }
  const marker = /^(.*[\d)])\s*(CRED|DEB|CR|DB|C|D)\.?$/i.exec(s);
  if (marker) {
    if (/^d/i.test(marker[2]!)) negative = !negative;
    s = marker[1]!.trim();
  }
  s = s.replace(/R\$|BRL|\$/gi, '').replace(/\s+/g, '');
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  } else if (s.startsWith('+')) s = s.slice(1);
  if (s.endsWith('-')) {
    negative = !negative;
    s = s.slice(0, -1);
  } else if (s.endsWith('+')) s = s.slice(0, -1);
  return fromBody(negative, s, raw, dec);
}
const PLAIN = /^-?[\d.,]+$/;

/** The amount once signs, markers and currency are gone: `body` holds digits and separators only, if valid. */
function fromBody(negative: boolean, body: string, raw: string, dec: DecimalSeparator | 'auto'): MoneyResult {
  const parts = splitBody(body, dec);
  if (!parts) {
    const value = raw.trim().slice(0, 40);
    return { ok: false, reason: `“${value}” is not an amount`, why: 'not_amount', value };
  }
  const r = digitsToCents(parts.int, parts.frac);
  if (!r.ok || !negative || r.cents === 0) return r;
  return { ok: true, cents: -r.cents, rounded: false };
}

/**
 * A numeric spreadsheet cell into cents. The double is printed with 6 decimals first, which absorbs binary
 * noise such as 0.30000000000000004 from formulas; a real fraction of a cent is rounded and flagged.
 */
export function numberToCents(v: number): MoneyResult {
  if (!Number.isFinite(v)) return { ok: false, reason: 'the amount is not a number', why: 'not_number' };
  if (Math.abs(v) >= 10 ** MAX_DIGITS)
    return { ok: false, reason: 'the amount is too large', why: 'too_large' };
  const text = Math.abs(v).toFixed(6);
  const [int = '0', frac = '000000'] = text.split('.');
  let cents = Number(int) * 100 + Number(frac.slice(0, 2));
  const rest = frac.slice(2);
  const rounded = !/^0*$/.test(rest);
  if (rounded && Number(rest) >= 5000) cents += 1;
  return { ok: true, cents: v < 0 && cents !== 0 ? -cents : cents, rounded };
}
