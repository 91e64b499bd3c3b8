import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../shared/contract';
import { call, CommandError } from '../api/client';
import { formatAge, formatDate, formatMoney } from '../format';
import { describeError } from '../i18n';

type Summary = CommandOutput<'dashboard.summary'>;
const CARDS = ['open', 'overdue', 'matched', 'approved', 'queued', 'sent'] as const;

/** Início: where the day stands, and the current statement's matched against unmatched money per day. */
export function HomeScreen() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [data, setData] = useState<Summary | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    call('dashboard.summary', {}).then(setData, (e: unknown) =>
      setError(e instanceof CommandError ? describeError(e.info) : String(e)),
    );
  }, []);

  const days = data?.statement?.days ?? [];
  const max = Math.max(1, ...days.map((d) => d.matchedCents + d.unmatchedCents));
  const barWidth = days.length ? Math.max(6, Math.min(40, Math.floor(760 / days.length) - 4)) : 0;

  return (
    <section className="screen screen-wide">
      <h1>{t('nav.home')}</h1>
      {error && (
        <p role="alert" className="status error">
          {error}
        </p>
      )}
      {data && (
        <>
          <p className="muted">
            {data.lastSyncAt
              ? t('home.lastSync', { age: formatAge(data.lastSyncAt, locale) })
              : t('home.neverSynced')}
          </p>
          <div className="cards">
            {CARDS.map((k) => (
              <div key={k} className={`stat card stat-${k}`}>
                <span className="muted">{t(`home.cards.${k}`)}</span>
                <strong>{formatMoney(data[k].cents, locale)}</strong>
                <span className="muted small">{t('home.count', { count: data[k].count })}</span>
              </div>
            ))}
          </div>
          {data.statement && (
            <div className="card">
              <h2>{t('home.chartTitle', { file: data.statement.fileName })}</h2>
              <svg
                className="chart"
                viewBox={`0 0 ${days.length * (barWidth + 4) + 8} 180`}
                role="img"
                aria-label={t('home.chartLabel')}
              >
                {days.map((d, i) => {
                  const x = 4 + i * (barWidth + 4);
                  const hm = (d.matchedCents / max) * 150;
                  const hu = (d.unmatchedCents / max) * 150;
                  return (
                    <g key={d.date}>
                      <title>
                        {t('home.barTitle', {
                          date: formatDate(d.date, locale),
                          matched: formatMoney(d.matchedCents, locale),
                          unmatched: formatMoney(d.unmatchedCents, locale),
                        })}
                      </title>
                      <rect x={x} y={160 - hm} width={barWidth} height={hm} className="bar-matched" />
                      <rect x={x} y={160 - hm - hu} width={barWidth} height={hu} className="bar-unmatched" />
                      {(i % Math.ceil(days.length / 8) === 0 || i === days.length - 1) && (
                        <text x={x} y={176} className="chart-label">
                          {formatDate(d.date, locale).slice(0, 5)}
                        </text>
                      )}
                    </g>
                  );
                })}
              </svg>
              <p className="legend">
                <span className="swatch bar-matched" /> {t('home.legendMatched')}{' '}
                <span className="swatch bar-unmatched" /> {t('home.legendUnmatched')}
              </p>
            </div>
          )}
        </>
      )}
    </section>
  );
}
