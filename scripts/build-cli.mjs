// The plain-Node front doors, built as the desktop app's main is built into out/main/: the `quita` command
// (src/cli/entry.ts → out/cli/quita.mjs), the browser host (src/host/main.ts → out/cli/host.mjs) and the
// statement-reading worker they start (out/cli/parse-worker.mjs), each one file made by esbuild. Packages are
// bundled too (better-sqlite3 stays outside: it is a native module): one file loads in about a third of the
// time that Node takes to resolve and load the same code from node_modules, and compiling TypeScript at every
// start (tsx) is gone. bin/quita.mjs and scripts/host.mjs load them through loadBuilt(), which builds first
// when the build is missing or older than a source it was made from; `node scripts/build-cli.mjs` builds now.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  readFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const projectRoot = fileURLToPath(new URL('..', import.meta.url));
export const cliOut = join(projectRoot, 'out', 'cli');
const STAMP = 'built-from.json';

/**
 * Bundled CommonJS packages (node-forge, conf's helpers) call `require` for Node's own modules; an ES
 * module bundle has none, so the bundle gets one.
 */
const banner =
  "import { createRequire as __quitaRequire } from 'node:module';\n" +
  'const require = __quitaRequire(import.meta.url);';

/**
 * Builds into a fresh folder beside out/cli and then moves each file in (a rename is atomic), the stamp
 * last: several `quita` processes started at once on a stale build each build, and none of them ever loads
 * a half-written file. The stamp keeps the sources read (outside node_modules) and when the build began,
 * so an edit made while it ran still counts as newer.
 */
export async function cliBuild() {
  const { build } = await import('esbuild');
  const began = Date.now();
  mkdirSync(join(projectRoot, 'out'), { recursive: true });
  const work = mkdtempSync(join(projectRoot, 'out', '.cli-'));
  try {
    const result = await build({
      absWorkingDir: projectRoot,
      entryPoints: {
        quita: 'src/cli/entry.ts',
        host: 'src/host/main.ts',
        'parse-worker': 'src/core/import/parse-worker.ts',
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: ['better-sqlite3'],
      banner: { js: banner },
      outdir: work,
      outExtension: { '.js': '.mjs' },
      metafile: true,
      legalComments: 'none',
      logLevel: 'warning',
    });
    const sources = Object.keys(result.metafile.inputs)
      .filter((file) => !file.includes('node_modules/'))
      .concat(['package.json', 'package-lock.json', 'scripts/build-cli.mjs'])
      .filter((file) => existsSync(join(projectRoot, file)));
    writeFileSync(join(work, STAMP), JSON.stringify({ began, sources }));
    mkdirSync(cliOut, { recursive: true });
    for (const file of ['parse-worker.mjs', 'host.mjs', 'quita.mjs', STAMP]) {
      renameSync(join(work, file), join(cliOut, file));
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Whether `out` (out/cli) holds a build at least as new as every source it was made from (`root`: the project;
 * both can be other folders for a test).
 */
export function cliBuildIsFresh(out = cliOut, root = projectRoot) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(join(out, STAMP), 'utf8'));
  } catch {
    return false;
  }
  // A build stamped later than now was made under another clock (`npm run test:dates` runs whole suites on days
  // years ahead, or the clock was set back since): every source would look older than it, and an edit would never
  // count. Such a build is rebuilt.
  if (!(typeof stamp.began === 'number' && stamp.began <= Date.now())) return false;
  for (const source of stamp.sources) {
    let modified;
    try {
      modified = statSync(join(root, source)).mtimeMs;
    } catch {
      return false; // a source was moved or deleted: what imported it changed too
    }
    if (modified > stamp.began) return false;
  }
  return true;
}

const CANNOT_BUILD = new Set(['ERR_MODULE_NOT_FOUND', 'EACCES', 'EPERM', 'EROFS']);

/**
 * Imports a built front door (`quita` or `host`), building first when needed. Where it cannot be built
 * (esbuild not installed, a read-only folder) the TypeScript source runs through tsx instead, as before the
 * build existed; a source that does not compile stops here with esbuild's message.
 */
export async function loadBuilt(name) {
  let built = cliBuildIsFresh();
  if (!built) {
    try {
      await cliBuild();
      built = true;
    } catch (e) {
      if (!CANNOT_BUILD.has(e?.code)) throw e;
    }
  }
  if (built) return import(pathToFileURL(join(cliOut, `${name}.mjs`)).href);
  const { register } = await import('tsx/esm/api');
  register();
  return import(pathToFileURL(join(projectRoot, SOURCES[name])).href);
}
const SOURCES = { quita: 'src/cli/entry.ts', host: 'src/host/main.ts' };

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  await cliBuild();
}
