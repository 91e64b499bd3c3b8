/**
 * `npm run bench -- sandbox`: how long the sandbox takes to make its data (every test that starts a sandbox pays it),
 * printed, not asserted: the unit tests that once timed it (800 members under 2 s, a 20-branch network under 4 s)
 * failed on a slower machine, and a test never depends on the machine's load. CPU and wall time, medians of 5.
 */
import { generateSandboxData } from '../../src/sandbox';

const TODAY = '2026-07-15';
const cases = [
  { name: '800 members', make: () => generateSandboxData({ seed: 9, members: 800, today: TODAY }) },
  {
    name: '20 branches, 350 members each',
    make: () => generateSandboxData({ seed: 3, today: TODAY, members: 350, network: { branches: 20 } }),
  },
];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log('Sandbox data generation, medians of 5 (CPU ms / wall ms)');
for (const c of cases) {
  const cpu: number[] = [];
  const wall: number[] = [];
  let receivables = 0;
  for (let i = 0; i < 5; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    receivables = c.make().receivables.length;
    wall.push(performance.now() - t0);
    const u = process.cpuUsage(c0);
    cpu.push((u.user + u.system) / 1000);
  }
  console.log(
    `${c.name.padEnd(32)} ${median(cpu).toFixed(0)} / ${median(wall).toFixed(0)} ms, ${receivables.toLocaleString('en')} receivables`,
  );
}
