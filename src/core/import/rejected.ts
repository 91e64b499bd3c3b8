import type { Rejected } from '../../shared/contract/import';
import type { DateResult } from './dates';
import type { MoneyResult } from './money';

/**
 * A line that cannot be read, as a code with its parameters ([T]): the screens and the `quita` command word it from
 * the catalogue (`importing.rejects.*`, src/shared/i18n/rejected-text.ts), so a clerk reads only their language;
 * `reason` keeps the English sentence for the log and the stored import.
 */
export function rejectedDate(line: number, date: Extract<DateResult, { ok: false }>): Rejected {
  return {
    line,
    reason: date.reason,
    code: `row.bad_date.${date.why}`,
    ...(date.value !== undefined ? { params: { value: date.value } } : {}),
  };
}

/** An amount that cannot be read (`row.bad_amount.*`), as `rejectedDate`. */
export function rejectedAmount(line: number, amount: Extract<MoneyResult, { ok: false }>): Rejected {
  return {
    line,
    reason: amount.reason,
    code: `row.bad_amount.${amount.why}`,
    ...(amount.value !== undefined ? { params: { value: amount.value } } : {}),
  };
}
