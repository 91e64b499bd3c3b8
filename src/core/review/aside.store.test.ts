import { lockWaiters } from '../../../tests/helpers/pg-locks';
/**
 * Setting lines aside on both databases ([W] issue 34): a clerk sets a line aside with a rule, the next run of
 * matching sets the lines like it aside, an edit of the rule hands them back, its removal is audited — the same on
 * SQLite and on PostgreSQL, in one verified audit chain. On PostgreSQL, two clerks (two server processes, one pool
 * each) setting aside the same line at once: one goes through, the other is told who did it (the match is read FOR
 * UPDATE in asideRepo.match).
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { storesForTests } from '../../../tests/helpers/stores';
import { listAudit, verifyAudit } from '../audit/audit.store';
import { runMatching } from '../matching/matching.service';
import { openPgStore } from '../store/pg-store';
import type { Store } from '../store/store';
import { seedApprovedLines } from '../store/testing-seed';
import { asideRepo } from './aside.repo';
import {
  listAsideRules,
  previewAsideRule,
  removeAsideRule,
  setAside,
  updateAsideRule,
} from './aside.service';
import { reviewRepo } from './review.repo';

const { open, later } = storesForTests();
const AT = '2026-11-20T13:00:00.000Z';
const NOW = () => new Date(AT);
const clerk = (login: string) => ({ actor: `${login} (server)`, profileId: 'p1' });

/** Account 1 and one statement: six members' Pix credits and three interest lines of the automatic investment. */
async function seed(store: Store): Promise<number> {
  return store.write(async (tx) => {
    await tx
      .insertInto('bank_accounts')
      .values({ id: 1, description: 'Conta 1', raw_json: '{}', fetched_at: AT })
      .execute();
    const { id: statementId } = await tx
      .insertInto('statements')
      .values({
        bank_account_id: 1,
        file_name: 'extrato.ofx',
        sha256: 's',
        byte_size: 1,
        format: 'ofx',
        mapping_json: '{}',
        mapping_source: 'ofx',
        imported_at: AT,
        period_from: '2026-11-01',
        period_to: '2026-11-30',
        line_count: 9,
        credit_count: 9,
        debit_count: 0,
        balance_count: 0,
        inserted_count: 9,
        known_count: 0,
        rejected_count: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const texts = [
      'PIX RECEBIDO MARIA SOUZA',
      'RENDIMENTO APLIC AUTOMATICA 1001',
      'PIX RECEBIDO JOAO PEREIRA',
      'RENDIMENTO APLIC AUTOMATICA 1002',
      'PIX RECEBIDO ANA LIMA',
      'PIX RECEBIDO CARLOS ALVES',
      'RENDIMENTO APLIC AUTOMATICA 1003',
      'PIX RECEBIDO BEATRIZ COSTA',
      'PIX RECEBIDO PEDRO ROCHA',
    ];
    await tx
      .insertInto('statement_lines')
      .values(
        texts.map((description, i) => ({
          statement_id: statementId,
          bank_account_id: 1,
          position: i,
          date: `2026-11-${String(3 + i).padStart(2, '0')}`,
          amount_cents: description.startsWith('RENDIMENTO') ? 137 + i : 9_990 + i,
          kind: 'credit',
          description,
          raw_json: '{}',
          fingerprint: `f${i}`,
        })),
      )
      .execute();
    return statementId;
  });
}

/** Each line of the statement's current plan: its text, state, and the rule that set it aside. */
const plan = (store: Store) =>
  store.read(async (tx) =>
    (
      await tx
        .selectFrom('matches as m')
        .innerJoin('statement_lines as l', 'l.id', 'm.line_id')
        .select([
          'm.id as matchId',
          'l.id as lineId',
          'l.description',
          'm.state',
          'm.aside_reason',
          'm.aside_rule_id',
        ])
        .where('m.plan_id', '=', (eb) => eb.selectFrom('match_plans').select((e) => e.fn.max('id').as('id')))
        .orderBy('l.position')
        .execute()
    ).map((r) => ({ ...r, interest: r.description.startsWith('RENDIMENTO') })),
  );

/** The whole story on one database; returns what a clerk would see at each step, to compare the two. */
async function story(store: Store) {
  const statementId = await seed(store);
  const seen: unknown[] = [];
  await runMatching(store, { statementId }, { now: NOW });
  const before = await plan(store);
  expect(before.map((l) => l.state)).toEqual(Array(9).fill('unmatched'));
  const first = before.find((l) => l.interest)!;

  // The preview weighs every credit of the current plan: the three interest lines, all free.
  const preview = await previewAsideRule(store, { pattern: 'Rendimento aplic.', bankAccountId: 1 });
  expect(preview).toMatchObject({ pattern: 'rendimento aplic', caught: 3, needsConfirmation: false });
  expect(preview.counts.free).toBe(3);
  expect(preview.statements).toEqual([expect.objectContaining({ statementId, caught: 3, credits: 9 })]);
  seen.push(preview);

  // One line set aside by hand with a rule; the run the rule asks for sets the other two aside.
  const made = await setAside(
    store,
    {
      matchIds: [first.matchId],
      reason: 'interest',
      rule: { pattern: 'Rendimento aplic. automática', thisAccountOnly: true },
    },
    clerk('ana'),
    NOW(),
  );
  expect(made).toMatchObject({ changed: 1, needsConfirmation: false, statementIds: [statementId] });
  const ruleId = made.ruleId!;
  expect(await store.read((tx) => asideRepo.linesOfRule(tx, ruleId))).toBe(0);
  for (const id of made.statementIds) await runMatching(store, { statementId: id }, { now: NOW });
  const caught = await plan(store);
  expect(caught.filter((l) => l.interest).map((l) => [l.state, l.aside_reason, l.aside_rule_id])).toEqual([
    ['set_aside', 'interest', null], // the clerk's own decision
    ['set_aside', 'interest', ruleId],
    ['set_aside', 'interest', ruleId],
  ]);
  expect(caught.filter((l) => !l.interest).map((l) => l.state)).toEqual(Array(6).fill('unmatched'));
  const rules = (await listAsideRules(store)).rows;
  expect(rules).toEqual([
    expect.objectContaining({
      id: ruleId,
      pattern: 'rendimento aplic automatica',
      reason: 'interest',
      bankAccountId: 1,
      bankAccountName: 'Conta 1',
      timesApplied: 2,
      lastAppliedAt: AT,
    }),
  ]);
  seen.push(rules.map(({ id: _, ...r }) => r));

  // Edited so that it no longer catches them: they go back to the engine; the run leaves them unmatched.
  const edited = await updateAsideRule(store, { id: ruleId, pattern: 'rendimentos' }, clerk('bia'), NOW());
  expect(edited).toMatchObject({ needsConfirmation: false, statementIds: [statementId], confirmed: 0 });
  expect(edited.rule).toMatchObject({ pattern: 'rendimentos', timesApplied: 0 });
  for (const id of edited.statementIds) await runMatching(store, { statementId: id }, { now: NOW });
  expect((await plan(store)).filter((l) => l.interest).map((l) => l.state)).toEqual([
    'set_aside',
    'unmatched',
    'unmatched',
  ]);

  // Back to catching them, then removed: the rule's lines are released, the clerk's own stays.
  await updateAsideRule(store, { id: ruleId, pattern: 'aplic rendimento' }, clerk('bia'), NOW());
  await runMatching(store, { statementId }, { now: NOW });
  expect((await store.read((tx) => asideRepo.list(tx)))[0]!.timesApplied).toBe(2);
  const removed = await removeAsideRule(store, ruleId, clerk('caio'), NOW());
  expect(removed).toEqual({ removed: 1, linesReleased: 2, statementIds: [statementId] });
  expect((await listAsideRules(store)).rows).toEqual([]);
  await expect(removeAsideRule(store, ruleId, clerk('caio'), NOW())).rejects.toThrow(/no set-aside rule/);
  const end = await plan(store);
  expect(end.filter((l) => l.interest).map((l) => l.state)).toEqual(['set_aside', 'unmatched', 'unmatched']);
  seen.push(end.map(({ matchId: _, ...l }) => l));

  // Every change audited in the transaction that made it, in one chain that verifies.
  const audit = await store.read((tx) => listAudit(tx, {}));
  const mine = audit.entries
    .filter((e) => e.action.startsWith('aside_rule.') || e.action === 'match.set_aside')
    .map((e) => [e.action, e.actor, e.subject])
    .reverse();
  expect(mine).toEqual([
    ['match.set_aside', 'ana (server)', `line:${first.lineId}`],
    ['aside_rule.created', 'ana (server)', `aside_rule:${ruleId}`],
    ['aside_rule.changed', 'bia (server)', `aside_rule:${ruleId}`],
    ['aside_rule.changed', 'bia (server)', `aside_rule:${ruleId}`],
    ['aside_rule.removed', 'caio (server)', `aside_rule:${ruleId}`],
  ]);
  expect(await store.read(verifyAudit)).toMatchObject({ ok: true });
  return seen;
}

describe.each(['sqlite', 'postgres'] as const)('set-aside lines and rules on %s', (dialect) => {
  it('a rule caught by a run, released by an edit, removed; each change audited', async () => {
    await story(await open[dialect]());
  });

  it('a line set aside by hand is left when it changed since the clerk saw it, and named', async () => {
    const store = await open[dialect]();
    const [p1, p2] = await seedApprovedLines(store, 2, { state: 'suggested' });
    const seen = await store.read(async (tx) =>
      Promise.all(
        [p1!, p2!].map(async (p) => ({
          matchId: p.matchId!,
          lineId: p.lineId!,
          version: (await reviewRepo.match(tx, p.matchId!))!.version,
        })),
      ),
    );
    await setAside(store, { matchIds: [p1!.matchId!], reason: 'refund', seen }, clerk('ana'), NOW());
    const r = await setAside(
      store,
      { matchIds: [p1!.matchId!, p2!.matchId!], reason: 'own_transfer', note: ' conta 2 ', seen },
      clerk('bia'),
      NOW(),
    );
    expect(r).toMatchObject({ changed: 1, skipped: [], ruleId: null });
    expect(r.conflicts).toEqual([
      { matchId: p1!.matchId, lineId: p1!.lineId, by: 'ana', at: AT, state: 'set_aside' },
    ]);
    const m2 = await store.read((tx) => reviewRepo.match(tx, p2!.matchId!));
    expect(m2).toMatchObject({ state: 'set_aside', asideReason: 'own_transfer', queued: 0 });
    // Its receivable is freed.
    expect(await store.read((tx) => reviewRepo.match(tx, p2!.matchId!))).toMatchObject({ items: 0 });
    expect(await store.read(verifyAudit)).toMatchObject({ ok: true, entries: 2 });
  });
});

describe('two clerks setting aside the same line at once (PostgreSQL, one pool per process)', () => {
  it('one goes through; the other is told who did it', async () => {
    const store = await open.postgres();
    const [line] = await seedApprovedLines(store, 1, { state: 'suggested' });
    const seen = [
      {
        matchId: line!.matchId!,
        lineId: line!.lineId!,
        version: (await store.read((tx) => reviewRepo.match(tx, line!.matchId!)))!.version,
      },
    ];
    const [a, b] = [openPgStore(store.url, { max: 2 }), openPgStore(store.url, { max: 2 })];
    const blocker = new pg.Client({ connectionString: store.url });
    await blocker.connect();
    later(
      () => a.close(),
      () => b.close(),
      () => blocker.end(),
    );
    // The audit log, which both write last, is held until both set-asides wait on a lock: both are in flight
    // before either commits (with the row lock, the second waits at its read of the match; without it, on the
    // first one's rows, having read the version both saw).
    await blocker.query('begin');
    await blocker.query('lock table audit_log in exclusive mode');
    const running = Promise.all([
      setAside(a, { matchIds: [line!.matchId!], reason: 'refund', seen }, clerk('ana'), NOW()),
      setAside(b, { matchIds: [line!.matchId!], reason: 'interest', seen }, clerk('bia'), NOW()),
    ]);
    await lockWaiters(blocker, 2);
    await blocker.query('commit');
    const results = await running;
    expect(results.map((r) => r.changed).sort()).toEqual([0, 1]);
    const winner = results[0].changed ? 'ana' : 'bia';
    const loser = results.find((r) => !r.changed)!;
    expect(loser.conflicts).toEqual([
      { matchId: line!.matchId, lineId: line!.lineId, by: winner, at: AT, state: 'set_aside' },
    ]);
    const m = await store.read((tx) => reviewRepo.match(tx, line!.matchId!));
    expect(m).toMatchObject({
      state: 'set_aside',
      asideReason: winner === 'ana' ? 'refund' : 'interest',
      version: seen[0]!.version + 1,
    });
    expect(await store.read(verifyAudit)).toMatchObject({ ok: true, entries: 1 });
  });
});

describe('the same story on both databases', () => {
  it('answers alike', async () => {
    expect(await story(await open.postgres())).toEqual(await story(await open.sqlite()));
  });
});
