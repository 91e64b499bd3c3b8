#!/usr/bin/env node
// The `quita` command: runs the built CLI (out/cli/quita.mjs, see scripts/build-cli.mjs). Right after
// `npm install`, or after a source changed, it is built first (about a second, once). Where it cannot be
// built (esbuild not installed, a read-only folder) the TypeScript sources run through tsx, as before;
// a source that does not compile stops here with esbuild's message.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cliBuild, cliBuildIsFresh, cliOut } from '../scripts/build-cli.mjs';

const CANNOT_BUILD = new Set(['ERR_MODULE_NOT_FOUND', 'EACCES', 'EPERM', 'EROFS']);

let built = cliBuildIsFresh();
if (!built) {
  try {
    await cliBuild();
    built = true;
  } catch (e) {
    if (!CANNOT_BUILD.has(e?.code)) throw e;
  }
}
if (built) {
  await import(pathToFileURL(join(cliOut, 'quita.mjs')).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/entry.ts');
}
