import { copyFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { runCommand } from '../run-command';
import { UsageError, type Subcommand } from '../types';

export const demoCommand: Subcommand = {
  name: 'demo',
  options: { format: { type: 'string' }, account: { type: 'string' }, out: { type: 'string' } },
  async run(v, positionals, core) {
    const [action] = positionals;
    if (action === 'start') {
      const profile = await runCommand(core, 'demo.start', {});
      return {
        json: profile,
        text: `Demonstration branch ready (profile ${profile.id}, ${profile.baseUrl}). It runs only while this command does; the app starts it on demand.`,
      };
    }
    if (action === 'statement') {
      const format = v.format ?? 'ofx';
      if (format !== 'ofx' && format !== 'csv' && format !== 'xlsx')
        throw new UsageError('--format must be ofx, csv or xlsx');
      const account = v.account === undefined ? undefined : Number(v.account);
      if (account !== undefined && !Number.isInteger(account))
        throw new UsageError('--account must be a bank account id');
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
      return {
        json: { ...st, path },
        text: `Wrote ${path}: ${st.lines} line(s), account ${st.bankAccountId}, ${st.from} to ${st.to}.`,
      };
    }
    throw new UsageError('use quita demo start, or quita demo statement');
  },
};
