// `npm run serve`: build the renderer, then serve it and the core's commands on 127.0.0.1.
import { register } from 'tsx/esm/api';
import { build } from './build-renderer.mjs';

if (!process.argv.includes('--help') && !process.argv.includes('-h')) build();
register();
const { hostEntry } = await import('../src/host/main.ts');
hostEntry(process.argv.slice(2));
