// `npm run test:load`: the whole suite (`npm test`) with a CPU hog beside it — one busy process per core, at the
// same priority — so a test that passes only on an idle machine (a fixed sleep standing in for a signal, a
// timeout sized to a fast run) fails here instead of on a busy runner. Prints the suite's own summary.
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

const hogs = Array.from({ length: availableParallelism() }, () =>
  spawn(process.execPath, ['-e', 'for (;;) Math.sqrt(Math.random());'], { stdio: 'ignore' }),
);
console.log(`test:load: ${hogs.length} busy process(es) beside the suite`);
const stop = () => hogs.forEach((h) => h.kill('SIGKILL'));
process.on('exit', stop);
process.on('SIGINT', () => process.exit(130));
const r = spawnSync(process.execPath, ['scripts/test-all.mjs'], { stdio: 'inherit' });
stop();
process.exit(r.status ?? 1);
