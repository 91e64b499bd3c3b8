import { resolve } from 'node:path';
import type { CycleRecord, CycleStep } from '../../shared/contract/cycle';
import { todayInBrasilia } from '../../shared/dates';
import { isAppError, type Core } from '../../core';
import { runCommand } from '../run-command';
import { UsageError, type Subcommand } from '../types';
import { systemdUnits, windowsTaskXml } from './os-schedule';

const STEP_PT: Record<CycleStep, string> = {
  sync: 'sincronizar com o sistema da academia',
  feeds: 'ler os Pix no banco',
  intake: 'ler a pasta de entrada',
  match: 'conciliar',
  policy: 'aplicar a regra de envio',
  send: 'enviar ao sistema da academia',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const clock = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

/** What a cycle did, in the clerk's words ("às 8:30: 23 Pix lidos do Itaú, 19 enviados pela regra, 4 para você decidir"). */
export function cycleText(c: CycleRecord, logFile: string): string {
  const s = c.summary;
  const parts: string[] = [];
  for (const f of s?.feeds ?? [])
    if (!f.error) parts.push(`${plural(f.added, 'Pix novo lido', 'Pix novos lidos')} de ${f.label}`);
  if (s && s.filesImported)
    parts.push(plural(s.filesImported, 'arquivo importado da pasta', 'arquivos importados da pasta'));
  if (s && s.filesRefused) parts.push(plural(s.filesRefused, 'arquivo recusado', 'arquivos recusados'));
  if (s && s.filesWaiting)
    parts.push(plural(s.filesWaiting, 'arquivo aguardando você', 'arquivos aguardando você'));
  if (s && s.policyVersion !== null)
    parts.push(
      `${plural(s.sent, 'recebível enviado', 'recebíveis enviados')} pela regra de envio ${s.policyVersion} (${s.confirmed} confirmados)`,
    );
  if (s && s.toDecide !== null) parts.push(`${s.toDecide} para você decidir`);
  const lines = [`Ciclo das ${clock(c.startedAt)}: ${parts.length ? parts.join(', ') : 'nada novo'}.`];
  for (const step of c.steps.filter((x) => x.state === 'failed'))
    lines.push(
      `Não foi possível ${STEP_PT[step.step]}; as outras etapas foram feitas. Detalhes em ${logFile}.`,
    );
  if (s?.policyVersion === null)
    lines.push('A regra de envio automático está desligada: nada foi enviado sem você.');
  return lines.join('\n');
}

async function branchSchedule(core: Core) {
  try {
    return (await runCommand(core, 'cycle.schedule', {})).schedule;
  } catch (e) {
    if (isAppError(e) && e.code === 'profile.none')
      throw new UsageError('nenhuma filial conectada: conecte uma antes (quita connect ou quita demo start)');
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
  async run(values, positionals, core) {
    if (positionals.length > 0) throw new UsageError('quita run takes no file or name');
    const print = values['print-schedule'];
    if (values.cycle === true && print !== undefined)
      throw new UsageError('use --cycle or --print-schedule, not both');
    if (typeof print === 'string') {
      if (print !== 'windows' && print !== 'systemd')
        throw new UsageError('--print-schedule takes windows or systemd');
      const schedule = await branchSchedule(core);
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
          '# Depois: systemctl --user daemon-reload && systemctl --user enable --now quita-cycle.timer',
        ].join('\n'),
      };
    }
    if (values.cycle !== true)
      throw new UsageError('say what to run: --cycle, or --print-schedule windows|systemd');
    const r = await runCommand(core, 'cycle.run', { trigger: 'cli' });
    if (r.busy || !r.cycle)
      return {
        json: r,
        text: 'Outro Quita já está fazendo o ciclo desta filial agora; nada foi feito desta vez.',
      };
    // A step that failed is said in the text and recorded for Início; the exit code tells the system's scheduler
    // too (Task Scheduler's "last run result", systemd's failed unit), so whoever watches it sees the same.
    const failed = r.cycle.steps.some((s) => s.state === 'failed');
    return { json: r, text: cycleText(r.cycle, core.logFile), exitCode: failed ? 1 : 0 };
  },
};
