/**
 * One branch's data for the read views' tests on both databases ([W] issue 34: Conciliar's list, Início, Enviar, the
 * reconciliation report): written through the Store with the same ids on SQLite and PostgreSQL, so each view can be
 * compared between them and against what the lines are known to be.
 *
 * Statement 1 (account 1, "Conta Itaú") has an older plan and the current one; its credit lines, by position:
 *  0  2026-10-28  approved, receivable 100 (open)                  → toSend (a previous month's line)
 *  1  2026-11-03  approved, receivable 101, batch confirmed        → sentConfirmed
 *  2  2026-11-04  approved, receivable 102 received in the EVO     → recorded (nothing left to send)
 *  3  2026-11-05  suggested, receivable 104, a return file's title → toDecide, with its title
 *  4  2026-11-06  set aside (own transfer)                         → setAside
 *  5  2026-11-07  recorded, no items, an acquirer file's sale      → recorded, with its card sale
 *  6  2026-11-08  approved, receivable 106, batch queued           → sentWaiting
 *  7  2026-11-09  never matched in the current plan (no match row) → absent from the plan, toDecide in Início
 * and one debit line (never counted). Receivable 103 is overdue, 107 open; neither is in a match.
 */
import { appendAudit } from '../../src/core/audit/audit.store';
import { enqueuePairs, transition } from '../../src/core/outbox/outbox.repo';
import type { Store } from '../../src/core/store/store';

export const VIEWS_AT = '2026-11-20T13:00:00.000Z';
const AT = VIEWS_AT;
export const VIEWS_WHO = { actor: 'ana (test)', profileId: 'p-1' };

export interface ViewsSeed {
  statementId: number;
  planId: number;
  lineIds: number[];
  matchIds: (number | null)[];
  titleId: number;
  saleId: number;
  confirmedBatch: number;
  queuedBatch: number;
}

const receivable = (id: number, status: number, payer: string, cents: number, due: string) => ({
  id,
  amount_cents: cents,
  due_date: due,
  status_id: status,
  payer_name: payer,
  member_id: id + 1000,
  branch_member_id: 1,
  description: `Mensalidade ${payer}`,
  receiving_date: status === 2 ? '2026-11-04' : null,
  raw_json: '{}',
  fetched_at: AT,
});

export async function seedViews(store: Store): Promise<ViewsSeed> {
  const seed = await store.write(async (tx) => {
    await tx
      .insertInto('bank_accounts')
      .values([
        { id: 1, description: 'Conta Itaú', raw_json: '{}', fetched_at: AT },
        { id: 2, description: 'Conta Caixa', raw_json: '{}', fetched_at: AT },
      ])
      .execute();
    await tx
      .insertInto('receivables')
      .values([
        receivable(100, 1, 'MARIA SOUZA', 10_000, '2026-10-27'),
        receivable(101, 1, 'JOAO PEREIRA', 11_000, '2026-11-02'),
        receivable(102, 2, 'ANA LIMA', 12_000, '2026-11-03'),
        receivable(103, 4, 'CARLOS ALVES', 13_000, '2026-10-10'),
        receivable(104, 1, 'BEATRIZ COSTA', 14_000, '2026-11-04'),
        receivable(105, 2, 'PEDRO ROCHA', 15_000, '2026-11-06'),
        receivable(106, 1, 'LUCIA MELO', 16_000, '2026-11-07'),
        receivable(107, 1, 'RAFAEL DIAS', 17_000, '2026-11-30'),
      ])
      .execute();
    const { id: statementId } = await tx
      .insertInto('statements')
      .values({
        bank_account_id: 1,
        file_name: 'extrato-itau.ofx',
        sha256: 's1',
        byte_size: 1,
        format: 'ofx',
        mapping_json: '{}',
        mapping_source: 'ofx',
        imported_at: '2026-11-20T10:00:00.000Z',
        period_from: '2026-10-28',
        period_to: '2026-11-09',
        line_count: 9,
        credit_count: 8,
        debit_count: 1,
        balance_count: 0,
        inserted_count: 9,
        known_count: 0,
        rejected_count: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const days = ['10-28', '11-03', '11-04', '11-05', '11-06', '11-07', '11-08', '11-09'];
    const cents = [10_000, 11_000, 12_000, 14_000, 50_000, 14_700, 16_000, 9_999];
    const lineIds: number[] = [];
    for (const [i, d] of days.entries()) {
      const { id } = await tx
        .insertInto('statement_lines')
        .values({
          statement_id: statementId,
          bank_account_id: 1,
          position: i,
          date: `2026-${d}`,
          amount_cents: cents[i]!,
          kind: 'credit',
          description: `PIX RECEBIDO ${i}`,
          payer_text: `PAGADOR ${i}`,
          raw_json: '{}',
          fingerprint: `f${i}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      lineIds.push(id);
    }
    await tx
      .insertInto('statement_lines')
      .values({
        statement_id: statementId,
        bank_account_id: 1,
        position: 8,
        date: '2026-11-09',
        amount_cents: -5_000,
        kind: 'debit',
        description: 'TARIFA',
        raw_json: '{}',
        fingerprint: 'f8',
      })
      .execute();

    // A return file with the title of line 3, an acquirer file with the sale of line 5.
    const { id: returnFileId } = await tx
      .insertInto('return_files')
      .values({
        bank_account_id: 1,
        file_name: 'retorno.ret',
        sha256: 'r1',
        byte_size: 1,
        bank_code: '341',
        layout: '400',
        variant: 'itau400',
        imported_at: AT,
        title_count: 1,
        settlement_count: 1,
        inserted_count: 1,
        known_count: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: titleId } = await tx
      .insertInto('return_titles')
      .values({
        return_file_id: returnFileId,
        bank_account_id: 1,
        line: 2,
        occurrence_code: '06',
        occurrence: 'Liquidação',
        occurrence_kind: 'settlement',
        is_settlement: 1,
        nosso_numero: '00012345',
        seu_numero: 'M104',
        payer_name: 'BEATRIZ COSTA',
        payer_document: '12345678900',
        due_date: '2026-11-04',
        face_cents: 14_000,
        paid_cents: 14_250,
        interest_fine_cents: 250,
        discount_cents: 0,
        credited_cents: 14_000,
        fee_cents: 250,
        paid_date: '2026-11-04',
        credit_date: '2026-11-05',
        fingerprint: 't1',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: acquirerFileId } = await tx
      .insertInto('acquirer_files')
      .values({
        bank_account_id: 1,
        file_name: 'cielo.txt',
        sha256: 'a1',
        byte_size: 1,
        acquirer: 'cielo',
        layout: 'cielo15',
        file_kind: 'payments',
        imported_at: AT,
        sale_count: 1,
        payment_count: 1,
        inserted_count: 1,
        known_count: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: saleId } = await tx
      .insertInto('acquirer_sales')
      .values({
        acquirer_file_id: acquirerFileId,
        bank_account_id: 1,
        acquirer: 'cielo',
        line: 3,
        kind: 'sale',
        nsu: '778899',
        brand: 'visa',
        gross_cents: 15_000,
        fee_cents: 300,
        net_cents: 14_700,
        sale_date: '2026-11-06',
        payment_date: '2026-11-07',
        installment: 1,
        installments: 1,
        batch_ref: 'B1',
        fingerprint: 'a-s1',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const plan = async (createdAt: string) =>
      (
        await tx
          .insertInto('match_plans')
          .values({
            statement_id: statementId,
            created_at: createdAt,
            engine_version: 't',
            settings_json: '{}',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    // An older plan: history, never read by the views.
    const oldPlan = await plan('2026-11-19T10:00:00.000Z');
    await tx
      .insertInto('matches')
      .values({
        plan_id: oldPlan,
        line_id: lineIds[0]!,
        score: 40,
        zone: 'red',
        reasons_json: '[]',
        state: 'suggested',
        updated_at: AT,
      })
      .execute();
    const planId = await plan(AT);
    const match = async (
      i: number,
      state: string,
      items: [number, number][],
      reasons: unknown[] = [],
      aside?: string,
    ) => {
      const { id } = await tx
        .insertInto('matches')
        .values({
          plan_id: planId,
          line_id: lineIds[i]!,
          score: 90 - i,
          zone: i === 3 ? 'yellow' : 'green',
          reasons_json: JSON.stringify(reasons),
          state,
          updated_at: AT,
          aside_reason: aside ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [receivableId, amount] of items)
        await tx
          .insertInto('match_items')
          .values({ match_id: id, plan_id: planId, receivable_id: receivableId, amount_cents: amount })
          .execute();
      return id;
    };
    const matchIds: (number | null)[] = [
      await match(0, 'approved', [[100, 10_000]]),
      await match(1, 'approved', [[101, 11_000]]),
      await match(2, 'approved', [[102, 12_000]]),
      await match(
        3,
        'suggested',
        [[104, 14_000]],
        [
          {
            code: 'return_file',
            params: {
              count: 1,
              bankCode: '341',
              layout: '400',
              date: '2026-11-05',
              titles: `${titleId}:104`,
            },
          },
        ],
      ),
      await match(4, 'set_aside', [], [], 'own_transfer'),
      await match(
        5,
        'recorded',
        [],
        [
          {
            code: 'acquirer_file',
            params: { count: 1, acquirer: 'cielo', date: '2026-11-07', sales: `${saleId}:105` },
          },
        ],
      ),
      await match(6, 'approved', [[106, 16_000]]),
      null,
    ];
    for (const m of [matchIds[1]!, matchIds[6]!])
      await appendAudit(tx, {
        ...VIEWS_WHO,
        at: '2026-11-20T13:30:00.000Z',
        action: 'match.approved',
        subject: `match:${m}`,
      });
    return { statementId, planId, lineIds, matchIds, titleId, saleId };
  });

  // Lines 1 and 6 queued on the 20th, each in its own batch; line 1's batch sent and confirmed.
  const pair = (i: number, receivableId: number, amountCents: number) => ({
    receivableId,
    bankAccountId: 1,
    amountCents,
    matchId: seed.matchIds[i]!,
    lineId: seed.lineIds[i]!,
  });
  const [confirmedBatch, queuedBatch] = await store.write(async (tx) => {
    const a = await enqueuePairs(tx, [pair(1, 101, 11_000)], VIEWS_WHO, { now: '2026-11-20T14:00:00.000Z' });
    const b = await enqueuePairs(tx, [pair(6, 106, 16_000)], VIEWS_WHO, { now: '2026-11-20T14:05:00.000Z' });
    return [a.batchIds[0]!, b.batchIds[0]!];
  });
  await store.write(async (tx) => {
    await transition(tx, confirmedBatch, 'sending', VIEWS_WHO, { now: '2026-11-20T14:10:00.000Z' });
    await transition(tx, confirmedBatch, 'sent', VIEWS_WHO, {
      attempt: true,
      now: '2026-11-20T14:10:01.000Z',
    });
    await transition(tx, confirmedBatch, 'confirmed', VIEWS_WHO, { now: '2026-11-20T14:11:00.000Z' });
  });
  return { ...seed, confirmedBatch, queuedBatch };
}
