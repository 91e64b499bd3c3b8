import { describe, expect, it } from 'vitest';
import { components, optimalAssignment, Problem, type OptLine } from './optimal';

const opt = (classKey: string, ...options: [number, number][]): OptLine => ({
  classKey,
  day: 0,
  options: options.map(([rec, score]) => ({ rec, score })),
});

describe('optimalAssignment', () => {
  it('gives each line the receivable of the best total, not of the strongest line first', () => {
    // Greedy: line 0 takes 10 (65), line 1 is left with nothing. Together: 0→11, 1→10 (60 + 62).
    const { decisions } = optimalAssignment([opt('a', [10, 65], [11, 60]), opt('b', [10, 62])], 5);
    expect(decisions.get(0)).toEqual({ kind: 'take', option: 11, gap: 57 });
    expect(decisions.get(1)).toMatchObject({ kind: 'take', option: 10 });
  });

  it('two equally good receivables for one line are a tie, with both in play', () => {
    const { decisions } = optimalAssignment([opt('a', [10, 65], [11, 63])], 5);
    expect(decisions.get(0)).toEqual({ kind: 'tie', options: [10, 11] });
  });

  it('a margin of exactly tieMargin is not a tie; one point less is', () => {
    expect(optimalAssignment([opt('a', [10, 65], [11, 60])], 5).decisions.get(0)).toEqual({
      kind: 'take',
      option: 10,
      gap: 5,
    });
    expect(optimalAssignment([opt('a', [10, 65], [11, 61])], 5).decisions.get(0)?.kind).toBe('tie');
  });

  it('identical lines share two equally good receivables: the set is certain, the pairing does not matter', () => {
    const { decisions } = optimalAssignment([opt('x', [10, 65], [11, 65]), opt('x', [10, 65], [11, 65])], 5);
    expect(decisions.get(0)).toEqual({ kind: 'take', option: 10, gap: 65 });
    expect(decisions.get(1)).toEqual({ kind: 'take', option: 11, gap: 65 });
  });

  it('two lines of different days certainly paying two receivables: paired in date order, and it says so', () => {
    const monday = { ...opt('x', [10, 65], [11, 65]), day: 1 };
    const tuesday = { ...opt('y', [10, 65], [11, 65]), day: 2 };
    // Receivable 11 is due first (rank), so it pairs with Monday, whatever the input order.
    const rank = (r: number) => (r === 11 ? 0 : 1);
    const { decisions } = optimalAssignment([tuesday, monday], 5, rank);
    expect(decisions.get(1)).toEqual({ kind: 'take', option: 11, gap: 65, pairedWith: 1 });
    expect(decisions.get(0)).toEqual({ kind: 'take', option: 10, gap: 65, pairedWith: 1 });
  });

  it('the same two lines with a third receivable as good: the set is not certain, both are ties', () => {
    const three = (k: string, day: number) => ({ ...opt(k, [10, 65], [11, 65], [12, 63]), day });
    const { decisions } = optimalAssignment([three('x', 1), three('y', 2)], 5);
    expect(decisions.get(0)?.kind).toBe('tie');
    expect(decisions.get(1)?.kind).toBe('tie');
  });

  it('three identical lines for two receivables: two take them, the third gets nothing', () => {
    const three = [1, 2, 3].map(() => opt('x', [10, 65], [11, 65]));
    const { decisions } = optimalAssignment(three, 5);
    expect([0, 1, 2].map((k) => decisions.get(k)?.kind)).toEqual(['take', 'take', 'none']);
  });

  it('a line with no options gets nothing; separate components are decided apart', () => {
    const { decisions, tooLarge } = optimalAssignment([opt('a'), opt('b', [1, 50]), opt('c', [2, 50])], 5);
    expect(decisions.get(0)).toEqual({ kind: 'none' });
    expect(decisions.get(1)).toMatchObject({ kind: 'take', option: 1 });
    expect(decisions.get(2)).toMatchObject({ kind: 'take', option: 2 });
    expect(tooLarge).toEqual([]);
  });

  it('a component over the work budget is handed back undecided', () => {
    const many = Array.from({ length: 120 }, (_, k) =>
      opt(`l${k}`, ...Array.from({ length: 120 }, (__, j) => [j, 50 + ((j + k) % 7)] as [number, number])),
    );
    const { decisions, tooLarge } = optimalAssignment(many, 5);
    expect(decisions.size).toBe(0);
    expect(tooLarge).toHaveLength(120);
  });
});

describe('Problem.lossWithout (one row placed again instead of a whole solve)', () => {
  /** The best total by trying every assignment (each row: one option, or nothing), for small problems. */
  function bruteBest(lines: OptLine[], forbidden: { lines: Set<number>; rec: number } | null): number {
    let best = 0;
    const taken = new Set<number>();
    const walk = (i: number, sum: number) => {
      if (i === lines.length) {
        best = Math.max(best, sum);
        return;
      }
      walk(i + 1, sum);
      for (const o of lines[i]!.options) {
        if (taken.has(o.rec) || (forbidden?.lines.has(i) && forbidden.rec === o.rec)) continue;
        taken.add(o.rec);
        walk(i + 1, sum + o.score);
        taken.delete(o.rec);
      }
    };
    walk(0, 0);
    return best;
  }

  it('equals a fresh search on 300 seeded random problems, for every assigned column and class of rows', () => {
    let seed = 11;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let checked = 0;
    for (let t = 0; t < 300; t++) {
      const n = 1 + Math.floor(rnd() * 5);
      const recs = 1 + Math.floor(rnd() * 5);
      const lines: OptLine[] = Array.from({ length: n }, (_, i) => {
        const options = [];
        for (let r = 0; r < recs; r++)
          if (rnd() < 0.6) options.push({ rec: r, score: 40 + Math.floor(rnd() * 6) * 10 });
        return { classKey: rnd() < 0.4 ? 'same' : `l${i}`, day: i, options };
      });
      for (const c of components(lines)) {
        const sub = c.lines.map((li) => lines[li]!);
        const pb = new Problem(lines, c);
        expect(pb.W).toBe(bruteBest(sub, null));
        for (let row = 0; row < c.lines.length; row++) {
          const k = pb.best[row]!;
          if (k >= c.recs.length) continue;
          // The row alone, and the row with every row of its class, as solveComponent asks.
          const key = lines[c.lines[row]!]!.classKey;
          const classRows = c.lines.flatMap((li, r) => (lines[li]!.classKey === key ? [r] : []));
          for (const rows of [[row], classRows]) {
            const expected = pb.W - bruteBest(sub, { lines: new Set(rows), rec: c.recs[k]! });
            expect(pb.lossWithout(rows, k)).toBe(expected);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
  });
});
