import type { Say } from '../i18n';
import { runCommand } from '../run-command';
import { UsageError, type Subcommand } from '../types';
import { checkInput } from './words';

/** "1,4 MB", as Configurações → Cópias de segurança says a size. */
const size = (say: Say, bytes: number) =>
  say.t('backups.size', {
    mb: new Intl.NumberFormat(say.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
      bytes / 1024 / 1024,
    ),
  });

export const backupCommand: Subcommand = {
  name: 'backup',
  options: { list: { type: 'boolean', default: false } },
  async run(v, _p, core, { say }) {
    if (v.list === true) {
      const r = await runCommand(core, 'db.backups', {});
      const reason = (b: { reason: string }) =>
        say.t(`backups.reason.${b.reason}`, { defaultValue: b.reason });
      const width = Math.max(0, ...r.backups.map((b) => reason(b).length));
      const nameWidth = Math.max(0, ...r.backups.map((b) => b.name.length));
      const lines = r.backups.length
        ? r.backups.map(
            (b) =>
              `${b.name.padEnd(nameWidth)}  ${say.dateTime(b.at)}  ${reason(b).padEnd(width)}  ${size(say, b.bytes)}`,
          )
        : [say.t('backups.none')];
      return { json: r, text: [say.t('cli.backup.listTitle', { folder: r.folder }), ...lines].join('\n') };
    }
    const b = await runCommand(core, 'db.backup', {});
    return { json: b, text: say.t('cli.backup.done', { name: b.name, size: size(say, b.bytes) }) };
  },
};

export const restoreCommand: Subcommand = {
  name: 'restore',
  options: { latest: { type: 'boolean', default: false } },
  async run(v, positionals, core, { say }) {
    const [name, ...extra] = positionals;
    if (extra.length || (name && v.latest === true) || (!name && v.latest !== true))
      throw new UsageError(say.t('cli.restore.usage'));
    const input = name ? { name } : { latest: true };
    checkInput('db.restore', input, { name: () => say.t('cli.restore.badName', { name }) });
    const r = await runCommand(core, 'db.restore', input);
    const lines = [say.t('backups.restored', { when: say.dateTime(r.restored.at) })];
    if (r.movedAside) lines.push(say.t('cli.restore.movedAside', { file: r.movedAside }));
    return { json: r, text: lines.join('\n') };
  },
};
