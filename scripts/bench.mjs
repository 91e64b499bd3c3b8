// `npm run bench`: every benchmark under bench/ (bench/<name>/run.ts or bench/<name>/<name>.bench.ts); each
// prints its own numbers. `npm run bench -- sync import` runs only those.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const only = process.argv.slice(2);
const entry = (name) =>
  [join('bench', name, 'run.ts'), join('bench', name, `${name}.bench.ts`)].find((f) => existsSync(f));
const benches = readdirSync('bench', { withFileTypes: true })
  .filter((d) => d.isDirectory() && entry(d.name))
  .map((d) => d.name)
  .filter((name) => only.length === 0 || only.includes(name));
/** Further scripts a bench runs after its entry (each prints its own tables). */
const EXTRA = {
  matching: [join('bench', 'matching', 'acquirer-files.ts')],
  import: [join('bench', 'import', 'return-file.bench.ts')],
};
/** Benches that need a PostgreSQL: run inside a throwaway cluster (scripts/pg-cluster.mjs), unless one is given. */
const WITH_POSTGRES = new Set(['store', 'matching', 'server']);
let failed = 0;
for (const name of benches) {
  console.log(`\n##### bench/${name}`);
  for (const file of [entry(name), ...(EXTRA[name] ?? [])]) {
    const tsx = join('node_modules', '.bin', 'tsx');
    const r =
      WITH_POSTGRES.has(name) && !process.env.QUITA_TEST_PG_URL
        ? spawnSync(process.execPath, [join('scripts', 'pg-cluster.mjs'), tsx, file], { stdio: 'inherit' })
        : spawnSync(tsx, [file], { stdio: 'inherit' });
    if (r.status !== 0) failed++;
  }
}
process.exit(failed ? 1 : 0);
