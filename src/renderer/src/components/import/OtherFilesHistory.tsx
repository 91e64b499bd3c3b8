import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../../shared/contract';
import { acquirerName } from '../../../../shared/acquirers';
import { formatDate, formatDateTime, formatMoney } from '../../format';
import { useBankName } from './ReturnFileSummary';

type ReturnFile = CommandOutput<'import.returnFiles'>['returnFiles'][number];
type AcquirerFile = CommandOutput<'acquirer.files'>['files'][number];
type Account = CommandOutput<'cache.bankAccounts'>['accounts'][number];

/**
 * Importar's lists of the boleto return files and card sales files imported ([S] item 6), beside the statements':
 * each kind of file in its own list, with what it brought.
 */
export function OtherFilesHistory({
  returnFiles,
  acquirerFiles,
  accounts,
}: {
  returnFiles: readonly ReturnFile[];
  acquirerFiles: readonly AcquirerFile[];
  accounts: readonly Account[];
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const bankName = useBankName();
  const account = (id: number) => accounts.find((a) => a.id === id)?.description ?? String(id);
  const range = (from: string | null, to: string | null) =>
    from && to
      ? from === to
        ? formatDate(from, locale)
        : `${formatDate(from, locale)} – ${formatDate(to, locale)}`
      : '—';
  return (
    <>
      {returnFiles.length > 0 && (
        <>
          <h2>{t('fileKinds.history.returnFiles')}</h2>
          <table className="table" data-testid="return-files-history">
            <thead>
              <tr>
                <th>{t('import.col.file')}</th>
                <th>{t('fileKinds.history.bank')}</th>
                <th>{t('import.col.account')}</th>
                <th>{t('fileKinds.history.credits')}</th>
                <th className="num">{t('fileKinds.history.paid')}</th>
                <th className="num">{t('fileKinds.history.amount')}</th>
                <th>{t('import.col.when')}</th>
              </tr>
            </thead>
            <tbody>
              {returnFiles.map((f) => (
                <tr key={f.id}>
                  <td className="ellipsis" title={f.fileName}>
                    {f.fileName}
                  </td>
                  <td className="nowrap">{bankName(f.bankCode)}</td>
                  <td>{account(f.bankAccountId)}</td>
                  <td className="nowrap">{range(f.creditFrom, f.creditTo)}</td>
                  <td className="num">{f.settlements}</td>
                  <td className="num">{formatMoney(f.paidCents, locale)}</td>
                  <td className="nowrap">{formatDateTime(f.importedAt, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {acquirerFiles.length > 0 && (
        <>
          <h2>{t('fileKinds.history.acquirerFiles')}</h2>
          <table className="table" data-testid="acquirer-files-history">
            <thead>
              <tr>
                <th>{t('import.col.file')}</th>
                <th>{t('fileKinds.history.acquirer')}</th>
                <th>{t('import.col.account')}</th>
                <th className="num">{t('fileKinds.history.sales')}</th>
                {/* What reaches the bank: the sales net of the card company's fee. */}
                <th className="num">{t('fileKinds.history.net')}</th>
                <th>{t('import.col.when')}</th>
              </tr>
            </thead>
            <tbody>
              {acquirerFiles.map((f) => (
                <tr key={f.id}>
                  <td className="ellipsis" title={f.fileName}>
                    {f.fileName}
                  </td>
                  <td>{acquirerName(f.acquirer)}</td>
                  <td>{account(f.bankAccountId)}</td>
                  <td className="num">{f.sales}</td>
                  <td className="num">{formatMoney(f.netCents, locale)}</td>
                  <td className="nowrap">{formatDateTime(f.importedAt, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}
