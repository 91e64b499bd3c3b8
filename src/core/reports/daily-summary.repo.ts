/** The only SQL of the daily summary (daily-summary.report.ts). */
import { sql } from 'kysely';
import type { DailySummaryDto } from '../../shared/contract/policy';
import { jsonField, type Tx } from '../store/store';

export const dailySummaryRepo = {
  line: (
    tx: Tx,
    id: number,
  ): Promise<{ date: string; amountCents: number; description: string } | undefined> =>
    tx
      .selectFrom('statement_lines')
      .select(['date', 'amount_cents as amountCents', 'description'])
      .where('id', '=', id)
      .executeTakeFirst(),

  items: (tx: Tx, matchId: number): Promise<{ id: number; payerName: string | null }[]> =>
    tx
      .selectFrom('match_items as i')
      .leftJoin('receivables as r', 'r.id', 'i.receivable_id')
      .select(['i.receivable_id as id', 'r.payer_name as payerName'])
      .where('i.match_id', '=', matchId)
      .orderBy('i.receivable_id')
      .execute(),

  /** Batches holding a pair the policy approved (any day), created, sent or confirmed in [from, to). */
  async policyBatches(tx: Tx, fromUtc: string, toUtc: string): Promise<DailySummaryDto['sent']> {
    const within = (column: string) =>
      sql<boolean>`(${sql.ref(column)} >= ${fromUtc} AND ${sql.ref(column)} < ${toUtc})`;
    const rows = await tx
      .selectFrom('outbox_batches as b')
      .innerJoin('outbox_items as o', 'o.batch_id', 'b.id')
      .select((eb) => [
        'b.id as batchId',
        sql<string>`coalesce(b.last_attempt_at, b.created_at)`.as('at'),
        'b.state',
        'b.confirmed_at as confirmedAt',
        eb.fn.count<number>('o.receivable_id').as('receivables'),
        sql<number>`coalesce(sum(o.amount_cents), 0)`.as('amountCents'),
      ])
      .where((eb) => eb.or([within('b.created_at'), within('b.last_attempt_at'), within('b.confirmed_at')]))
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('outbox_items as o2')
            .innerJoin('audit_log as a', (j) =>
              j
                .on('a.action', '=', 'match.approved')
                .on('a.subject', '=', sql<string>`'line:' || o2.line_id`),
            )
            .select('o2.batch_id')
            .where(jsonField(tx, 'a.after_json', 'policyVersion'), 'is not', null)
            .whereRef('o2.batch_id', '=', 'b.id'),
        ),
      )
      .groupBy(['b.id', 'b.last_attempt_at', 'b.created_at', 'b.state', 'b.confirmed_at'])
      .orderBy('b.id')
      .execute();
    // PostgreSQL's count and sum of bigints arrive as a bigint (a number here) and a numeric (text).
    return rows.map((r) => ({
      ...r,
      state: r.state,
      receivables: Number(r.receivables),
      amountCents: Number(r.amountCents),
    }));
  },
};
