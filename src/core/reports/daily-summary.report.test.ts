/** [U] item 7: the day's summary of what was done automatically, as data, XLSX (read back) and PDF. */
import * as XLSX from 'xlsx';
import { afterEach, expect, it } from 'vitest';
import type { Db } from '../db/open-db';
import { DEFAULT_POLICY } from '../policy/policy-rules';
import { addReceivables, addStatement, ACCOUNT, DAY, match, NOW, policyDb } from '../policy/policy.testing';
import { dryRunPolicy, runSendPolicy, savePolicy } from '../policy/send-policy';
import { dailySummary, dailySummaryFile } from './daily-summary.report';
import { notifyOn } from '../notify/testing';
import { storeOfDb } from '../store/sqlite-store';

let env: { db: Db; cleanup: () => void } | undefined;
afterEach(() => env?.cleanup());

it('lists the policy’s approvals, the batch sent and confirmed, and the reminder held, with totals', async () => {
  env = policyDb();
  const { db } = env;
  addReceivables(db, [{ id: 1, amountCents: 15000, dueDate: DAY, payerName: 'Ana Beatriz Mota' }]);
  const { statementId, lineIds } = addStatement(db, [
    {
      date: DAY,
      amountCents: 15000,
      description: 'PIX RECEBIDO ANA BEATRIZ MOTA',
      payerText: 'ANA BEATRIZ MOTA',
    },
  ]);
  await match(db, statementId);
  const policy = { ...DEFAULT_POLICY, enabled: true };
  await dryRunPolicy(storeOfDb(db), { policy }, NOW);
  await savePolicy(storeOfDb(db), policy, { actor: 'maria (desktop)', profileId: 'p1' }, NOW);
  expect((await runSendPolicy(storeOfDb(db), 'p1', { dryRun: false, now: NOW })).approved).toHaveLength(1);
  // The cycle then sent it and read it back (the outbox's own rows, as the send leaves them).
  db.prepare(
    `INSERT INTO outbox_batches (id, bank_account_id, state, created_at, last_attempt_at, confirmed_at, created_by)
     VALUES (5, ?, 'confirmed', ?, ?, ?, 'agenda')`,
  ).run(ACCOUNT, '2026-03-10T15:01:00.000Z', '2026-03-10T15:01:00.000Z', '2026-03-10T15:02:00.000Z');
  db.prepare(
    `INSERT INTO outbox_items (receivable_id, batch_id, line_id, amount_cents, queued_at) VALUES (1, 5, ?, 15000, ?)`,
  ).run(lineIds[0], NOW.toISOString());
  const [q] = await notifyOn(db).enqueueNotifications(
    [{ memberId: 42, memberName: 'Rosa Pinto', message: 'Olá' }],
    NOW.toISOString(),
  );
  await notifyOn(db).holdNotification(
    q!,
    { reason: 'card_settling', params: { acquirer: 'cielo', paymentDate: '2026-04-04', amountCents: 20000 } },
    '2026-03-10T16:00:00.000Z',
  );

  const s = await dailySummary(storeOfDb(db), DAY);
  expect(s.totals).toEqual({ approved: 1, approvedCents: 15000, sentBatches: 1, confirmed: 1, held: 1 });
  expect(s.approved[0]).toMatchObject({
    lineId: lineIds[0],
    receivableIds: [1],
    policyVersion: 1,
    payerName: 'Ana Beatriz Mota',
  });
  expect(s.held[0]!.reason).toBe('venda no cartão de R$ 200,00 a receber da cielo em 04/04/2026');
  // Another day holds nothing of this.
  expect((await dailySummary(storeOfDb(db), '2026-03-11')).totals).toEqual({
    approved: 0,
    approvedCents: 0,
    sentBatches: 0,
    confirmed: 0,
    held: 0,
  });

  const meta = { branch: 'Academia Centro (centro)', generatedAt: NOW, today: DAY };
  const xlsx = await dailySummaryFile(s, 'xlsx', meta);
  expect(xlsx.fileName).toBe('resumo-automatico-2026-03-10.xlsx');
  const sheet = XLSX.read(xlsx.bytes, { type: 'buffer' }).Sheets['Resumo do dia']!;
  const rows = XLSX.utils.sheet_to_json<(string | number)[]>(sheet, { header: 1, raw: true });
  expect(rows[0]).toEqual([
    'Data e hora (Brasília)',
    'O que foi feito',
    'Aluno / pagador',
    'Valor',
    'Detalhe',
  ]);
  expect(rows.slice(1, 4).map((r) => r[1])).toEqual([
    'Aprovado pela regra de envio automático 1',
    'Enviado ao EVO e confirmado pela leitura de volta',
    'Cobrança retida: dinheiro a caminho',
  ]);
  expect(rows[1]![3]).toBe(150);
  // moneyPt writes a no-break space after R$, as Intl does.
  expect(rows.flat().map(String)).toContain('Aprovados pela regra: 1 crédito, R$\u00a0150,00.');
  const pdf = await dailySummaryFile(s, 'pdf', meta);
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
});
