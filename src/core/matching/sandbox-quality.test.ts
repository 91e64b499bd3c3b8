/**
 * A regression guard on realistic data: a sandbox branch's statements, parsed by the real parser, matched
 * against its receivables as the cache holds them. Not the benchmark (bench/matching), just the property a
 * clerk relies on most: what is green is right, and nothing is given twice.
 */
import { describe, expect, it } from 'vitest';
import { generateSandboxData, writeStatement } from '../../sandbox';
import { receivableJson } from '../../sandbox/serialize';
import { receivableSchema } from '../api/schemas';
import { parseStatement } from '../import/parse-statement';
import { matchStatement } from './engine';
import { matchReceivableFromApi } from './receivables';
import { DEFAULT_MATCH_SETTINGS } from './settings';

describe('on the sandbox’s statements', () => {
  it.each([11, 12])('seed %i: every green proposal is right and no receivable is proposed twice', (seed) => {
    const data = generateSandboxData({ seed, members: 300, months: 3, today: '2026-07-15' });
    const accounts = new Map(data.bankAccounts.map((a) => [a.id, a]));
    const receivables = data.receivables
      .filter((r) => r.status !== 3)
      .map((r) => matchReceivableFromApi(receivableSchema.parse(receivableJson(r, accounts, 'pt'))));
    const open = new Set(receivables.filter((r) => r.statusId === 1 || r.statusId === 4).map((r) => r.id));
    let green = 0;
    for (const account of data.bankAccounts.filter((a) => !a.inactive)) {
      const file = writeStatement(data, {
        bankAccountId: account.id,
        from: '2026-06-15',
        to: '2026-07-15',
        format: 'ofx',
      });
      const parsed = parseStatement(file.bytes).lines.filter((l) => l.kind !== 'balance');
      const truth = file.groundTruth.lines.filter((l) => l.kind !== 'balance');
      const lines = parsed.map((l, k) => ({ ...l, id: k + 1 }));
      const plan = matchStatement({
        bankAccountId: account.id,
        lines,
        receivables,
        aliases: [],
        settings: DEFAULT_MATCH_SETTINGS,
      });
      const given = plan.results.flatMap((r) => r.items.map((i) => i.receivableId));
      expect(new Set(given).size).toBe(given.length);
      expect(given.every((id) => open.has(id))).toBe(true);
      for (const r of plan.results) {
        if (r.zone !== 'green' || r.items.length === 0) continue;
        green++;
        const expected = truth[r.lineId - 1]!.receivableIds.filter((id) => open.has(id)).sort(
          (a, b) => a - b,
        );
        expect(r.items.map((i) => i.receivableId).sort((a, b) => a - b)).toEqual(expected);
      }
    }
    expect(green).toBeGreaterThan(20);
  });
});
