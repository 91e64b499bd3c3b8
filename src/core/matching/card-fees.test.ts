/**
 * [J] item 1: fees learned from confirmed card matches, on a real database: the sandbox's card account
 * (fees recorded, the classic style) matched, its card deposits approved, and what they teach.
 */
import { describe, expect, it } from 'vitest';
import { cardFeesHandlers } from '../services/card-fees.handlers';
import { inferCardFees, learnedCardFees } from './card-fees';
import { runMatching } from './matching.service';
import { importSandboxStatement, NOW, sandboxBranch } from './testing-db';

describe('learned card fees', () => {
  it('confirmed card deposits teach the fee per acquirer, brand and product; unconfirmed ones teach nothing', async () => {
    const { db, data } = await sandboxBranch('ofx', 300);
    const cards = data.bankAccounts.find((a) => a.role === 'cards')!.id;
    const statementId = await importSandboxStatement(db, data, cards, 'ofx');
    runMatching(db, { statementId }, { now: NOW });
    expect(inferCardFees(db)).toEqual([]);

    const proposed = db
      .prepare(
        `SELECT m.id FROM matches m JOIN match_plans p ON p.id = m.plan_id
          WHERE p.statement_id = ? AND m.state = 'suggested' AND m.reasons_json LIKE '%"card_lump"%'`,
      )
      .all(statementId) as { id: number }[];
    expect(proposed.length).toBeGreaterThan(3);
    db.prepare(`UPDATE matches SET state = 'approved' WHERE id IN (SELECT value FROM json_each(?))`).run(
      JSON.stringify(proposed.map((m) => m.id)),
    );

    const fees = learnedCardFees(db);
    expect(fees.length).toBeGreaterThan(0);
    // The sandbox's MDRs (src/sandbox/data/catalog.ts): 1.49 % debit, 2.99 % credit at once, 3.89 % in
    // installments; Stone −0.15, Rede ±0; Elo +0.35. A single-kind deposit teaches its exact rate.
    const fee = (acquirer: string, flag: string, product: string) =>
      fees.find((f) => f.acquirer === acquirer && f.flag === flag && f.product === product)?.percent;
    expect(fee('stone', 'mastercard', 'debit')).toBe(1.34);
    expect(fee('rede', 'mastercard', 'credit')).toBe(2.99);
    expect(fee('stone', 'visa', 'credit')).toBe(2.84);
    expect(fee('rede', 'elo', 'credit')).toBeGreaterThanOrEqual(3.34);
    for (const f of fees) {
      expect(f.samples).toBeGreaterThan(0);
      expect(f.percent).toBeGreaterThan(1);
      expect(f.percent).toBeLessThan(5);
    }
    // Stored, and listed by the command the Settings panel reads.
    const stored = db.prepare('SELECT count(*) AS n FROM card_fees').get() as { n: number };
    expect(stored.n).toBe(fees.length);
    const handlers = cardFeesHandlers({ db: () => db } as never);
    const listed = await handlers['match.cardFees']({});
    expect(listed.rows.map((r) => [r.acquirer, r.flag, r.product, r.percent])).toEqual(
      fees.map((f) => [f.acquirer, f.flag, f.product, f.percent]),
    );
  });
});
