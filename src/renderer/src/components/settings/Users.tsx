import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfficeUserDto } from '../../../../shared/contract/users';
import { ROLES, type Role } from '../../../../shared/roles';
import { call, CommandError } from '../../api/client';
import { formatBrasilia } from '../../format';
import { describeError } from '../../i18n';
import { useMe } from '../../me';
import { PasswordField } from './PasswordField';

/** Where the sentence is said: under the part of the panel the administrator just used. */
type Where = 'list' | 'add';
type Status = { tone: 'ok' | 'error'; text: string; at: Where } | null;

const describe = (e: unknown) => (e instanceof CommandError ? describeError(e.info) : String(e));

/**
 * Configurações → Usuários ([W]): the office server's users — login, name, role (changed in place), whether they
 * may log in, their last login — a form to add one, and an administrator's "Redefinir senha". Shown to an
 * administrator on the server only (SettingsScreen decides); the core refuses every one of these commands to
 * anyone else whatever is shown.
 */
export function Users() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const [users, setUsers] = useState<OfficeUserDto[] | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<string | null>(null);

  useEffect(() => {
    call('users.list', {}).then(setUsers, (e: unknown) =>
      setStatus({ tone: 'error', text: describe(e), at: 'list' }),
    );
  }, []);

  if (!users) return status ? <p className="status error">{status.text}</p> : null;

  const roleText = (r: Role) => t(`users.role.${r}`);
  /** Runs one change; the user it returns replaces the shown one (or joins the list), and its sentence is said. */
  const change = async (at: Where, f: () => Promise<OfficeUserDto>, said: (u: OfficeUserDto) => string) => {
    if (busy) return false;
    setBusy(true);
    setStatus(null);
    try {
      const u = await f();
      setUsers((list) => {
        const rest = (list ?? []).filter((x) => x.login !== u.login);
        return [...rest, u].sort((a, b) => a.login.localeCompare(b.login));
      });
      setStatus({ tone: 'ok', text: said(u), at });
      return true;
    } catch (e) {
      setStatus({ tone: 'error', text: describe(e), at });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const statusAt = (at: Where) =>
    status?.at === at && (
      <p role={status.tone === 'error' ? 'alert' : 'status'} className={`status ${status.tone}`}>
        {status.text}
      </p>
    );

  return (
    <section className="card users" aria-labelledby="users-title">
      <h2 id="users-title">{t('users.list.title')}</h2>
      <p className="muted">{t('users.list.explain')}</p>
      <table className="table users-table">
        <caption className="visually-hidden">{t('users.list.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('users.list.login')}</th>
            <th scope="col">{t('users.list.name')}</th>
            <th scope="col">{t('users.list.role')}</th>
            <th scope="col">{t('users.list.active')}</th>
            <th scope="col">{t('users.list.lastLogin')}</th>
            <th scope="col">{t('users.list.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => {
            // One's own role and access are another administrator's to change: the office never locks itself out
            // by a slip (the core also refuses leaving no active administrator).
            const self = u.login === me?.login;
            return (
              <tr key={u.login} className={u.active ? undefined : 'inactive'}>
                <td>
                  {u.login} {self && <span className="muted">{t('users.list.you')}</span>}
                </td>
                <td>{u.name}</td>
                <td>
                  <select
                    aria-label={t('users.list.roleLabel', { login: u.login })}
                    value={u.role}
                    disabled={self}
                    title={self ? t('users.list.selfRole') : undefined}
                    onChange={(e) => {
                      const role = e.target.value as Role;
                      void change(
                        'list',
                        () => call('users.update', { login: u.login, role }),
                        (v) => t('users.list.roleChanged', { name: v.name, role: roleText(v.role) }),
                      );
                    }}
                  >
                    {ROLES.map((r) => (
                      <option key={r} value={r}>
                        {roleText(r)}
                      </option>
                    ))}
                  </select>
                </td>
                <td>{u.active ? t('users.active') : t('users.inactive')}</td>
                <td>
                  {u.lastLoginAt ? formatBrasilia(u.lastLoginAt, i18n.language) : t('users.neverLoggedIn')}
                </td>
                <td>
                  <span className="actions">
                    <button
                      type="button"
                      disabled={self}
                      title={self ? t('users.list.selfRole') : undefined}
                      aria-label={t(u.active ? 'users.list.deactivateLabel' : 'users.list.activateLabel', {
                        login: u.login,
                      })}
                      onClick={() =>
                        void change(
                          'list',
                          () => call('users.update', { login: u.login, active: !u.active }),
                          (v) =>
                            t(v.active ? 'users.list.activated' : 'users.list.deactivated', {
                              login: v.login,
                              name: v.name,
                            }),
                        )
                      }
                    >
                      {u.active ? t('users.list.deactivate') : t('users.list.activate')}
                    </button>
                    <button
                      type="button"
                      aria-label={t('users.list.resetLabel', { login: u.login })}
                      aria-expanded={resetting === u.login}
                      onClick={() => setResetting(resetting === u.login ? null : u.login)}
                    >
                      {t('users.list.reset')}
                    </button>
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {resetting && (
        <ResetPassword
          key={resetting}
          login={resetting}
          busy={busy}
          onCancel={() => setResetting(null)}
          onSave={async (password) => {
            const ok = await change(
              'list',
              () => call('users.setPassword', { login: resetting, password }),
              (v) => t('users.reset.done', { login: v.login }),
            );
            if (ok) setResetting(null);
          }}
          onMismatch={() => setStatus({ tone: 'error', text: t('users.password.mismatch'), at: 'list' })}
        />
      )}
      {statusAt('list')}
      {adding ? (
        <AddUser
          busy={busy}
          onCancel={() => setAdding(false)}
          onMismatch={() => setStatus({ tone: 'error', text: t('users.password.mismatch'), at: 'add' })}
          onAdd={async (u) => {
            const ok = await change(
              'add',
              () => call('users.add', u),
              (v) => t('users.add.added', { name: v.name, login: v.login, role: roleText(v.role) }),
            );
            if (ok) setAdding(false);
          }}
        />
      ) : (
        <button type="button" onClick={() => setAdding(true)}>
          {t('users.add.open')}
        </button>
      )}
      {statusAt('add')}
    </section>
  );
}

/** A new password typed twice: the two must agree before anything is sent. */
function ResetPassword({
  login,
  busy,
  onSave,
  onCancel,
  onMismatch,
}: {
  login: string;
  busy: boolean;
  onSave: (password: string) => Promise<void>;
  onCancel: () => void;
  onMismatch: () => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password !== confirm) onMismatch();
    else void onSave(password);
  };
  return (
    <form className="users-form" aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h3 id={`${id}-title`} style={{ gridColumn: '1 / -1', margin: 0 }}>
        {t('users.reset.title', { login })}
      </h3>
      <PasswordField label={t('users.reset.password')} value={password} onChange={setPassword} />
      <PasswordField label={t('users.reset.confirm')} value={confirm} onChange={setConfirm} />
      <span className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {t('users.reset.submit')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('users.reset.cancel')}
        </button>
      </span>
    </form>
  );
}

/** Login, name, role and a first password typed twice. */
function AddUser({
  busy,
  onAdd,
  onCancel,
  onMismatch,
}: {
  busy: boolean;
  onAdd: (u: { login: string; name: string; role: Role; password: string }) => Promise<void>;
  onCancel: () => void;
  onMismatch: () => void;
}) {
  const { t } = useTranslation();
  const [login, setLogin] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('conferente');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password !== confirm) onMismatch();
    else void onAdd({ login, name, role, password });
  };
  return (
    <form className="users-form" aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h3 id={`${id}-title`} style={{ gridColumn: '1 / -1', margin: 0 }}>
        {t('users.add.title')}
      </h3>
      <label className="field">
        <span>{t('users.add.login')}</span>
        <input
          required
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-login-hint`}
          value={login}
          onChange={(e) => setLogin(e.target.value)}
        />
      </label>
      <label className="field">
        <span>{t('users.add.name')}</span>
        <input required autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="field">
        <span>{t('users.add.role')}</span>
        <select value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`users.role.${r}`)}
            </option>
          ))}
        </select>
      </label>
      <p id={`${id}-login-hint`} className="muted" style={{ gridColumn: '1 / -1', margin: 0 }}>
        {t('users.add.loginHint')}
      </p>
      <PasswordField label={t('users.add.password')} value={password} onChange={setPassword} />
      <PasswordField label={t('users.add.confirm')} value={confirm} onChange={setConfirm} />
      <span className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {t('users.add.submit')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('users.add.cancel')}
        </button>
      </span>
    </form>
  );
}
