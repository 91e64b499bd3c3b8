#!/usr/bin/env node
// The `quita` command. It runs the TypeScript sources through tsx, so `npx quita` works right after
// `npm install` without a build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/entry.ts');
