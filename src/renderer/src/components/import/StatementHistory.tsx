import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../../shared/contract';
import { formatDate, formatDateTime } from '../../format';

type Statement = CommandOutput<'import.statements'>['statements'][number];
type Account = CommandOutput<'cache.bankAccounts'>['accounts'][number];

/**
 * Importar's list of imported statements, newest first, each removable after asking in place (a statement
 * whose receivables were sent says so instead: what was sent to EVO stays explained by its statement).
 */
export function StatementHistory({
  statements,
  accounts,
  removing,
  busy,
  onAsk,
  onRemove,
}: {
  statements: readonly Statement[];
  accounts: readonly Account[];
  /** The statement whose removal is being asked about. */
  removing: number | null;
  busy: boolean;
  onAsk: (statementId: number | null) => void;
  onRemove: (statementId: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  if (statements.length === 0) return null;
  return (
    <>
      <h2>{t('import.history')}</h2>
      <table className="table">
        <thead>
          <tr>
            <th>{t('import.col.file')}</th>
            <th>{t('import.col.account')}</th>
            <th>{t('import.col.period')}</th>
            <th className="num">{t('import.col.credits')}</th>
            <th>{t('import.col.when')}</th>
            <th>
              <span className="visually-hidden">{t('importing.col.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {statements
            .map((s) => (
              <tr key={s.id}>
                <td className="ellipsis">{s.fileName}</td>
                <td>{accounts.find((a) => a.id === s.bankAccountId)?.description ?? s.bankAccountId}</td>
                <td>
                  {formatDate(s.periodFrom, locale)} – {formatDate(s.periodTo, locale)}
                </td>
                <td className="num">{s.creditCount}</td>
                <td>{formatDateTime(s.importedAt, locale)}</td>
                <td>
                  {s.sentCount > 0 ? (
                    // Said before anyone tries: what was sent to EVO stays explained by its statement.
                    <span className="muted small">{t('importing.sentKept', { count: s.sentCount })}</span>
                  ) : (
                    <button
                      type="button"
                      onClick={() => onAsk(s.id)}
                      aria-label={t('importing.removeLabel', { file: s.fileName })}
                      aria-expanded={removing === s.id}
                      disabled={busy}
                    >
                      {t('importing.remove')}
                    </button>
                  )}
                </td>
              </tr>
            ))
            .flatMap((row, i) => {
              const s = statements[i]!;
              if (removing !== s.id) return [row];
              return [
                row,
                <tr key={`${s.id}-ask`} className="remove-ask">
                  <td colSpan={6}>
                    <div className="save-check" role="alert">
                      <p>
                        {t('importing.removeAsk', {
                          file: s.fileName,
                          period: `${formatDate(s.periodFrom, locale)} – ${formatDate(s.periodTo, locale)}`,
                          credits: t('importing.nCredits', { count: s.creditCount }),
                        })}
                      </p>
                      <div className="actions">
                        <button
                          type="button"
                          className="danger"
                          onClick={() => onRemove(s.id)}
                          disabled={busy}
                        >
                          {t('importing.removeYes')}
                        </button>
                        <button
                          type="button"
                          className="primary"
                          autoFocus
                          onClick={() => onAsk(null)}
                          disabled={busy}
                        >
                          {t('importing.removeNo')}
                        </button>
                      </div>
                    </div>
                  </td>
                </tr>,
              ];
            })}
        </tbody>
      </table>
    </>
  );
}
