import { KEY_KINDS } from '../../shared/constants';
import { BLOCKING_NOTICES } from '../../shared/contract/connection';
import { runCommand } from '../run-command';
import { UsageError, type Subcommand } from '../types';

/** A connection test's remark in one English sentence ('' for one the CLI does not word). */
function noticeText(n: { code: string; params?: Record<string, string | number> | undefined }): string {
  if (n.code === 'connection.key_sees_branches')
    return `Warning: this key sees ${n.params?.count} branches (${n.params?.branches}); it looks like a general-administrator key, not a branch key.`;
  if (n.code === 'connection.key_not_guid')
    return 'Note: the key is not shaped like an integration key (a GUID), but the API accepted it.';
  return '';
}

export const connectCommand: Subcommand = {
  name: 'connect',
  options: {
    'base-url': { type: 'string' },
    username: { type: 'string' },
    'key-kind': { type: 'string' },
    name: { type: 'string' },
    'password-stdin': { type: 'boolean', default: false },
    anyway: { type: 'boolean', default: false },
  },
  async run(v, _p, core, io) {
    const baseUrl = v['base-url'];
    const username = v.username;
    const keyKind = v['key-kind'];
    if (typeof baseUrl !== 'string' || typeof username !== 'string')
      throw new UsageError('--base-url and --username are required');
    if (typeof keyKind !== 'string' || !(KEY_KINDS as readonly string[]).includes(keyKind)) {
      throw new UsageError('--key-kind must be branch or admin');
    }
    let password: string | undefined;
    if (v['password-stdin'] === true) {
      if (!io.readStdin) throw new UsageError('--password-stdin needs a standard input');
      password = (await io.readStdin()).replace(/\r?\n$/, '');
    } else {
      password = io.env.QUITA_PASSWORD;
    }
    if (!password) throw new UsageError('no key given: set QUITA_PASSWORD or pipe it with --password-stdin');
    const creds = { baseUrl, username, password, keyKind: keyKind as 'branch' | 'admin' };
    // Nothing is saved unless the API accepts the key.
    const test = await runCommand(core, 'connection.test', creds);
    const name = typeof v.name === 'string' ? v.name : username;
    // The screen stops here and asks; the CLI's answer is --anyway, audited the same way (savedDespite).
    const blocking = test.notices.find((n) => BLOCKING_NOTICES.includes(n.code));
    if (blocking && v.anyway !== true)
      throw new Error(`${noticeText(blocking)} Nothing was saved; to save it anyway, add --anyway.`);
    const profile = await runCommand(core, 'profiles.save', {
      ...creds,
      name,
      ...(blocking ? { savedDespite: blocking.code } : {}),
    });
    return {
      json: { profile, bankAccounts: test.bankAccounts, notices: test.notices },
      text: `Connected to ${profile.baseUrl} as ${profile.username} (${profile.keyKind} key): ${test.bankAccounts} bank account(s). Profile ${profile.id} is now active.${test.notices
        .map(noticeText)
        .filter(Boolean)
        .map((text) => `\n${text}`)
        .join('')}`,
    };
  },
};
