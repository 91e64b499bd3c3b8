import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { call, CommandError } from '../../api/client';
import { describeError } from '../../i18n';
import type { Me } from '../../me';
import { PasswordField } from './PasswordField';

/**
 * Configurações → Minha conta ([W]): who is logged in on the office server, and "Minha senha" for everyone, whatever
 * their role — the current password, the new one twice. The core then ends every session of this person, so the
 * sentence says to log in again and offers the way (the page reloads onto the server's login).
 */
export function MyAccount({ me }: { me: Me }) {
  const { t } = useTranslation();
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [changed, setChanged] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (next !== confirm) {
      setStatus({ tone: 'error', text: t('users.password.mismatch') });
      return;
    }
    setBusy(true);
    setStatus(null);
    try {
      await call('users.changePassword', { current, next });
      setCurrent('');
      setNext('');
      setConfirm('');
      setChanged(true);
      setStatus({ tone: 'ok', text: t('users.password.changed') });
    } catch (err) {
      setStatus({ tone: 'error', text: err instanceof CommandError ? describeError(err.info) : String(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card my-account" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('users.me.title')}</h2>
      <p>
        {t('users.me.who', { name: me.name || me.login, login: me.login, role: t(`users.role.${me.role}`) })}
      </p>
      <form className="users-form" aria-labelledby={`${id}-password`} onSubmit={(e) => void submit(e)}>
        <h3 id={`${id}-password`} style={{ gridColumn: '1 / -1', margin: 0 }}>
          {t('users.password.title')}
        </h3>
        <PasswordField label={t('users.password.current')} value={current} onChange={setCurrent} current />
        <PasswordField label={t('users.password.next')} value={next} onChange={setNext} />
        <PasswordField label={t('users.password.confirm')} value={confirm} onChange={setConfirm} />
        <span className="actions">
          <button type="submit" className="primary" disabled={busy || changed}>
            {t('users.password.submit')}
          </button>
        </span>
      </form>
      {status && (
        <p role={status.tone === 'error' ? 'alert' : 'status'} className={`status ${status.tone}`}>
          {status.text}
        </p>
      )}
      {changed && (
        <button type="button" className="primary" onClick={() => window.location.reload()}>
          {t('users.password.loginAgain')}
        </button>
      )}
    </section>
  );
}
