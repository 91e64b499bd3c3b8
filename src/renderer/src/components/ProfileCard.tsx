import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../shared/contract';
import { call, CommandError } from '../api/client';
import { ConnectionForm } from './ConnectionForm';
import { describeError } from '../i18n';

const DEFAULT_LIMITS = { perSecond: 5, perMinute: 40 };

/** One connection profile: switch to it, test it with its stored key, tune its rate limits, remove it. */
export function ProfileCard({
  profile,
  active,
  onChanged,
}: {
  profile: Profile;
  active: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const ids = { ps: useId(), pm: useId(), na: useId(), nt: useId() };
  const [limits, setLimits] = useState(profile.rateLimit ?? DEFAULT_LIMITS);
  const [notifyAfter, setNotifyAfter] = useState(
    profile.notifyAfterSend ?? { enabled: false, template: t('settings.notifyAfterSend.defaultTemplate') },
  );
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string; notes?: string[] } | null>(
    null,
  );
  /** "Remover" asks first, naming the branch. */
  const [confirmRemove, setConfirmRemove] = useState(false);
  const keepIt = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!confirmRemove) return;
    keepIt.current?.scrollIntoView({ block: 'nearest' });
    keepIt.current?.focus({ preventScroll: true });
  }, [confirmRemove]);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);

  const run = async (fn: () => Promise<string | { text: string; notes: string[] }>) => {
    setBusy(true);
    setMessage(null);
    try {
      const r = await fn();
      setMessage(typeof r === 'string' ? { tone: 'ok', text: r } : { tone: 'ok', ...r });
    } catch (e) {
      setMessage({ tone: 'error', text: e instanceof CommandError ? describeError(e.info) : String(e) });
    } finally {
      setBusy(false);
    }
  };
  const test = () =>
    run(async () => {
      const r = await call('profiles.test', { id: profile.id });
      return {
        text: t('connection.testOk', { count: r.bankAccounts }),
        notes: r.notices.map((n) =>
          t(`connectionCheck.notices.${n.code.replace(/^connection\./, '')}`, n.params ?? {}),
        ),
      };
    });
  const saveNotify = () =>
    run(async () => {
      await call('profiles.save', {
        id: profile.id,
        name: profile.name,
        baseUrl: profile.baseUrl,
        username: profile.username,
        keyKind: profile.keyKind,
        notifyAfterSend: notifyAfter,
      });
      onChanged();
      return t('settings.notifyAfterSend.saved');
    });
  const saveLimits = () =>
    run(async () => {
      await call('profiles.save', {
        id: profile.id,
        name: profile.name,
        baseUrl: profile.baseUrl,
        username: profile.username,
        keyKind: profile.keyKind,
        rateLimit: limits,
      });
      onChanged();
      return t('settings.limitsSaved');
    });
  const act = async (fn: () => Promise<unknown>) => {
    await fn();
    onChanged();
  };
  const remove = async () => {
    setBusy(true);
    setMessage(null);
    try {
      await call('profiles.remove', { id: profile.id });
      setConfirmRemove(false);
      onChanged();
    } catch (e) {
      setMessage({
        tone: 'error',
        text: `${t('profileRemove.failed')} ${e instanceof CommandError ? describeError(e.info) : String(e)}`,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="profile">
      <div>
        <strong>{profile.name}</strong> {active && <span className="badge">{t('settings.active')}</span>}{' '}
        {profile.demo && <span className="badge">{t('settings.demo')}</span>}{' '}
        {!profile.hasSecret && <span className="badge warn">{t('settings.noSecret')}</span>}
        <div className="muted">
          {profile.username} · {profile.demo ? t('settings.localSandbox') : profile.baseUrl} ·{' '}
          {t(`connection.keyKinds.${profile.keyKind}`)}
        </div>
        <div className="field-row limits">
          <div className="field">
            <label htmlFor={ids.ps}>{t('settings.perSecond')}</label>
            <input
              id={ids.ps}
              type="number"
              min={1}
              max={50}
              value={limits.perSecond}
              onChange={(e) => setLimits({ ...limits, perSecond: Number(e.target.value) })}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.pm}>{t('settings.perMinute')}</label>
            <input
              id={ids.pm}
              type="number"
              min={1}
              max={2000}
              value={limits.perMinute}
              onChange={(e) => setLimits({ ...limits, perMinute: Number(e.target.value) })}
            />
          </div>
          <button type="button" onClick={() => void saveLimits()} disabled={busy}>
            {t('settings.saveLimits')}
          </button>
        </div>
        <div className="notify-after">
          <label className="radio" htmlFor={ids.na}>
            <input
              id={ids.na}
              type="checkbox"
              checked={notifyAfter.enabled}
              onChange={(e) => setNotifyAfter({ ...notifyAfter, enabled: e.target.checked })}
            />
            {t('settings.notifyAfterSend.label')}
          </label>
          {notifyAfter.enabled && (
            <>
              <label htmlFor={ids.nt}>{t('settings.notifyAfterSend.template')}</label>
              <textarea
                id={ids.nt}
                rows={2}
                value={notifyAfter.template}
                onChange={(e) => setNotifyAfter({ ...notifyAfter, template: e.target.value })}
              />
            </>
          )}
          <button type="button" onClick={() => void saveNotify()} disabled={busy}>
            {t('settings.notifyAfterSend.save')}
          </button>
        </div>
        {editing && !profile.demo && (
          <div className="card">
            <ConnectionForm
              initial={profile}
              onSaved={() => {
                setEditing(false);
                onChanged();
              }}
            />
          </div>
        )}
        {message && (
          <div role={message.tone === 'error' ? 'alert' : 'status'}>
            <p className={`status ${message.tone}`}>{message.text}</p>
            {message.notes?.map((n) => (
              <p key={n} className="warn">
                {n}
              </p>
            ))}
          </div>
        )}
        {confirmRemove && (
          <div className="save-check" role="alert">
            <p>{t('profileRemove.ask', { name: profile.name })}</p>
            <div className="actions">
              <button type="button" className="danger" onClick={() => void remove()} disabled={busy}>
                {t('profileRemove.yes', { name: profile.name })}
              </button>
              <button ref={keepIt} type="button" onClick={() => setConfirmRemove(false)} disabled={busy}>
                {t('profileRemove.no')}
              </button>
            </div>
          </div>
        )}
      </div>
      <div className="actions profile-actions">
        <button type="button" onClick={() => void test()} disabled={busy}>
          {t('connection.test')}
        </button>
        {!profile.demo && (
          <button type="button" onClick={() => setEditing((v) => !v)} aria-expanded={editing}>
            {t('settings.edit')}
          </button>
        )}
        {!active && (
          <button type="button" onClick={() => void act(() => call('profiles.activate', { id: profile.id }))}>
            {t('settings.activate')}
          </button>
        )}
        <button
          type="button"
          onClick={() => setConfirmRemove(true)}
          aria-expanded={confirmRemove}
          disabled={busy || confirmRemove}
        >
          {t('settings.remove')}
        </button>
      </div>
    </li>
  );
}
