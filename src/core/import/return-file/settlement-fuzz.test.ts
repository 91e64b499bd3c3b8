import { storeOfDb } from '../../store/sqlite-store';
/**
 * [R] item 5: return files (every CNAB layout: FEBRABAN 240 and the seven banks' 400) and acquirer files
 * (Cielo EDI, Rede EEVC/EEVD/EEFI, Stone XML) under seeded mutations, each imported through `commitImport` (what
 * `import.commit` runs) into a real SQLite file whose original file was imported first. Each mutation must be
 * refused with every table's row count unchanged, or read as the original (the same records, `line` aside) and
 * recognised as the file already imported, storing nothing. The PRNG is seeded; nothing depends on the clock.
 *
 * Mutations: flip a byte (bit 6: a letter becomes a control character, a digit a letter, a blank a “`”), insert a
 * NUL, delete or insert one character in a detail line, cut the trailer, duplicate a line — and the changes that
 * must read the same: other line ends, re-encoding (Latin-1 ⇄ UTF-8), trailing blank lines and an EOF mark
 * (0x1A), trailing spaces stripped. Fixtures: tests/fixtures/cnab and tests/fixtures/acquirer (made-up bytes at
 * the layouts' positions; each fixture's quirk is named where it is written).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../../tests/helpers/tmp';
import { openDb, type Db } from '../../db/open-db';
import { isAppError } from '../../errors';
import { parseAcquirerFile } from '../acquirer/parse-acquirer';
import { parseCnabReturn } from '../cnab/parse-cnab';
import { commitImport } from '../import.service';

const CNAB = join(import.meta.dirname, '../../../../tests/fixtures/cnab');
const ACQ = join(import.meta.dirname, '../../../../tests/fixtures/acquirer');

/** One fixture per layout (and the stripped quirks), with the record types of its detail lines. */
const FIXTURES: { file: string; layout: string; detail: RegExp }[] = [
  { file: `${CNAB}/bradesco-240.ret`, layout: 'FEBRABAN 240 (Bradesco)', detail: /^.{7}3/ },
  {
    file: `${CNAB}/caixa-240-stripped-lf-bom.ret`,
    layout: 'FEBRABAN 240 stripped (Caixa)',
    detail: /^.{7}3/,
  },
  { file: `${CNAB}/itau-400.ret`, layout: 'Itaú 400', detail: /^1/ },
  { file: `${CNAB}/itau-400-stripped-lf.ret`, layout: 'Itaú 400 stripped', detail: /^1/ },
  { file: `${CNAB}/bradesco-400.ret`, layout: 'Bradesco 400', detail: /^1/ },
  { file: `${CNAB}/bb-cbr643.ret`, layout: 'BB CBR643', detail: /^7/ },
  { file: `${CNAB}/santander-400.ret`, layout: 'Santander 400', detail: /^1/ },
  { file: `${CNAB}/caixa-400.ret`, layout: 'Caixa 400', detail: /^1/ },
  { file: `${CNAB}/sicoob-400.ret`, layout: 'Sicoob 400', detail: /^1/ },
  { file: `${CNAB}/sicredi-400.ret`, layout: 'Sicredi 400', detail: /^1/ },
  { file: `${ACQ}/cielo-03-vendas-lf.txt`, layout: 'Cielo EDI 03', detail: /^[DE]/ },
  { file: `${ACQ}/cielo-04-pagamentos-crlf-stripped.txt`, layout: 'Cielo EDI 04 stripped', detail: /^[DE]/ },
  { file: `${ACQ}/rede-eevc-crlf-stripped.txt`, layout: 'Rede EEVC', detail: /^0(06|08|10|12|14)/ },
  { file: `${ACQ}/rede-eevd-bom-lf.csv`, layout: 'Rede EEVD', detail: /^0[15],/ },
  { file: `${ACQ}/rede-eefi-latin1.txt`, layout: 'Rede EEFI', detail: /^03[4-8]/ },
  { file: `${ACQ}/stone-2.2-bom.xml`, layout: 'Stone XML 2.2', detail: /<Transaction>|<Payment>/ },
  { file: `${ACQ}/cielo-13-vendas.txt`, layout: 'Cielo EDI 13 (250)', detail: /^[12]/ },
  { file: `${ACQ}/cielo-14-pagamentos-stripped-lf.txt`, layout: 'Cielo EDI 14 stripped', detail: /^[12]/ },
  { file: `${ACQ}/getnet-v10.txt`, layout: 'Getnet v10', detail: /^[123]/ },
  { file: `${ACQ}/pagbank-edi-financeiro.json`, layout: 'PagBank EDI JSON', detail: /movimento_api_codigo/ },
];

/** mulberry32: a small seeded PRNG, the same sequence on every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n) };
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The file as text lines (the BOM and encoding kept aside), to mutate and write back. */
function explode(bytes: Buffer) {
  const bom = bytes.subarray(0, 3).equals(BOM);
  const body = bom ? bytes.subarray(3) : bytes;
  const utf8 = (() => {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(body);
      return body.some((b) => b > 0x7f);
    } catch {
      return false;
    }
  })();
  const text = body.toString(utf8 ? 'utf8' : 'latin1');
  const eol = text.includes('\r\n') ? '\r\n' : text.includes('\r') ? '\r' : '\n';
  const lines = text.split(/\r\n|\n|\r/);
  const last = lines.at(-1) === '' ? lines.pop()! : null;
  return {
    lines,
    build: (ls: string[], o: { eol?: string; encoding?: 'utf8' | 'latin1'; bom?: boolean } = {}) =>
      Buffer.concat([
        (o.bom ?? bom) ? BOM : Buffer.alloc(0),
        Buffer.from(
          ls.join(o.eol ?? eol) + (last !== null ? (o.eol ?? eol) : ''),
          o.encoding ?? (utf8 ? 'utf8' : 'latin1'),
        ),
      ]),
    eol,
    utf8,
  };
}

type Mutation = { kind: string; bytes: Buffer; mustBeSame: boolean; where?: string };

/** The seeded mutations of one file. */
function mutations(bytes: Buffer, detail: RegExp, seed: number): Mutation[] {
  const r = prng(seed);
  const f = explode(bytes);
  const details = f.lines.map((l, i) => (detail.test(l) ? i : -1)).filter((i) => i > 0);
  const pick = () => details[r.int(details.length)]!;
  const at = (s: string) => r.int(s.length);
  const out: Mutation[] = [];
  const withLine = (kind: string, fn: (s: string, p: number) => string) => {
    const ls = [...f.lines];
    const i = pick();
    const p = at(ls[i]!);
    ls[i] = fn(ls[i]!, p);
    out.push({ kind, bytes: f.build(ls), mustBeSame: false, where: `line ${i + 1} position ${p + 1}` });
  };
  for (let k = 0; k < 3; k++)
    withLine('flip a byte', (s, p) => {
      return s.slice(0, p) + String.fromCharCode(s.charCodeAt(p) ^ 0x40) + s.slice(p + 1);
    });
  withLine('insert NUL', (s, p) => {
    return `${s.slice(0, p)}\u0000${s.slice(p)}`;
  });
  for (let k = 0; k < 3; k++)
    withLine('delete a character', (s, p) => {
      return s.slice(0, p) + s.slice(p + 1);
    });
  for (let k = 0; k < 3; k++)
    withLine('insert a character', (s, p) => {
      return s.slice(0, p) + '0A7 '[r.int(4)]! + s.slice(p);
    });
  {
    // Cut the file inside its last record (the trailer, or Stone's closing tag): 1 to length − 1 of its characters.
    const whole = f.build(f.lines);
    const start = f.build(f.lines.slice(0, -1)).length;
    const lastLen = Buffer.byteLength(f.lines.at(-1)!, f.utf8 ? 'utf8' : 'latin1');
    const cut = start + 1 + r.int(Math.max(1, lastLen - 1));
    out.push({
      kind: 'cut the trailer',
      bytes: whole.subarray(0, cut),
      mustBeSame: false,
      where: `last line, ${cut - start} of ${lastLen} characters kept`,
    });
  }
  {
    const ls = [...f.lines];
    const i = 1 + r.int(ls.length - 1);
    ls.splice(i, 0, ls[i]!);
    out.push({ kind: 'duplicate a line', bytes: f.build(ls), mustBeSame: false });
  }
  for (const eol of ['\r\n', '\n', '\r'].filter((e) => e !== f.eol))
    out.push({ kind: 'line endings', bytes: f.build(f.lines, { eol }), mustBeSame: true });
  out.push({
    kind: 're-encode',
    bytes: f.build(f.lines, { encoding: f.utf8 ? 'latin1' : 'utf8' }),
    mustBeSame: true,
  });
  out.push({
    kind: 'blank lines + EOF mark',
    bytes: Buffer.concat([f.build(f.lines), Buffer.from(`${f.eol}${f.eol}\u001a`, 'latin1')]),
    mustBeSame: true,
  });
  out.push({
    kind: 'without BOM / with BOM',
    bytes: f.build(f.lines, { bom: !bytes.subarray(0, 3).equals(BOM) }),
    mustBeSame: true,
  });
  if (f.lines.some((l) => l.endsWith(' ')))
    out.push({
      kind: 'trailing spaces stripped',
      bytes: f.build(f.lines.map((l) => l.trimEnd())),
      mustBeSame: true,
    });
  return out;
}

/** What a file is read as: its records without their line numbers (they are positions, not content). */
function readAs(bytes: Buffer): string {
  const strip = (rows: object[]) => rows.map(({ line: _line, ...rest }: { line?: number }) => rest);
  const text = bytes.toString('latin1');
  if (
    /^(\uFEFF|ï»¿)?(0.{41}CIELO|0\d{8}.{14}CEADM|00[23]|030|00,|<|\{)/.test(text) ||
    text.includes('<Conciliation')
  ) {
    const f = parseAcquirerFile(bytes);
    // `declaredRows` (the trailer's count, once checked) is not stored.
    return JSON.stringify({
      ...f,
      declaredRows: null,
      sales: strip(f.sales),
      payments: strip(f.payments),
      skipped: f.skipped.length,
    });
  }
  const r = parseCnabReturn(bytes);
  return JSON.stringify({ ...r, titles: strip(r.titles), skipped: r.skipped.length });
}

/**
 * Free text and identifiers no layout check covers (no check digit, no total): a byte flipped inside a name or an
 * NSU changes it and nothing in the file can tell. Counted and listed apart (T), never money, dates or counts.
 */
const TEXT_FIELDS = new Set([
  'payerName',
  'seuNumero',
  'nossoNumero',
  'payerDocument',
  'nsu',
  'authorization',
  'tid',
  'description',
  'brand',
  'merchant',
  // Rede's one-character brand codes are listed in a notice (acquirer.rede_brand_codes).
  'message',
  'codes',
]);

/** The names of the fields that differ between two readings (for the report of what was read differently). */
function differing(a: string, b: string): string[] {
  const out = new Set<string>();
  const walk = (x: unknown, y: unknown, key: string) => {
    if (JSON.stringify(x) === JSON.stringify(y)) return;
    if (x && y && typeof x === 'object' && typeof y === 'object' && Array.isArray(x) === Array.isArray(y)) {
      if (Array.isArray(x) && Array.isArray(y) && x.length !== y.length) out.add(`${key} count`);
      else
        for (const k of new Set([...Object.keys(x), ...Object.keys(y)]))
          walk(
            (x as Record<string, unknown>)[k],
            (y as Record<string, unknown>)[k],
            Array.isArray(x) ? key : k,
          );
      return;
    }
    out.add(key);
  };
  walk(JSON.parse(a), JSON.parse(b), 'file');
  return [...out];
}

/** Every table's row count: the database as a whole, before and after. */
function rowCounts(db: Db): Record<string, number> {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  return Object.fromEntries(
    tables.map((t) => [t, db.prepare(`SELECT count(*) FROM "${t}"`).pluck().get() as number]),
  );
}

const tmp = tempDir('quita-fuzz-');
afterAll(() => tmp.cleanup());
const NOW = () => new Date('2026-07-08T15:00:00Z');

function freshDb(name: string): Db {
  const db = openDb(join(tmp.dir, `${name}.sqlite`));
  db.prepare(
    "INSERT INTO bank_accounts (id, description, bank_code, raw_json, fetched_at) VALUES (1, 'Conta', 341, '{}', '2026-06-01T00:00:00Z')",
  ).run();
  return db;
}

describe('damaged or re-saved settlement files: refused with nothing stored, or the same file', () => {
  it('every layout under seeded mutations', async () => {
    const totals = { n: 0, refused: 0, same: 0, text: 0 };
    const table: string[] = [];
    const wrong: string[] = [];
    const textOnly: string[] = [];
    for (const [k, fx] of FIXTURES.entries()) {
      const original = readFileSync(fx.file);
      const expected = readAs(original);
      const db = freshDb(`f${k}`);
      const first = await commitImport(
        storeOfDb(db),
        { fileName: 'original', bytes: original, bankAccountId: 1 },
        { now: NOW },
      );
      expect(first.sameFile).toBe(false);
      const row = { n: 0, refused: 0, same: 0, text: 0 };
      for (const m of mutations(original, fx.detail, 1000 + k)) {
        row.n++;
        const before = rowCounts(db);
        let outcome: string;
        let fields: string[] = [];
        try {
          const r = await commitImport(
            storeOfDb(db),
            { fileName: `${m.kind}.txt`, bytes: m.bytes, bankAccountId: 1 },
            { now: NOW },
          );
          const got = readAs(m.bytes);
          const same = got === expected && r.sameFile;
          fields = same ? [] : differing(expected, got);
          outcome = same
            ? 'same'
            : `read differently (${differing(expected, got).join(', ') || 'not recognised as the same file'})`;
        } catch (e) {
          if (!isAppError(e) || e.kind !== 'validation') throw e;
          outcome = m.mustBeSame ? `refused (${e.code}: ${e.message})` : 'refused';
        }
        const changed = JSON.stringify(rowCounts(db)) !== JSON.stringify(before);
        const where = `${fx.layout} · ${m.kind} (${m.where ?? 'whole file'})`;
        if (outcome === 'refused') row.refused++;
        else if (outcome === 'same' && !changed) row.same++;
        else if (!m.mustBeSame && fields.length && fields.every((f) => TEXT_FIELDS.has(f))) {
          row.text++;
          textOnly.push(`${where}: ${fields.join(', ')}`);
        } else
          wrong.push(
            `${fx.layout} · ${m.kind} (${m.where ?? 'whole file'}): ${outcome}${changed ? ', rows stored' : ''}`,
          );
      }
      db.close();
      table.push(`${fx.layout.padEnd(30)} N ${row.n}  R ${row.refused}  S ${row.same}  T ${row.text}`);
      totals.n += row.n;
      totals.refused += row.refused;
      totals.same += row.same;
      totals.text += row.text;
    }
    console.log(
      `mutations per layout:\n${table.join('\n')}\nall: N ${totals.n}  R ${totals.refused}  S ${totals.same}  T ${totals.text}\n` +
        `T (a free-text field changed, undetectable):\n${textOnly.join('\n')}\n` +
        (wrong.length ? `wrong:\n${wrong.join('\n')}` : ''),
    );
    expect(wrong).toEqual([]);
    expect(totals.refused + totals.same + totals.text).toBe(totals.n);
    // Today's counts, so a change in what is caught shows here (seeded: the same mutations on every run).
    expect(totals).toEqual({ n: 345, refused: 184, same: 154, text: 7 });
  }, 240_000);

  it('one file whatever its bytes: 10 variants of a return file and of a Cielo file are stored once', async () => {
    /** The first 10 distinct byte variants among these (a file without accents is the same in both encodings). */
    const variants = (bytes: Buffer): [string, Buffer][] => {
      const f = explode(bytes);
      const padded = f.lines.map((l) => `${l}  `);
      const candidates: [string, Buffer][] = [
        ['as sent', bytes],
        ['CRLF', f.build(f.lines, { eol: '\r\n' })],
        ['LF', f.build(f.lines, { eol: '\n' })],
        ['CR', f.build(f.lines, { eol: '\r' })],
        ['UTF-8', f.build(f.lines, { encoding: 'utf8' })],
        ['with a BOM', f.build(f.lines, { bom: true })],
        ['UTF-8 with BOM, CR', f.build(f.lines, { encoding: 'utf8', bom: true, eol: '\r' })],
        ['blank lines at the end', Buffer.concat([bytes, Buffer.from('\r\n\r\n\r\n')])],
        ['EOF mark 0x1A', Buffer.concat([bytes, Buffer.from([0x1a])])],
        ['trailing spaces stripped', f.build(f.lines.map((l) => l.trimEnd()))],
        ['every line padded alike', f.build(padded)],
        ['CR, EOF mark', Buffer.concat([f.build(f.lines, { eol: '\r' }), Buffer.from([0x1a])])],
        [
          'LF, blank lines, EOF mark',
          Buffer.concat([f.build(f.lines, { eol: '\n' }), Buffer.from('\n\n\x1a')]),
        ],
      ];
      const seen = new Set<string>();
      return candidates
        .filter(([, b]) => !seen.has(b.toString('hex')) && seen.add(b.toString('hex')))
        .slice(0, 10);
    };
    const db = freshDb('variants');
    const stored: string[] = [];
    for (const [fixture, table] of [
      [`${CNAB}/itau-400.ret`, 'return_files'],
      [`${ACQ}/cielo-03-vendas-lf.txt`, 'acquirer_files'],
    ] as const) {
      const all = variants(readFileSync(fixture));
      expect(new Set(all.map(([, b]) => b.toString('hex'))).size, fixture).toBe(10);
      for (const [what, bytes] of all) {
        const r = await commitImport(
          storeOfDb(db),
          { fileName: `${what}.txt`, bytes, bankAccountId: 1 },
          { now: NOW },
        );
        if (what !== 'as sent') {
          expect(r.sameFile, what).toBe(true);
          expect(r.notices[0], what).toMatchObject({
            params: { date: '08/07/2026', fileName: 'as sent.txt' },
          });
        }
      }
      const rows = db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
      stored.push(`${fixture.split('/').at(-1)}: 10 variants → ${rows} ${table} row(s)`);
      expect(rows).toBe(1);
    }
    console.log(stored.join('\n'));
    db.close();
  });

  it('the tampered files of the issue are refused naming the line, nothing stored', async () => {
    const itau = explode(readFileSync(`${CNAB}/itau-400.ret`));
    const cielo = explode(readFileSync(`${ACQ}/cielo-03-vendas-lf.txt`));
    const edit = (f: ReturnType<typeof explode>, i: number, fn: (s: string) => string) =>
      f.build(f.lines.map((l, k) => (k === i ? fn(l) : l)));
    const cases: [string, Buffer, string, number][] = [
      [
        // Cut at 200 characters: the line ends in a blank, so a character is missing.
        'trailer cut short',
        itau.build([...itau.lines.slice(0, -1), itau.lines.at(-1)!.slice(0, 200)]),
        'cnab.line_length',
        7,
      ],
      [
        // Cut and stripped of its trailing blanks: its sequence number (395–400) is gone.
        'trailer cut short, blanks stripped',
        itau.build([...itau.lines.slice(0, -1), itau.lines.at(-1)!.slice(0, 200).trimEnd()]),
        'cnab.sequence',
        7,
      ],
      [
        'NUL inside a title',
        edit(itau, 2, (l) => `${l.slice(0, 150)}\u0000${l.slice(151)}`),
        'cnab.control_character',
        3,
      ],
      [
        'Cielo line one character longer',
        edit(cielo, 2, (l) => `${l.slice(0, 100)}7${l.slice(100)}`),
        'acquirer.line_length',
        3,
      ],
      [
        'Cielo line one character shorter',
        edit(cielo, 2, (l) => l.slice(0, 100) + l.slice(101)),
        'acquirer.line_length',
        3,
      ],
    ];
    const db = freshDb('tampered');
    const before = rowCounts(db);
    for (const [what, bytes, code, line] of cases) {
      const e = await commitImport(storeOfDb(db), { fileName: 'x.txt', bytes, bankAccountId: 1 }).catch(
        (x: unknown) => x,
      );
      expect(isAppError(e) && [e.code, e.params?.line], what).toEqual([code, line]);
      expect((e as Error).message, what).toMatch(new RegExp(`^Line ${line} `));
    }
    expect(rowCounts(db)).toEqual(before);
    db.close();
  });
});
