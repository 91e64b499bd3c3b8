import type { ApprovedPair } from '../outbox/outbox.repo';
import type { Store } from './store';

/**
 * For tests on either database: bank accounts 1 and 2, one statement of `n` credit lines into account 1, its plan,
 * and each line's match (approved, unless `state` says otherwise) with one receivable (100 + i).
 */
export async function seedApprovedLines(
  store: Store,
  n: number,
  opts: { state?: string; at?: string } = {},
): Promise<ApprovedPair[]> {
  const AT = opts.at ?? '2026-11-20T13:00:00.000Z';
  return store.write(async (tx) => {
    await tx
      .insertInto('bank_accounts')
      .values([1, 2].map((id) => ({ id, description: `Conta ${id}`, raw_json: '{}', fetched_at: AT })))
      .execute();
    const { id: statementId } = await tx
      .insertInto('statements')
      .values({
        bank_account_id: 1,
        file_name: 'extrato.ofx',
        sha256: 'x',
        byte_size: 1,
        format: 'ofx',
        mapping_json: '{}',
        mapping_source: 'ofx',
        imported_at: AT,
        line_count: n,
        credit_count: n,
        debit_count: 0,
        balance_count: 0,
        inserted_count: n,
        known_count: 0,
        rejected_count: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: planId } = await tx
      .insertInto('match_plans')
      .values({ statement_id: statementId, created_at: AT, engine_version: 't', settings_json: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const pairs: ApprovedPair[] = [];
    for (let i = 0; i < n; i++) {
      const { id: lineId } = await tx
        .insertInto('statement_lines')
        .values({
          statement_id: statementId,
          bank_account_id: 1,
          position: i,
          date: '2026-11-19',
          amount_cents: 1000 + i,
          kind: 'credit',
          description: `PIX ${i}`,
          raw_json: '{}',
          fingerprint: `f${i}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { id: matchId } = await tx
        .insertInto('matches')
        .values({
          plan_id: planId,
          line_id: lineId,
          score: 95,
          zone: 'green',
          reasons_json: '[]',
          state: opts.state ?? 'approved',
          updated_at: AT,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('match_items')
        .values({ match_id: matchId, plan_id: planId, receivable_id: 100 + i, amount_cents: 1000 + i })
        .execute();
      pairs.push({ receivableId: 100 + i, bankAccountId: 1, amountCents: 1000 + i, matchId, lineId });
    }
    return pairs;
  });
}
