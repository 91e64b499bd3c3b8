import { sql } from 'kysely';
import type { Tx } from '../store/store';

/** The only SQL of removing an imported statement (statement-remove.ts). Callers own the transaction. */
export const statementRemoveRepo = {
  statement: (
    tx: Tx,
    id: number,
  ): Promise<
    | {
        id: number;
        file_name: string;
        bank_account_id: number;
        period_from: string | null;
        period_to: string | null;
        line_count: number;
        credit_count: number;
      }
    | undefined
  > =>
    tx
      .selectFrom('statements')
      .select([
        'id',
        'file_name',
        'bank_account_id',
        'period_from',
        'period_to',
        'line_count',
        'credit_count',
      ])
      .where('id', '=', id)
      .executeTakeFirst(),

  /** Receivables of the statement's lines in the outbox (queued or sent to be marked as paid). */
  sentReceivables: async (tx: Tx, statementId: number): Promise<number> =>
    Number(
      (
        await tx
          .selectFrom('outbox_items')
          .select((eb) => eb.fn.countAll().as('n'))
          .where((eb) =>
            eb.or([
              eb(
                'line_id',
                'in',
                eb.selectFrom('statement_lines').select('id').where('statement_id', '=', statementId),
              ),
              eb(
                'match_id',
                'in',
                eb
                  .selectFrom('matches as m')
                  .innerJoin('match_plans as p', 'p.id', 'm.plan_id')
                  .select('m.id')
                  .where('p.statement_id', '=', statementId),
              ),
            ]),
          )
          .executeTakeFirstOrThrow()
      ).n,
    ),

  /** Its matches, and how many of them the clerk had approved or chosen (what the removal discards). */
  decided: async (tx: Tx, statementId: number): Promise<{ total: number; approved: number }> => {
    const r = await tx
      .selectFrom('matches as m')
      .innerJoin('match_plans as p', 'p.id', 'm.plan_id')
      .select((eb) => [
        eb.fn.countAll().as('total'),
        // count(), not sum(): a count is a bigint on PostgreSQL too (read as a number), a sum a numeric.
        eb.fn.count(sql`case when m.state in ('approved', 'overridden') then 1 end`).as('approved'),
      ])
      .where('p.statement_id', '=', statementId)
      .executeTakeFirstOrThrow();
    return { total: Number(r.total), approved: Number(r.approved) };
  },

  lineCount: async (tx: Tx, statementId: number): Promise<number> =>
    Number(
      (
        await tx
          .selectFrom('statement_lines')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('statement_id', '=', statementId)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  /** Other statements of the account over the same days whose lines repeated this one's (known_count > 0). */
  overlapping: async (
    tx: Tx,
    s: { id: number; bankAccountId: number; from: string; to: string },
  ): Promise<string[]> =>
    (
      await tx
        .selectFrom('statements')
        .select('file_name')
        .where('bank_account_id', '=', s.bankAccountId)
        .where('id', '<>', s.id)
        .where('known_count', '>', 0)
        .where('period_from', '<=', s.to)
        .where('period_to', '>=', s.from)
        .orderBy('id')
        .execute()
    ).map((r) => r.file_name),

  /** Lines, plans, matches and their items go with it (ON DELETE CASCADE). */
  delete: async (tx: Tx, statementId: number): Promise<void> => {
    await tx.deleteFrom('statements').where('id', '=', statementId).execute();
  },
};
