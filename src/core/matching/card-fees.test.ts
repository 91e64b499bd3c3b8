import { storeOfDb } from '../store/sqlite-store';
/**
 * [J] item 1: fees learned from confirmed card matches, on a real database: the sandbox's card account
 * (fees recorded, the classic style) matched, its card deposits approved, and what they teach.
 */
import { describe, expect, it } from 'vitest';
import { generateSandboxData, writeStatement } from '../../sandbox';
import { openDb } from '../db/open-db';
import { commitImport } from '../import/import.service';
import { cardFeesHandlers } from './card-fees.handlers';
import { inferCardFees, learnedCardFees } from './card-fees';
import { runMatching, updateMatchSettings } from './matching.service';
import { cacheSandboxData, importSandboxStatement, NOW, sandboxBranch } from './testing-db';

describe('learned card fees', () => {
  it('confirmed card deposits teach the fee per acquirer, brand and product; unconfirmed ones teach nothing', async () => {
    const { db, data } = await sandboxBranch('ofx', 300);
    const cards = data.bankAccounts.find((a) => a.role === 'cards')!.id;
    const statementId = await importSandboxStatement(db, data, cards, 'ofx');
    await runMatching(storeOfDb(db), { statementId }, { now: NOW });
    expect(await storeOfDb(db).write(inferCardFees)).toEqual([]);

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

    const fees = await storeOfDb(db).write(learnedCardFees);
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
    const handlers = cardFeesHandlers({ db: () => db, store: () => storeOfDb(db) } as never);
    const listed = await handlers['match.cardFees']({});
    expect(listed.rows.map((r) => [r.acquirer, r.flag, r.product, r.percent])).toEqual(
      fees.map((f) => [f.acquirer, f.flag, f.product, f.percent]),
    );
  });
});

describe('learned card fees narrow later matches (fees not recorded in EVO)', () => {
  it('approving a first statement’s card deposits makes the next run’s card proposals use the learned fee', async () => {
    // The `brand` style: credits per brand and product, EVO's `fees` empty (the usual case).
    const data = generateSandboxData({
      seed: 5,
      members: 800,
      months: 3,
      today: '2026-07-15',
      cardStyle: 'brand',
    });
    const db = openDb(':memory:');
    const at = NOW().toISOString();
    await cacheSandboxData(db, data, at);
    const cards = data.bankAccounts.find((a) => a.role === 'cards')!.id;
    const file = writeStatement(data, {
      bankAccountId: cards,
      from: '2026-06-25',
      to: '2026-07-15',
      format: 'ofx',
    });
    const { statementId } = await commitImport(
      storeOfDb(db),
      { fileName: file.fileName, bytes: file.bytes, bankAccountId: cards },
      { now: NOW },
    );
    await runMatching(storeOfDb(db), { statementId }, { now: NOW });
    const cardMatches = () =>
      db
        .prepare(
          `SELECT m.id, m.reasons_json AS reasons FROM matches m JOIN match_plans p ON p.id = m.plan_id
            WHERE p.statement_id = ? AND m.state = 'suggested' AND m.reasons_json LIKE '%"card_lump"%'`,
        )
        .all(statementId) as { id: number; reasons: string }[];
    const first = cardMatches();
    expect(first.length).toBeGreaterThan(3);
    // Nothing learned yet: the fees are judged by the product's band alone.
    expect(first.every((m) => !m.reasons.includes('card_fee_learned'))).toBe(true);
    // The clerk approves every card deposit but one of the brand with the most deposits; that one is matched
    // again with what the others taught.
    const keyOf = (m: { reasons: string }) => {
      const c = (JSON.parse(m.reasons) as { code: string; params?: Record<string, unknown> }[]).find(
        (x) => x.code === 'card_lump',
      )!.params!;
      return `${String(c.acquirer)}|${String(c.flag)}|${c.credit ? 'credit' : 'debit'}`;
    };
    const counts = new Map<string, number>();
    for (const m of first) counts.set(keyOf(m), (counts.get(keyOf(m)) ?? 0) + 1);
    const [key, n] = [...counts].sort((x, y) => y[1] - x[1])[0]!;
    expect(n).toBeGreaterThanOrEqual(3);
    const kept = first.find((m) => keyOf(m) === key)!;
    db.prepare(`UPDATE matches SET state = 'approved' WHERE id IN (SELECT value FROM json_each(?))`).run(
      JSON.stringify(first.filter((m) => m !== kept).map((m) => m.id)),
    );
    const taught = (await storeOfDb(db).write(inferCardFees)).find(
      (f) => `${f.acquirer}|${f.flag}|${f.product}` === key,
    )!;
    expect(taught.samples).toBe(n - 1);
    await runMatching(storeOfDb(db), { statementId }, { now: NOW });
    const again = cardMatches();
    expect(again).toHaveLength(1);
    const learned = (
      JSON.parse(again[0]!.reasons) as { code: string; params?: Record<string, number> }[]
    ).find((x) => x.code === 'card_fee_learned');
    expect(learned?.params).toMatchObject({ percent: taught.percent, samples: n - 1 });
  });
});

describe('fee bands per product in the settings', () => {
  it('match.settings.update keeps minPercent/maxPercent as the default and takes optional bands per product', async () => {
    const db = openDb(':memory:');
    const saved = await updateMatchSettings(
      storeOfDb(db),
      {
        cardFee: { minPercent: 0, maxPercent: 6, products: { debit: { minPercent: 0.5, maxPercent: 2.5 } } },
      },
      { now: NOW },
    );
    expect(saved.settings.cardFee.products).toEqual({ debit: { minPercent: 0.5, maxPercent: 2.5 } });
    // Settings stored before [J] (no products) are still valid.
    expect(
      (await updateMatchSettings(storeOfDb(db), { cardFee: { minPercent: 0, maxPercent: 6 } }, { now: NOW }))
        .settings.cardFee,
    ).toEqual({ minPercent: 0, maxPercent: 6 });
    await expect(
      updateMatchSettings(
        storeOfDb(db),
        { cardFee: { minPercent: 0, maxPercent: 6, products: { credit: { minPercent: 5, maxPercent: 2 } } } },
        { now: NOW },
      ),
    ).rejects.toThrow(/Invalid matching settings: cardFee\.products\.credit\.minPercent min above max/);
  });
});
