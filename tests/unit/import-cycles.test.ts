import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles } from '../helpers/import-cycles';
import { tempDir } from '../helpers/tmp';

/**
 * No module of src imports itself back at run time ([Q]: audit.repo ↔ audit-anchor was the last such pair):
 * a cycle makes the load order decide what is undefined, and hides which module owns a rule.
 */
describe('runtime import cycles', () => {
  it('src has none', () => {
    expect(importCycles('src')).toEqual([]);
  });

  it('the check finds a planted one, and ignores type-only imports', () => {
    const tmp = tempDir();
    try {
      mkdirSync(join(tmp.dir, 'x'));
      writeFileSync(join(tmp.dir, 'a.ts'), "import { b } from './x/b';\nexport const a = () => b;\n");
      writeFileSync(join(tmp.dir, 'x', 'b.ts'), "import { a } from '../a';\nexport const b = () => a;\n");
      writeFileSync(join(tmp.dir, 'c.ts'), "import type { D } from './d';\nexport type C = D;\n");
      writeFileSync(join(tmp.dir, 'd.ts'), "import type { C } from './c';\nexport type D = C | 1;\n");
      expect(importCycles(tmp.dir)).toEqual([['a.ts', 'x/b.ts']]);
    } finally {
      tmp.cleanup();
    }
  });
});
