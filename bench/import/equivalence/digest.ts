/**
 * Prints one line per input, `name sha256`, of the full result of parseStatement (every field of every line,
 * raw rows, fingerprints, notices, refusals with their code, message and params), read by the code of the
 * checkout this file sits in. Inputs: every file under tests/fixtures, the import bench's three generated
 * files, and the inputs the import tests gave parseStatement (recorded by capture.setup.ts into $QUITA_CAPTURE).
 *   node_modules/.bin/tsx bench/import/equivalence/digest.ts <fixtures dir> [capture dir]
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseStatement } from '../../../src/core/import/parse-statement';
import { csvBytes, ofxBytes, xlsxBytes } from '../generate';

/** JSON with sorted keys, undefined kept apart from missing, bytes as base64: equal text ⇔ equal results. */
function canon(v: unknown): string {
  if (v === undefined) return '"\u0000undefined"';
  if (v === null || typeof v !== 'object') {
    if (typeof v === 'number' && !Number.isFinite(v)) return `"\u0000${String(v)}"`;
    if (typeof v === 'function' || typeof v === 'symbol' || typeof v === 'bigint')
      return `"\u0000${String(v)}"`;
    return JSON.stringify(v);
  }
  if (v instanceof Uint8Array) return `{"\u0000bytes":"${Buffer.from(v).toString('base64')}"}`;
  if (v instanceof Date) return `{"\u0000date":"${v.toISOString()}"}`;
  if (v instanceof Map) return `{"\u0000map":${canon([...v])}}`;
  if (v instanceof Set) return `{"\u0000set":${canon([...v])}}`;
  if (Array.isArray(v)) {
    let s = '[';
    for (let i = 0; i < v.length; i++) s += (i ? ',' : '') + (i in v ? canon(v[i]) : '"\u0000hole"');
    return `${s}]`;
  }
  const keys = Object.keys(v).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canon((v as Record<string, unknown>)[k])}`).join(',')}}`;
}

function outcome(bytes: Uint8Array, opts: object): string {
  try {
    return canon({ ok: parseStatement(bytes, opts) });
  } catch (e) {
    const err = e as Error & Record<string, unknown>;
    const own: Record<string, unknown> = {};
    for (const k of Object.keys(err)) own[k] = err[k];
    return canon({ threw: { name: err.name, message: err.message, own } });
  }
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const print = (name: string, bytes: Uint8Array, opts: object = {}) =>
  console.log(`${name} ${sha(outcome(bytes, opts))}`);

function* filesUnder(dir: string): Generator<string> {
  for (const e of readdirSync(dir).sort()) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) yield* filesUnder(p);
    else yield p;
  }
}

/** A small deterministic generator (mulberry32): the same inputs at the base and at this checkout. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * CSV statements in the shapes a delimited-text reader can get wrong: quoted cells (with delimiters, doubled
 * quotes and line breaks inside), empty cells, trailing delimiters, CRLF, CR and LF, a BOM, a `sep=` line, a
 * lone quote, each delimiter; then the same statements with quotes, delimiters and line breaks dropped in at
 * random places (seeded), so the rows come out ragged, merged and split.
 */
function* csvEdgeInputs(): Generator<[string, Uint8Array]> {
  const rows = [
    ['Extrato de Conta Corrente'],
    ['Agência', '0123', 'Conta', '45678-9'],
    [],
    ['Data', 'Lançamento', 'Documento', 'Valor (R$)', 'Saldo (R$)'],
    ['01/11/2026', 'PIX RECEBIDO - ANA SOUZA', '', '150,00', ''],
    ['01/11/2026', '"PIX RECEBIDO - ""BETO"" LTDA"', '123', '1.234,56', ''],
    ['02/11/2026', '"TED; RECEBIDA\r\nCARLA DIAS"', '', '99,90', ''],
    ['02/11/2026', 'TARIFA', '', '-12,00', '1.472,46'],
    ['03/11/2026', '"', '', '10,00', ''],
    ['03/11/2026', 'PIX "DANI" ALVES', '', '20,00', ''],
    ['', '', '', '', ''],
    ['', 'SALDO DO DIA', '', '', '1.482,46'],
  ];
  const texts: [string, string][] = [];
  for (const d of [';', ',', '\t', '|']) {
    const body = (eol: string, trailing: string) =>
      rows
        .map((r) => r.map((c) => (d === ',' ? c.replace(/(\d),(\d\d)$/, '"$1,$2"') : c)).join(d) + trailing)
        .join(eol);
    const name = d === '\t' ? 'tab' : d;
    texts.push([`${name}-crlf`, `${body('\r\n', '')}\r\n`]);
    texts.push([`${name}-lf-trailing`, body('\n', d)]);
    texts.push([`${name}-cr`, body('\r', '')]);
    texts.push([`${name}-bom-sep`, `\uFEFFsep=${d}\r\n${body('\r\n', '')}`]);
    texts.push([`${name}-sep-lf`, `sep=${d}\n${body('\n', d + d)}\n\n`]);
  }
  for (const [name, text] of texts) yield [`csv-edge:${name}`, Buffer.from(text, 'latin1')];
  const next = random(20261127);
  const noise = ['"', '""', ';', ',', '\t', '|', '\r', '\n', '\r\n', ' "', '" ', '";"'];
  for (let i = 0; i < 240; i++) {
    const [name, text] = texts[i % texts.length]!;
    let t = text;
    for (let k = 1 + Math.floor(next() * 4); k > 0; k--) {
      const at = Math.floor(next() * t.length);
      t = t.slice(0, at) + noise[Math.floor(next() * noise.length)] + t.slice(at);
    }
    yield [`csv-edge:${name}-noise-${i}`, Buffer.from(t, 'latin1')];
  }
}

const [fixtures, capture] = process.argv.slice(2) as [string, string | undefined];
for (const [name, bytes] of csvEdgeInputs()) print(name, bytes);
for (const f of filesUnder(fixtures)) print(`fixture:${relative(fixtures, f)}`, readFileSync(f));
print('bench:csv', csvBytes());
print('bench:xlsx', xlsxBytes());
print('bench:ofx', ofxBytes());
if (capture) {
  for (const f of readdirSync(capture).sort()) {
    const { opts, bytes } = JSON.parse(readFileSync(join(capture, f), 'utf8')) as {
      opts: string;
      bytes: string;
    };
    print(`test:${f.replace(/\.json$/, '')}`, Buffer.from(bytes, 'base64'), JSON.parse(opts) as object);
  }
}
