/**
 * Import throughput: rows per second and peak memory for 100,000-line CSV, XLSX and OFX statements, and the
 * ratio to SheetJS reading the same bytes alone (our overhead over the library; OFX has no SheetJS baseline).
 * Each measurement runs in a fresh process so that its peak RSS is its own.
 *   node_modules/.bin/tsx bench/import/import.bench.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from 'xlsx';
import { openDb } from '../../src/core/db/open-db';
import { decodeText } from '../../src/core/import/encoding';
import { commitImport } from '../../src/core/import/import.service';
import { parseStatement } from '../../src/core/import/parse-statement';
import { csvBytes, LINES, ofxBytes, xlsxBytes } from './generate';

const FORMATS = { csv: csvBytes, xlsx: xlsxBytes, ofx: ofxBytes } as const;
type Format = keyof typeof FORMATS;
type Mode = 'sheetjs' | 'parse' | 'import';

async function runCase(format: Format, mode: Mode): Promise<{ ms: number; lines: number; bytes: number }> {
  const bytes = FORMATS[format]();
  const t0 = performance.now();
  let lines: number;
  if (mode === 'sheetjs') {
    // What SheetJS alone does with the same file, read the way the importer asks it to.
    const wb =
      format === 'csv'
        ? XLSX.read(`sep=;\n${decodeText(bytes).text}`, { type: 'string', raw: true, dense: true })
        : XLSX.read(bytes, { type: 'buffer', dense: true, cellNF: true, cellFormula: true, cellText: false });
    lines = wb.Sheets[wb.SheetNames[0]!]?.['!data']?.length ?? 0;
  } else if (mode === 'parse') {
    lines = parseStatement(bytes).lines.length;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'quita-bench-'));
    const db = openDb(join(dir, 'bench.db'));
    db.prepare(
      "INSERT INTO bank_accounts (id, description, raw_json, fetched_at) VALUES (1, 'bench', '{}', 'now')",
    ).run();
    // Since the read moved to a worker thread, this includes starting it (tens of milliseconds).
    const r = await commitImport(db, { fileName: `bench.${format}`, bytes, bankAccountId: 1 });
    lines = r.inserted.credits + r.inserted.debits + r.inserted.balances;
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return { ms: performance.now() - t0, lines, bytes: bytes.length };
}

const [format, mode] = process.argv.slice(2) as [Format | undefined, Mode | undefined];
if (format && mode) {
  const r = await runCase(format, mode);
  // maxRSS is in kilobytes; it includes generating the file, which every mode of a format shares.
  console.log(JSON.stringify({ ...r, peakMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
} else {
  const self = fileURLToPath(import.meta.url);
  const measure = (f: Format, m: Mode) => {
    const p = spawnSync(process.execPath, [...process.execArgv, self, f, m], { encoding: 'utf8' });
    if (p.status !== 0) throw new Error(p.stderr);
    return JSON.parse(p.stdout.trim().split('\n').pop()!) as {
      ms: number;
      lines: number;
      bytes: number;
      peakMb: number;
    };
  };
  console.log(`Import benchmark: ${LINES.toLocaleString('en')} lines per file, one process per measurement`);
  console.log('format  size     | sheetjs alone      | parse (ours)               | parse+import to SQLite');
  for (const f of Object.keys(FORMATS) as Format[]) {
    const base = f === 'ofx' ? null : measure(f, 'sheetjs');
    const parse = measure(f, 'parse');
    const imp = measure(f, 'import');
    const rate = (r: { ms: number }) => `${Math.round(LINES / (r.ms / 1000)).toLocaleString('en')}/s`;
    console.log(
      [
        f.padEnd(6),
        `${(parse.bytes / 1048576).toFixed(1)} MB`.padEnd(8),
        '|',
        (base ? `${base.ms.toFixed(0)} ms ${base.peakMb} MB` : 'n/a').padEnd(18),
        '|',
        `${parse.ms.toFixed(0)} ms ${rate(parse)} ${parse.peakMb} MB${base ? ` x${(parse.ms / base.ms).toFixed(2)}` : ''}`.padEnd(
          26,
        ),
        '|',
        `${imp.ms.toFixed(0)} ms ${rate(imp)} ${imp.peakMb} MB`,
      ].join(' '),
    );
  }
}
