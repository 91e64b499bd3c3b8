import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../../shared/contract';
import { formatDateTime } from '../../format';
import { deniedProps, useAllowed } from '../../me';
import { statementLabel } from '../../../../shared/statement-label';

type Statement = CommandOutput<'import.statements'>['statements'][number];
type Account = CommandOutput<'cache.bankAccounts'>['accounts'][number];

/**
 * Importar's list of imported statements, newest first, each named by its account and period with the file
 * name under it as secondary text ([T] item 5), each removable after asking in place (a statement
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
  // [W] Removing a statement is a supervisor's (roles.ts): the button says so.
  const removable = useAllowed('import.remove', 'removeStatement');
  if (statements.length === 0) return null;
  const label = (s: Statement) =>
    statementLabel(s, accounts.find((a) => a.id === s.bankAccountId)?.description, locale, t);
  return (
    <>
      <h2>{t('import.history')}</h2>
      <table className="table">
        <thead>
          <tr>
            <th>{t('import.col.statement')}</th>
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
                <td className="statement-cell">
                  <span className="statement-name">{label(s)}</span>
                  <span className="statement-file ellipsis" title={s.fileName}>
                    {s.fileName}
                  </span>
                </td>
                <td className="num">{s.creditCount}</td>
                <td className="nowrap">{formatDateTime(s.importedAt, locale)}</td>
                <td>
                  {s.sentCount > 0 ? (
                    // Said before anyone tries: what was sent to EVO stays explained by its statement.
                    <span className="muted small">{t('importing.sentKept', { count: s.sentCount })}</span>
                  ) : (
                    <button
                      type="button"
                      onClick={() => onAsk(s.id)}
                      aria-label={t('importing.removeLabel', { file: label(s) })}
                      aria-expanded={removing === s.id}
                      disabled={busy || !removable.allowed}
                      {...deniedProps(removable)}
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
                  <td colSpan={4}>
                    <div className="save-check" role="alert">
                      <p>
                        {t('importing.removeAsk', {
                          // "Remover o extrato Itaú - Conta Movimento · 27/10 a 26/11/2026 (extrato_….ofx, 20
                          // créditos)?": the label carries the period, the parentheses the file's own name.
                          file: label(s),
                          period: s.fileName,
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
