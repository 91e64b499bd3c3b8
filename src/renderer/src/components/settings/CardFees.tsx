import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../../shared/contract';
import { call, CommandError } from '../../api/client';
import { formatDateTime, formatPercent } from '../../format';
import { describeError } from '../../i18n';

type Fees = CommandOutput<'match.cardFees'>;

/**
 * Configurações → Taxas de cartão aprendidas ([J] item 1): read-only, what the acquirers charged on the card
 * deposits the clerk approved, per acquirer, brand and product (`match.cardFees`). The matcher narrows the
 * fee it accepts on later deposits around these.
 */
export function CardFees() {
  const { t } = useTranslation();
  const [fees, setFees] = useState<Fees | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    call('match.cardFees', {}).then(setFees, (e: unknown) =>
      setError(e instanceof CommandError ? describeError(e.info) : String(e)),
    );
  }, []);
  return (
    <section className="card card-fees" aria-labelledby="card-fees-title">
      <h2 id="card-fees-title">{t('cards.fees.title')}</h2>
      <p className="muted">{t('cards.fees.explain')}</p>
      {error && (
        <p role="alert" className="status error">
          {error}
        </p>
      )}
      {fees && fees.rows.length === 0 && <p className="muted">{t('cards.fees.none')}</p>}
      {fees && fees.rows.length > 0 && <CardFeesTable rows={fees.rows} />}
    </section>
  );
}

/** The learned fees as a table (presentational; the panel above loads them). */
export function CardFeesTable({ rows }: { rows: Fees['rows'] }) {
  const { t, i18n } = useTranslation();
  const upper = (s: string) => s.toUpperCase();
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">{t('cards.fees.acquirer')}</th>
          <th scope="col">{t('cards.fees.flag')}</th>
          <th scope="col">{t('cards.fees.product')}</th>
          <th scope="col" className="num">
            {t('cards.fees.percent')}
          </th>
          <th scope="col" className="num">
            {t('cards.fees.samples')}
          </th>
          <th scope="col">{t('cards.fees.updated')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((f) => (
          <tr key={`${f.acquirer}|${f.flag}|${f.product}`}>
            <td>{upper(f.acquirer)}</td>
            <td>{f.flag ? upper(f.flag) : <span className="muted">{t('cards.fees.allFlags')}</span>}</td>
            <td>{t(`cards.products.${f.product}`)}</td>
            <td className="num">{formatPercent(f.percent, i18n.language)}</td>
            <td className="num">{t('cards.fees.samplesCount', { count: f.samples })}</td>
            <td>{formatDateTime(f.updatedAt, i18n.language)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
