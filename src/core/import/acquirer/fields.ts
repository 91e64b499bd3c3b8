/**
 * Reading fields of acquirer records: fixed-width positions (1-based, inclusive, as the manuals number them),
 * money without a decimal point (the last two digits are cents) and the date formats the layouts use.
 * Each reader returns null for a blank or zero field and throws `FieldError` for one that is not what the
 * layout says, so the parser can refuse the whole file naming the line and the field.
 */
export class FieldError extends Error {}

export class FixedRecord {
  constructor(readonly text: string) {}
  /** Characters `from`..`to` (1-based, inclusive), untrimmed. */
  raw(from: number, to: number): string {
    return this.text.slice(from - 1, to);
  }
  /** Trimmed text, null when blank. */
  str(from: number, to: number): string | null {
    const v = this.raw(from, to).trim();
    return v === '' ? null : v;
  }
  /**
   * Digits as cents (no decimal point in the layout); a blank field is 0. A fixed-width number is zero-filled
   * to its width: digits and blanks mixed mean the field was cut or shifted by a character, refused.
   */
  cents(from: number, to: number, field: string): number {
    return centsOfDigits(this.whole(from, to, field), field);
  }
  /** The field as written when it is all digits or all blank; otherwise a shifted or damaged field. */
  private whole(from: number, to: number, field: string): string {
    const v = this.raw(from, to);
    if (v.trim() !== '' && v.trim().length !== to - from + 1 && /\d/.test(v))
      throw new FieldError(`${field} at ${from}-${to} is “${v}”, not a number of ${to - from + 1} digits`);
    return v;
  }
  /** Signed cents: a sign character (“+” / “-”, blank = “+”) at `signAt`. */
  signed(signAt: number, from: number, to: number, field: string): number {
    const sign = this.raw(signAt, signAt);
    if (sign !== '+' && sign !== '-' && sign.trim() !== '')
      throw new FieldError(`the sign of ${field} is “${sign}”, not + or -`);
    const v = this.cents(from, to, field);
    return sign === '-' ? -v : v;
  }
  int(from: number, to: number, field: string): number | null {
    const v = this.whole(from, to, field).trim();
    if (v === '') return null;
    if (!/^\d+$/.test(v)) throw new FieldError(`${field} is “${v}”, not a number`);
    return Number(v);
  }
  ddmmyyyy(from: number, to: number, field: string): string | null {
    return dateOf(this.raw(from, to), 'dmy', field);
  }
  yyyymmdd(from: number, to: number, field: string): string | null {
    return dateOf(this.raw(from, to), 'ymd', field);
  }
}

export function centsOfDigits(text: string, field: string): number {
  const v = text.trim();
  if (v === '') return 0;
  if (!/^\d+$/.test(v)) throw new FieldError(`${field} is “${v}”, not an amount`);
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new FieldError(`${field} is too large`);
  return n;
}

/**
 * A decimal amount with a point (Stone XML: “694.000000”, “-590.000000”) → cents, half away from zero.
 * Stone writes six decimals; the cents are what reaches the bank.
 */
export function centsOfDecimal(text: string, field: string): number {
  const v = text.trim();
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(v);
  if (!m) throw new FieldError(`${field} is “${v}”, not an amount`);
  const frac = (m[3] ?? '').padEnd(3, '0');
  let cents = Number(m[2]) * 100 + Number(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) throw new FieldError(`${field} is too large`);
  return m[1] === '-' ? -cents : cents;
}

const valid = (y: number, m: number, d: number) => {
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1990 || y > 2099) return false;
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
};

/** `dmy` DDMMAAAA, `ymd` AAAAMMDD, `dmy6` DDMMAA, `ymd6` AAMMDD → YYYY-MM-DD; null for zeros/blank. */
export function dateOf(text: string, order: 'dmy' | 'ymd' | 'dmy6' | 'ymd6', field: string): string | null {
  const v = text.trim();
  if (v === '' || /^0+$/.test(v)) return null;
  const len = order === 'dmy6' || order === 'ymd6' ? 6 : 8;
  if (v.length !== len || !/^\d+$/.test(v)) throw new FieldError(`${field} is “${v}”, not a date`);
  let y: number;
  let m: number;
  let d: number;
  if (order === 'dmy') [d, m, y] = [Number(v.slice(0, 2)), Number(v.slice(2, 4)), Number(v.slice(4, 8))];
  else if (order === 'ymd') [y, m, d] = [Number(v.slice(0, 4)), Number(v.slice(4, 6)), Number(v.slice(6, 8))];
  else if (order === 'dmy6')
    [d, m, y] = [Number(v.slice(0, 2)), Number(v.slice(2, 4)), 2000 + Number(v.slice(4, 6))];
  else [y, m, d] = [2000 + Number(v.slice(0, 2)), Number(v.slice(2, 4)), Number(v.slice(4, 6))];
  if (!valid(y, m, d)) throw new FieldError(`${field} is “${v}”, not a date`);
  return `${String(y)}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Leading zeros off, for comparing keys (NSU “000123” and “123” are the same sale). */
export const keyOf = (s: string | null): string | null => {
  if (s === null) return null;
  const t = s.trim().replace(/^0+(?=.)/, '');
  return t === '' || /^0+$/.test(t) ? null : t;
};
