import { describe, expect, it } from 'vitest';
import { optimalAssignment, type OptLine } from './optimal';

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
