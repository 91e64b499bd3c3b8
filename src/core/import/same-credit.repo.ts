import { sql } from 'kysely';
import { slices, type Tx } from '../store/store';
import { inTexts } from './import.repo';

/** A line of the other source on one of the days asked (same-credit.ts judges against these in memory). */
export interface OtherLine {
  id: number;
  kind: string;
  date: string;
  amount_cents: number;
  description: string;
  fitid: string | null;
  document: string | null;
  raw_json: string;
  payer_text: string | null;
  payer_document: string | null;
  /** Some line's fingerprint is already an alias of this one. */
  aliased: number;
}

const LOOKUP_SLICE = 1000;

/**
 * The SQL of the cross-source identity (same-credit.ts), read once per import or feed run rather than per line: the
 * aliases of the fingerprints about to be stored, the other source's lines of their days, and (a file against the
 * feeds) the fed lines of the endToEndIds a file names. Then the aliases recognised, in one go.
 */
export const sameCreditRepo = {
  /** Which of these fingerprints are aliases of a stored line (fingerprint → line id). */
  async aliases(
    tx: Tx,
    bankAccountId: number,
    fingerprints: readonly string[],
  ): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    for (const slice of slices(fingerprints, LOOKUP_SLICE)) {
      const rows = await tx
        .selectFrom('line_aliases')
        .select(['fingerprint', 'line_id'])
        .where('bank_account_id', '=', bankAccountId)
        .where(inTexts(tx, 'fingerprint', slice))
        .execute();
      for (const r of rows) found.set(r.fingerprint, r.line_id);
    }
    return found;
  },

  /**
   * The other source's lines of the account on these days (a feed's are `pix` statements, a file's any other
   * format), oldest id first, each with whether a fingerprint already names it.
   */
  otherLines: (
    tx: Tx,
    bankAccountId: number,
    source: 'feed' | 'file',
    dates: readonly string[],
  ): Promise<OtherLine[]> =>
    tx
      .selectFrom('statement_lines as l')
      .innerJoin('statements as s', 's.id', 'l.statement_id')
      .select([
        'l.id',
        'l.kind',
        'l.date',
        'l.amount_cents',
        'l.description',
        'l.fitid',
        'l.document',
        'l.raw_json',
        'l.payer_text',
        'l.payer_document',
      ])
      .select(
        sql<number>`case when exists (select 1 from line_aliases a where a.line_id = l.id) then 1 else 0 end`.as(
          'aliased',
        ),
      )
      .where('l.bank_account_id', '=', bankAccountId)
      .where(inTexts(tx, 'l.date', dates))
      .where('s.format', source === 'file' ? '=' : '<>', 'pix')
      .orderBy('l.id')
      .execute(),

  /** Fed (`pix`) lines of the account whose bank id is one of these endToEndIds: endToEndId → oldest such line. */
  async fedByFitid(tx: Tx, bankAccountId: number, ids: readonly string[]): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    for (const slice of slices(ids, LOOKUP_SLICE)) {
      const rows = await tx
        .selectFrom('statement_lines as l')
        .innerJoin('statements as s', 's.id', 'l.statement_id')
        .select(['l.fitid', 'l.id'])
        .where('l.bank_account_id', '=', bankAccountId)
        .where(inTexts(tx, 'l.fitid', slice))
        .where('s.format', '=', 'pix')
        .orderBy('l.id')
        .execute();
      for (const r of rows) if (r.fitid !== null && !found.has(r.fitid)) found.set(r.fitid, r.id);
    }
    return found;
  },

  /** Record fingerprints as aliases of stored lines (a fingerprint already recorded is left as it is). */
  async record(
    tx: Tx,
    bankAccountId: number,
    rows: readonly {
      fingerprint: string;
      lineId: number;
      basis: 'end_to_end_id' | 'single_candidate';
      at: string;
    }[],
  ): Promise<void> {
    for (const slice of slices(rows, 500))
      await tx
        .insertInto('line_aliases')
        .values(
          slice.map((r) => ({
            bank_account_id: bankAccountId,
            fingerprint: r.fingerprint,
            line_id: r.lineId,
            basis: r.basis,
            created_at: r.at,
          })),
        )
        .onConflict((oc) => oc.columns(['bank_account_id', 'fingerprint']).doNothing())
        .execute();
  },
};
