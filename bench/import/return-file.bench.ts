import { storeOfDb } from '../../src/core/store/sqlite-store';
/**
 * [S] Import time of a 10,000-title boleto return file, CNAB 400 (Itaú) and CNAB 240 (Bradesco, FEBRABAN): the
 * parse alone (`parseCnabReturn`) and the whole import (`commitImport` on a fresh SQLite file: the reading worker,
 * the titles' fingerprints, one transaction writing `return_files` + 10,000 `return_titles`). The files are the
 * committed fixtures' detail records repeated with their own nosso número and record numbers, counts and trailers
 * kept right, so the parser reads them as the bank's. Each case runs in its own process (its peak RSS is its own);
 * median of 3.
 *   node_modules/.bin/tsx bench/import/return-file.bench.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb } from '../../src/core/db/open-db';
import { parseCnabReturn } from '../../src/core/import/cnab/parse-cnab';
import { commitImport } from '../../src/core/import/import.service';

const TITLES = 10_000;
const FIXTURES = join(import.meta.dirname, '../../tests/fixtures/cnab');
const lines = (name: string) =>
  readFileSync(join(FIXTURES, name), 'latin1')
    .split(/\r?\n/)
    .filter((l) => l !== '');
/** Replaces 1-based positions [start, end] of a record with a right-aligned zero-padded number. */
const put = (l: string, start: number, end: number, n: number) =>
  l.slice(0, start - 1) + String(n).padStart(end - start + 1, '0') + l.slice(end);

/** Itaú CNAB 400: header, the fixture's details repeated (nosso número 86–93, sequence 395–400), trailer. */
function itau400(): Uint8Array {
  const src = lines('itau-400.ret');
  const details = src.filter((l) => l.startsWith('1'));
  const out = [src[0]!];
  for (let k = 0; k < TITLES; k++) out.push(put(details[k % details.length]!, 86, 93, 10_000_000 + k));
  out.push(src.at(-1)!);
  return Buffer.from(out.map((l, i) => put(l, 395, 400, i + 1)).join('\r\n') + '\r\n', 'latin1');
}

/** Bradesco FEBRABAN 240: one batch of T/U pairs (record numbers 9–13, nosso número 38–57), trailers counted. */
function bradesco240(): Uint8Array {
  const src = lines('bradesco-240.ret');
  const pairs: [string, string][] = [];
  for (let i = 0; i < src.length; i++) if (src[i]!.charAt(13) === 'T') pairs.push([src[i]!, src[i + 1]!]);
  const out = [src[0]!, src.find((l) => l.charAt(7) === '1')!];
  for (let k = 0; k < TITLES; k++) {
    const [t, u] = pairs[k % pairs.length]!;
    out.push(put(put(t, 9, 13, 2 * k + 1), 38, 57, 90_000_000 + k), put(u, 9, 13, 2 * k + 2));
  }
  out.push(
    put(
      src.find((l) => l.charAt(7) === '5')!,
      18,
      23,
      2 * TITLES + 2,
    ),
  );
  out.push(
    put(
      put(
        src.find((l) => l.charAt(7) === '9')!,
        18,
        23,
        1,
      ),
      24,
      29,
      out.length + 1,
    ),
  );
  return Buffer.from(out.join('\r\n') + '\r\n', 'latin1');
}

const FILES = { 'itau-400': itau400, 'bradesco-240': bradesco240 } as const;
type Name = keyof typeof FILES;
type Mode = 'parse' | 'import';

async function runCase(name: Name, mode: Mode) {
  const bytes = FILES[name]();
  const t0 = performance.now();
  let titles: number;
  if (mode === 'parse') titles = parseCnabReturn(bytes).titles.length;
  else {
    const dir = mkdtempSync(join(tmpdir(), 'quita-bench-'));
    const db = openDb(join(dir, 'bench.db'));
    db.prepare(
      "INSERT INTO bank_accounts (id, description, raw_json, fetched_at) VALUES (1, 'bench', '{}', 'now')",
    ).run();
    const r = await commitImport(storeOfDb(db), { fileName: `${name}.ret`, bytes, bankAccountId: 1 });
    titles = r.returnFile?.titles ?? 0;
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return { ms: performance.now() - t0, titles, bytes: bytes.length };
}

const [name, mode] = process.argv.slice(2) as [Name | undefined, Mode | undefined];
if (name && mode) {
  const r = await runCase(name, mode);
  console.log(JSON.stringify({ ...r, peakMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
} else {
  const self = fileURLToPath(import.meta.url);
  console.log(`\n[S] a return file of ${TITLES.toLocaleString('en')} titles (median of 3, own process each)`);
  console.log('file          | mode   | titles |   bytes   |    ms | peak MB');
  for (const n of Object.keys(FILES) as Name[]) {
    for (const m of ['parse', 'import'] as const) {
      const runs = [0, 1, 2].map(() => {
        const p = spawnSync(process.execPath, [...process.execArgv, self, n, m], { encoding: 'utf8' });
        if (p.status !== 0) throw new Error(p.stderr);
        return JSON.parse(p.stdout.trim().split('\n').at(-1)!) as Awaited<ReturnType<typeof runCase>> & {
          peakMb: number;
        };
      });
      runs.sort((a, b) => a.ms - b.ms);
      const r = runs[1]!;
      if (r.titles !== TITLES) throw new Error(`${n} ${m}: read ${r.titles} titles, wrote ${TITLES}`);
      console.log(
        `${n.padEnd(13)} | ${m.padEnd(6)} | ${String(r.titles).padStart(6)} | ${String(r.bytes).padStart(9)} | ${r.ms.toFixed(0).padStart(5)} | ${String(r.peakMb).padStart(7)}`,
      );
    }
  }
}
