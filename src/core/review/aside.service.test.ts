import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/open-db';
import { lineCandidates } from '../matching/candidates';
import { listMatchLines } from '../matching/matching.lines';
import { runMatching } from '../matching/matching.service';
import { NOW, sandboxBranch } from '../matching/testing-db';
import { listAsideRules, removeAsideRule, setAside, updateAsideRule } from './aside.service';
import { applyReview } from './review.service';

let db: Db;
afterEach(() => db?.close());
const who = { actor: 'test', profileId: 'p1' };
const lines = () => listMatchLines(db, { limit: 5000 }).rows;
const actions = () =>
  db.prepare('SELECT action, subject FROM audit_log ORDER BY rowid').all() as {
    action: string;
    subject: string;
  }[];

async function setup() {
  const b = await sandboxBranch();
  db = b.db;
  runMatching(db, {}, { now: NOW });
  return b;
}

/** A credit line no member paid: the branch's own text, as banks print interest on an automatic investment. */
function addInterestLines(statementId: number, dates: string[]) {
  const acc = db
    .prepare('SELECT bank_account_id FROM statements WHERE id = ?')
    .pluck()
    .get(statementId) as number;
  const pos = db
    .prepare('SELECT max(position) FROM statement_lines WHERE statement_id = ?')
    .pluck()
    .get(statementId) as number;
  dates.forEach((date, i) =>
    db
      .prepare(
        `INSERT INTO statement_lines (statement_id, bank_account_id, position, date, amount_cents, kind, description, payer_text, raw_json, fingerprint)
         VALUES (?, ?, ?, ?, ?, 'credit', ?, NULL, '{}', ?)`,
      )
      .run(
        statementId,
        acc,
        pos + 1 + i,
        date,
        137 + i,
        `RENDIMENTO APLIC AUTOMATICA ${1000 + i}`,
        `test-interest-${i}`,
      ),
  );
}

describe('every line ends decided: already recorded, set aside, rules', () => {
  it('a line a received receivable explains is "recorded" (engine-owned), not a gap', async () => {
    await setup();
    const recorded = lines().filter((r) => r.state === 'recorded');
    expect(recorded.length).toBeGreaterThan(0);
    for (const r of recorded) {
      // One received receivable, or an aggregated credit whose receivables were all received.
      expect(
        r.reasons.some(
          (x) => x.code === 'already_received' || (x.code === 'lump_received' && x.params?.explained === 1),
        ),
      ).toBe(true);
      expect(r.receivables).toEqual([]);
    }
    // Recomputed by a re-run, never carried as a clerk's decision.
    const again = runMatching(db, {}, { now: NOW });
    expect(again.recorded).toBe(recorded.length);
    expect(again.kept).toBe(0);
  });

  it('setting aside frees the receivables, is audited, and survives a re-run; to_review undoes it', async () => {
    await setup();
    const green = lines().find((r) => r.zone === 'green' && r.state === 'suggested')!;
    const r = setAside(db, { matchIds: [green.matchId], reason: 'refund', note: ' estorno ' }, who, NOW());
    expect(r).toMatchObject({ changed: 1, skipped: [], ruleId: null });
    const after = () => lines().find((x) => x.lineId === green.lineId)!;
    expect(after()).toMatchObject({
      state: 'set_aside',
      receivables: [],
      aside: { reason: 'refund', note: 'estorno', ruleId: null },
    });
    expect(actions().at(-1)).toEqual({ action: 'match.set_aside', subject: `line:${green.lineId}` });
    runMatching(db, {}, { now: NOW });
    expect(after().state).toBe('set_aside');
    expect(applyReview(db, 'to_review', [after().matchId], who, NOW()).changed).toBe(1);
    expect(after()).toMatchObject({ state: 'to_review' });
    expect(after().aside).toBeUndefined();
  });

  it('an approved or queued line is not set aside; "other" needs a note (contract)', async () => {
    await setup();
    const green = lines().find((r) => r.zone === 'green' && r.state === 'suggested')!;
    applyReview(db, 'approve', [green.matchId], who, NOW());
    const r = setAside(db, { matchIds: [green.matchId], reason: 'interest' }, who, NOW());
    expect(r.changed).toBe(0);
    expect(r.skipped[0]!.reason).toMatch(/not possible from approved/);
  });

  it('a rule sets lines like this aside on every run; editing and removing it gives lines back', async () => {
    const b = await setup();
    addInterestLines(b.statementId, ['2026-07-01', '2026-07-02', '2026-07-03']);
    runMatching(db, {}, { now: NOW });
    // The sandbox statement has its own interest lines ("RENDIMENTO APLIC AUTOMATICA"), plus the three above.
    const interest = () => lines().filter((r) => r.description.startsWith('RENDIMENTO'));
    const n = interest().length;
    expect(n).toBeGreaterThanOrEqual(3);
    expect(new Set(interest().map((r) => r.state))).toEqual(new Set(['unmatched']));

    const first = interest()[0]!;
    const made = setAside(
      db,
      {
        matchIds: [first.matchId],
        reason: 'interest',
        rule: { pattern: 'Rendimento aplic. automática', thisAccountOnly: true },
      },
      who,
      NOW(),
    );
    expect(made.ruleId).not.toBeNull();
    runMatching(db, { statementId: made.statementId! }, { now: NOW });
    expect(interest().map((r) => [r.state, r.aside?.reason])).toEqual(
      Array(n).fill(['set_aside', 'interest']),
    );
    const [rule] = listAsideRules(db).rows;
    expect(rule).toMatchObject({
      pattern: 'rendimento aplic automatica',
      reason: 'interest',
      bankAccountId: b.accountId,
      timesApplied: n - 1,
    });
    expect(rule!.bankAccountName).toBeTruthy();
    expect(interest()[0]!.aside?.ruleId).toBeNull(); // the clerk's own decision
    expect(interest()[1]!.aside?.ruleId).toBe(rule!.id);

    // Words, not substrings: "rendimentos" is no word of these lines, so after the edit the rule catches none.
    const edited = updateAsideRule(db, { id: rule!.id, pattern: 'rendimentos' }, who, NOW());
    for (const id of edited.statementIds) runMatching(db, { statementId: id }, { now: NOW });
    expect(interest().map((r) => r.state)).toEqual(['set_aside', ...Array<string>(n - 1).fill('unmatched')]);

    // Order does not matter either.
    updateAsideRule(db, { id: rule!.id, pattern: 'aplic rendimento' }, who, NOW());
    runMatching(db, {}, { now: NOW });
    expect(interest().filter((r) => r.state === 'set_aside')).toHaveLength(n);

    const removed = removeAsideRule(db, rule!.id, who, NOW());
    expect(removed).toMatchObject({ removed: 1, linesReleased: n - 1 });
    for (const id of removed.statementIds) runMatching(db, { statementId: id }, { now: NOW });
    // The line set aside by hand stays; the ones the rule caught are matched again (nothing fits: unmatched).
    expect(interest().map((r) => r.state)).toEqual(['set_aside', ...Array<string>(n - 1).fill('unmatched')]);
    expect(actions().map((a) => a.action)).toEqual(
      expect.arrayContaining(['aside_rule.created', 'aside_rule.changed', 'aside_rule.removed']),
    );
  });

  it('a pattern without a word of three letters is refused', async () => {
    await setup();
    const line = lines()[0]!;
    expect(() =>
      setAside(
        db,
        { matchIds: [line.matchId], reason: 'interest', rule: { pattern: ' -- ', thisAccountOnly: false } },
        who,
        NOW(),
      ),
    ).toThrow(/at least one word/);
  });
});

describe('match.candidates: the ranked candidates of a line, with why each fits or not', () => {
  it("a green line's own receivable comes first, fits, and is marked chosen", async () => {
    await setup();
    const green = lines().find((r) => r.zone === 'green' && r.receivables.length === 1 && r.payerText)!;
    const c = lineCandidates(db, green.lineId, 12);
    expect(c.rows[0]).toMatchObject({
      fits: true,
      chosen: true,
      receivable: { id: green.receivables[0]!.id },
    });
    expect(c.rows[0]!.score).toBe(green.score);
    // The others say why not, in words.
    const others = c.rows.filter((r) => !r.fits);
    for (const o of others) expect(o.reasons.length).toBeGreaterThan(0);
    const whyNot = new Set([
      'amount_different',
      'date_outside',
      'name_different',
      'held',
      'claimed',
      'type_mismatch',
    ]);
    for (const o of others) expect(o.reasons.some((r) => whyNot.has(r.code))).toBe(true);
    // Shown because they are close: the same amount, or a similar name.
    for (const o of others) expect(o.amountDiffCents === 0 || (o.namePercent ?? 0) > 0).toBe(true);
  });

  it('a tie lists every tied candidate as fitting, and says tie', async () => {
    const b = await setup();
    // A credit with no name, of an amount two open receivables share, due the same day: the engine cannot choose.
    const pair = db
      .prepare(
        `SELECT r1.amount_cents AS amount, r1.due_date AS due FROM receivables r1 JOIN receivables r2
           ON r2.amount_cents = r1.amount_cents AND r2.due_date = r1.due_date AND r2.id > r1.id
           AND coalesce(r2.payment_type_id, 0) = coalesce(r1.payment_type_id, 0)
         WHERE r1.status_id IN (1, 4) AND r2.status_id IN (1, 4)
           AND r1.id NOT IN (SELECT receivable_id FROM match_items) AND r2.id NOT IN (SELECT receivable_id FROM match_items)
         LIMIT 1`,
      )
      .get() as { amount: number; due: string };
    const acc = db
      .prepare('SELECT bank_account_id FROM statements WHERE id = ?')
      .pluck()
      .get(b.statementId) as number;
    db.prepare(
      `INSERT INTO statement_lines (statement_id, bank_account_id, position, date, amount_cents, kind, description, raw_json, fingerprint)
       VALUES (?, ?, 9999, ?, ?, 'credit', 'CREDITO EM CONTA', '{}', 'test-tie')`,
    ).run(b.statementId, acc, pair.due, pair.amount);
    runMatching(db, {}, { now: NOW });
    const tied = lines().find((r) => r.description === 'CREDITO EM CONTA')!;
    expect(tied.reasons.map((r) => r.code)).toContain('tie');
    const c = lineCandidates(db, tied.lineId, 1);
    expect(c.tie).toBe(true);
    expect(c.tied).toBeGreaterThanOrEqual(2);
    // Every tied candidate is listed first, even beyond the limit asked for.
    expect(c.rows.length).toBeGreaterThanOrEqual(c.tied);
    expect(c.rows.slice(0, c.tied).every((r) => r.fits)).toBe(true);
    const fitting = c.rows.filter((r) => r.fits);
    expect(fitting.length).toBeGreaterThanOrEqual(2);
    expect(fitting[0]!.score - fitting[1]!.score).toBeLessThan(5);
  });

  it('a receivable held by another line says so', async () => {
    const b = await setup();
    const a = lines().find((r) => r.zone === 'green' && r.receivables.length === 1)!;
    // Another credit of the same amount on the same day: its best candidate is already a's.
    const acc = db
      .prepare('SELECT bank_account_id FROM statements WHERE id = ?')
      .pluck()
      .get(b.statementId) as number;
    db.prepare(
      `INSERT INTO statement_lines (statement_id, bank_account_id, position, date, amount_cents, kind, description, raw_json, fingerprint)
       VALUES (?, ?, 9998, ?, ?, 'credit', 'CREDITO EM CONTA', '{}', 'test-held')`,
    ).run(b.statementId, acc, a.date, a.amountCents);
    applyReview(db, 'approve', [a.matchId], who, NOW());
    runMatching(db, {}, { now: NOW });
    const line = lines().find((r) => r.description === 'CREDITO EM CONTA')!;
    const c = lineCandidates(db, line.lineId, 50);
    const held = c.rows.find((r) => r.receivable.id === a.receivables[0]!.id);
    expect(held).toMatchObject({ fits: false, heldBy: { lineId: a.lineId } });
    expect(held!.reasons[0]!.code).toBe('held');
  });
});
