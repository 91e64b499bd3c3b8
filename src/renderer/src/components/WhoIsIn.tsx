import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canLogout, logout } from '../api/client';
import type { Me } from '../me';

/**
 * [W] Who is logged in on the office server ("ana · Supervisor") and the way out, under the app's name. Only on
 * the server: at a desk of its own nobody logs in, and App does not render this.
 */
export function WhoIsIn({ me }: { me: Me }) {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState(false);
  const role = t(`users.role.${me.role}`);
  const name = me.name || me.login;

  // The bridge ends the session and opens the server's login page itself ("Você saiu").
  const leave = async () => {
    setLeaving(true);
    try {
      await logout();
    } finally {
      setLeaving(false);
    }
  };

  return (
    <div className="who-is-in" aria-label={t('shell.whoLabel', { name, login: me.login, role })} role="group">
      {/* Name and role on two lines: the sidebar is narrow, and neither is cut. */}
      <span className="who-name" title={t('shell.who', { name, role })}>
        <strong>{name}</strong>
        <span className="muted">{role}</span>
      </span>
      {canLogout() && (
        <button type="button" className="who-logout" disabled={leaving} onClick={() => void leave()}>
          {leaving ? t('shell.loggingOut') : t('shell.logout')}
        </button>
      )}
    </div>
  );
}
