import { copyFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { runCommand } from '../run-command';
import { UsageError, type Subcommand } from '../types';

export const demoCommand: Subcommand = {
  name: 'demo',
  options: { format: { type: 'string' }, account: { type: 'string' }, out: { type: 'string' } },
  async run(v, positionals, core, { say }) {
    const [action] = positionals;
    if (action === 'start') {
      const profile = await runCommand(core, 'demo.start', {});
      return {
        json: profile,
        text: say.t('cli.demo.started', { name: profile.name, url: profile.baseUrl }),
      };
    }
    if (action === 'statement') {
      const format = v.format ?? 'ofx';
      if (format !== 'ofx' && format !== 'csv' && format !== 'xlsx')
        throw new UsageError(say.t('cli.demo.badFormat'));
      const account = v.account === undefined ? undefined : Number(v.account);
      if (account !== undefined && !Number.isInteger(account))
        throw new UsageError(say.t('cli.demo.badAccount'));
      const st = await runCommand(core, 'demo.sampleStatement', {
        format,
        ...(account ? { bankAccountId: account } : {}),
      });
      const path = typeof v.out === 'string' ? resolve(v.out) : st.path;
      if (path !== st.path) {
        copyFileSync(st.path, path);
        // The sandbox's answer key goes with the statement (which receivables each line pays), as the README says.
        if (existsSync(`${st.path}.truth.json`)) copyFileSync(`${st.path}.truth.json`, `${path}.truth.json`);
      }
      // The account by its name once synced (before the first sync the cache has none: its number).
      const { accounts } = await runCommand(core, 'cache.bankAccounts', {});
      const name = accounts.find((a) => a.id === st.bankAccountId)?.description;
      return {
        json: { ...st, path },
        text: say.t('cli.demo.wrote', {
          path,
          lines: say.t('importing.nLines', { count: st.lines }),
          account: name || say.t('cli.import.accountNumber', { id: st.bankAccountId }),
          from: say.date(st.from),
          to: say.date(st.to),
        }),
      };
    }
    throw new UsageError(say.t('cli.demo.badAction'));
  },
};
