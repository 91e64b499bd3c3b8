// The browser host, built (out/cli/host.mjs, see build-cli.mjs), in this one process: what `npm run serve`
// runs once the renderer is built, and what the tests start (a SIGKILL then stops the host itself).
import { loadBuilt } from './build-cli.mjs';

const { hostEntry } = await loadBuilt('host');
hostEntry(process.argv.slice(2));
