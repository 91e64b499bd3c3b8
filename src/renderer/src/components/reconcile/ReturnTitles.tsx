import { useTranslation } from 'react-i18next';
import type { ReturnTitleDto } from '../../../../shared/contract/matching';
import { formatDate, formatMoney } from '../../format';

/**
 * A boleto credit as its titles ([K]): the boletos of the CNAB return file that explain one statement line
 * (`match.lines` → `returnTitles`), with payer, nosso número, due and paid dates, face value, amount paid, fee
 * and the difference from the receivable (late charges, or an over/under payment to check). Self-contained:
 * mount it under a match row with the row's `returnTitles`.
 */
export function ReturnTitles({ titles }: { titles: readonly ReturnTitleDto[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  if (titles.length === 0) return null;
  const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents, locale));
  const sum = (pick: (x: ReturnTitleDto) => number | null) => titles.reduce((n, x) => n + (pick(x) ?? 0), 0);
  const difference = (x: ReturnTitleDto) => {
    if (x.receivableId === null) return <span className="warn">{t('returnTitles.noReceivable')}</span>;
    const d = x.differenceCents ?? 0;
    if (d === 0) return money(0);
    // Late charges the bank reports are the whole difference: expected, not an over-payment.
    if (d > 0 && x.interestFineCents === d)
      return <span className="muted">{t('returnTitles.charges', { amount: money(d) })}</span>;
    return (
      <span className="warn">
        {money(d)} ({t(d > 0 ? 'returnTitles.over' : 'returnTitles.under')})
      </span>
    );
  };
  return (
    <table className="return-titles">
      <caption>{t('returnTitles.caption', { count: titles.length })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('returnTitles.payer')}</th>
          <th scope="col">{t('returnTitles.nossoNumero')}</th>
          <th scope="col">{t('returnTitles.due')}</th>
          <th scope="col">{t('returnTitles.paid')}</th>
          <th scope="col" className="num">
            {t('returnTitles.face')}
          </th>
          <th scope="col" className="num">
            {t('returnTitles.amountPaid')}
          </th>
          <th scope="col" className="num">
            {t('returnTitles.fee')}
          </th>
          <th scope="col" className="num">
            {t('returnTitles.difference')}
          </th>
        </tr>
      </thead>
      <tbody>
        {titles.map((x) => (
          <tr key={x.titleId}>
            <td>{x.payerName ?? <span className="muted">{t('returnTitles.noPayer')}</span>}</td>
            <td>{x.nossoNumero}</td>
            <td>{formatDate(x.dueDate, locale)}</td>
            <td>{formatDate(x.paidDate, locale)}</td>
            <td className="num">{money(x.faceCents)}</td>
            <td className="num">{money(x.paidCents)}</td>
            <td className="num">{money(x.feeCents)}</td>
            <td className="num">{difference(x)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={4}>
            {t('returnTitles.total')}
          </th>
          <td className="num">{money(sum((x) => x.faceCents))}</td>
          <td className="num">{money(sum((x) => x.paidCents))}</td>
          <td className="num">{money(sum((x) => x.feeCents))}</td>
          <td />
        </tr>
      </tfoot>
    </table>
  );
}
