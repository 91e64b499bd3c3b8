/**
 * The amount range a clerk narrows a set-aside rule with, typed in reais ("1.234,56", "1234,56", "1234.5", "80"):
 * to cents and back. Empty: no bound. Pure, unit-tested.
 */
export type MoneyInput = { ok: true; cents: number | null } | { ok: false };

export function parseMoneyInput(text: string): MoneyInput {
  const t = text.replace(/R\$|\s/g, '');
  if (t === '') return { ok: true, cents: null };
  // A comma is the decimal mark (dots group thousands); without one, a dot followed by 1–2 digits at the end is.
  const normal = t.includes(',')
    ? t.replace(/\./g, '').replace(',', '.')
    : /^\d+\.\d{1,2}$/.test(t)
      ? t
      : t.replace(/\./g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(normal)) return { ok: false };
  return { ok: true, cents: Math.round(Number(normal) * 100) };
}

/** Cents as the clerk would type them back ("1234,56"); null: empty. */
export const centsToInput = (cents: number | null): string =>
  cents === null ? '' : `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

/** A range the clerk typed: both bounds parsed, in order; otherwise which field is wrong. */
export function readRange(
  from: string,
  to: string,
): { ok: true; minCents: number | null; maxCents: number | null } | { ok: false; field: 'from' | 'to' } {
  const a = parseMoneyInput(from);
  if (!a.ok) return { ok: false, field: 'from' };
  const b = parseMoneyInput(to);
  if (!b.ok) return { ok: false, field: 'to' };
  if (a.cents !== null && b.cents !== null && a.cents > b.cents) return { ok: false, field: 'to' };
  return { ok: true, minCents: a.cents, maxCents: b.cents };
}
