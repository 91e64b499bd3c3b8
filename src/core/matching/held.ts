import type { HeldReceivable, MatchLine, Reason } from './types';

/**
 * The params of a `held` reason: where the receivable is held (statement and line ids, kept for the record)
 * and that line as the clerk knows it — bank date, amount and account — so the sentence names it in words,
 * never "line 101 of statement #3" ([T] item 6).
 */
export function heldParams(h: HeldReceivable): NonNullable<Reason['params']> {
  return {
    statementId: h.statementId,
    lineId: h.lineId,
    ...(h.date ? { date: h.date } : {}),
    ...(h.amountCents !== undefined ? { amountCents: h.amountCents } : {}),
    ...(h.account ? { account: h.account } : {}),
  };
}

/**
 * The params naming another line of the same run (a receivable claimed by it, the same payment twice): its id
 * for the record, its bank date and amount for the sentence ([T] item 6).
 */
export function lineParams(l: Pick<MatchLine, 'id' | 'date' | 'amountCents'>): NonNullable<Reason['params']> {
  return { lineId: l.id, date: l.date, amountCents: l.amountCents };
}
