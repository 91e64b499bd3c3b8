import { isValidIsoDate, saoPauloDateTime } from '../dates';
import { INT32_MAX } from '../http/validation';
import { notValid, type Binder, type Conversion } from './query-binding';

const INT32_MIN = -2147483648;
/** What .NET's Int32 parser takes for a query value (NumberStyles.Integer): blanks and a sign allowed. */
const INT = /^\s*[+-]?\d+\s*$/;

function toInt32(s: string): number | null {
  if (!INT.test(s)) return null;
  const n = Number(s.trim());
  return n >= INT32_MIN && n <= INT32_MAX ? n || 0 : null;
}

const ok = <T>(value: T): Conversion<T> => ({ ok: true, value });

/** One int32 (an `int?` action parameter); a list, a decimal or an overflow is not valid. */
export const int32Param: Binder<number> = {
  convert: (raw) => {
    const n = toInt32(raw);
    return n === null ? notValid(raw) : ok(n);
  },
};

/**
 * An integer filter as a list, so matching is the same either way: `list` = a comma list (repeats
 * joined), otherwise exactly one int32 (first of repeats), given back as a one-element list.
 */
export function intFilterParam(list: boolean): Binder<number[]> {
  if (!list) {
    return {
      convert: (raw) => {
        const n = toInt32(raw);
        return n === null ? notValid(raw) : ok([n]);
      },
    };
  }
  return {
    joinRepeated: true,
    convert: (raw) => {
      const items = raw.split(',').map(toInt32);
      return items.some((n) => n === null) ? notValid(raw) : ok(items as number[]);
    },
  };
}

/**
 * `take`: an int32 >= 1; anything above 50 is clamped to 50 (the real API's maximum). Zero or negative
 * is a range failure, worded like .NET's RangeAttribute (no real answer is known).
 */
export const takeParam: Binder<number> = {
  convert: (raw) => {
    const n = toInt32(raw);
    if (n === null) return notValid(raw);
    if (n < 1) return { ok: false, message: `The field take must be between 1 and ${INT32_MAX}.` };
    return ok(Math.min(n, 50));
  },
};

export const skipParam: Binder<number> = {
  convert: (raw) => {
    const n = toInt32(raw);
    if (n === null) return notValid(raw);
    if (n < 0) return { ok: false, message: `The field skip must be between 0 and ${INT32_MAX}.` };
    return ok(n);
  },
};

const AMOUNT = /^\d{1,12}([.,]\d{1,2})?$/;

/** `99.90` or `99,90` in reais, to integer cents. */
export const amountParam: Binder<number> = {
  convert: (raw) => {
    const s = raw.trim();
    if (!AMOUNT.test(s)) return notValid(raw);
    const [int, frac = ''] = s.replace(',', '.').split('.');
    return ok(Number(int) * 100 + Number(frac.padEnd(2, '0')));
  },
};

export const textParam: Binder<string> = { convert: (raw) => ok(raw.trim()) };

const DATE_PARAM =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,7})?)?(Z|[+\- ]\d{2}:?\d{2})?)?$/;

/** A bound as a comparable local `yyyy-mm-ddTHH:MM:SS`; a bare end date covers its whole day. */
export function parseDateBound(value: string, end: boolean): string | null {
  const m = DATE_PARAM.exec(value);
  if (!m || !isValidIsoDate(m[1]!)) return null;
  const [, date, hh, mm, ss, zone] = m;
  if (hh === undefined) return `${date}T${end ? '23:59:59' : '00:00:00'}`;
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? '0') > 59) return null;
  const local = `${date}T${hh}:${mm}:${ss ?? '00'}`;
  if (!zone) return local;
  // An unencoded '+' in a query string arrives as a space.
  const z0 = zone.startsWith(' ') ? `+${zone.slice(1)}` : zone;
  // An explicit offset names an instant; records are Brasília local time.
  const instant = new Date(`${local}${z0.length === 5 ? `${z0.slice(0, 3)}:${z0.slice(3)}` : z0}`);
  return Number.isNaN(instant.getTime()) ? null : saoPauloDateTime(instant);
}

/** A date bound; `dateOnly` = a server that takes only the documented `yyyy-mm-dd`. */
export function dateParam(end: boolean, dateOnly: boolean): Binder<string> {
  return {
    convert: (raw) => {
      const s = raw.trim();
      if (dateOnly && !isValidIsoDate(s)) return notValid(raw);
      const bound = parseDateBound(s, end);
      return bound === null ? notValid(raw) : ok(bound);
    },
  };
}
