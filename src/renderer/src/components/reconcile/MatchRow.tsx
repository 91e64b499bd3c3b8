import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../../shared/contract';
import { formatDate, formatMoney } from '../../format';
import { englishReason } from '../../i18n/reasons.en';

export type MatchLine = CommandOutput<'match.lines'>['rows'][number];

/** One statement line (left) beside what is proposed for it (right), with the score bar and the reasons. */
export function MatchRow({
  line,
  focused,
  selected,
  onToggle,
}: {
  line: MatchLine;
  focused: boolean;
  selected: boolean;
  onToggle: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const sum = line.receivables.reduce((s, r) => s + r.amountCents, 0);
  // pt-BR shows the core's own wording; other languages word the same codes and params themselves.
  const reasons = line.reasons.map((r) =>
    locale.startsWith('pt')
      ? r.text
      : englishReason(
          r,
          (c) => formatMoney(c, locale),
          (d) => formatDate(d, locale),
        ),
  );
  return (
    <div
      id={`match-${line.matchId}`}
      className={`match-row${focused ? ' focused' : ''} state-${line.state}`}
      aria-selected={focused}
    >
      <span role="cell">
        <input
          type="checkbox"
          checked={selected}
          onChange={onToggle}
          aria-label={t('reconcile.select', { line: line.position })}
        />
      </span>
      <div role="cell" className="match-line">
        <div className="match-top">
          <span>{formatDate(line.date, locale)}</span>
          <strong className="num">{formatMoney(line.amountCents, locale)}</strong>
        </div>
        <div className="ellipsis muted" title={line.description}>
          {line.payerText ?? line.description}
        </div>
      </div>
      <div role="cell" className="match-receivables">
        {line.receivables.length === 0 ? (
          <span className="muted">{t('reconcile.nothing')}</span>
        ) : (
          line.receivables.map((r) => (
            <div key={r.id} className="match-top">
              <span className="ellipsis" title={`${r.payerName ?? ''} — ${r.description ?? ''}`}>
                {r.payerName ?? t('reconcile.receivable', { id: r.id })}
              </span>
              <span className="num">
                {formatMoney(r.faceCents ?? r.amountCents, locale)} · {formatDate(r.dueDate, locale)}
              </span>
            </div>
          ))
        )}
        {line.receivables.length > 1 && (
          <div className={sum === line.amountCents ? 'muted' : 'warn'}>
            {t('reconcile.sum', { sum: formatMoney(sum, locale) })}
          </div>
        )}
      </div>
      <div role="cell" className="match-score">
        <div className={`score-bar zone-${line.zone}`} title={t(`reconcile.zone.${line.zone}`)}>
          <span style={{ width: `${line.score}%` }} />
        </div>
        <span className="muted small">
          {line.score} · {t(`reconcile.state.${line.state}`)}
        </span>
      </div>
      <div role="cell" className="match-reasons ellipsis" title={reasons.join('\n')}>
        {reasons.join(' · ')}
      </div>
    </div>
  );
}
