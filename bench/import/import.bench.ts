import { storeOfDb } from '../../src/core/store/sqlite-store';
/**
 * Import throughput: 100,000-line CSV, XLSX and OFX statements, parsed and imported, against a baseline that
 * reads the same bytes without any of our rules:
 * - CSV and XLSX: SheetJS alone reading the file the way the importer asks it to (for CSV, the bytes decoded
 *   and handed over with a `sep=` line). The ratio parse / SheetJS is our overhead over the library; the
 *   target is at most 2×.
 * - OFX: one scan, `[...text.matchAll(/<STMTTRN>[\s\S]*?<\/STMTTRN>/g)]` over the text already decoded: the
 *   least any reader must do to find every transaction once (SheetJS does not read OFX). The target is at
 *   most 10× that scan.
 * Every case runs RUNS times (default 5, `RUNS=9 tsx bench/import/import.bench.ts`), each in a fresh process
 * (a cold start, as in the app's parse worker, and a peak RSS of its own), and the medians are printed.
 * CPU time (process.cpuUsage: user + system, every thread of the process) is what the ratios use: on a
 * machine shared with other work it varies far less than wall time, which is printed beside it.
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
type Mode = 'base' | 'parse' | 'import';
interface Run {
  cpuMs: number;
  wallMs: number;
  lines: number;
  bytes: number;
  peakMb: number;
}

/** The OFX baseline: every transaction found once, nothing read out of it. */
const scanOfx = (text: string) => [...text.matchAll(/<STMTTRN>[\s\S]*?<\/STMTTRN>/g)].length;

async function runCase(format: Format, mode: Mode): Promise<Omit<Run, 'peakMb'>> {
  const bytes = FORMATS[format]();
  // Decoded before the clock starts: the scan's baseline is the scan alone.
  const ofxText = format === 'ofx' && mode === 'base' ? new TextDecoder('latin1').decode(bytes) : '';
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let lines: number;
  if (mode === 'base' && format === 'ofx') {
    lines = scanOfx(ofxText);
  } else if (mode === 'base') {
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
    const r = await commitImport(storeOfDb(db), { fileName: `bench.${format}`, bytes, bankAccountId: 1 });
    lines = r.inserted.credits + r.inserted.debits + r.inserted.balances;
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { cpuMs: (cpu.user + cpu.system) / 1000, wallMs, lines, bytes: bytes.length };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const [format, mode] = process.argv.slice(2) as [Format | undefined, Mode | undefined];
if (format && mode) {
  const r = await runCase(format, mode);
  // maxRSS is in kilobytes; it includes generating the file, which every mode of a format shares.
  console.log(JSON.stringify({ ...r, peakMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
} else {
  const RUNS = Math.max(1, Number(process.env.RUNS ?? 5));
  const self = fileURLToPath(import.meta.url);
  const once = (f: Format, m: Mode): Run => {
    const p = spawnSync(process.execPath, [...process.execArgv, self, f, m], { encoding: 'utf8' });
    if (p.status !== 0) throw new Error(p.stderr);
    return JSON.parse(p.stdout.trim().split('\n').pop()!) as Run;
  };
  const measure = (f: Format, m: Mode): Run => {
    const runs = Array.from({ length: RUNS }, () => once(f, m));
    return {
      cpuMs: median(runs.map((r) => r.cpuMs)),
      wallMs: median(runs.map((r) => r.wallMs)),
      lines: runs[0]!.lines,
      bytes: runs[0]!.bytes,
      peakMb: median(runs.map((r) => r.peakMb)),
    };
  };
  const ms = (r: Run) => `${r.cpuMs.toFixed(0)} ms (${r.wallMs.toFixed(0)} wall)`;
  const rate = (r: Run) => `${Math.round(LINES / (r.cpuMs / 1000)).toLocaleString('en')}/s`;
  console.log(
    `Import benchmark: ${LINES.toLocaleString('en')} lines per file, medians of ${RUNS} runs, one process per run, CPU ms (wall ms)`,
  );
  console.log(
    'format  size     | baseline                            | parse (ours)                           | ratio (target)     | parse+import to SQLite',
  );
  for (const f of Object.keys(FORMATS) as Format[]) {
    const base = measure(f, 'base');
    const parse = measure(f, 'parse');
    const imp = measure(f, 'import');
    const ratio = parse.cpuMs / base.cpuMs;
    const target = f === 'ofx' ? 10 : 2;
    console.log(
      [
        f.padEnd(6),
        `${(parse.bytes / 1048576).toFixed(1)} MB`.padEnd(8),
        '|',
        `${f === 'ofx' ? 'scan' : 'SheetJS'} ${ms(base)} ${base.peakMb} MB`.padEnd(35),
        '|',
        `${ms(parse)} ${rate(parse)} ${parse.peakMb} MB`.padEnd(38),
        '|',
        `x${ratio.toFixed(2)} (≤ ${target}) ${ratio <= target ? 'ok' : 'over'}`.padEnd(18),
        '|',
        `${ms(imp)} ${rate(imp)} ${imp.peakMb} MB`,
      ].join(' '),
    );
  }
}
