import { resolve } from 'node:path';
import type { CycleRecord } from '../../shared/contract/cycle';
import { todayInBrasilia } from '../../shared/dates';
import { isAppError, type Core } from '../../core';
import type { Say } from '../i18n';
import { runCommand } from '../run-command';
import { UsageError, type Subcommand } from '../types';
import { systemdUnits, windowsTaskXml } from './os-schedule';

const clock = (iso: string, say: Say) =>
  new Intl.DateTimeFormat(say.locale, {
    timeZone: 'America/Sao_Paulo',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

/**
 * What a cycle did, in Início's words ("Ciclo das 8:30: 23 Pix lidos de Itaú, 19 recebíveis enviados pela regra de
 * envio 3 (19 confirmados), 4 para você decidir."), then each step that failed and whether the send rule is off.
 */
export function cycleText(c: CycleRecord, logFile: string, say: Say): string {
  const s = c.summary;
  const parts: string[] = [];
  for (const f of s?.feeds ?? [])
    if (!f.error) parts.push(say.t('cycle.feed', { count: f.added, label: f.label }));
  if (s?.filesImported) parts.push(say.t('cycle.imported', { count: s.filesImported }));
  if (s?.filesRefused) parts.push(say.t('cycle.refused', { count: s.filesRefused }));
  if (s?.filesWaiting) parts.push(say.t('cycle.waitingFiles', { count: s.filesWaiting }));
  if (s && s.policyVersion !== null)
    parts.push(
      say.t('cli.run.sentByRule', {
        count: s.sent,
        version: s.policyVersion,
        confirmed: say.t('cli.run.confirmed', { count: s.confirmed }),
      }),
    );
  if (s && s.toDecide !== null) parts.push(say.t('cycle.toDecide', { count: s.toDecide }));
  const lines = [
    say.t('cli.run.cycle', {
      time: clock(c.startedAt, say),
      parts: parts.length ? parts.join(', ') : say.t('cycle.nothingNew'),
    }),
  ];
  for (const step of c.steps.filter((x) => x.state === 'failed'))
    lines.push(say.t('cli.run.stepFailed', { step: say.t(`cycle.step.${step.step}`), log: logFile }));
  if (s?.policyVersion === null) lines.push(say.t('cli.run.policyOff'));
  return lines.join('\n');
}

async function branchSchedule(core: Core, say: Say) {
  try {
    return (await runCommand(core, 'cycle.schedule', {})).schedule;
  } catch (e) {
    if (isAppError(e) && e.code === 'profile.none') throw new UsageError(say.t('cli.run.noBranch'));
    throw e;
  }
}

/**
 * `quita run --cycle`: one automatic cycle of the active branch, for the operating system's scheduler;
 * `quita run --print-schedule windows|systemd`: the scheduler's entry for the branch's schedule.
 */
export const runCommandCli: Subcommand = {
  name: 'run',
  options: {
    cycle: { type: 'boolean', default: false },
    'print-schedule': { type: 'string' },
  },
  async run(values, positionals, core, { say }) {
    if (positionals.length > 0) throw new UsageError(say.t('cli.run.noArguments'));
    const print = values['print-schedule'];
    if (values.cycle === true && print !== undefined) throw new UsageError(say.t('cli.run.both'));
    if (typeof print === 'string') {
      if (print !== 'windows' && print !== 'systemd') throw new UsageError(say.t('cli.run.badSchedule'));
      const schedule = await branchSchedule(core, say);
      const command = [
        process.execPath,
        resolve(process.argv[1] ?? 'bin/quita.mjs'),
        '--data-dir',
        core.dataDir,
        'run',
        '--cycle',
      ];
      if (print === 'windows') {
        const xml = windowsTaskXml(command, schedule, todayInBrasilia());
        return { json: { windows: xml }, text: xml };
      }
      const units = systemdUnits(command, schedule);
      return {
        json: units,
        text: [
          '# ~/.config/systemd/user/quita-cycle.service',
          units.service,
          '# ~/.config/systemd/user/quita-cycle.timer',
          units.timer,
          say.t('cli.run.systemdThen'),
        ].join('\n'),
      };
    }
    if (values.cycle !== true) throw new UsageError(say.t('cli.run.what'));
    const r = await runCommand(core, 'cycle.run', { trigger: 'cli' });
    if (r.busy || !r.cycle) return { json: r, text: say.t('cli.run.busy') };
    // A step that failed is said in the text and recorded for Início; the exit code tells the system's scheduler
    // too (Task Scheduler's "last run result", systemd's failed unit), so whoever watches it sees the same.
    const failed = r.cycle.steps.some((s) => s.state === 'failed');
    return { json: r, text: cycleText(r.cycle, core.logFile, say), exitCode: failed ? 1 : 0 };
  },
};
