/**
 * A V8 CPU profile of one parse of the import bench's 100,000-line file, and its top functions by self time:
 *   node_modules/.bin/tsx bench/import/profile.ts csv|xlsx|ofx [count] [out.cpuprofile]
 * The file is generated before the profiler starts; only parseStatement is profiled (sampling every 100 µs).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { profileTop } from '../compare/profile-top';
import { parseStatement } from '../../src/core/import/parse-statement';
import { csvBytes, ofxBytes, xlsxBytes } from './generate';

const FORMATS = { csv: csvBytes, xlsx: xlsxBytes, ofx: ofxBytes } as const;
const format = (process.argv[2] ?? 'csv') as keyof typeof FORMATS;
const count = Number(process.argv[3] ?? 25);
const out = process.argv[4] ?? join(tmpdir(), `quita-import-${format}.cpuprofile`);
const bytes = FORMATS[format]();
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: Number(process.env.INTERVAL ?? 100) });
await session.post('Profiler.start');
const t0 = performance.now();
const lines = parseStatement(bytes).lines.length;
const ms = performance.now() - t0;
const { profile } = await session.post('Profiler.stop');
writeFileSync(out, JSON.stringify(profile));
console.log(`${format}: ${lines} lines in ${ms.toFixed(0)} ms (profiled); ${out}`);
for (const e of profileTop(out, count))
  console.log(`${e.ms.toFixed(1).padStart(8)} ms ${(e.share * 100).toFixed(1).padStart(5)} %  ${e.where}`);
