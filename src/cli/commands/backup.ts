import { runCommand } from '../run-command';
import { UsageError, type Subcommand } from '../types';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export const backupCommand: Subcommand = {
  name: 'backup',
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
