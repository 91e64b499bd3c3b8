import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  linkSync,
  readlinkSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { builtinModules } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import type * as ElectronBuilder from 'electron-builder';
import type * as MinimatchModule from 'minimatch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUITA_FUSES } from '../../scripts/electron-fuses.mjs';
import { tempDir } from '../helpers/tmp';

/**
 * [O] item 4: what the installers will hold, checked without Electron's binary (which cannot be downloaded here).
 * 1. The builder configuration itself (targets, per-user NSIS, .ofx, hooks).
 * 2. The ASAR's file set computed from the `files` patterns against the real tree and the production dependency
 *    closure (`npm ls --omit=dev`): no dev dependency, no tests/src/bench; every module the main process imports
 *    is there with its own dependencies.
 * 3. electron-builder 26 itself run with `--dir` on a stand-in Electron (a small file carrying Electron's fuse wire):
 *    the real app.asar it writes must hold exactly that set, the native module unpacked beside it, and the
 *    afterPack hook must have flipped the fuses in the packaged binary.
 */
const root = process.cwd();
const req = createRequire(import.meta.url);
const builderReq = createRequire(req.resolve('app-builder-lib'));
const { minimatch } = builderReq('minimatch') as typeof MinimatchModule;
const asar = builderReq('@electron/asar') as {
  listPackage(archive: string, options?: object): string[];
  statFile(archive: string, file: string): { unpacked?: boolean; size?: number };
};

interface Target {
  target: string;
  arch?: string[];
}
interface BuilderConfig {
  appId: string;
  productName: string;
  files: string[];
  asar: boolean;
  asarUnpack: string[];
  npmRebuild: boolean;
  buildDependenciesFromSource: boolean;
  afterPack: string;
  fileAssociations: { ext: string; name: string }[];
  publish: { provider: string; url: string }[];
  win: { target: Target[]; icon: string };
  nsis: Record<string, unknown>;
  linux: { target: Target[]; icon: string; executableName: string; maintainer: string };
  extraMetadata: { homepage: string };
  directories: { output: string; buildResources: string };
}
const config = req('../../electron-builder.config.cjs') as BuilderConfig;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  main: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/**
 * electron-builder's reading of `files`: a project file is included when the last pattern matching it is
 * positive; the production dependencies are added by electron-builder itself and only the patterns' exclusions
 * apply to them.
 */
function included(path: string, patterns = config.files): boolean {
  let inc = path.startsWith('node_modules/');
  for (const p of patterns) {
    const neg = p.startsWith('!');
    if (minimatch(path, neg ? p.slice(1) : p, { dot: true })) inc = !neg;
  }
  return inc;
}

function walk(dir: string, skip: (rel: string) => boolean): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const abs = join(dir, name);
    const rel = relative(root, abs).split(sep).join('/');
    if (skip(rel)) continue;
    if (statSync(abs).isDirectory()) out.push(...walk(abs, skip));
    else out.push(rel);
  }
  return out;
}

/** Directories (relative, with /) of the production dependency closure, as npm resolved it. */
function productionPackages(): string[] {
  const r = spawnSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
    cwd: root,
    encoding: 'utf8',
    shell: process.platform === 'win32',
  });
  return r.stdout
    .split(/\r?\n/)
    .filter((l) => l.trim() && l.trim() !== root)
    .map((l) => relative(root, l.trim()).split(sep).join('/'))
    .filter((l) => l.startsWith('node_modules/'));
}
const packageName = (dir: string) => dir.replace(/^.*node_modules\//, '');

/** Which package directories of the closure survive the `files` patterns. */
const closure = productionPackages();
const inAsar = closure.filter((d) => included(`${d}/package.json`));
const asarNames = new Set(inAsar.map(packageName));

/** Bare imports of the main process's sources (what electron-vite leaves external in out/main). */
function mainExternals(): string[] {
  const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
  const files = ['src/main', 'src/core', 'src/shared'].flatMap((d) =>
    walk(join(root, d), () => false).filter((f) => /\.ts$/.test(f) && !/\.(test|testing)\.ts$/.test(f)),
  );
  const found = new Set<string>();
  for (const f of files) {
    const text = readFileSync(join(root, f), 'utf8');
    for (const m of text.matchAll(/^\s*import\s+(?!type\b)[^'"]*['"]([^'".][^'"]*)['"]/gm)) {
      const spec = m[1]!;
      const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
      if (!builtins.has(spec) && !builtins.has(name) && name !== 'electron') found.add(name);
    }
  }
  return [...found].sort();
}

describe('electron-builder configuration', () => {
  it('names the app, its icon and its targets: NSIS per-user in Portuguese and portable; AppImage and deb', () => {
    expect(config.appId).toBe('br.quita.app');
    expect(config.productName).toBe('Quita');
    expect(config.win.target.map((t) => t.target)).toEqual(['nsis', 'portable']);
    expect(config.linux.target.map((t) => t.target)).toEqual(['AppImage', 'deb']);
    // fpm refuses a .deb without a homepage and a maintainer; package.json has neither.
    expect(config.extraMetadata.homepage).toMatch(/^https:\/\//);
    expect(config.linux.maintainer).toMatch(/<.+@.+>/);
    expect(config.nsis).toMatchObject({
      oneClick: true,
      perMachine: false,
      allowElevation: false,
      createStartMenuShortcut: true,
      installerLanguages: ['pt_BR'],
      language: '1046',
      deleteAppDataOnUninstall: false,
    });
  });

  it('has real icons in resources/: a 512×512 PNG and an ICO with a 256 px image', () => {
    const png = readFileSync(join(root, config.linux.icon));
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
    const ico = readFileSync(join(root, config.win.icon));
    expect(ico.readUInt16LE(2)).toBe(1);
    const count = ico.readUInt16LE(4);
    const widths = Array.from({ length: count }, (_, k) => ico[6 + 16 * k] || 256);
    expect(widths).toContain(256);
    expect(widths).toContain(16);
  });

  it('associates .ofx statements, publishes to a generic feed, and flips the fuses after packing', async () => {
    expect(config.fileAssociations.map((a) => a.ext)).toContain('ofx');
    expect(config.publish[0]).toMatchObject({ provider: 'generic' });
    expect(config.publish[0]!.url).toMatch(/^https:\/\//);
    expect(config.afterPack).toBe('scripts/electron-fuses.mjs');
    const hook = (await import('../../scripts/electron-fuses.mjs')) as { default: unknown };
    expect(typeof hook.default).toBe('function');
  });

  it('rebuilds better-sqlite3 for Electron and keeps its .node outside the ASAR', () => {
    expect(config.npmRebuild).toBe(true);
    expect(config.buildDependenciesFromSource).toBe(true);
    expect(config.asar).toBe(true);
    const node = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
    expect(config.asarUnpack.some((p) => minimatch(node, p))).toBe(true);
    expect(included(node)).toBe(true);
  });
});

describe('what the ASAR will hold (computed from the files patterns and the dependency closure)', () => {
  it('takes only out/** and package.json from the project, never tests, sources, benchmarks or docs', () => {
    const skip = (rel: string) =>
      /^(node_modules|\.git|dist|test-results|playwright-report|\.quita-test)(\/|$)/.test(rel);
    const files = walk(root, skip).filter((f) => included(f));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files)
      expect(f === 'package.json' || /^out\/(main|preload|renderer)\//.test(f), f).toBe(true);
    for (const f of files) expect(f, f).not.toMatch(/\.map$/);
    for (const f of [
      'src/main/index.ts',
      'tests/unit/packaging.test.ts',
      'bench',
      'docs/architecture.md',
      'scripts/start.mjs',
    ])
      expect(included(f), f).toBe(false);
    expect(pkg.main).toBe('out/main/index.js');
    expect(included(pkg.main)).toBe(true);
    expect(included('out/preload/index.cjs')).toBe(true);
    expect(included('out/renderer/index.html')).toBe(true);
  });

  it('holds no dev dependency (electron, vite, vitest, playwright, eslint, typescript…) nor the CLI-only tsx', () => {
    const devOnly = [
      ...Object.keys(pkg.devDependencies),
      'vite',
      'vitest',
      'playwright',
      'playwright-core',
      '@playwright/test',
      'eslint',
      'typescript',
      'electron',
      'electron-builder',
      'electron-vite',
      'app-builder-lib',
      'tsx',
      'esbuild',
      'react',
      'react-dom',
    ];
    for (const name of devOnly) expect(asarNames.has(name), name).toBe(false);
  });

  it('holds every package the main process imports, each with its own dependencies', () => {
    const externals = mainExternals();
    expect(externals).toEqual(
      expect.arrayContaining(['better-sqlite3', 'conf', 'electron-store', 'electron-updater', 'xlsx', 'zod']),
    );
    for (const name of externals) expect(asarNames.has(name), name).toBe(true);
    // Node's resolution from each package in the ASAR must find its dependencies in the ASAR too.
    const dirs = new Set(inAsar);
    for (const dir of inAsar) {
      const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
        optionalDependencies?: Record<string, string>;
      };
      for (const dep of Object.keys(manifest.dependencies ?? {})) {
        if (dep in (manifest.optionalDependencies ?? {})) continue;
        let at = dir;
        let found = false;
        for (;;) {
          if (dirs.has(`${at}/node_modules/${dep}`) || dirs.has(`node_modules/${dep}`)) {
            found = true;
            break;
          }
          const up = at.lastIndexOf('/node_modules/');
          if (up <= 0) break;
          at = at.slice(0, up);
        }
        expect(found, `${dir} needs ${dep}`).toBe(true);
      }
    }
  });
});

/** `cp -al`: directories recreated, files hard-linked (copied where linking is impossible), symlinks kept. */
function linkTree(from: string, to: string) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    // Tool caches (vite, tsc) change while other runs work; they are no package.
    if (entry.name === '.cache') continue;
    const a = join(from, entry.name);
    const b = join(to, entry.name);
    if (entry.isSymbolicLink()) symlinkSync(readlinkSync(a), b);
    else if (entry.isDirectory()) linkTree(a, b);
    else {
      try {
        linkSync(a, b);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') copyFileSync(a, b);
      }
    }
  }
}

describe('electron-builder --dir on a stand-in Electron', () => {
  const t = tempDir('quita-pack-');
  const project = join(t.dir, 'project');
  const output = join(t.dir, 'dist');
  const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
  let listing: string[] = [];
  let appOutDir = '';

  beforeAll(async () => {
    // A project with the real package.json, lock, node_modules (linked) and hook, and a small stand-in build.
    mkdirSync(join(project, 'scripts'), { recursive: true });
    for (const f of ['package.json', 'package-lock.json']) cpSync(join(root, f), join(project, f));
    cpSync(join(root, 'scripts', 'electron-fuses.mjs'), join(project, 'scripts', 'electron-fuses.mjs'));
    cpSync(join(root, 'resources'), join(project, 'resources'), { recursive: true });
    // npm (which electron-builder asks for the dependency tree) does not follow a linked node_modules: a tree of
    // hard links stands in for it, in a moment and without copying a byte.
    linkTree(join(root, 'node_modules'), join(project, 'node_modules'));
    const write = (rel: string, text: string) => {
      mkdirSync(dirname(join(project, rel)), { recursive: true });
      writeFileSync(join(project, rel), text);
    };
    write('out/main/index.js', 'export {};\n');
    write('out/main/index.js.map', '{}');
    write('out/main/parse-worker.js', 'export {};\n');
    write('out/preload/index.cjs', '\n');
    write('out/renderer/index.html', '<!doctype html>\n');
    write('src/main/index.ts', 'export {};\n');
    write('tests/unit/a.test.ts', '\n');
    write('bench/sync.ts', '\n');
    // Electron's Linux distribution, reduced to a binary carrying the fuse wire (all fuses as Electron ships them).
    const dist = join(t.dir, 'electron-dist');
    mkdirSync(dist);
    writeFileSync(
      join(dist, 'electron'),
      Buffer.concat([
        Buffer.from('\u007fELF stand-in'),
        Buffer.from(SENTINEL),
        Buffer.from([1, 9]),
        Buffer.alloc(9, FuseState.ENABLE),
      ]),
      { mode: 0o755 },
    );
    writeFileSync(join(dist, 'LICENSE'), 'stand-in');
    const electronVersion = (
      JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
    const { build, Platform } = req('electron-builder') as typeof ElectronBuilder;
    const previous = process.cwd();
    process.chdir(project); // the afterPack path is resolved from the working directory, as under `npm run package`
    try {
      await build({
        projectDir: project,
        targets: Platform.LINUX.createTarget('dir'),
        publish: 'never',
        config: {
          ...(config as object),
          electronDist: dist,
          electronVersion,
          // Compiling better-sqlite3 needs Electron's headers from the internet; node_modules' build stands in.
          npmRebuild: false,
          directories: { ...config.directories, output },
        },
      });
    } finally {
      process.chdir(previous);
    }
    appOutDir = join(output, 'linux-unpacked');
    listing = asar
      .listPackage(join(appOutDir, 'resources', 'app.asar'))
      .map((p) => p.replace(/\\/g, '/').slice(1));
  }, 180_000);
  afterAll(() => t.cleanup());

  it('writes an app.asar holding the computed set: out/**, package.json and the runtime packages only', () => {
    expect(listing).toContain('package.json');
    expect(listing).toContain('out/main/index.js');
    expect(listing).toContain('out/preload/index.cjs');
    expect(listing).toContain('out/renderer/index.html');
    expect(listing).not.toContain('out/main/index.js.map');
    expect(listing.filter((p) => /^(src|tests|bench|scripts|resources)(\/|$)/.test(p))).toEqual([]);
    const packagesIn = new Set(
      listing
        .filter((p) => /(^|\/)node_modules\/(@[^/]+\/)?[^/@]+\/package\.json$/.test(p))
        .map((p) => packageName(dirname(p))),
    );
    expect([...packagesIn].sort()).toEqual([...asarNames].sort());
  });

  it('unpacks the native module beside the ASAR', () => {
    const node = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
    expect(existsSync(join(appOutDir, 'resources', 'app.asar.unpacked', node))).toBe(true);
    expect(asar.statFile(join(appOutDir, 'resources', 'app.asar'), node).unpacked).toBe(true);
    expect(listing).not.toContain('node_modules/better-sqlite3/build/Release/test_extension.node');
    expect(listing.filter((p) => p.startsWith('node_modules/better-sqlite3/deps/'))).toEqual([]);
  });

  it('ran the afterPack hook on the packaged binary: the fuses are Quita’s', async () => {
    const wire = await getCurrentFuseWire(join(appOutDir, config.linux.executableName));
    for (const option of [
      FuseV1Options.RunAsNode,
      FuseV1Options.EnableNodeOptionsEnvironmentVariable,
      FuseV1Options.EnableNodeCliInspectArguments,
    ])
      expect(wire[option], FuseV1Options[option]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(
      QUITA_FUSES[FuseV1Options.EnableEmbeddedAsarIntegrityValidation] ? FuseState.ENABLE : FuseState.DISABLE,
    );
  });

  it('writes the update feed description electron-updater reads (app-update.yml, generic provider)', () => {
    const yml = readFileSync(join(appOutDir, 'resources', 'app-update.yml'), 'utf8');
    expect(yml).toMatch(/provider: generic/);
  });
});
