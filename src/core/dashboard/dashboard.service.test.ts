import { afterEach, describe, expect, it } from 'vitest';
import { LINE_BUCKETS, type LineBuckets } from '../../shared/contract/dashboard';
import type { Db } from '../db/open-db';
import { listMatchLines } from '../matching/matching.lines';
import { runMatching } from '../matching/matching.service';
import { insertOneLineStatement, NOW, sandboxBranch } from '../matching/testing-db';
import { approvedNotQueued } from '../outbox/approved.repo';
import { setAside } from '../review/aside.service';
import { applyReview } from '../review/review.service';
import { dashboardSummary } from './dashboard.service';
import { bucketOf } from './line-buckets';
import { outboxOn } from '../outbox/testing';
import { storeOfDb } from '../store/sqlite-store';

let db: Db;
afterEach(() => db?.close());
const who = { actor: 'test', profileId: 'p1' };

const sum = (b: LineBuckets) =>
  LINE_BUCKETS.reduce((s, k) => ({ count: s.count + b[k].count, cents: s.cents + b[k].cents }), {
    count: 0,
    cents: 0,
  });

/** The statement's credit lines counted straight from the import's table, not through any plan. */
function creditLines(statementId?: number) {
  return db
    .prepare(
      `SELECT count(*) AS count, coalesce(sum(amount_cents), 0) AS cents FROM statement_lines
       WHERE kind = 'credit' AND (? IS NULL OR statement_id = ?)`,
    )
    .get(statementId ?? null, statementId ?? null) as { count: number; cents: number };
}

/** Queue one approved line alone (its own batch) and move that batch to `state`. */
async function send(lineId: number, state: 'confirmed' | 'needs_review' | null) {
  const pairs = (await storeOfDb(db).read(approvedNotQueued)).filter((p) => p.lineId === lineId);
  expect(pairs.length).toBeGreaterThan(0);
  const { batchIds } = await outboxOn(db).enqueuePairs(pairs, who, { now: NOW().toISOString() });
  if (state)
    for (const id of batchIds) await outboxOn(db).transition(id, state, who, { reviewReason: 'test' });
}

describe('dashboard.summary: every credit line in exactly one bucket', () => {
  it('after approving, setting one aside and sending some, the buckets add up to the credit lines, each where it belongs', async () => {
    // 600 members: enough lines for green and yellow suggestions and lines without one (150 gives no yellow).
    const b = await sandboxBranch('ofx', 600);
    db = b.db;
    await runMatching(storeOfDb(db), {}, { now: NOW });
    const rows = (await listMatchLines(db, { limit: 5000 })).rows;
    const greens = rows.filter((r) => r.zone === 'green' && r.state === 'suggested');
    const yellow = rows.find((r) => r.zone === 'yellow' && r.state === 'suggested');
    // Not a member's payment: a line the engine found nothing for.
    const aside = rows.find((r) => r.state === 'unmatched');
    expect(greens.length).toBeGreaterThanOrEqual(5);
    expect(yellow).toBeDefined();
    expect(aside).toBeDefined();

    const before = await dashboardSummary(storeOfDb(db));
    const engineRecorded = rows.filter((r) => r.state === 'recorded').length;
    const engineAside = rows.filter((r) => r.state === 'set_aside').length;
    expect(before.statement!.buckets.recorded.count).toBe(engineRecorded);
    // Nothing approved yet: a suggestion of any zone (a yellow one included) is still to decide.
    expect(before.statement!.buckets.toSend.count).toBe(0);
    expect(before.statement!.buckets.toDecide.count).toBe(rows.length - engineRecorded - engineAside);

    const [a, bb, c, d, e] = greens;
    await applyReview(
      storeOfDb(db),
      'approve',
      [a!, bb!, c!, d!, e!].map((r) => r.matchId),
      who,
      NOW(),
    );
    await setAside(storeOfDb(db), { matchIds: [aside!.matchId], reason: 'own_transfer' }, who, NOW());
    await send(a!.lineId, 'confirmed');
    await send(bb!.lineId, 'needs_review');
    await send(c!.lineId, null); // queued: waiting for the EVO
    // e: approved, then received in the EVO by someone else before Quita sent it (as the next sync would show).
    db.prepare(
      `UPDATE receivables SET status_id = 2 WHERE id IN (SELECT receivable_id FROM match_items WHERE match_id = ?)`,
    ).run(e!.matchId);

    const s = await dashboardSummary(storeOfDb(db));
    const st = s.statement!;
    expect(st.id).toBe(b.statementId);
    const lines = creditLines(b.statementId);
    expect(st.lines).toEqual(lines);
    expect(sum(st.buckets)).toEqual(lines);
    const k = st.buckets;
    const one = (r: { amountCents: number }) => ({ count: 1, cents: r.amountCents });
    expect(k.sentConfirmed).toEqual(one(a!));
    expect(k.sentFailed).toEqual(one(bb!));
    expect(k.sentWaiting).toEqual(one(c!));
    expect(k.toSend).toEqual(one(d!));
    expect(k.recorded.count).toBe(engineRecorded + 1); // e: nothing left to send
    expect(k.setAside.count).toBe(engineAside + 1);
    // Conciliar reads the same rule: match.lines gives each line the bucket Início counts it in, so the lines
    // per bucket are exactly the cards' counts and money; e, approved and received elsewhere, is "recorded".
    const after = (await listMatchLines(db, { limit: 5000 })).rows;
    expect(after.find((r) => r.matchId === e!.matchId)).toMatchObject({
      state: 'approved',
      bucket: 'recorded',
    });
    expect(after.find((r) => r.matchId === d!.matchId)!.bucket).toBe('toSend');
    for (const bucket of LINE_BUCKETS) {
      const its = after.filter((r) => r.bucket === bucket);
      expect({ count: its.length, cents: its.reduce((n, r) => n + r.amountCents, 0) }, bucket).toEqual(
        k[bucket],
      );
    }
    expect(k.toDecide.count).toBe(rows.length - engineRecorded - engineAside - 6);
    // Início's "Enviar N" is exactly what Enviar would mark now.
    expect(k.toSend.count).toBe(
      new Set((await storeOfDb(db).read(approvedNotQueued)).map((p) => p.lineId)).size,
    );

    // The day chart: the same money, split decided / to decide; the yellow suggestion's day holds it as to decide.
    const days = st.days;
    expect(days.reduce((x, d2) => x + d2.decidedCents + d2.toDecideCents, 0)).toBe(lines.cents);
    expect(days.reduce((x, d2) => x + d2.toDecideCents, 0)).toBe(k.toDecide.cents);
    expect(days.find((d2) => d2.date === yellow!.date)!.toDecideCents).toBeGreaterThanOrEqual(
      yellow!.amountCents,
    );

    // A later statement never matched: it is the current one, all its lines to decide; "all" covers both.
    const later = insertOneLineStatement(db, b.accountId, {
      date: '2026-07-16',
      amountCents: 12345,
      description: 'PIX RECEBIDO',
      payerText: 'ALGUEM',
    });
    const s2 = await dashboardSummary(storeOfDb(db));
    expect(s2.statements).toBe(2);
    expect(s2.statement).toMatchObject({
      id: later,
      lines: { count: 1, cents: 12345 },
      buckets: { toDecide: { count: 1, cents: 12345 }, toSend: { count: 0, cents: 0 } },
      days: [{ date: '2026-07-16', decidedCents: 0, toDecideCents: 12345 }],
    });
    expect(s2.all.lines).toEqual(creditLines());
    expect(sum(s2.all.buckets)).toEqual(creditLines());
    expect(s2.all.buckets.toDecide.count).toBe(k.toDecide.count + 1);
    expect(s2.all.buckets.sentConfirmed).toEqual(k.sentConfirmed);
    // [T] item 8: what was sent today counts for the branch, whatever statement is the current one now (the
    // later one sent nothing); the next day, nothing was sent "today".
    const sentAll = k.sentConfirmed.cents + k.sentFailed.cents + k.sentWaiting.cents;
    expect(s2.statement!.buckets.sentConfirmed.count).toBe(0);
    expect((await dashboardSummary(storeOfDb(db), NOW())).sentToday).toEqual({ count: 3, cents: sentAll });
    expect((await dashboardSummary(storeOfDb(db), new Date('2026-07-16T15:00:00Z'))).sentToday).toEqual({
      count: 0,
      cents: 0,
    });
    // [T] item 5: each statement comes with its account's name and its days, to be named by them.
    const first = s2.byStatement[1]!;
    expect(first.accountName).toBe(
      db.prepare('SELECT description FROM bank_accounts WHERE id = ?').pluck().get(b.accountId),
    );
    expect(first.periodFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(first.periodTo).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Per statement, newest first (Conciliar's order): the later one, then the first with exactly its buckets;
    // bucket by bucket they add up to "all" (the cards of "Todos os extratos" open one of them).
    expect(s2.byStatement.map((x) => x.id)).toEqual([later, st.id]);
    expect(s2.byStatement[0]).toMatchObject({ lines: s2.statement!.lines, buckets: s2.statement!.buckets });
    expect(s2.byStatement[1]!.buckets).toEqual(k);
    for (const bucket of Object.keys(k) as (keyof typeof k)[])
      expect(
        s2.byStatement.reduce((n, x) => n + x.buckets[bucket].cents, 0),
        bucket,
      ).toBe(s2.all.buckets[bucket].cents);
  });

  it('no statement: zero lines, no current statement', async () => {
    const b = await sandboxBranch();
    db = b.db;
    db.prepare('DELETE FROM statements').run();
    const s = await dashboardSummary(storeOfDb(db));
    expect(s.statement).toBeNull();
    expect(s.statements).toBe(0);
    expect(s.all.lines).toEqual({ count: 0, cents: 0 });
    expect(s.open.count).toBeGreaterThan(0);
  });
});

describe('bucketOf', () => {
  const none = new Set<never>();
  const f = { sendable: false, batches: none, receivedInEvo: false };
  it('reads DECIDED_STATES: a rejected or overridden line is still to decide; approved lines go by the outbox', () => {
    for (const state of ['suggested', 'overridden', 'to_review', 'unmatched', 'rejected', null] as const)
      expect(bucketOf({ ...f, state })).toBe('toDecide');
    expect(bucketOf({ ...f, state: 'recorded' })).toBe('recorded');
    expect(bucketOf({ ...f, state: 'set_aside' })).toBe('setAside');
    expect(bucketOf({ ...f, state: 'approved', sendable: true, batches: new Set(['confirmed']) })).toBe(
      'toSend',
    );
    expect(bucketOf({ ...f, state: 'approved', batches: new Set(['confirmed', 'queued']) })).toBe(
      'sentWaiting',
    );
    expect(bucketOf({ ...f, state: 'approved', batches: new Set(['unknown', 'needs_review']) })).toBe(
      'sentFailed',
    );
    expect(bucketOf({ ...f, state: 'approved' })).toBe('toDecide'); // its receivable cancelled in the EVO
  });
});
