import { BLOCKING_NOTICES } from '../../shared/contract/connection';
import type { Say } from '../i18n';
import { runCommand } from '../run-command';
import { UsageError, type Subcommand } from '../types';
import { checkInput, choiceOf, failure } from './words';

/** --key-kind's names: the core's, and the clerk's ("unidade", "administrador"). */
const KEY_KIND_NAMES = {
  branch: ['unidade', 'filial'],
  admin: ['administrador', 'administrador geral', 'adm'],
} as const;

/** A connection test's remark in one sentence of the clerk's language ('' for one the CLI does not word). */
function noticeText(say: Say, n: { code: string; params?: Record<string, string | number> | undefined }) {
  const key = `cli.connect.notice.${n.code.replace(/^connection\./, '')}`;
  return n.code.startsWith('connection.') ? say.t(key, { ...n.params, defaultValue: '' }) : '';
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
    const { say } = io;
    const baseUrl = v['base-url'];
    const username = v.username;
    if (typeof baseUrl !== 'string' || typeof username !== 'string')
      throw new UsageError(say.t('cli.connect.missing'));
    const keyKind = typeof v['key-kind'] === 'string' ? choiceOf(v['key-kind'], KEY_KIND_NAMES) : undefined;
    if (!keyKind) throw new UsageError(say.t('cli.connect.badKeyKind'));
    let password: string | undefined;
    if (v['password-stdin'] === true) {
      if (!io.readStdin) throw new UsageError(say.t('cli.connect.noStdin'));
      password = (await io.readStdin()).replace(/\r?\n$/, '');
    } else {
      password = io.env.QUITA_PASSWORD;
    }
    if (!password) throw new UsageError(say.t('cli.connect.noKey'));
    const creds = { baseUrl, username, password, keyKind };
    const name = typeof v.name === 'string' ? v.name : username;
    // What the connection form refuses, refused here too and in its words, before anything is sent.
    const invalid = (option: string, key: string) => () =>
      say.t('cli.connect.invalid', { option, reason: say.t(`connection.invalid.${key}`) });
    checkInput(
      'profiles.save',
      { ...creds, name },
      {
        baseUrl: invalid('--base-url', 'baseUrl'),
        username: invalid('--username', 'username'),
        password: () => say.t('cli.connect.badKey'),
        name: invalid('--name', 'name'),
      },
    );
    // Nothing is saved unless the API accepts the key.
    const test = await runCommand(core, 'connection.test', creds);
    // The screen stops here and asks; the CLI's answer is --anyway, audited the same way (savedDespite).
    const blocking = test.notices.find((n) => BLOCKING_NOTICES.includes(n.code));
    if (blocking && v.anyway !== true)
      throw failure('validation', say.t('cli.connect.notSaved', { notice: noticeText(say, blocking) }));
    const profile = await runCommand(core, 'profiles.save', {
      ...creds,
      name,
      ...(blocking ? { savedDespite: blocking.code } : {}),
    });
    const connected = say.t('cli.connect.connected', {
      host: profile.baseUrl,
      username: profile.username,
      kind: say.t(`cli.profiles.kind.${profile.keyKind}`),
      accounts: say.t('cli.connect.accounts', { count: test.bankAccounts }),
      name: profile.name,
    });
    return {
      json: { profile, bankAccounts: test.bankAccounts, notices: test.notices },
      text: [connected, ...test.notices.map((n) => noticeText(say, n)).filter(Boolean)].join('\n'),
    };
  },
};
