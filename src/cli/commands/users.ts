import { userInfo } from 'node:os';
import {
  AppError,
  moveOfficeToDatabase,
  officePlace,
  openOffice,
  type Office,
  type OfficeUser,
  type Role,
} from '../../core';
import { loginSchema } from '../../shared/contract/users';
import type { Say } from '../i18n';
import { UsageError, type CliContext, type Subcommand } from '../types';
import { choiceOf, failure } from './words';

/** The actions' names: the office IT's Portuguese words, and English ones for scripts and `--lang en`. */
const ACTIONS = {
  listar: ['list'],
  adicionar: ['add'],
  papel: ['role'],
  desativar: ['deactivate', 'disable'],
  ativar: ['activate', 'enable'],
  senha: ['password'],
  token: ['new-token'],
  tokens: ['list-tokens'],
  'revogar-token': ['revoke-token'],
  mover: ['move'],
} as const;

const ROLE_WORDS: Record<Role, readonly string[]> = {
  conferente: ['checker'],
  supervisor: [],
  administrador: ['admin', 'administrator'],
};

/** Who changes users from this machine, for office_audit: the OS user, as the audit log names the CLI's. */
function cliActor(): string {
  let name: string;
  try {
    name = userInfo().username;
  } catch {
    name = process.env.USER ?? process.env.USERNAME ?? 'unknown';
  }
  return `${name} (cli)`;
}

function roleOf(say: Say, value: string | undefined, missing: 'role' | 'newRole'): Role {
  if (value === undefined || value.trim() === '')
    throw new UsageError(say.t(`cli.usuarios.missing.${missing}`));
  const role = choiceOf(value, ROLE_WORDS);
  if (!role) throw new UsageError(say.t('cli.usuarios.badRole', { value }));
  return role;
}

/** The login typed, as the office stores it; one it would refuse is bad usage, said before any password is asked. */
function loginOf(say: Say, value: string | undefined): string {
  if (value === undefined || value.trim() === '') throw new UsageError(say.t('cli.usuarios.missing.login'));
  const parsed = loginSchema.safeParse(value);
  if (!parsed.success) throw new UsageError(say.t('errors.users.bad_login'));
  return parsed.data;
}

/** One line typed without echo on a terminal (raw mode); Ctrl-C or Ctrl-D gives up. */
function promptHidden(prompt: string): Promise<string | null> {
  const stdin = process.stdin;
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve) => {
    let typed = '';
    const finish = (value: string | null) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
      resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish(typed);
        if (ch === '\u0003' || ch === '\u0004') return finish(null);
        if (ch === '\u007f' || ch === '\b') typed = [...typed].slice(0, -1).join('');
        else if (ch >= ' ') typed += ch;
      }
    };
    stdin.on('data', onData);
  });
}

/**
 * The new password: asked twice without echo on a terminal, else the first line of standard input. Never an
 * argument (it would stay in the shell's history and in the process list).
 */
async function readPassword(io: CliContext, login: string): Promise<string> {
  const { say } = io;
  if (process.stdin.isTTY) {
    const first = await promptHidden(say.t('cli.usuarios.prompt', { login }));
    if (!first) throw new UsageError(say.t('cli.usuarios.noPassword'));
    const again = await promptHidden(say.t('cli.usuarios.again'));
    if (again !== first) throw failure('validation', say.t('cli.usuarios.mismatch'));
    return first;
  }
  const line = io.readStdin ? ((await io.readStdin()).split(/\r?\n/)[0] ?? '') : '';
  if (line === '') throw new UsageError(say.t('cli.usuarios.noPassword'));
  return line;
}

function listText(say: Say, users: OfficeUser[]): string {
  if (users.length === 0) return say.t('cli.usuarios.empty');
  const c = (k: string) => say.t(`cli.usuarios.col.${k}`);
  const head = [c('login'), c('name'), c('role'), c('state'), c('lastLogin')];
  const rows = users.map((u) => [
    u.login,
    u.name,
    say.t(`users.role.${u.role}`),
    say.t(u.active ? 'users.active' : 'users.inactive'),
    u.lastLoginAt ? say.dateTime(u.lastLoginAt) : say.t('users.neverLoggedIn'),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [say.t('cli.usuarios.count', { count: users.length }), '', line(head), ...rows.map(line)].join('\n');
}

type TokenRow = Awaited<ReturnType<Office['tokens']>>[number];

function tokensText(say: Say, login: string, list: TokenRow[]): string {
  if (list.length === 0) return say.t('cli.usuarios.noTokens', { login });
  const c = (k: string) => say.t(`cli.usuarios.tokenCol.${k}`);
  const head = [c('id'), c('name'), c('created'), c('lastUsed'), c('state')];
  const rows = list.map((t) => [
    String(t.id),
    t.name || '—',
    say.dateTime(t.createdAt),
    t.lastUsedAt ? say.dateTime(t.lastUsedAt) : say.t('cli.usuarios.tokenNeverUsed'),
    t.revokedAt
      ? say.t('cli.usuarios.tokenRevokedAt', { when: say.dateTime(t.revokedAt) })
      : say.t('cli.usuarios.tokenLive'),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [
    say.t('cli.usuarios.tokenCount', { login, count: list.length }),
    '',
    line(head),
    ...rows.map(line),
  ].join('\n');
}

/**
 * `quita usuarios`: the office server's users, on the server's own machine, straight in `<dataDir>/office.sqlite` or the
 * office's PostgreSQL database (`--banco`, else QUITA_DATABASE_URL: the quita_office schema)
 * (this is how the office's IT creates the first administrator before starting `quita server`).
 */
export const usersCommand: Subcommand = {
  name: 'usuarios',
  options: {
    nome: { type: 'string' },
    papel: { type: 'string' },
    // The office's users in PostgreSQL, as `quita server --banco` (else QUITA_DATABASE_URL); never printed.
    banco: { type: 'string' },
    database: { type: 'string' },
  },
  async run(v, positionals, core, io) {
    const { say } = io;
    const [word, ...args] = positionals;
    const action = word === undefined ? 'listar' : choiceOf(word, ACTIONS);
    if (!action) throw new UsageError(say.t('cli.usuarios.badAction', { action: word }));
    const expect =
      action === 'listar' || action === 'mover'
        ? 0
        : action === 'papel' || action === 'revogar-token'
          ? 2
          : 1;
    if (args.length > expect)
      throw new UsageError(say.t('cli.errors.unexpectedArgument', { value: args[expect] }));

    const url = [v.banco, v.database, io.env.QUITA_DATABASE_URL].find(
      (x): x is string => typeof x === 'string' && x.trim() !== '',
    );
    const withOffice = async <T>(fn: (office: Office) => Promise<T>): Promise<T> => {
      const office = await openOffice(officePlace(core.dataDir, url));
      try {
        return await fn(office);
      } finally {
        await office.close();
      }
    };
    const roleName = (role: Role) => say.t(`users.role.${role}`).toLowerCase();

    if (action === 'mover') {
      // office.sqlite's users into the office's PostgreSQL database (docs/server.md): only with its address.
      if (!url) throw new UsageError(say.t('cli.usuarios.missing.database'));
      const moved = await moveOfficeToDatabase(core.dataDir, url, cliActor());
      return {
        json: moved,
        text: say.t('cli.usuarios.moved', {
          ...moved,
          // Each count with its own noun, in the singular for one ("1 token", not "1 tokens").
          users: say.t('cli.usuarios.nUsers', { count: moved.users }),
          tokens: say.t('cli.usuarios.nTokens', { count: moved.tokens }),
          auditEntries: say.t('cli.usuarios.nEntries', { count: moved.auditEntries }),
        }),
      };
    }
    if (action === 'listar') {
      const users = await withOffice((o) => o.list());
      return { json: users, text: listText(say, users) };
    }
    const login = loginOf(say, args[0]);
    if (action === 'adicionar') {
      const name = typeof v.nome === 'string' ? v.nome : undefined;
      if (name === undefined || name.trim() === '') throw new UsageError(say.t('cli.usuarios.missing.name'));
      const role = roleOf(say, typeof v.papel === 'string' ? v.papel : undefined, 'role');
      const password = await readPassword(io, login);
      const user = await withOffice((o) => o.addUser({ login, name, role, password }, cliActor()));
      return {
        json: user,
        text: say.t('cli.usuarios.added', { login: user.login, name: user.name, role: roleName(user.role) }),
      };
    }
    if (action === 'senha') {
      // Known before the password is asked: nobody types a password for a login that does not exist.
      const known = await withOffice(async (o) => (await o.user(login)) !== null);
      if (!known)
        throw new AppError('not_found', `There is no user ${login} on this server.`, {
          code: 'users.not_found',
          params: { login },
        });
      const password = await readPassword(io, login);
      const user = await withOffice((o) => o.setPassword(login, password, cliActor()));
      return { json: user, text: say.t('cli.usuarios.passwordSet', { login: user.login }) };
    }
    if (action === 'papel') {
      const role = roleOf(say, args[1], 'newRole');
      return withOffice(async (o) => {
        const before = await o.user(login);
        const user = await o.update(login, { role }, cliActor());
        const key = before?.role === role ? 'roleSame' : 'roleChanged';
        return {
          json: user,
          text: say.t(`cli.usuarios.${key}`, { login: user.login, role: roleName(role) }),
        };
      });
    }
    if (action === 'token') {
      const name = typeof v.nome === 'string' ? v.nome : undefined;
      const made = await withOffice((o) => o.createToken(login, name, cliActor()));
      // The token is printed this once (stdout, for a script to keep); the office keeps only its hash.
      return {
        json: { ...made.info, token: made.token },
        text: [say.t('cli.usuarios.tokenMade', { login, id: made.info.id }), made.token].join('\n'),
      };
    }
    if (action === 'tokens') {
      const list = await withOffice((o) => o.tokens(login));
      return { json: list, text: tokensText(say, login, list) };
    }
    if (action === 'revogar-token') {
      const id = Number(args[1]);
      if (args[1] === undefined || !Number.isInteger(id) || id < 1)
        throw new UsageError(say.t('cli.usuarios.missing.tokenId'));
      return withOffice(async (o) => {
        const was = (await o.tokens(login)).find((t) => t.id === id)?.revokedAt ?? null;
        const t = await o.revokeToken(login, id, cliActor());
        const key = was ? 'tokenAlreadyRevoked' : 'tokenRevoked';
        return { json: t, text: say.t(`cli.usuarios.${key}`, { login, id, name: t.name || '—' }) };
      });
    }
    const active = action === 'ativar';
    return withOffice(async (o) => {
      const user = await o.update(login, { active }, cliActor());
      return {
        json: user,
        text: say.t(active ? 'cli.usuarios.activated' : 'cli.usuarios.deactivated', { login }),
      };
    });
  },
};
