import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { assignFingerprints, type FingerprintInput } from './fingerprint';
import { normalizeLabel } from './text';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const line = (over: Partial<FingerprintInput>): FingerprintInput => ({
  kind: 'credit',
  date: '2026-03-02',
  amountCents: 9990,
  fitid: null,
  document: null,
  description: 'PIX RECEBIDO MARIA',
  ...over,
});

/** The rule as docs/import.md states it, written the plain way: one text key per line, counted in a map. */
function reference(lines: FingerprintInput[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const id =
      l.kind === 'balance'
        ? `saldo:${normalizeLabel(l.description)}`
        : (l.fitid ?? l.document ?? '').trim().toUpperCase();
    const key = `v1|${id}|${l.date}|${l.amountCents}|`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return sha(key + n);
  });
}

describe('assignFingerprints', () => {
  it('hashes v1|id|date|amount|occurrence: the stored fingerprints of earlier imports stay the same', () => {
    const [a, b, c, d] = assignFingerprints([
      line({ fitid: ' abc123 ' }),
      line({ document: 'doc-9' }),
      line({}),
      line({ kind: 'balance', description: 'SALDO ANTERIOR', amountCents: -500 }),
    ]);
    expect(a!.fingerprint).toBe(sha('v1|ABC123|2026-03-02|9990|0'));
    expect(b!.fingerprint).toBe(sha('v1|DOC-9|2026-03-02|9990|0'));
    expect(c!.fingerprint).toBe(sha('v1||2026-03-02|9990|0'));
    expect(d!.fingerprint).toBe(sha('v1|saldo:saldo anterior|2026-03-02|-500|0'));
  });

  it('counts occurrences per id, date and amount: two members paying R$ 99,90 the same day both survive', () => {
    const out = assignFingerprints([
      line({}),
      line({ amountCents: 9991 }),
      line({}),
      line({ date: '2026-03-03' }),
      line({ fitid: 'X' }),
      line({}),
    ]);
    expect(out.map((l) => l.fingerprint)).toEqual([
      sha('v1||2026-03-02|9990|0'),
      sha('v1||2026-03-02|9991|0'),
      sha('v1||2026-03-02|9990|1'),
      sha('v1||2026-03-03|9990|0'),
      sha('v1|X|2026-03-02|9990|0'),
      sha('v1||2026-03-02|9990|2'),
    ]);
  });

  it('gives what one text key per line gives, on many lines that share ids, dates and amounts', () => {
    // A fixed generator (no Math.random): ids with separators and spaces, balances, negative amounts.
    let x = 12345;
    const next = (n: number) => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return x % n;
    };
    const ids = [null, 'A|B', 'a|b', ' 77 ', '77', '', 'E123|2026-03-02'];
    const lines = Array.from({ length: 3000 }, () =>
      line({
        kind: next(10) === 0 ? 'balance' : next(2) ? 'credit' : 'debit',
        date: `2026-03-0${1 + next(3)}`,
        amountCents: [9990, -9990, 0, 15000, 2 ** 40][next(5)]!,
        fitid: next(2) ? ids[next(ids.length)]! : null,
        document: next(3) ? null : ids[next(ids.length)]!,
        description: ['SALDO ANTERIOR', 'Saldo do dia', 'PIX'][next(3)]!,
      }),
    );
    const want = reference(lines);
    expect(assignFingerprints(lines).map((l) => l.fingerprint)).toEqual(want);
    expect(new Set(want).size).toBe(want.length);
  });
});
