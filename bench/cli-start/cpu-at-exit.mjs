// Preloaded by run.ts into each `quita` it starts: the process's own CPU time, written where run.ts reads it.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  writeFileSync(process.env.QUITA_BENCH_CPU_FILE, String((user + system) / 1000));
});
