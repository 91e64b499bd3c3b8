import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../../shared/contract';
import { cardFeeOf } from './card-fee';
import { dateText, moneyText } from './formatted';
import { payerLabel } from './payer-label';
import { useReasonText } from './reason-text';

export type MatchLine = CommandOutput<'match.lines'>['rows'][number];

/**
 * One statement line in Conciliar's list: the bank's line, what is proposed for it (or what it is: already
 * in EVO, set aside), and the score bar with the state. The why lives in the workspace panel beside the list.
 * The row itself (role row, aria-selected) is VirtualList's; these are its grid cells. Memoized: the screen
 * re-renders on every key and answer, and a row whose line, focus and tick are the same stays as it is.
 */
export const MatchRow = memo(function MatchRow({
  line,
  focused,
  selected,
  onToggle,
}: {
  line: MatchLine;
  focused: boolean;
  selected: boolean;
  /** Ticks or unticks the line (its match id): one function for every row, so the rows stay memoized. */
  onToggle: (matchId: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const sum = line.receivables.reduce((s, r) => s + r.amountCents, 0);
  // The receivables' own values above a card deposit's credit: the card fee, in a neutral tone ([T] item 6).
  const faceSum = line.receivables.reduce((s, r) => s + (r.faceCents ?? r.amountCents), 0);
  const fee = cardFeeOf(line.amountCents, faceSum, line.reasons);
  // Decided without anything left to do: a badge instead of the score (the bucket Início counts it in).
  const badge = line.bucket === 'recorded' ? 'recorded' : line.bucket === 'setAside' ? 'set_aside' : null;
  const decided = badge !== null;
  const reasonText = useReasonText();
  // A boleto credit of the return file: its titles' payers on hover, the label says how many.
  const titlesTip =
    line.returnTitles && line.returnTitles.length > 1
      ? line.returnTitles.map((x) => x.payerName ?? x.nossoNumero).join(', ')
      : null;
  const why = badge === 'recorded' ? (line.reasons[0] ? reasonText(line.reasons[0]) : '') : '';
  return (
    <div className={`match-row${focused ? ' focused' : ''} state-${line.state}`}>
      <span role="gridcell">
        <input
          type="checkbox"
          checked={selected}
          onChange={() => onToggle(line.matchId)}
          onClick={(e) => e.stopPropagation()}
          aria-label={t('reconcile.select', { line: line.position })}
        />
      </span>
      <div role="gridcell" className="match-line">
        <div className="match-top">
          <span>{dateText(line.date, locale)}</span>
          <strong className="num">{moneyText(line.amountCents, locale)}</strong>
        </div>
        <div className="ellipsis muted" title={titlesTip ?? line.description}>
          {payerLabel(line, t) ?? line.description}
        </div>
      </div>
      <div role="gridcell" className="match-receivables">
        {line.state === 'set_aside' && line.aside ? (
          <span className="muted">{t(`workspace.reasons.${line.aside.reason}`)}</span>
        ) : line.receivables.length === 0 ? (
          // Already in EVO with nothing proposed: why, in a word ("já conciliado: o recebível … de Ana Lima").
          <span className="muted ellipsis" title={why}>
            {decided ? why : t('reconcile.nothing')}
          </span>
        ) : (
          line.receivables.slice(0, 2).map((r) => (
            <div key={r.id} className="match-prop">
              <span className="ellipsis" title={`${r.payerName ?? ''} — ${r.description ?? ''}`}>
                {r.payerName ?? t('reconcile.receivable', { id: r.id })}
              </span>
              {line.receivables.length === 1 && (
                <span className="muted small">
                  {moneyText(r.faceCents ?? r.amountCents, locale)} · {dateText(r.dueDate, locale)}
                </span>
              )}
            </div>
          ))
        )}
        {line.receivables.length > 1 && (
          <div className={sum === line.amountCents || fee !== null ? 'muted small' : 'warn small'}>
            {/* With a card fee: the receivables' own sum, then the fee (they add up to more than the credit). */}
            {t('reconcile.sumOf', {
              count: line.receivables.length,
              sum: moneyText(fee !== null ? faceSum : sum, locale),
            })}
            {fee !== null && ` · ${t('workspace.candidates.cardFee', { amount: moneyText(fee, locale) })}`}
          </div>
        )}
      </div>
      <div role="gridcell" className="match-score">
        {decided ? (
          <span className={`badge state-badge state-${badge}`}>{t(`reconcile.state.${badge}`)}</span>
        ) : (
          <>
            <div className={`score-bar zone-${line.zone}`} title={t(`reconcile.zone.${line.zone}`)}>
              <span style={{ width: `${line.score}%` }} />
            </div>
            <span className="muted small">
              {line.score} ·{' '}
              {line.sendState
                ? t(`workspace.send.${line.sendState}`)
                : line.state === 'approved' && line.bucket === 'toDecide'
                  ? t('workspace.approvedStaleShort')
                  : t(`reconcile.state.${line.state}`)}
            </span>
          </>
        )}
      </div>
    </div>
  );
});
