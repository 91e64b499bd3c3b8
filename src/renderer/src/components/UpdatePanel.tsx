import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../shared/contract';
import { call, CommandError } from '../api/client';
import { formatDateTime } from '../format';
import { describeError } from '../i18n';
import { deniedProps, useAllowed } from '../me';

type Status = CommandOutput<'app.update.status'>;

/** While something is under way the state is read again this often (the download reports its percentage). */
const POLL_MS = 2000;

/**
 * Configurações → Atualizações: the installed version, this installation's update address (https) and what the
 * updater is doing. The browser mode, the CLI, the portable .exe and a .deb cannot update themselves: the panel
 * says so instead of offering an address.
 */
export function UpdatePanel() {
  const { t, i18n } = useTranslation();
  // [W] The updates' address and a check for one are an administrator's (roles.ts).
  const updating = useAllowed('app.update.setFeed', 'update');
  const checking = useAllowed('app.update.check', 'update');
  const feedId = useId();
  const [status, setStatus] = useState<Status | null>(null);
  const [feed, setFeed] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const fail = (e: unknown) => {
    if (e instanceof CommandError && e.info.code?.startsWith('update.')) {
      setFieldError(
        t(`update.errors.${e.info.code.slice('update.'.length)}`, { defaultValue: e.info.message }),
      );
    } else {
      setMessage({ ok: false, text: e instanceof CommandError ? describeError(e.info) : String(e) });
    }
  };
  const load = useCallback(
    () =>
      call('app.update.status', {}).then(
        (s) => setStatus(s),
        (e: unknown) =>
          setMessage({ ok: false, text: e instanceof CommandError ? describeError(e.info) : String(e) }),
      ),
    [],
  );
  useEffect(() => {
    // The field starts with the stored address.
    void call('app.update.status', {}).then(
      (s) => {
        setStatus(s);
        setFeed(s.feedUrl ?? '');
      },
      (e: unknown) =>
        setMessage({ ok: false, text: e instanceof CommandError ? describeError(e.info) : String(e) }),
    );
  }, []);
  const active = status?.state === 'checking' || status?.state === 'downloading';
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [active, load]);

  const run = async (work: () => Promise<Status>, done?: string) => {
    setBusy(true);
    setMessage(null);
    setFieldError(null);
    try {
      const next = await work();
      setStatus(next);
      if (done) setFeed(next.feedUrl ?? '');
      if (done) setMessage({ ok: true, text: done });
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  if (!status) return null;
  const stateText =
    status.state === 'unsupported'
      ? t(`update.unsupported.${status.unsupported ?? 'development'}`)
      : t(`update.state.${status.state}`, {
          available: status.available ?? '',
          percent: status.percent ?? 0,
        });

  return (
    <section className="card update" aria-labelledby="update-title">
      <h2 id="update-title">{t('update.title')}</h2>
      <p>{t('update.version', { version: status.version })}</p>
      {status.state !== 'unsupported' && <p className="muted">{t('update.explain')}</p>}
      <p role="status" className={status.state === 'error' ? 'status error' : 'status'}>
        {stateText}
        {status.state === 'downloaded' &&
          ` ${t(status.installOnQuit ? 'update.downloaded.onQuit' : 'update.downloaded.later')}`}
        {status.state === 'error' && status.error && ` ${t(`update.error.${status.error}`)}`}
      </p>
      {status.state === 'downloading' && status.percent !== null && (
        <progress max={100} value={status.percent} aria-label={t('update.title')} />
      )}
      {status.lastCheck && (
        <p className="muted">
          {t('update.lastCheck', { when: formatDateTime(status.lastCheck, i18n.language) })}
        </p>
      )}
      {status.state !== 'unsupported' && (
        <form
          className="update-form"
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => call('app.update.setFeed', { url: feed }), t('update.saved'));
          }}
        >
          <div className="field">
            <label htmlFor={feedId}>{t('update.feed')}</label>
            <input
              id={feedId}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder={t('update.placeholder')}
              value={feed}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={`${feedId}-help${fieldError ? ` ${feedId}-err` : ''}`}
              onChange={(e) => setFeed(e.target.value)}
            />
            <span id={`${feedId}-help`} className="muted">
              {t('update.feedHelp')}
            </span>
            {fieldError && (
              <span id={`${feedId}-err`} className="field-error" role="alert">
                {fieldError}
              </span>
            )}
          </div>
          <div className="actions">
            <button
              type="submit"
              className="primary"
              disabled={busy || feed.trim() === '' || !updating.allowed}
              {...deniedProps(updating)}
            >
              {t('update.save')}
            </button>
            {status.feedUrl && (
              <button
                type="button"
                disabled={busy || !updating.allowed}
                {...deniedProps(updating)}
                onClick={() => void run(() => call('app.update.setFeed', { url: null }), t('update.cleared'))}
              >
                {t('update.clear')}
              </button>
            )}
            {status.feedUrl && (
              <button
                type="button"
                disabled={busy || active || !checking.allowed}
                {...deniedProps(checking)}
                onClick={() => void run(() => call('app.update.check', {}))}
              >
                {t('update.check')}
              </button>
            )}
          </div>
        </form>
      )}
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'status ok' : 'status error'}>
          {message.text}
        </p>
      )}
    </section>
  );
}
