import { createHash } from 'node:crypto';

/**
 * A digest of a table's rows, the same whichever database they were read from: each row's values in the table's
 * column order, normalised to what they mean (an INTEGER and a REAL are numbers, TEXT a string, a BLOB its bytes,
 * NULL null), rows in primary-key order. SQLite and PostgreSQL return 5 and 5.0 as the same JavaScript number and
 * a BLOB and a bytea as the same bytes, so equal rows give equal digests, and one changed value, a lost row or a
 * row out of place gives another.
 */
export interface TableDigest {
  add(values: readonly unknown[]): void;
  end(): string;
}

function norm(v: unknown): string {
  if (v === null || v === undefined) return 'n';
  if (typeof v === 'number') return `d${Object.is(v, -0) ? '0' : String(v)}`;
  if (typeof v === 'bigint') return `d${v.toString()}`;
  if (typeof v === 'string') return `s${v}`;
  if (v instanceof Uint8Array) return `b${Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex')}`;
  throw new Error(`A value of type ${typeof v} has no digest form.`);
}

export function tableDigest(): TableDigest {
  const h = createHash('sha256');
  let rows = 0;
  return {
    add(values) {
      rows++;
      h.update(JSON.stringify(values.map(norm)));
      h.update('\n');
    },
    end: () => `${rows}:${h.digest('hex')}`,
  };
}
