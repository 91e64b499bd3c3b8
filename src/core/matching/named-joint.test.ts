/**
 * [J] item 4: named lines are decided jointly. Seen in the field: a Pix naming "FIRST LAST" tied between
 * members "First Last" and "First Middle Last" and reserved both; the next day's Pix naming "FIRST MIDDLE
 * LAST" exactly was then refused ("o candidato já foi atribuído à linha 106"). The exact name settles the
 * second line, and by elimination the first: both are proposed.
 */
import { describe, expect, it } from 'vitest';
import { line, rec, run } from './testing';

describe('named lines decided jointly', () => {
  it('"FIRST LAST" tied between First Last and First Middle Last; the next day\'s exact "FIRST MIDDLE LAST" settles both', () => {
    const short = rec(1, 9990, '2026-07-06', 'Ana Souza', { memberId: 11 });
    const long = rec(2, 9990, '2026-07-06', 'Ana Maria Souza', { memberId: 12 });
    const first = line('2026-07-06', 9990, 'PIX RECEBIDO ANA SOUZA', { payerText: 'ANA SOUZA' });
    const second = line('2026-07-07', 9990, 'PIX RECEBIDO ANA MARIA SOUZA', { payerText: 'ANA MARIA SOUZA' });

    // Alone, the first line cannot choose: the two members are a tie (the guard this must not weaken).
    const alone = run([first], [short, long]);
    expect(alone.first.items).toEqual([]);
    expect(alone.codes()).toContain('tie');

    const r = run([first, second], [short, long]);
    expect(r.ids(1)).toEqual([2]);
    expect(r.ids(0)).toEqual([1]);
    expect(r.results[0]!.state).toBe('suggested');
    // Decided together, not on each line's evidence alone: proposed for a look, never approved in bulk.
    expect(r.results.map((x) => x.zone)).toEqual(['yellow', 'yellow']);
    expect(r.texts(0)).toContain(`decidido junto com a linha ${second.id}: o outro candidato é dela`);
    // Same answer whatever the order of the lines in the file.
    const swapped = run([second, first], [short, long]);
    expect(swapped.ids(0)).toEqual([2]);
    expect(swapped.ids(1)).toEqual([1]);
  });

  it("a look-alike name no more exact than the tied line's settles nothing: the tie stays", () => {
    const short = rec(1, 9990, '2026-07-06', 'Ana Souza', { memberId: 11 });
    const long = rec(2, 9990, '2026-07-06', 'Ana Maria Souza', { memberId: 12 });
    const r = run(
      [
        line('2026-07-06', 9990, 'PIX RECEBIDO ANA SOUZA', { payerText: 'ANA SOUZA' }),
        line('2026-07-07', 9990, 'PIX RECEBIDO ANA M SOUZA', { payerText: 'ANA M SOUZA' }),
      ],
      [short, long],
    );
    expect(r.codes(0)).toContain('tie');
    expect(r.results[0]!.items).toEqual([]);
  });

  it('a line that does not clearly prefer one of the tied members settles nothing: the tie stays', () => {
    const a = rec(1, 9990, '2026-07-06', 'Ana Souza', { memberId: 11 });
    const b = rec(2, 9990, '2026-07-06', 'Ana Maria Souza', { memberId: 12 });
    const r = run(
      [
        line('2026-07-06', 9990, 'PIX RECEBIDO ANA SOUZA', { payerText: 'ANA SOUZA' }),
        line('2026-07-07', 9990, 'PIX RECEBIDO ANA SOUZA', { payerText: 'ANA SOUZA' }),
      ],
      [a, b],
    );
    expect(r.results.every((x) => x.items.length === 0 || x.zone !== 'green')).toBe(true);
    expect(r.codes(0)).toContain('tie');
  });
});
