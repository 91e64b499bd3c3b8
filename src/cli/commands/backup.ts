import { runCommand } from '../run-command';
import { UsageError, type Subcommand } from '../types';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export const backupCommand: Subcommand = {
  name: 'backup',
  summary: 'Back up the branch database now, or list its backups',
  usage: 'quita backup [--list] [--json]',
  options: { list: { type: 'boolean', default: false } },
  async run(v, _p, core) {
    if (v.list === true) {
      const r = await runCommand(core, 'db.backups', {});
      const lines = r.backups.length
        ? r.backups.map((b) => `${b.name}  ${b.reason}  ${mb(b.bytes)}`)
        : ['No backups yet.'];
      return { json: r, text: [`Backups in ${r.folder} (newest first):`, ...lines].join('\n') };
    }
    const b = await runCommand(core, 'db.backup', {});
    return { json: b, text: `Backed up: ${b.name} (${mb(b.bytes)}).` };
  },
};

export const restoreCommand: Subcommand = {
  name: 'restore',
  summary: 'Put a backup in place of the branch database (the current file is kept aside)',
  usage:
    'quita restore (--latest | NAME) [--json]\n' +
    '  Close the desktop app and any browser mode of this data folder first.\n' +
    '  quita backup --list shows the names.\n' +
    '  The backup is checked first: one of another branch, of a newer Quita, whose audit log was changed, or\n' +
    '  a file that is not a Quita backup is refused, and nothing is changed.',
  options: { latest: { type: 'boolean', default: false } },
  async run(v, positionals, core) {
    const [name, ...extra] = positionals;
    if (extra.length || (name && v.latest === true) || (!name && v.latest !== true))
      throw new UsageError('give --latest or one backup name');
    const r = await runCommand(core, 'db.restore', name ? { name } : { latest: true });
    return {
      json: r,
      text: `Restored ${r.restored.name} (taken ${r.restored.at}).${r.movedAside ? ` The replaced file was kept as ${r.movedAside}.` : ''}`,
    };
  },
};
