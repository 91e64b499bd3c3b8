import { useTranslation } from 'react-i18next';
import type { CardSaleDto } from '../../../../shared/contract/matching';
import { PAYMENT_TYPE } from '../../../../shared/constants';
import { formatDate, formatMoney, formatPercent } from '../../format';

/**
 * A card credit as its sales ([J] item 5): who bought, the day of the sale, the card, gross, the acquirer's
 * fee and the net of each sale (`match.lines` → `cardSales`), then the deposit's fee as an amount and a percent
 * of the gross. Presentational: mount it under a match row with the row's `cardSales`.
 */
export function CardSales({ sales }: { sales: readonly CardSaleDto[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  if (sales.length === 0) return null;
  const money = (cents: number) => formatMoney(cents, locale);
  const gross = sales.reduce((n, s) => n + s.grossCents, 0);
  const fee = sales.reduce((n, s) => n + s.feeCents, 0);
  const net = sales.reduce((n, s) => n + s.netCents, 0);
  const percent = gross > 0 ? (100 * fee) / gross : 0;
  const card = (s: CardSaleDto) =>
    [
      s.acquirer,
      s.flag,
      s.paymentTypeId === PAYMENT_TYPE.debit_card ? t('cards.products.debit') : t('cards.products.credit'),
      s.installment ? t('cards.sales.installment', { installment: s.installment }) : null,
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <div className="card-sales">
      <table className="table card-sales-table">
        <caption>{t('cards.sales.caption', { count: sales.length })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('cards.sales.member')}</th>
            <th scope="col">{t('cards.sales.saleDate')}</th>
            <th scope="col">{t('cards.sales.card')}</th>
            <th scope="col" className="num">
              {t('cards.sales.gross')}
            </th>
            <th scope="col" className="num">
              {t('cards.sales.fee')}
            </th>
            <th scope="col" className="num">
              {t('cards.sales.net')}
            </th>
          </tr>
        </thead>
        <tbody>
          {sales.map((s) => (
            <tr key={s.receivableId}>
              <td>{s.payerName ?? <span className="muted">{t('cards.sales.noName')}</span>}</td>
              <td>{formatDate(s.saleDate, locale)}</td>
              <td>{card(s)}</td>
              <td className="num">{money(s.grossCents)}</td>
              <td className="num">
                {money(s.feeCents)} <span className="muted">({formatPercent(s.feePercent, locale)})</span>
              </td>
              <td className="num">{money(s.netCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              {t('cards.sales.total')}
            </th>
            <td className="num">{money(gross)}</td>
            <td className="num">{money(fee)}</td>
            <td className="num">{money(net)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="card-sales-fee">
        {t('cards.sales.feeSummary', { amount: money(fee), percent: formatPercent(percent, locale) })}
      </p>
    </div>
  );
}
