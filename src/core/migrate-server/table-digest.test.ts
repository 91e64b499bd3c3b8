import { describe, expect, it } from 'vitest';
import { tableDigest } from './table-digest';

const digest = (rows: unknown[][]) => {
  const d = tableDigest();
  for (const r of rows) d.add(r);
  return d.end();
};

describe('tableDigest', () => {
  it('is the same for values that mean the same on SQLite and PostgreSQL', () => {
    // An INTEGER and a bigint, a REAL and a double, a BLOB (Buffer) and a bytea read as another byte view.
    expect(digest([[5, 2.5, Buffer.from([1, 2, 255]), 'a', null]])).toBe(
      digest([[5.0, 2.5, new Uint8Array([1, 2, 255]), 'a', null]]),
    );
    expect(digest([[-0]])).toBe(digest([[0]]));
    expect(digest([[7n]])).toBe(digest([[7]]));
  });

  it('tells apart a changed value, a type, a row out of place, a missing row, and where a row ends', () => {
    const base = digest([
      [1, 'a'],
      [2, 'b'],
    ]);
    expect(
      digest([
        [1, 'a'],
        [2, 'c'],
      ]),
    ).not.toBe(base);
    expect(
      digest([
        ['1', 'a'],
        [2, 'b'],
      ]),
    ).not.toBe(base);
    expect(
      digest([
        [1, null],
        [2, 'b'],
      ]),
    ).not.toBe(
      digest([
        [1, 'n'],
        [2, 'b'],
      ]),
    );
    expect(
      digest([
        [2, 'b'],
        [1, 'a'],
      ]),
    ).not.toBe(base);
    expect(digest([[1, 'a']])).not.toBe(base);
    expect(digest([[1, 'a', 2, 'b']])).not.toBe(base);
    expect(digest([[Buffer.from('a')]])).not.toBe(digest([['a']]));
  });

  it('refuses a value it has no form for rather than hashing it as something else', () => {
    expect(() => digest([[{ a: 1 }]])).toThrow(/no digest form/);
  });
});
