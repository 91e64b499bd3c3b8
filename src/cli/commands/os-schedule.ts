import type { CycleSchedule } from '../../shared/contract/cycle';

/**
 * Entries for the operating system's scheduler that run `quita run --cycle` on the branch's schedule while the
 * desktop app is closed: a Windows Task Scheduler task (XML for `schtasks /Create /XML`) and a systemd user timer
 * with its service. Pure: the command line and the schedule are given. Times are Brasília's: the Windows task's
 * start boundaries carry the −03:00 offset (Task Scheduler converts them to the machine's zone), the systemd
 * calendar names the America/Sao_Paulo zone.
 *
 * The entries' descriptions are in Portuguese whatever `--lang` says: they are the installed files' content, which
 * `--json` carries byte for byte; only the lines `quita run --print-schedule` writes around them follow the language.
 */

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const SYSTEMD_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** Weekdays grouped by identical office hours: one trigger per group. */
function groups(s: CycleSchedule): { days: number[]; from: string; to: string }[] {
  const out = new Map<string, { days: number[]; from: string; to: string }>();
  s.days.forEach((d, i) => {
    if (!d) return;
    const key = `${d.from}-${d.to}`;
    const g = out.get(key) ?? { days: [], from: d.from, to: d.to };
    g.days.push(i);
    out.set(key, g);
  });
  return [...out.values()];
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Quote one argument for Windows' command line (CommandLineToArgvW rules, enough for paths). */
const winQuote = (a: string) => (/[\s"]/.test(a) ? `"${a.replace(/"/g, '\\"')}"` : a);

/** A task in the Task Scheduler 1.2 schema; `firstDay` is a date (YYYY-MM-DD) the triggers start from. */
export function windowsTaskXml(command: string[], s: CycleSchedule, firstDay: string): string {
  const [program, ...args] = command;
  const triggers = groups(s).map((g) => {
    const span = minutes(g.to) - minutes(g.from);
    const repetition =
      span >= s.everyMinutes
        ? `
      <Repetition>
        <Interval>PT${s.everyMinutes}M</Interval>
        <Duration>PT${span + 1}M</Duration>
        <StopAtDurationEnd>false</StopAtDurationEnd>
      </Repetition>`
        : '';
    return `    <CalendarTrigger>
      <StartBoundary>${firstDay}T${g.from}:00-03:00</StartBoundary>
      <Enabled>${s.enabled}</Enabled>${repetition}
      <ScheduleByWeek>
        <DaysOfWeek>${g.days.map((d) => `<${DAY_NAMES[d]} />`).join('')}</DaysOfWeek>
        <WeeksInterval>1</WeeksInterval>
      </ScheduleByWeek>
    </CalendarTrigger>`;
  });
  return `<?xml version="1.0" encoding="UTF-16"?>
<Task version="1.2" xmlns="http://schemas.microsoft.com/windows/2004/02/mit/task">
  <RegistrationInfo>
    <Description>Quita: ciclo automático (sincronizar, ler extratos e arquivos, conciliar, enviar pela regra)</Description>
  </RegistrationInfo>
  <Triggers>
${triggers.join('\n')}
  </Triggers>
  <Principals>
    <Principal id="Author">
      <LogonType>InteractiveToken</LogonType>
      <RunLevel>LeastPrivilege</RunLevel>
    </Principal>
  </Principals>
  <Settings>
    <MultipleInstancesPolicy>IgnoreNew</MultipleInstancesPolicy>
    <DisallowStartIfOnBatteries>false</DisallowStartIfOnBatteries>
    <StopIfGoingOnBatteries>false</StopIfGoingOnBatteries>
    <StartWhenAvailable>false</StartWhenAvailable>
    <RunOnlyIfNetworkAvailable>true</RunOnlyIfNetworkAvailable>
    <ExecutionTimeLimit>PT1H</ExecutionTimeLimit>
    <Enabled>${s.enabled}</Enabled>
  </Settings>
  <Actions Context="Author">
    <Exec>
      <Command>${xmlEscape(program ?? 'quita')}</Command>
      <Arguments>${xmlEscape(args.map(winQuote).join(' '))}</Arguments>
    </Exec>
  </Actions>
</Task>
`;
}

/** Quote one argument for a systemd ExecStart= line. */
const sdQuote = (a: string) =>
  /[\s"'\\]/.test(a) ? `"${a.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : a;

/** `quita-cycle.service` and `quita-cycle.timer` for `~/.config/systemd/user/`. */
export function systemdUnits(command: string[], s: CycleSchedule): { service: string; timer: string } {
  const calendars = groups(s).flatMap((g) => {
    const times: string[] = [];
    for (let m = minutes(g.from); m <= minutes(g.to); m += s.everyMinutes) times.push(hhmm(m));
    const days = g.days.map((d) => SYSTEMD_DAYS[d]).join(',');
    return times.map((t) => `OnCalendar=${days} *-*-* ${t}:00 America/Sao_Paulo`);
  });
  const service = `[Unit]
Description=Quita: ciclo automático da filial
After=network-online.target

[Service]
Type=oneshot
ExecStart=${command.map(sdQuote).join(' ')}
`;
  const timer = `[Unit]
Description=Quita: ciclo automático no horário da filial

[Timer]
${s.enabled ? calendars.join('\n') : '# A agenda desta filial está desligada: nenhum horário.'}
Persistent=false
Unit=quita-cycle.service

[Install]
WantedBy=timers.target
`;
  return { service, timer };
}
