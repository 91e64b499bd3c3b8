/**
 * The send policy on a real SQLite file: each condition accepts and refuses on the engine's own output, automatic
 * approvals are audited with the policy's version, the dry run changes nothing and counts agreements.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SendPolicy } from '../../shared/contract/policy';
import type { Db } from '../db/open-db';
import { applyReview } from '../review/review.service';
import { DEFAULT_POLICY, describePolicy, judge, type ProposalFacts } from './policy-rules';
import {
  addAcquirerBatch,
  addReceivables,
  addStatement,
  DAY,
  match,
  matchOf,
  NOW,
  policyDb,
} from './policy.testing';
import { dryRunPolicy, policyView, runSendPolicy, savePolicy } from './send-policy';
import { storeOfDb } from '../store/sqlite-store';

let env: { db: Db; cleanup: () => void } | undefined;
afterEach(() => {
  env?.cleanup();
  env = undefined;
});
const clerk = { actor: 'maria (desktop)', profileId: 'p1' };

/** Save the policy switched on (a dry run of its conditions first, as the screen requires). */
async function switchOn(db: Db, patch: Partial<SendPolicy> = {}) {
  const policy = { ...DEFAULT_POLICY, ...patch, enabled: true };
  await dryRunPolicy(storeOfDb(db), { policy }, NOW);
  return await savePolicy(storeOfDb(db), policy, clerk, NOW);
}

async function branch() {
  env = policyDb();
  const { db } = env;
  addReceivables(db, [
    { id: 1, amountCents: 15000, dueDate: '2026-03-09', payerName: 'Ana Beatriz Mota' },
    { id: 2, amountCents: 12000, dueDate: '2026-03-10', payerName: 'Carla Dias' },
    { id: 3, amountCents: 12000, dueDate: '2026-03-10', payerName: 'Carla Dias', memberId: 9003 },
    { id: 4, amountCents: 9900, dueDate: '2026-03-10', payerName: 'Bruno Lima Souza' },
    { id: 5, amountCents: 9900, dueDate: '2026-03-02', payerName: 'Bruno Lima Souza' },
    { id: 6, amountCents: 20000, dueDate: '2026-03-03', payerName: 'Diego Ramos' },
    { id: 8, amountCents: 250000, dueDate: '2026-03-10', payerName: 'Fabio Costa' },
    // Card sales: 9 is paid by a batch of a Cielo payments file, 10 by a deposit no file explains.
    {
      id: 9,
      amountCents: 10000,
      dueDate: '2026-03-05',
      payerName: 'Gil Torres',
      paymentTypeId: 2,
      nsu: '555',
      cardAcquirer: 'Cielo',
      cardFlag: 'Visa',
      chargeDate: '2026-03-05',
    },
  ]);
  const { statementId, lineIds } = addStatement(db, [
    {
      date: DAY,
      amountCents: 15000,
      description: 'PIX RECEBIDO ANA BEATRIZ MOTA',
      payerText: 'ANA BEATRIZ MOTA',
    },
    { date: DAY, amountCents: 12000, description: 'PIX RECEBIDO CARLA DIAS', payerText: 'CARLA DIAS' },
    {
      date: DAY,
      amountCents: 9900,
      description: 'PIX RECEBIDO BRUNO LIMA SOUZA',
      payerText: 'BRUNO LIMA SOUZA',
    },
    { date: DAY, amountCents: 20000, description: 'PIX RECEBIDO DIEGO RAMOS', payerText: 'DIEGO RAMOS' },
    { date: DAY, amountCents: 250000, description: 'PIX RECEBIDO FABIO COSTA', payerText: 'FABIO COSTA' },
    { date: DAY, amountCents: 9700, description: 'CIELO VISA CREDITO', payerText: null },
  ]);
  addAcquirerBatch(db, DAY, [{ nsu: '555', grossCents: 10000, netCents: 9700, saleDate: '2026-03-05' }]);
  await match(db, statementId);
  const [ana, carla, bruno, diego, fabio, cielo] = lineIds as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return { db, statementId, ana, carla, bruno, diego, fabio, cielo };
}

const approvedLines = (db: Db) =>
  db
    .prepare(`SELECT line_id FROM matches WHERE state = 'approved' ORDER BY line_id`)
    .pluck()
    .all() as number[];

describe('the policy judges the engine’s proposals, condition by condition', () => {
  it('off by default: nothing approved, the text says so', async () => {
    const { db } = await branch();
    const view = await storeOfDb(db).read(policyView);
    expect(view.version).toBeNull();
    expect(view.policy.enabled).toBe(false);
    expect(view.sentences[0]).toBe('A regra está desligada: nada é aprovado sem o seu clique.');
    const r = await runSendPolicy(storeOfDb(db), 'p1', { dryRun: false, now: NOW });
    expect(r).toMatchObject({ policyVersion: null, approved: [] });
    expect(approvedLines(db)).toEqual([]);
  });

  it('approves only the full-name, exact-amount Pix within the due window, audited with the version', async () => {
    const { db, ana, carla, bruno, diego, fabio, cielo } = await branch();
    // What the engine said, so the refusals below are read from its reasons.
    expect(matchOf(db, ana)).toMatchObject({ zone: 'green', items: [1] });
    expect(matchOf(db, carla).codes).toEqual(['tie']);
    expect(matchOf(db, bruno).codes).toContain('runner_up');
    expect(matchOf(db, diego)).toMatchObject({ zone: 'green', items: [6] }); // due 7 days before the credit
    expect(matchOf(db, fabio)).toMatchObject({ zone: 'green', items: [8] }); // R$ 2.500,00
    expect(matchOf(db, cielo)).toMatchObject({ zone: 'green', items: [9] });
    expect(matchOf(db, cielo).codes).toContain('acquirer_file');

    const view = await switchOn(db);
    expect(view.version).toBe(1);
    const r = await runSendPolicy(storeOfDb(db), 'p1', { dryRun: false, now: NOW });
    expect(r.policyVersion).toBe(1);
    expect(r.approved).toEqual([{ lineId: ana, receivableIds: [1], amountCents: 15000 }]);
    expect(approvedLines(db)).toEqual([ana]);
    const reasons = Object.fromEntries(r.leftForPerson.map((x) => [x.reason, x.count]));
    // Carla: a tie (nothing proposed); Bruno: a runner-up close behind (yellow); Diego: due 7 days before (window
    // 5); Fabio: above the R$ 1.000,00 cap; the Cielo deposit: card deposits are off by default.
    expect(reasons).toEqual({ not_green: 1, due_window: 1, amount_cap: 1, channel: 1 });
    expect(r.considered).toBe(5);

    const audit = db
      .prepare(`SELECT actor, subject, after_json FROM audit_log WHERE action = 'match.approved'`)
      .all() as { actor: string; subject: string; after_json: string }[];
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toBe('regra de envio automático 1');
    expect(audit[0]!.subject).toBe(`line:${ana}`);
    expect(JSON.parse(audit[0]!.after_json)).toMatchObject({
      state: 'approved',
      policyVersion: 1,
      note: 'aprovado pela regra de envio automático 1',
    });
    // A second run finds nothing more to do: approved lines are no longer proposals.
    expect((await runSendPolicy(storeOfDb(db), 'p1', { dryRun: false, now: NOW })).approved).toEqual([]);
  });

  it('a wider window, a higher cap and card deposits explained by an acquirer file each let their line through', async () => {
    const { db, diego, fabio, cielo } = await branch();
    await switchOn(db, { dueWithinDays: 7, maxAmountCents: 300_000, cardWithAcquirerFile: true });
    const r = await runSendPolicy(storeOfDb(db), 'p1', { dryRun: false, now: NOW });
    expect(r.approved.map((a) => a.lineId).sort((a, b) => a - b)).toEqual(
      expect.arrayContaining([diego, fabio, cielo]),
    );
    // Every edit is a new version; the audit names the one that approved.
    const versions = db.prepare('SELECT count(*) FROM send_policy_versions').pluck().get();
    expect(versions).toBe(1);
    expect(r.policyVersion).toBe(1);
  });

  it('a card deposit no acquirer file explains is never approved, even with card deposits allowed', async () => {
    env = policyDb();
    const { db } = env;
    addReceivables(db, [
      {
        id: 10,
        amountCents: 8000,
        dueDate: DAY,
        payerName: 'Helena Vaz',
        paymentTypeId: 2,
        cardAcquirer: 'Cielo',
        cardFlag: 'Visa',
        chargeDate: '2026-03-09',
      },
    ]);
    const { statementId, lineIds } = addStatement(db, [
      { date: DAY, amountCents: 7760, description: 'CIELO VISA CREDITO', payerText: null },
    ]);
    await match(db, statementId);
    const m = matchOf(db, lineIds[0]!);
    expect(m.items).toEqual([10]);
    expect(m.codes).not.toContain('acquirer_file');
    expect(m).toMatchObject({ zone: 'green' });
    await switchOn(db, { cardWithAcquirerFile: true, maxAmountCents: 300_000 });
    const r = await runSendPolicy(storeOfDb(db), 'p1', { dryRun: false, now: NOW });
    expect(r.approved).toEqual([]);
    expect(r.leftForPerson).toEqual([{ reason: 'card', count: 1 }]);
  });

  it('name only vs document: with "document" identity the full name is not enough, a confirmed CPF is', async () => {
    env = policyDb();
    const { db } = env;
    addReceivables(db, [
      { id: 21, amountCents: 11000, dueDate: '2026-02-10', payerName: 'Joana Reis', memberId: 7021 },
      { id: 22, amountCents: 11000, dueDate: DAY, payerName: 'Joana Reis', memberId: 7021 },
      { id: 23, amountCents: 13000, dueDate: DAY, payerName: 'Lucas Mendes', memberId: 7023 },
    ]);
    // Last month a person approved Joana's Pix, printed with her (masked) CPF.
    const feb = addStatement(db, [
      {
        date: '2026-02-10',
        amountCents: 11000,
        description: 'PIX RECEBIDO JOANA REIS',
        payerText: 'JOANA REIS',
        payerDocument: '***.456.789-**',
      },
    ]);
    await match(db, feb.statementId);
    await applyReview(storeOfDb(db), 'approve', [matchOf(db, feb.lineIds[0]!).id], clerk, NOW);
    const mar = addStatement(db, [
      {
        date: DAY,
        amountCents: 11000,
        description: 'PIX RECEBIDO JOANA REIS',
        payerText: 'JOANA REIS',
        payerDocument: '***.456.789-**',
      },
      { date: DAY, amountCents: 13000, description: 'PIX RECEBIDO LUCAS MENDES', payerText: 'LUCAS MENDES' },
    ]);
    await match(db, mar.statementId);
    const [joana, lucas] = mar.lineIds as [number, number];
    expect(matchOf(db, lucas)).toMatchObject({ zone: 'green', items: [23] });

    await switchOn(db, { identity: 'document' });
    const r = await runSendPolicy(storeOfDb(db), 'p1', { dryRun: true, now: NOW });
    expect(matchOf(db, joana)).toMatchObject({ zone: 'green', items: [22] });
    // Lucas is named in full but no document of his was ever confirmed: left for a person.
    expect(r.approved.map((a) => a.lineId)).toEqual([joana]);
    expect(r.leftForPerson).toContainEqual({ reason: 'identity', count: 1 });
    // The same lines under "document or name": Lucas's full name is enough.
    await switchOn(db, { identity: 'document_or_name' });
    expect(
      (await runSendPolicy(storeOfDb(db), 'p1', { dryRun: true, now: NOW })).approved.map((a) => a.lineId),
    ).toContain(lucas);
  });

  it('never a receivable approved elsewhere or already queued for sending', async () => {
    const { db, ana } = await branch();
    // Another statement's line holds Ana's receivable, approved by a person.
    const other = addStatement(db, [
      { date: DAY, amountCents: 15000, description: 'TED RECEBIDA ANA B MOTA', payerText: 'ANA B MOTA' },
    ]);
    await match(db, other.statementId);
    const m = matchOf(db, ana);
    db.prepare(
      `INSERT INTO outbox_batches (id, bank_account_id, state, created_at, created_by) VALUES (1, 77, 'queued', ?, 'x')`,
    ).run(NOW.toISOString());
    db.prepare(
      `INSERT INTO outbox_items (receivable_id, batch_id, match_id, line_id, amount_cents, queued_at) VALUES (1, 1, NULL, NULL, 15000, ?)`,
    ).run(NOW.toISOString());
    await switchOn(db);
    const r = await runSendPolicy(storeOfDb(db), 'p1', { dryRun: false, now: NOW });
    expect(r.approved).toEqual([]);
    expect(m.items).toEqual([1]);
    expect(r.leftForPerson).toContainEqual({ reason: 'taken', count: 1 });
  });

  it('a green proposal with a runner-up, a tie or a sum of several is refused even if it were green', () => {
    const facts: ProposalFacts = {
      matchId: 1,
      lineId: 1,
      lineDate: DAY,
      amountCents: 10000,
      description: 'PIX RECEBIDO ANA SOUZA',
      payerText: 'ANA SOUZA',
      state: 'suggested',
      zone: 'green',
      reasons: [{ code: 'name_similarity', params: { percent: 100 } }, { code: 'amount_equal' }],
      items: [{ receivableId: 1, dueDate: DAY, memberId: 1 }],
      documentMembers: [],
      taken: false,
    };
    const on = { ...DEFAULT_POLICY, enabled: true };
    expect(judge(on, facts)).toEqual({ ok: true });
    expect(
      judge(on, { ...facts, reasons: [...facts.reasons, { code: 'runner_up', params: { gap: 9 } }] }),
    ).toEqual({ ok: false, reason: 'rival' });
    const two = {
      ...facts,
      reasons: [facts.reasons[0]!, { code: 'many_to_one' as const, params: { count: 2 } }],
      items: [...facts.items, { receivableId: 2, dueDate: DAY, memberId: 1 }],
    };
    expect(judge(on, two)).toEqual({ ok: false, reason: 'amount_not_exact' });
    expect(judge({ ...on, allowManyToOne: true }, two)).toEqual({ ok: true });
    expect(
      judge(on, {
        ...facts,
        reasons: [{ code: 'name_similarity', params: { percent: 96 } }, { code: 'amount_equal' }],
      }),
    ).toEqual({ ok: false, reason: 'identity' });
    expect(
      judge(
        { ...on, minNamePercent: 95 },
        {
          ...facts,
          reasons: [{ code: 'name_similarity', params: { percent: 96 } }, { code: 'amount_equal' }],
        },
      ),
    ).toEqual({ ok: true });
    expect(judge(on, { ...facts, description: 'TED RECEBIDA ANA SOUZA' })).toEqual({
      ok: false,
      reason: 'channel',
    });
    expect(
      judge({ ...on, channels: ['pix', 'ted'] }, { ...facts, description: 'TED RECEBIDA ANA SOUZA' }),
    ).toEqual({ ok: true });
  });

  it('the Portuguese text is generated from the stored policy, a sentence per condition', () => {
    const text = describePolicy({
      ...DEFAULT_POLICY,
      enabled: true,
      channels: ['pix', 'ted'],
      dueWithinDays: 3,
      maxAmountCents: 50_000,
      cardWithAcquirerFile: true,
    });
    expect(text).toEqual([
      'A regra está ligada: o Quita aprova sozinho as sugestões que cumprem todas as condições abaixo; as demais ficam para você.',
      'Só sugestões do Quita ainda não decididas por uma pessoa (o que alguém aprovou, corrigiu, rejeitou ou separou nunca é mexido).',
      'Só sugestões verdes (alta confiança).',
      'Só créditos de Pix e TED/transferência e depósitos de cartão (condição abaixo).',
      'Depósitos de cartão só quando o arquivo da adquirente explica o depósito venda a venda, sem venda sem recebível nem diferença de valor.',
      'Só créditos de até R$ 500,00.',
      'Nunca quando há empate, outro candidato pouco atrás, uma linha repetida ou um recebível disputado por outra linha.',
      'O pagador é identificado pelo documento (CPF/CNPJ) já confirmado para o aluno, pelo código do recebível na linha, por um nome já confirmado por uma pessoa, ou pelo nome completo (as mesmas palavras).',
      'O valor é exatamente o do recebível: sem multa, juros, arredondamento nem diferença.',
      'Um crédito paga um único recebível; créditos que somam vários recebíveis ficam para você.',
      'O recebível vence até 3 dias antes ou depois do crédito.',
      'Nunca um recebível já reservado por outra linha, aprovado em outro extrato, na fila de envio ou que já não está em aberto.',
    ]);
  });
});

describe('saving and the dry run', () => {
  it('switching on needs a dry run of the same conditions; every save is a new version, audited', async () => {
    const { db } = await branch();
    await expect(savePolicy(storeOfDb(db), { ...DEFAULT_POLICY, enabled: true }, clerk, NOW)).rejects.toThrow(
      /simulation/,
    );
    await savePolicy(storeOfDb(db), { ...DEFAULT_POLICY, maxAmountCents: 50_000 }, clerk, NOW);
    await dryRunPolicy(storeOfDb(db), {}, NOW);
    const v2 = await savePolicy(
      storeOfDb(db),
      { ...DEFAULT_POLICY, maxAmountCents: 50_000, enabled: true },
      clerk,
      NOW,
    );
    expect(v2.version).toBe(2);
    expect(v2.policy.enabled).toBe(true);
    const saved = db
      .prepare(
        `SELECT subject, before_json, after_json FROM audit_log WHERE action = 'policy.saved' ORDER BY seq`,
      )
      .all() as { subject: string; before_json: string; after_json: string }[];
    expect(saved.map((s) => s.subject)).toEqual(['send_policy:1', 'send_policy:2']);
    expect(JSON.parse(saved[1]!.before_json)).toMatchObject({ version: 1, policy: { enabled: false } });
    // Other conditions than the ones simulated: the dry run must be made again.
    await expect(
      savePolicy(storeOfDb(db), { ...DEFAULT_POLICY, maxAmountCents: 60_000, enabled: true }, clerk, NOW),
    ).rejects.toThrow();
  });

  it('changes nothing and counts what people decided against what the policy would have done', async () => {
    const { db, ana, diego, fabio } = await branch();
    // People: approved Ana (the policy agrees), rejected Diego and approved Fabio (outside a 7-day-window policy's cap).
    await applyReview(storeOfDb(db), 'approve', [matchOf(db, ana).id, matchOf(db, fabio).id], clerk, NOW);
    await applyReview(storeOfDb(db), 'reject', [matchOf(db, diego).id], clerk, NOW);
    const snapshot = () => ({
      matches: db.prepare('SELECT id, state, zone FROM matches ORDER BY id').all(),
      items: db.prepare('SELECT match_id, receivable_id, active FROM match_items ORDER BY id').all(),
      audit: db.prepare('SELECT count(*) FROM audit_log').pluck().get(),
      outbox: db.prepare('SELECT count(*) FROM outbox_items').pluck().get(),
      versions: db.prepare('SELECT count(*) FROM send_policy_versions').pluck().get(),
    });
    const before = snapshot();
    const r = await dryRunPolicy(storeOfDb(db), { policy: { ...DEFAULT_POLICY, dueWithinDays: 7 } }, NOW);
    expect(snapshot()).toEqual(before);
    expect(r).toMatchObject({ from: '2026-02-08', to: DAY, agreed: 1, disagreed: 1, leftToPerson: 1 });
    const verdicts = Object.fromEntries(r.rows.map((x) => [x.lineId, x.verdict]));
    expect(verdicts).toMatchObject({ [ana]: 'agreed', [diego]: 'disagreed', [fabio]: 'left_to_person' });
    expect(r.rows[0]!.verdict).toBe('disagreed');
    expect(r.rows.find((x) => x.lineId === fabio)!.why).toBe('valor acima do limite');
    expect(r.refusals).toContainEqual({ reason: 'amount_cap', count: 1, text: 'valor acima do limite' });
  });
});
