/**
 * One cycle in a process of its own (the operating system's scheduler running `quita run --cycle`), with the
 * greens policy of cycle-policy.ts, so a test can kill it mid-send (SIGKILL). Run with `node --import tsx`;
 * argv: dataDir keyFile. Prints "started" when its core is up.
 */
import { createCore } from '../../src/core/bootstrap';
import { runCycle } from '../../src/core/cycle/cycle.service';
import { greensPolicy } from './cycle-policy';

const [dataDir, keyFile] = process.argv.slice(2) as [string, string];
const core = createCore({ mode: 'cli', version: '0.0.0-test', dataDir, env: { QUITA_KEY_FILE: keyFile } });
const profileId = core.ctx.activeProfileId();
process.stdout.write('started\n');
const r = await runCycle(core.ctx, core.dispatch, profileId, 'cli', {
  runFeeds: async () => [],
  applySendPolicy: greensPolicy(core.dispatch),
  settle: async () => undefined,
});
process.stdout.write(`${JSON.stringify({ busy: r.busy, state: r.cycle?.state })}\n`);
await core.close();
