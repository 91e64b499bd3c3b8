/** The SQL of learned card fees (card-fees.ts decides what a confirmed deposit teaches). */
import { sql } from 'kysely';
import { inStrings, slices, type Tx } from '../store/store';
import type { CardProduct } from './types';

export interface CardFeeRow {
  acquirer: string;
  flag: string;
  product: CardProduct;
  percent: number;
  samples: number;
  grossCents: number;
  feeCents: number;
  updatedAt: string;
}

/** One receivable of a card deposit the clerk confirmed, with what the deposit paid for it. */
export interface ConfirmedCardItem {
  matchId: number;
  reasons: string;
  updatedAt: string;
  net: number;
  gross: number;
  type: number | null;
  acquirer: string | null;
  flag: string | null;
}

export const cardFeesRepo = {
  /** The items of the current plans' card deposits (a `card_lump` reason) in one of `states`, by match. */
  confirmedItems: async (tx: Tx, states: readonly string[]) =>
    (
      await sql<ConfirmedCardItem>`SELECT m.id AS "matchId", m.reasons_json AS reasons, m.updated_at AS "updatedAt",
                i.amount_cents AS net, r.amount_cents AS gross, r.payment_type_id AS type,
                r.card_acquirer AS acquirer, r.card_flag AS flag
           FROM matches m
           JOIN match_plans p ON p.id = m.plan_id
           JOIN match_items i ON i.match_id = m.id
           JOIN receivables r ON r.id = i.receivable_id
          WHERE ${inStrings(tx, 'm.state', states)}
            AND m.reasons_json LIKE '%"card_lump"%'
            AND p.id = (SELECT max(id) FROM match_plans WHERE statement_id = p.statement_id)
          ORDER BY m.id, i.id`.execute(tx)
    ).rows,

  /** Replaces every stored fee with `rows` (in the caller's transaction). */
  async replaceAll(tx: Tx, rows: readonly CardFeeRow[]): Promise<void> {
    await tx.deleteFrom('card_fees').execute();
    for (const slice of slices(rows, 500))
      await tx
        .insertInto('card_fees')
        .values(
          slice.map((r) => ({
            acquirer: r.acquirer,
            flag: r.flag,
            product: r.product,
            percent: r.percent,
            samples: r.samples,
            gross_cents: r.grossCents,
            fee_cents: r.feeCents,
            updated_at: r.updatedAt,
          })),
        )
        .execute();
  },
};
