/**
 * [U] item 6: a debtor reminder is held while money from the member is in flight — one test per reason, and the
 * reminder of a member with nothing in flight is sent to the real sandbox over loopback. Real SQLite file, `now`
 * injected, data built here.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, testSandbox } from '../../../tests/helpers/sandbox';
import type { RunningSandbox } from '../../sandbox';
import type { Db } from '../db/open-db';
import {
  addAcquirerBatch,
  addReceivables,
  addStatement,
  ACCOUNT,
  DAY,
  NOW,
  policyDb,
} from '../policy/policy.testing';
import { holdReasonPt } from './in-flight';
import { drainQueue } from './notify.worker';
import { notifyOn } from './testing';

let sandbox: RunningSandbox;
let env: { db: Db; cleanup: () => void } | undefined;
beforeAll(async () => {
  sandbox = await testSandbox();
});
afterAll(async () => sandbox?.close());
afterEach(() => {
  env?.cleanup();
  env = undefined;
});

/** A branch database where member `memberId` owes receivable 100, and one reminder queued for them. */
async function setup() {
  env = policyDb();
  const { db } = env;
  const member = sandbox.data.memberList[0]!;
  addReceivables(db, [
    {
      id: 100,
      amountCents: 15990,
      dueDate: '2026-03-01',
      payerName: 'Rosa Amaral Pinto',
      memberId: member.idMember,
    },
  ]);
  const [id] = await notifyOn(db).enqueueNotifications(
    [
      {
        memberId: member.idMember,
        memberName: 'Rosa Amaral Pinto',
        message: 'Olá Rosa, sua mensalidade venceu.',
      },
    ],
    NOW.toISOString(),
  );
  return { db, memberId: member.idMember, queueId: id! };
}

async function drain(db: Db) {
  return drainQueue({
    db,
    client: clientFor(sandbox).client,
    profileId: 'p1',
    actor: 'agenda (cli)',
    now: () => NOW,
  });
}

function heldAudit(db: Db) {
  return db.prepare(`SELECT subject, after_json FROM audit_log WHERE action = 'notification.held'`).all() as {
    subject: string;
    after_json: string;
  }[];
}

describe('never chase a member who already paid', () => {
  it('nothing in flight: the reminder is sent', async () => {
    const { db, queueId } = await setup();
    const r = await drain(db);
    expect(r).toMatchObject({ sent: 1, held: 0 });
    expect(await notifyOn(db).getNotification(queueId)).toMatchObject({ state: 'sent', holdReason: null });
  });

  it('a credit naming the member, not yet decided, holds it (with the reason stored and audited)', async () => {
    const { db, queueId, memberId } = await setup();
    addStatement(db, [
      {
        date: '2026-03-09',
        amountCents: 15990,
        description: 'PIX RECEBIDO ROSA AMARAL PINTO',
        payerText: 'ROSA AMARAL PINTO',
      },
    ]);
    const r = await drain(db);
    expect(r).toMatchObject({ sent: 0, held: 1 });
    const n = (await notifyOn(db).getNotification(queueId))!;
    expect(n).toMatchObject({ state: 'held', holdReason: 'credit_undecided', heldAt: NOW.toISOString() });
    expect(n.holdParams).toMatchObject({ date: '2026-03-09', amountCents: 15990, how: 'name' });
    const audit = heldAudit(db);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.subject).toBe(`member:${memberId}`);
    expect((JSON.parse(audit[0]!.after_json) as { text: string }).text).toBe(
      'crédito de R$ 159,90 em 09/03/2026 (“ROSA AMARAL PINTO”) ainda não conciliado',
    );
    // The clerk sends it anyway: released, not checked again, sent.
    expect(await notifyOn(db).requeue([queueId])).toBe(1);
    expect(await drain(db)).toMatchObject({ sent: 1, held: 0 });
  });

  it('a credit of someone else, or one older than the look-back, does not hold it', async () => {
    const { db, queueId } = await setup();
    addStatement(db, [
      {
        date: '2026-03-09',
        amountCents: 15990,
        description: 'PIX RECEBIDO MARCOS TEIXEIRA',
        payerText: 'MARCOS TEIXEIRA',
      },
      {
        date: '2026-02-01',
        amountCents: 15990,
        description: 'PIX RECEBIDO ROSA AMARAL PINTO',
        payerText: 'ROSA AMARAL PINTO',
      },
    ]);
    expect(await drain(db)).toMatchObject({ sent: 1, held: 0 });
    expect((await notifyOn(db).getNotification(queueId))!.state).toBe('sent');
  });

  it('an approved or queued pair holds it', async () => {
    const { db, queueId } = await setup();
    db.prepare(
      `INSERT INTO outbox_batches (id, bank_account_id, state, created_at, created_by) VALUES (1, ?, 'queued', ?, 'x')`,
    ).run(ACCOUNT, NOW.toISOString());
    db.prepare(
      `INSERT INTO outbox_items (receivable_id, batch_id, amount_cents, queued_at) VALUES (100, 1, 15990, ?)`,
    ).run(NOW.toISOString());
    expect(await drain(db)).toMatchObject({ sent: 0, held: 1 });
    const n = (await notifyOn(db).getNotification(queueId))!;
    expect(n).toMatchObject({
      holdReason: 'pair_approved',
      holdParams: { receivableId: 100, state: 'queued' },
    });
    expect(holdReasonPt({ reason: n.holdReason!, params: n.holdParams! })).toBe(
      'pagamento de R$ 159,90 já aprovado ou enviado ao EVO (recebível 100)',
    );
  });

  it('a return-file title credited for the member’s boleto holds it', async () => {
    const { db, queueId } = await setup();
    const fileId = db
      .prepare(
        `INSERT INTO return_files (bank_account_id, file_name, sha256, byte_size, bank_code, layout, variant, imported_at,
           title_count, settlement_count, inserted_count, known_count) VALUES (?, 'ret.ret', 'r1', 1, '341', '400', 'itau-400', ?, 1, 1, 1, 0)`,
      )
      .run(ACCOUNT, NOW.toISOString()).lastInsertRowid;
    db.prepare(
      `INSERT INTO return_titles (return_file_id, bank_account_id, line, occurrence_code, occurrence, occurrence_kind,
         is_settlement, nosso_numero, seu_numero, face_cents, paid_cents, fee_cents, credit_date, fingerprint)
       VALUES (?, ?, 2, '06', 'Liquidação', 'settlement', 1, '109000127', '100', 15990, 15990, 250, '2026-03-09', 't1')`,
    ).run(fileId, ACCOUNT);
    expect(await drain(db)).toMatchObject({ held: 1 });
    const n = (await notifyOn(db).getNotification(queueId))!;
    expect(n).toMatchObject({ holdReason: 'return_title', holdParams: { nossoNumero: '109000127' } });
    expect(holdReasonPt({ reason: n.holdReason!, params: n.holdParams! })).toBe(
      'boleto 109000127 pago (R$ 159,90) segundo o arquivo retorno do banco, crédito em 09/03/2026',
    );
  });

  it('a card sale inside its settlement window holds it; once the window is over it does not', async () => {
    const { db, queueId, memberId } = await setup();
    addReceivables(db, [
      {
        id: 101,
        amountCents: 20000,
        dueDate: '2026-03-05',
        payerName: 'Rosa Amaral Pinto',
        memberId,
        paymentTypeId: 2,
        nsu: '000777',
        cardAcquirer: 'Cielo',
        cardFlag: 'Visa',
      },
    ]);
    // The sales file says the acquirer pays this sale on 04/04 (credit D+30).
    addAcquirerBatch(db, '2026-04-04', [
      { nsu: '777', grossCents: 20000, netCents: 19400, saleDate: '2026-03-05' },
    ]);
    expect(await drain(db)).toMatchObject({ held: 1 });
    expect(await notifyOn(db).getNotification(queueId)).toMatchObject({
      holdReason: 'card_settling',
      holdParams: { acquirer: 'cielo', paymentDate: '2026-04-04' },
    });
    // A month later the sale's payment day is long past: a new reminder is not held for it.
    const [later] = await notifyOn(db).enqueueNotifications(
      [{ memberId, memberName: 'Rosa', message: 'Olá' }],
      NOW.toISOString(),
    );
    const r = await drainQueue({
      db,
      client: clientFor(sandbox).client,
      profileId: 'p1',
      actor: 'agenda (cli)',
      now: () => new Date('2026-04-20T15:00:00Z'),
    });
    expect(r).toMatchObject({ sent: 1 });
    expect((await notifyOn(db).getNotification(later!))!.state).toBe('sent');
  });

  it('a receipt sent after a confirmed payment is never held', async () => {
    const { db, memberId } = await setup();
    addStatement(db, [
      { date: DAY, amountCents: 15990, description: 'PIX ROSA AMARAL PINTO', payerText: 'ROSA AMARAL PINTO' },
    ]);
    const [id] = await notifyOn(db).enqueueNotifications(
      [{ memberId, memberName: 'Rosa', message: 'Recebemos, obrigado!' }],
      NOW.toISOString(),
      'receipt',
    );
    db.prepare(`DELETE FROM notification_queue WHERE id <> ?`).run(id);
    expect(await drain(db)).toMatchObject({ sent: 1, held: 0 });
  });
});
