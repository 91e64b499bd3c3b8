/** The SQL of learned card fees (card-fees.ts decides what a confirmed deposit teaches). */
import type { Db } from '../db/open-db';
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
  confirmedItems: (db: Db, states: readonly string[]) =>
    db
      .prepare(
        `SELECT m.id AS matchId, m.reasons_json AS reasons, m.updated_at AS updatedAt, i.amount_cents AS net,
                r.amount_cents AS gross, r.payment_type_id AS type, r.card_acquirer AS acquirer, r.card_flag AS flag
           FROM matches m
           JOIN match_plans p ON p.id = m.plan_id
           JOIN match_items i ON i.match_id = m.id
           JOIN receivables r ON r.id = i.receivable_id
          WHERE m.state IN (SELECT value FROM json_each(?))
            AND m.reasons_json LIKE '%"card_lump"%'
            AND p.id = (SELECT max(id) FROM match_plans WHERE statement_id = p.statement_id)
          ORDER BY m.id`,
      )
      .all(JSON.stringify(states)) as ConfirmedCardItem[],

  /** Replaces every stored fee with `rows`, in one transaction. */
  replaceAll(db: Db, rows: readonly CardFeeRow[]): void {
    db.transaction(() => {
      db.prepare('DELETE FROM card_fees').run();
      const ins = db.prepare(
        `INSERT INTO card_fees (acquirer, flag, product, percent, samples, gross_cents, fee_cents, updated_at)
         VALUES (@acquirer, @flag, @product, @percent, @samples, @grossCents, @feeCents, @updatedAt)`,
      );
      for (const r of rows) ins.run(r);
    })();
  },
};
