// `npm run serve`: build the renderer, then serve it and the core's commands on 127.0.0.1.
import { build } from './build-renderer.mjs';
import { loadBuilt } from './build-cli.mjs';

if (!process.argv.includes('--help') && !process.argv.includes('-h')) build();
const { hostEntry } = await loadBuilt('host');
hostEntry(process.argv.slice(2));
