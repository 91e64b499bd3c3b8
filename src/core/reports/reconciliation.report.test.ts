import { describe, expect, it } from 'vitest';
import { storeOfDb } from '../store/sqlite-store';
import { appendAudit } from '../audit/audit.repo';
import { auditLogReport } from './audit-log.report';
import { utcBounds } from './period';
import { reconciliationReport } from './reconciliation.report';
import { ANA, BETO, INJECTION, buildScenario } from './scenario.testing';
import { outboxOn } from '../outbox/testing';

describe('reconciliation report', () => {
  it('lists what was queued in the period by bank-line date, with account, line, statement and who decided', async () => {
    const { db, lines, matches } = await buildScenario();
    const r = await reconciliationReport(storeOfDb(db), { from: '2026-11-01', to: '2026-11-30' });
    expect(r.rows.map((x) => x.receivableId)).toEqual([101, 102, 103]);
    expect(r.rows[0]).toEqual({
      receivableId: 101,
      payerName: 'Maria José da Silva',
      memberId: 501,
      amountCents: 15000,
      receivableCents: 15000,
      dueDate: '2026-11-05',
      bankAccountId: 10,
      bankAccountName: 'Itaú Centro 1234-5',
      lineId: lines.maria,
      lineDate: '2026-11-06',
      lineDescription: 'PIX RECEBIDO MARIA JOSE DA SILVA',
      lineAmountCents: 15000,
      statementId: 1,
      statementFile: 'extrato-itau-novembro.ofx',
      matchId: matches.maria,
      score: 96,
      zone: 'green',
      approvedBy: ANA.actor,
      approvedAt: '2026-11-20T13:05:00.000Z',
      queuedBy: ANA.actor,
      queuedAt: '2026-11-20T13:10:00.000Z',
      sentAt: '2026-11-20T13:11:05.000Z',
      confirmedAt: '2026-11-20T13:12:00.000Z',
      batchId: expect.any(Number) as number,
      outboxState: 'confirmed',
      reviewReason: null,
      // Confirmed: the receiving date the read-back put in the cache.
      evoDate: '2026-11-20',
      evoDateExpected: false,
      monthsDiffer: false,
    });
    // Approval recorded with subject match:<id> (not line:<id>) is found too.
    expect(r.rows[1]).toMatchObject({
      payerName: INJECTION,
      approvedBy: BETO.actor,
      outboxState: 'confirmed',
    });
    expect(r.rows[2]).toMatchObject({
      approvedBy: BETO.actor,
      queuedBy: BETO.actor,
      sentAt: null,
      confirmedAt: null,
      outboxState: 'needs_review',
      reviewReason: 'a API recusou: recebível já recebido',
      evoDate: null,
      monthsDiffer: false,
    });
    expect(r).toMatchObject({ count: 3, totalCents: 36990, confirmedCount: 2, confirmedCents: 24990 });
  });

  it('a card sale: the receivable at its own value (what EVO records), the credit net of the fee beside it', async () => {
    const { db } = await buildScenario();
    // The acquirer credited R$ 147,00 of Maria's R$ 150,00 (a R$ 3,00 fee).
    db.prepare('UPDATE outbox_items SET amount_cents = 14700 WHERE receivable_id = 101').run();
    const r = await reconciliationReport(storeOfDb(db), { from: '2026-11-01', to: '2026-11-30' });
    expect(r.rows[0]).toMatchObject({ receivableId: 101, receivableCents: 15000, amountCents: 14700 });
    // The totals count what EVO records, as Enviar does.
    expect(r).toMatchObject({ totalCents: 36990, confirmedCents: 24990 });
  });

  it('is tolerant: an uncached receivable queued with no audit entry shows blanks, not an error', async () => {
    const { db, matches } = await buildScenario();
    const r = await reconciliationReport(storeOfDb(db), { to: '2026-10-31' });
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0]).toMatchObject({
      receivableId: 104,
      payerName: null,
      dueDate: null,
      lineDate: '2026-10-30',
      // Found through the approved match that holds the receivable, since the item has no match id.
      matchId: matches.october,
      zone: 'red',
      approvedBy: null,
      approvedAt: null,
      queuedBy: 'carla (cli)',
      sentAt: null,
      outboxState: 'queued',
    });
  });

  it('an item with no bank line falls in the Brasília day it was queued', async () => {
    const { db } = await buildScenario();
    db.prepare(
      `INSERT INTO outbox_batches (id, bank_account_id, state, created_at, created_by) VALUES (99, 20, 'queued', ?, 'x')`,
    ).run('2026-12-01T02:00:00.000Z');
    // 02:00 UTC on 1 December is still 30 November in Brasília.
    db.prepare(
      `INSERT INTO outbox_items (receivable_id, batch_id, amount_cents, queued_at) VALUES (900, 99, 100, ?)`,
    ).run('2026-12-01T02:00:00.000Z');
    const nov = await reconciliationReport(storeOfDb(db), { from: '2026-11-30', to: '2026-11-30' });
    expect(nov.rows.map((x) => [x.receivableId, x.bankAccountName, x.lineId])).toEqual([
      [900, 'Bradesco Filial', null],
    ]);
    expect((await reconciliationReport(storeOfDb(db), { from: '2026-12-01' })).rows).toEqual([]);
  });

  it('an approval rejected and approved again reports the approval before queuing', async () => {
    const { db, lines } = await buildScenario();
    appendAudit(db, {
      ...ANA,
      at: '2026-11-25T10:00:00.000Z',
      action: 'match.approved',
      subject: `line:${lines.maria}`,
    });
    const row = (await reconciliationReport(storeOfDb(db), {})).rows.find((x) => x.receivableId === 101)!;
    expect(row.approvedAt).toBe('2026-11-20T13:05:00.000Z');
  });
});

describe('reconciliation report: the date the EVO records', async () => {
  const october = async (db: Awaited<ReturnType<typeof buildScenario>>['db']) =>
    (await reconciliationReport(storeOfDb(db), {})).rows.find((x) => x.receivableId === 104)!;

  it('queued and never sent: no EVO date yet', async () => {
    const { db } = await buildScenario();
    expect(await october(db)).toMatchObject({
      lineDate: '2026-10-30',
      evoDate: null,
      evoDateExpected: false,
      monthsDiffer: false,
    });
  });

  it('sent but not confirmed: the Brasília day it was sent, expected; flagged when the month differs', async () => {
    const { db } = await buildScenario();
    // 01:30 UTC on 1 December is still 30 November in Brasília: the EVO will record 30/11.
    await outboxOn(db).transition(1, 'sending', ANA, { attempt: true, now: '2026-12-01T01:30:00.000Z' });
    await outboxOn(db).transition(1, 'sent', ANA, { now: '2026-12-01T01:30:02.000Z' });
    expect(await october(db)).toMatchObject({
      lineDate: '2026-10-30',
      evoDate: '2026-11-30',
      evoDateExpected: true,
      monthsDiffer: true,
    });
    await outboxOn(db).transition(1, 'unknown', ANA, { now: '2026-12-01T01:31:00.000Z' });
    expect(await october(db)).toMatchObject({ evoDate: '2026-11-30', evoDateExpected: true });
  });

  it('confirmed: the receiving date the read-back cached, no longer expected', async () => {
    const { db } = await buildScenario();
    await outboxOn(db).transition(1, 'sending', ANA, { attempt: true, now: '2026-11-03T12:00:00.000Z' });
    await outboxOn(db).transition(1, 'sent', ANA, { now: '2026-11-03T12:00:01.000Z' });
    await outboxOn(db).transition(1, 'confirmed', ANA, { now: '2026-11-03T12:02:00.000Z' });
    db.prepare(
      `INSERT INTO receivables (id, amount_cents, due_date, receiving_date, status_id, raw_json, fetched_at)
       VALUES (104, 5000, '2026-10-28', '2026-11-03', 2, '{}', '2026-11-03T12:02:00.000Z')`,
    ).run();
    expect(await october(db)).toMatchObject({
      evoDate: '2026-11-03',
      evoDateExpected: false,
      monthsDiffer: true,
    });
    // Same month on both sides: not flagged.
    const maria = (await reconciliationReport(storeOfDb(db), {})).rows.find((x) => x.receivableId === 101)!;
    expect([maria.lineDate, maria.evoDate, maria.monthsDiffer]).toEqual(['2026-11-06', '2026-11-20', false]);
  });
});

describe('audit log report', () => {
  it('takes Brasília days: an entry at 01:30 UTC on the 21st belongs to the 20th', async () => {
    const { db } = await buildScenario();
    appendAudit(db, { ...ANA, at: '2026-11-21T01:30:00.000Z', action: 'sync.completed' });
    appendAudit(db, { ...ANA, at: '2026-11-21T03:00:00.000Z', action: 'sync.completed' });
    const day20 = await auditLogReport(storeOfDb(db), {
      from: '2026-11-20',
      to: '2026-11-20',
      action: 'sync.',
    });
    expect(day20.rows.map((r) => r.at)).toEqual(['2026-11-21T01:30:00.000Z']);
    const day21 = await auditLogReport(storeOfDb(db), { from: '2026-11-21', action: 'sync.' });
    expect(day21.rows.map((r) => r.at)).toEqual(['2026-11-21T03:00:00.000Z']);
    expect(utcBounds({ from: '2026-11-21', to: '2026-11-21' })).toEqual({
      fromUtc: '2026-11-21T03:00:00.000Z',
      toUtc: '2026-11-22T03:00:00.000Z',
    });
  });

  it('filters by action prefix literally (an underscore is not a wildcard) and masks secrets', async () => {
    const { db } = await buildScenario();
    expect((await auditLogReport(storeOfDb(db), { action: 'match.' })).rows).toHaveLength(3);
    expect((await auditLogReport(storeOfDb(db), { action: 'outbox.needs_' })).rows).toHaveLength(1);
    expect((await auditLogReport(storeOfDb(db), { action: 'outbox.needsx' })).rows).toHaveLength(0);
    const settings = (await auditLogReport(storeOfDb(db), { action: 'settings.' })).rows[0]!;
    expect(settings.before).toBe('{"apiKey":"***","timeoutMs":5000}');
    expect(settings.after).not.toContain('new-secret');
  });
});
