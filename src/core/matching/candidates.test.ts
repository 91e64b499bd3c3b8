import { storeOfDb } from '../store/sqlite-store';
/**
 * [T] item 2: Conciliar's candidate list never contradicts the line's proposal. A receivable the proposal holds
 * with others (a boleto credit of two titles, a card deposit's sales, one payer's receivables together) is judged
 * as the proposal was, not alone: it is "na proposta", fits with the proposal's score, and is no rival of the
 * others (no tie); and no candidate says "nenhuma combinação dos 1 candidatos fecha o valor".
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/open-db';
import { lineCandidates } from './candidates';
import { listMatchLines } from './matching.lines';
import { runMatching } from './matching.service';
import { brl } from './reasons-pt';
import { insertOneLineStatement, NOW, sandboxBranch } from './testing-db';
import { overrideLine } from '../review/review.service';

let db: Db;
afterEach(() => db?.close());

describe('match.candidates beside a proposal of several receivables', () => {
  it('lists them as in the proposal, fitting with its score, never as "não serve" nor tied', async () => {
    db = (await sandboxBranch()).db;
    await runMatching(storeOfDb(db), {}, { now: NOW });
    // The clerk links two open receivables of the period to a line the engine left without a proposal (a
    // combination neither of which pays it alone, as a boleto credit's two titles).
    const bare = (await listMatchLines(db, { limit: 5000 })).rows.find(
      (r) => r.receivables.length === 0 && r.state === 'unmatched',
    )!;
    const two = db
      .prepare(
        `SELECT id FROM receivables WHERE status_id IN (1, 4) AND due_date BETWEEN date(?, '-20 days') AND date(?, '+20 days')
           ORDER BY abs(julianday(due_date) - julianday(?)), id LIMIT 2`,
      )
      .pluck()
      .all(bare.date, bare.date, bare.date) as number[];
    expect(two).toHaveLength(2);
    await overrideLine(storeOfDb(db), bare.lineId, two, { actor: 'test', profileId: 'p1' }, NOW(), {
      confirmed: true,
      learn: false,
    });
    const lines = (await listMatchLines(db, { limit: 5000 })).rows.filter((r) => r.receivables.length >= 2);
    expect(lines.map((r) => r.lineId)).toContain(bare.lineId);
    for (const line of lines.slice(0, 8)) {
      const c = await lineCandidates(storeOfDb(db), line.lineId, 12);
      const proposed = new Set(line.receivables.map((r) => r.id));
      const mine = c.rows.filter((r) => proposed.has(r.receivable.id));
      expect(mine.map((r) => r.receivable.id).sort()).toEqual([...proposed].sort());
      for (const r of mine) {
        expect(r).toMatchObject({ fits: true, chosen: true, score: line.score, zone: line.zone });
        expect(r.reasons.map((x) => x.code)).toEqual(['in_proposal']);
        expect(r.reasons[0]!.text).toMatch(/^na proposta desta linha, com outros? /);
      }
      if (c.rows.every((r) => !r.fits || proposed.has(r.receivable.id))) expect(c.tie).toBe(false);
      for (const r of c.rows) expect(r.reasons.map((x) => x.code)).not.toContain('lump_no_fit');
    }
  });

  it('a single proposed receivable that fits alone keeps its own reasons', async () => {
    db = (await sandboxBranch()).db;
    await runMatching(storeOfDb(db), {}, { now: NOW });
    const green = (await listMatchLines(db, { limit: 5000 })).rows.find(
      (r) => r.zone === 'green' && r.receivables.length === 1 && r.payerText,
    )!;
    const first = (await lineCandidates(storeOfDb(db), green.lineId, 12)).rows[0]!;
    expect(first).toMatchObject({ fits: true, chosen: true, receivable: { id: green.receivables[0]!.id } });
    expect(first.reasons.map((x) => x.code)).not.toContain('in_proposal');
  });

  it('a receivable another statement’s line holds names that line in words: amount, date and account, no ids', async () => {
    const b = await sandboxBranch();
    db = b.db;
    await runMatching(storeOfDb(db), {}, { now: NOW });
    const green = (await listMatchLines(db, { limit: 5000 })).rows.find(
      (r) => r.zone === 'green' && r.receivables.length === 1 && r.payerText,
    )!;
    // The same credit in a later statement of the account: its candidate is the receivable the first one holds.
    const later = insertOneLineStatement(db, b.accountId, {
      date: green.date,
      amountCents: green.amountCents,
      description: green.description,
      payerText: green.payerText,
    });
    const lineId = db
      .prepare('SELECT id FROM statement_lines WHERE statement_id = ?')
      .pluck()
      .get(later) as number;
    const held = (await lineCandidates(storeOfDb(db), lineId, 12)).rows.find(
      (r) => r.receivable.id === green.receivables[0]!.id,
    )!;
    const account = db
      .prepare('SELECT description FROM bank_accounts WHERE id = ?')
      .pluck()
      .get(b.accountId) as string;
    expect(held.heldBy).toMatchObject({
      lineId: green.lineId,
      date: green.date,
      amountCents: green.amountCents,
    });
    const reason = held.reasons.find((r) => r.code === 'held')!;
    const money = brl(green.amountCents);
    const day = green.date.split('-').reverse().join('/');
    expect(reason.text).toBe(
      `o candidato já está com o lançamento de ${money} de ${day} da conta ${account}`,
    );
    expect(reason.text).not.toMatch(/#|linha \d/);
  });
});
