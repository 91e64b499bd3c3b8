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

const [fixtures, capture] = process.argv.slice(2) as [string, string | undefined];
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
