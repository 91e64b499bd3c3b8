import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../../shared/contract';
import { call, CommandError } from '../../api/client';
import { formatDate } from '../../format';
import { describeError } from '../../i18n';
import { deniedProps, useAllowed } from '../../me';

type Alias = CommandOutput<'review.aliases'>['rows'][number];

/** "Nomes aprendidos": bank payer text → member, learned from the clerk's choices; each can be removed. */
export function LearnedNames() {
  const { t, i18n } = useTranslation();
  // [W] A learned name acts on every import: forgetting one is a supervisor's (roles.ts).
  const forgetting = useAllowed('review.removeAlias', 'aliases');
  const locale = i18n.language;
  const [rows, setRows] = useState<Alias[] | null>(null);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const load = useCallback(
    () =>
      call('review.aliases', {}).then(
        (r) => setRows(r.rows),
        (e: unknown) =>
          setMessage({ tone: 'error', text: e instanceof CommandError ? describeError(e.info) : String(e) }),
      ),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const bank = (a: Alias) => a.payerText ?? a.payerKey;
  const remove = async (a: Alias) => {
    try {
      await call('review.removeAlias', { id: a.id });
      setMessage({ tone: 'ok', text: t('reconcile.override.aliases.removed', { bank: bank(a) }) });
      await load();
    } catch (e) {
      setMessage({ tone: 'error', text: e instanceof CommandError ? describeError(e.info) : String(e) });
    }
  };
  return (
    <details className="learned-names">
      <summary>{t('reconcile.override.aliases.title', { count: rows?.length ?? 0 })}</summary>
      <p className="muted small">{t('reconcile.override.aliases.explain')}</p>
      {message && (
        <p role={message.tone === 'error' ? 'alert' : 'status'} className={`status ${message.tone}`}>
          {message.text}
        </p>
      )}
      {rows && rows.length === 0 && <p className="muted">{t('reconcile.override.aliases.none')}</p>}
      {rows && rows.length > 0 && (
        <ul
          className="learned-list"
          aria-label={t('reconcile.override.aliases.title', { count: rows.length })}
        >
          {rows.map((a) => (
            <li key={a.id}>
              <span className="ellipsis">
                {t('reconcile.override.aliases.row', {
                  bank: bank(a),
                  member: a.memberName ?? t('reconcile.override.aliases.member', { id: a.memberId }),
                })}
              </span>
              <span className="muted small">
                {t('reconcile.override.aliases.since', {
                  count: a.timesUsed,
                  date: formatDate(a.learnedAt.slice(0, 10), locale),
                })}
              </span>
              <button
                type="button"
                aria-label={t('reconcile.override.aliases.removeLabel', { bank: bank(a) })}
                disabled={!forgetting.allowed}
                {...deniedProps(forgetting)}
                onClick={() => void remove(a)}
              >
                {t('reconcile.override.aliases.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
