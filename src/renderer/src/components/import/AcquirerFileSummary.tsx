import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../../shared/contract';
import { formatDate, formatMoney } from '../../format';
import { acquirerName } from '../../../../shared/acquirers';
import { acquirerKindKey } from '../../../../shared/acquirer-kinds';

type Summary = NonNullable<CommandOutput<'import.preview'>['acquirerFile']>;

/**
 * What an acquirer settlement file holds ([J]), shown in Importar's preview: the card company and the kind of file, its
 * sales with gross, fee (amount and percent) and net, its payments and whether they were paid or forecast.
 */
export function AcquirerFileSummary({ summary }: { summary: Summary }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const money = (c: number) => formatMoney(c, locale);
  const percent = summary.grossCents
    ? new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
        summary.feeCents / summary.grossCents,
      )
    : '—';
  return (
    <div className="acquirer-summary" data-testid="acquirer-summary">
      <h3>
        {/* “Arquivo de pagamentos da Cielo”: what the file is, not the company's format code ([T]). */}
        {t('acquirerFile.title', {
          acquirer: acquirerName(summary.acquirer),
          kindKey: acquirerKindKey(summary.fileKind),
        })}
      </h3>
      <p className="muted">
        {[
          summary.merchant ? t('acquirerFile.merchant', { merchant: summary.merchant }) : null,
          summary.fileDate
            ? t('acquirerFile.fileDate', { date: formatDate(summary.fileDate, locale) })
            : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <p>
        {t('acquirerFile.sales', { count: summary.sales })}
        {summary.otherRows > 0 && <> · {t('acquirerFile.others', { count: summary.otherRows })}</>}
      </p>
      <p>
        {t('acquirerFile.money', {
          gross: money(summary.grossCents),
          fee: money(summary.feeCents),
          percent,
          net: money(summary.netCents),
        })}
      </p>
      {summary.payments > 0 && summary.paymentFrom && summary.paymentTo && (
        <p>
          {t(
            summary.paymentFrom === summary.paymentTo ? 'acquirerFile.paymentsOn' : 'acquirerFile.payments',
            {
              count: summary.payments,
              from: formatDate(summary.paymentFrom, locale),
              to: formatDate(summary.paymentTo, locale),
              total: money(summary.paymentsCents),
            },
          )}{' '}
          ·{' '}
          {summary.settledPayments > 0
            ? t('acquirerFile.settled', { count: summary.settledPayments })
            : t('acquirerFile.forecast')}
        </p>
      )}
      {summary.sameFile && <p className="warn">{t('acquirerFile.sameFile')}</p>}
      {!summary.sameFile && summary.known !== null && summary.known > 0 && (
        <p className="warn">{t('acquirerFile.known', { count: summary.known })}</p>
      )}
      <p className="muted">{t('acquirerFile.explain')}</p>
    </div>
  );
}
