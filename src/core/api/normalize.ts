/**
 * Conversions at the API boundary. Inside Quita money is integer cents and calendar dates are YYYY-MM-DD in
 * Brasília time; the API sends numbers or numeric strings and ISO date-times with or without an offset.
 */
import { todayInBrasilia } from '../../shared/dates';
import { fold as foldShared } from '../../shared/text';

/** 79.9, "79.90", "79,90", "1.234,56" or "1,234.56" → cents. null/'' → null. Throws on garbage. */
export function toCents(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not an amount: ${value}`);
    // Amounts have at most 2 decimals; rounding removes the binary noise of e.g. 79.9 * 100.
    return Math.round(value * 100);
  }
  if (typeof value !== 'string') throw new Error(`not an amount: ${JSON.stringify(value)}`);
  let s = value.trim().replace(/^R\$\s*/, '');
  const negative = s.startsWith('-');
  if (negative) s = s.slice(1);
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  // Whichever separator comes last is the decimal one (if it is followed by 1 or 2 digits).
  const decimalSep = lastComma > lastDot ? ',' : '.';
  const [intPart, fracPart = ''] = (() => {
    const i = s.lastIndexOf(decimalSep);
    if (i >= 0 && s.length - i - 1 <= 2 && s.length - i - 1 >= 1) return [s.slice(0, i), s.slice(i + 1)];
    return [s, ''];
  })();
  const digits = intPart.replace(/[.,\s]/g, '');
  if (!/^\d+$/.test(digits) || !/^\d{0,2}$/.test(fracPart))
    throw new Error(`not an amount: ${JSON.stringify(value)}`);
  const cents = Number(digits) * 100 + Number(fracPart.padEnd(2, '0'));
  return negative ? -cents : cents;
}

/**
 * The Brasília calendar date of an API date(-time). Without an offset the API's wall time is already
 * Brasília's, so the date part is taken as is; with an offset (or Z) the instant is converted.
 */
export function toIsoDate(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const s = value.trim();
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
  if (!m) return null;
  if (!m[3]) return m[1]!;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? m[1]! : todayInBrasilia(d);
}

/** Accept `{id, name}`, a bare id, or a numeric string. */
export function idOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value);
  if (value && typeof value === 'object' && 'id' in value) return idOf(value.id);
  return null;
}

/** Fold accents and case, for search and comparisons ("São Paulo" → "sao paulo"): the shared rule, trimmed. */
export function fold(s: string): string {
  return foldShared(s).trim();
}
