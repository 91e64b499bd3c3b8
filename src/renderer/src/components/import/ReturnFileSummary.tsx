import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../../shared/contract';
import { BANK_NAMES, bankLabel } from '../../../../shared/banks';
import { formatDate, formatMoney } from '../../format';

type Summary = NonNullable<CommandOutput<'import.preview'>['returnFile']>;

/** “Itaú (341)”, or “banco 999” for a code without a name. */
export function useBankName(): (code: string | number) => string {
  const { t } = useTranslation();
  return (code) =>
    BANK_NAMES[Number(code)]
      ? bankLabel(code)
      : t('fileKinds.unknownBank', { code: String(code).padStart(3, '0') });
}

/**
 * What a boleto return file holds ([S] item 6), in Importar's preview: the bank, the boletos in the file, how many
 * were paid and for how much, the bank's fees and the days the money reaches the account. Its own words: a return
 * file is not a statement (its boletos explain the statement's credits).
 */
export function ReturnFileSummary({ summary }: { summary: Summary }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const money = (c: number) => formatMoney(c, locale);
  const bankName = useBankName();
  const date = (d: string) => formatDate(d, locale);
  const credit =
    summary.creditFrom && summary.creditTo
      ? summary.creditFrom === summary.creditTo
        ? t('fileKinds.returnFile.credits', { from: date(summary.creditFrom) })
        : t('fileKinds.returnFile.creditsRange', {
            from: date(summary.creditFrom),
            to: date(summary.creditTo),
          })
      : null;
  return (
    <div className="return-summary" data-testid="return-file-summary">
      <h3>{t('fileKinds.isReturnFile', { bank: bankName(summary.bankCode) })}</h3>
      {summary.fileDate && (
        <p className="muted">{t('fileKinds.returnFile.generated', { date: date(summary.fileDate) })}</p>
      )}
      <p>
        {t('fileKinds.returnFile.titles', { count: summary.titles })} ·{' '}
        {summary.settlements > 0
          ? t('fileKinds.returnFile.paid', { count: summary.settlements, amount: money(summary.paidCents) })
          : t('fileKinds.returnFile.nonePaid')}
        {summary.feeCents > 0 && (
          <> · {t('fileKinds.returnFile.fees', { amount: money(summary.feeCents) })}</>
        )}
      </p>
      {credit && <p>{credit}</p>}
      {summary.sameFile && <p className="warn">{t('fileKinds.returnFile.sameFile')}</p>}
      {!summary.sameFile && summary.known !== null && summary.known > 0 && (
        <p className="warn">{t('fileKinds.returnFile.known', { count: summary.known })}</p>
      )}
      <p className="muted">{t('fileKinds.returnFile.explain')}</p>
    </div>
  );
}
