#!/usr/bin/env node
// The `quita` command: runs the built CLI (out/cli/quita.mjs, see scripts/build-cli.mjs). Right after
// `npm install`, or after a source changed, it is built first (about a second, once).
import { loadBuilt } from '../scripts/build-cli.mjs';

await loadBuilt('quita');
