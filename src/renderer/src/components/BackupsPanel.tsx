import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../shared/contract';
import { call, CommandError } from '../api/client';
import { formatDateTime } from '../format';
import { describeError } from '../i18n';
import { deniedProps, useAllowed } from '../me';

type Backups = CommandOutput<'db.backups'>;

/**
 * Configurações → Cópias de segurança: the branch database's backups (taken before migrations, daily, and on
 * request), a backup now, and a restore that asks once. Works when the database itself is damaged.
 */
export function BackupsPanel() {
  const { t, i18n } = useTranslation();
  // [W] On the office server a backup is a supervisor's, a restore an administrator's (roles.ts).
  const backing = useAllowed('db.backup', 'backup');
  const restoring = useAllowed('db.restore', 'restore');
  const [list, setList] = useState<Backups | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const fail = (e: unknown) =>
    setMessage({ ok: false, text: e instanceof CommandError ? describeError(e.info) : String(e) });
  const load = useCallback(() => call('db.backups', {}).then(setList, fail), []);
  useEffect(() => {
    void load();
  }, [load]);

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setMessage(null);
    try {
      setMessage({ ok: true, text: await work() });
      await load();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };
  const when = (iso: string) => formatDateTime(iso, i18n.language);

  return (
    <section className="card backups" aria-labelledby="backups-title">
      <h2 id="backups-title">{t('backups.title')}</h2>
      <p className="muted">{t('backups.explain')}</p>
      <div className="actions">
        <button
          type="button"
          disabled={busy || !backing.allowed}
          {...deniedProps(backing)}
          onClick={() =>
            void run(async () => {
              const b = await call('db.backup', {});
              return t('backups.done', { when: when(b.at) });
            })
          }
        >
          {t('backups.now')}
        </button>
      </div>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'status ok' : 'status error'}>
          {message.text}
        </p>
      )}
      {list && list.backups.length === 0 && <p className="muted">{t('backups.none')}</p>}
      {list && list.backups.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>{t('backups.col.when')}</th>
              <th>{t('backups.col.why')}</th>
              <th className="num">{t('backups.col.size')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.backups.map((b) => (
              <tr key={b.name}>
                <td>{when(b.at)}</td>
                <td>{t(`backups.reason.${b.reason}`, { defaultValue: b.reason })}</td>
                <td className="num">
                  {t('backups.size', {
                    mb: (b.bytes / 1024 / 1024).toLocaleString(i18n.language, { maximumFractionDigits: 1 }),
                  })}
                </td>
                <td>
                  {asking === b.name ? (
                    <span className="confirm-inline">
                      {t('backups.ask', { when: when(b.at) })}{' '}
                      <button
                        type="button"
                        className="danger"
                        disabled={busy}
                        onClick={() =>
                          void run(async () => {
                            const r = await call('db.restore', { name: b.name });
                            return t('backups.restored', { when: when(r.restored.at) });
                          })
                        }
                      >
                        {t('backups.yes')}
                      </button>{' '}
                      <button type="button" onClick={() => setAsking(null)}>
                        {t('backups.cancel')}
                      </button>
                    </span>
                  ) : (
                    <button
                      type="button"
                      disabled={busy || !restoring.allowed}
                      {...deniedProps(restoring)}
                      onClick={() => setAsking(b.name)}
                    >
                      {t('backups.restore')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
