/**
 * Memory peak on a decompression bomb (a 3 MB XLSX that inflates to 3 GB), read the way an import reads
 * it (in the worker, `parseStatementInWorker`) and directly (`parseStatement` in this thread). Each case
 * runs in a fresh process so its peak RSS (which counts the worker thread too) is its own.
 *   node_modules/.bin/tsx bench/import/bomb.ts            all cases
 *   node_modules/.bin/tsx bench/import/bomb.ts worker lie one case
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isAppError } from '../../src/core/errors';
import { parseStatementInWorker } from '../../src/core/import/parse-in-worker';
import { parseStatement } from '../../src/core/import/parse-statement';
import { zipBomb } from '../../tests/fixtures/statements/tbl-zip-bomb';

type Where = 'worker' | 'direct';
type Kind = 'honest' | 'lie';

async function runCase(where: Where, kind: Kind) {
  const bytes = zipBomb({ lie: kind === 'lie' });
  const t0 = performance.now();
  let outcome: string;
  try {
    const r =
      where === 'worker'
        ? await parseStatementInWorker(bytes, {}, { timeoutMs: 120_000 })
        : parseStatement(bytes);
    outcome = `ok:${r.lines.length}`;
  } catch (e) {
    outcome = isAppError(e) ? `${e.code}` : `${(e as Error).name}: ${(e as Error).message.slice(0, 80)}`;
  }
  return {
    where,
    kind,
    fileMb: +(bytes.length / 1048576).toFixed(1),
    outcome,
    ms: Math.round(performance.now() - t0),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
}

const [where, kind] = process.argv.slice(2) as [Where | undefined, Kind | undefined];
if (where && kind) {
  console.log(JSON.stringify(await runCase(where, kind)));
} else {
  const self = fileURLToPath(import.meta.url);
  console.log('Decompression bomb: 3 GB of sheet XML in a ~3 MB XLSX; peak RSS of the whole process');
  for (const w of ['worker', 'direct'] as Where[]) {
    for (const k of ['honest', 'lie'] as Kind[]) {
      const p = spawnSync(process.execPath, [...process.execArgv, self, w, k], {
        encoding: 'utf8',
        timeout: 300_000,
      });
      const line = p.stdout.trim().split('\n').pop() ?? '';
      if (p.status !== 0 || !line.startsWith('{')) {
        console.log(`${w.padEnd(6)} ${k.padEnd(6)} process failed: status ${p.status} ${p.signal ?? ''}`);
        continue;
      }
      const r = JSON.parse(line) as { outcome: string; ms: number; peakRssMb: number; fileMb: number };
      console.log(
        `${w.padEnd(6)} ${k.padEnd(6)} ${String(r.fileMb).padStart(4)} MB file → ${r.outcome.padEnd(28)} ${String(r.ms).padStart(6)} ms  peak ${r.peakRssMb} MB`,
      );
    }
  }
}
