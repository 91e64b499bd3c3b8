/**
 * [U] item 4: `quita run --cycle` (what the operating system's scheduler starts) and the scheduler entries it
 * prints, through the real bin on a real data folder connected to the sandbox over loopback.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox';
import { quitaCli } from '../helpers/cli';
import { testSandbox, TO_RECONCILE } from '../helpers/sandbox';
import { englishWords } from '../helpers/clerk-text';
import { tempDir } from '../helpers/tmp';

const tmp = tempDir();
const dataDir = join(tmp.dir, 'data');
const quita = quitaCli(dataDir, { QUITA_KEY_FILE: join(tmp.dir, 'keys', 'master.key') });
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await testSandbox(TO_RECONCILE);
  const r = await quita(
    ['connect', '--base-url', sandbox.url, '--username', sandbox.username, '--key-kind', 'branch'],
    { QUITA_PASSWORD: sandbox.branchKey },
  );
  expect(r.code).toBe(0);
}, 60_000);
afterAll(async () => {
  await sandbox.close();
  tmp.cleanup();
});

describe('quita run', () => {
  it('--cycle runs one cycle and says what it did in Portuguese, without codes or JSON', async () => {
    const r = await quita(['run', '--cycle']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Ciclo das \d{1,2}:\d{2}: /);
    expect(r.stdout).toContain('para você decidir');
    expect(r.stdout).toContain('A regra de envio automático está desligada: nada foi enviado sem você.');
    expect(r.stdout).not.toMatch(/[{}]|cycle\.|intake\./);
    expect(englishWords(r.stdout)).toEqual([]);
    const en = await quita(['--lang', 'en', 'run', '--cycle']);
    expect(en.code).toBe(0);
    expect(en.stdout).toMatch(/^Cycle at \d{1,2}:\d{2} (AM|PM): .*for you to decide\./);
    expect(en.stdout).toContain('The automatic send rule is off: nothing was sent without you.');
    const j = await quita(['run', '--cycle', '--json']);
    const out = JSON.parse(j.stdout) as {
      busy: boolean;
      cycle: { state: string; trigger: string; steps: { step: string }[] };
    };
    expect(out.busy).toBe(false);
    expect(out.cycle.trigger).toBe('cli');
    expect(out.cycle.state).toBe('done');
    expect(out.cycle.steps.map((s) => s.step)).toEqual([
      'sync',
      'feeds',
      'intake',
      'match',
      'policy',
      'send',
    ]);
  }, 60_000);

  it('--cycle with a step that failed: said in one sentence, the other steps done, exit code 1 for the scheduler', async () => {
    sandbox.setFaults({ errorRate: 1 });
    try {
      const r = await quita(['run', '--cycle']);
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/^Ciclo das \d{1,2}:\d{2}: /);
      expect(r.stdout).toMatch(/Não foi possível [^;]+; as outras etapas foram feitas\./);
      expect(r.stdout).not.toMatch(/[{}]|cycle\.|sync\./);
      // Início's name of the step.
      expect(r.stdout).toMatch(
        /^Não foi possível sincronizar; as outras etapas foram feitas\. Detalhes em .*quita\.log\.$/m,
      );
    } finally {
      sandbox.setFaults({});
    }
  }, 120_000);

  it('--print-schedule windows gives a Task Scheduler task on the branch schedule (Mon–Fri 07–19, Sat 07–13, every 30 min)', async () => {
    const r = await quita(['run', '--print-schedule', 'windows']);
    expect(r.code).toBe(0);
    const xml = r.stdout;
    expect(xml).toContain('<Task version="1.2"');
    expect(xml.match(/<CalendarTrigger>/g)).toHaveLength(2);
    expect(xml).toContain(
      '<DaysOfWeek><Monday /><Tuesday /><Wednesday /><Thursday /><Friday /></DaysOfWeek>',
    );
    expect(xml).toContain('<DaysOfWeek><Saturday /></DaysOfWeek>');
    expect(xml).toMatch(/<StartBoundary>\d{4}-\d{2}-\d{2}T07:00:00-03:00<\/StartBoundary>/);
    expect(xml.match(/<Interval>PT30M<\/Interval>/g)).toHaveLength(2);
    expect(xml).toContain('<Duration>PT721M</Duration>'); // 07:00 to 19:00 included
    expect(xml).toContain('<MultipleInstancesPolicy>IgnoreNew</MultipleInstancesPolicy>');
    expect(xml).toMatch(/<Arguments>.*--data-dir .*data run --cycle<\/Arguments>/);
  });

  it('--print-schedule systemd gives a user service and a timer with one calendar line per slot, in Brasília time', async () => {
    const r = await quita(['run', '--print-schedule', 'systemd']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('# ~/.config/systemd/user/quita-cycle.service');
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe(
      '# Depois: systemctl --user daemon-reload && systemctl --user enable --now quita-cycle.timer',
    );
    // The units themselves are the same whatever the language (--json carries them byte for byte).
    const en = await quita(['--lang', 'en', 'run', '--print-schedule', 'systemd', '--json']);
    expect(en.stdout).toBe((await quita(['run', '--print-schedule', 'systemd', '--json'])).stdout);
    expect(r.stdout).toMatch(/ExecStart=.* run --cycle/);
    const lines = r.stdout.split('\n').filter((l) => l.startsWith('OnCalendar='));
    expect(lines.filter((l) => l.startsWith('OnCalendar=Mon,Tue,Wed,Thu,Fri '))).toHaveLength(25);
    expect(lines.filter((l) => l.startsWith('OnCalendar=Sat '))).toHaveLength(13);
    expect(lines[0]).toBe('OnCalendar=Mon,Tue,Wed,Thu,Fri *-*-* 07:00:00 America/Sao_Paulo');
    expect(lines).toContain('OnCalendar=Sat *-*-* 13:00:00 America/Sao_Paulo');
  });

  it('refuses a wrong use with its usage, in a sentence', async () => {
    const r = await quita(['run', '--print-schedule', 'cron']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('quita: --print-schedule aceita windows ou systemd\nVeja quita run --help.\n');
    const en = await quita(['--lang', 'en', 'run']);
    expect(en.code).toBe(2);
    expect(en.stderr).toMatch(/^quita: say what to run: --cycle, or --print-schedule windows\|systemd\n/);
  });
});
