import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script shared with bin/quita.mjs, no type declarations
import { cliBuild, cliBuildIsFresh, cliOut } from '../../scripts/build-cli.mjs';
import { tempDir } from '../helpers/tmp';

const isFresh = cliBuildIsFresh as (out: string, root: string) => boolean;
const build = cliBuild as () => Promise<void>;
const out = cliOut as string;

describe('the built quita is rebuilt when a source it was made from changed', () => {
  it('fresh until a listed source is newer than the build, or gone; no stamp, or one from a later clock, is never fresh', () => {
    const tmp = tempDir();
    try {
      const dir = join(tmp.dir, 'out');
      mkdirSync(join(tmp.dir, 'src'), { recursive: true });
      mkdirSync(dir);
      const source = join(tmp.dir, 'src', 'a.ts');
      writeFileSync(source, 'export {};');
      const began = Date.UTC(2026, 0, 1);
      expect(isFresh(dir, tmp.dir)).toBe(false); // nothing built yet
      writeFileSync(join(dir, 'built-from.json'), JSON.stringify({ began, sources: ['src/a.ts'] }));
      utimesSync(source, new Date(began - 60_000), new Date(began - 60_000));
      expect(isFresh(dir, tmp.dir)).toBe(true);
      utimesSync(source, new Date(began + 60_000), new Date(began + 60_000)); // edited after the build began
      expect(isFresh(dir, tmp.dir)).toBe(false);
      writeFileSync(join(dir, 'built-from.json'), JSON.stringify({ began, sources: ['src/gone.ts'] }));
      expect(isFresh(dir, tmp.dir)).toBe(false);
      // Built under a clock set ahead (test:dates): stamped after now, so an edit since would never count.
      const ahead = Date.now() + 365 * 86_400_000;
      utimesSync(source, new Date(began - 60_000), new Date(began - 60_000));
      writeFileSync(join(dir, 'built-from.json'), JSON.stringify({ began: ahead, sources: ['src/a.ts'] }));
      expect(isFresh(dir, tmp.dir)).toBe(false);
    } finally {
      tmp.cleanup();
    }
  });

  it('the stamp of the build this checkout runs lists the entry points and the files they import', async () => {
    await build();
    const stamp = JSON.parse(readFileSync(join(out, 'built-from.json'), 'utf8')) as {
      sources: string[];
    };
    expect(stamp.sources).toEqual(
      expect.arrayContaining([
        'src/cli/entry.ts',
        'src/host/main.ts',
        'src/core/import/parse-worker.ts',
        'src/core/matching/engine.ts',
        'package.json',
      ]),
    );
    expect(stamp.sources.some((s) => s.includes('node_modules'))).toBe(false);
  });
});
