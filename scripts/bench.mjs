// `npm run bench`: every benchmark under bench/ (each prints its own numbers). `npm run bench -- sync` runs one.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const only = process.argv.slice(2);
const benches = readdirSync('bench', { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join('bench', d.name, 'run.ts')))
  .map((d) => d.name)
  .filter((name) => only.length === 0 || only.includes(name));
let failed = 0;
for (const name of benches) {
  console.log(`\n##### bench/${name}`);
  const r = spawnSync(join('node_modules', '.bin', 'tsx'), [join('bench', name, 'run.ts')], {
    stdio: 'inherit',
  });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
