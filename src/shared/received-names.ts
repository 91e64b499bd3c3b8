/**
 * Whose money a deposit held that the EVO had received already (`lump_received`'s `names`): the clerk reads
 * "2 recebíveis deste depósito já estavam baixados: Ana Lima (R$ 99,90), Rui Sá (R$ 129,90)", never a bare count
 * ([T] item 2). One `cents name` per line, the first few; the count says how many there were in all. Written by
 * the matching engine, read back by the reasons' wording (shared/i18n/reasons.pt.ts and reasons.en.ts): the one
 * module that knows the format.
 */

/** How many receivables `names` carries; the sentence says "e mais N" for the rest. */
export const NAMED_RECEIVED = 6;

/** What `names` needs of a receivable (the engine's MatchReceivable has these). */
interface Received {
  r: { id: number; amountCents: number; amountPaidCents?: number | null; payerName: string | null };
}

export function receivedNames(recs: readonly Received[]): string {
  return recs
    .slice(0, NAMED_RECEIVED)
    .map(
      ({ r }) => `${r.amountPaidCents ?? r.amountCents} ${(r.payerName ?? `#${r.id}`).replace(/\s+/g, ' ')}`,
    )
    .join('\n');
}

/** `names` read back: who and how much, in the order written. */
export function parseReceivedNames(names: unknown): { cents: number; name: string }[] {
  if (typeof names !== 'string' || names === '') return [];
  return names.split('\n').flatMap((s) => {
    const m = /^(-?\d+) (.+)$/.exec(s);
    return m ? [{ cents: Number(m[1]), name: m[2]! }] : [];
  });
}
