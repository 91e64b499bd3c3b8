import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../../shared/contract';
import { call, CommandError } from '../../api/client';
import { saveFile } from '../../download';
import { formatMoney, todayIso } from '../../format';
import { describeError } from '../../i18n';
import { DateField } from '../DateField';

type Summary = CommandOutput<'policy.dailySummary'>['summary'];
const FORMATS = ['xlsx', 'pdf'] as const;

/**
 * Início, under the cycle: the daily summary of what Quita did by itself on a day (approved by the send policy,
 * sent, confirmed by read-back, reminders held) — its totals in one sentence and the XLSX or PDF report
 * (`policy.dailySummary`). The day is typed dd/mm/aaaa, today by default (Brasília). `refreshKey` (the newest
 * cycle's id) reads the totals again after each cycle.
 */
export function DailySummaryPanel({ refreshKey }: { refreshKey: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [day, setDay] = useState(() => todayIso());
  const [dayOk, setDayOk] = useState(true);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fail = (e: unknown) => setError(e instanceof CommandError ? describeError(e.info) : String(e));
  const usable = dayOk && day !== '';

  useEffect(() => {
    if (!usable) return;
    let live = true;
    call('policy.dailySummary', { day }).then(
      (r) => {
        if (!live) return;
        setSummary(r.summary);
        setError(null);
      },
      (e: unknown) => live && fail(e),
    );
    return () => {
      live = false;
    };
  }, [day, usable, refreshKey]);

  const download = async (format: (typeof FORMATS)[number]) => {
    setWorking(true);
    setError(null);
    try {
      const r = await call('policy.dailySummary', { day, format });
      setSummary(r.summary);
      if (r.file) saveFile(r.file);
    } catch (e) {
      fail(e);
    } finally {
      setWorking(false);
    }
  };

  const totals = summary?.totals;
  return (
    <div className="daily-summary" aria-busy={working} data-testid="daily-summary">
      <h3>{t('cycle.daily.title')}</h3>
      <p className="muted">{t('cycle.daily.hint')}</p>
      <div className="toolbar">
        <DateField
          label={t('cycle.daily.day')}
          value={day}
          onChange={setDay}
          onValidity={setDayOk}
          invalidText={t('cycle.daily.badDay')}
        />
        <div className="actions" style={{ alignItems: 'flex-end' }}>
          {FORMATS.map((f) => (
            <button
              key={f}
              type="button"
              disabled={working || !usable}
              aria-label={t('cycle.daily.downloadAs', { format: f.toUpperCase() })}
              onClick={() => void download(f)}
            >
              {t('cycle.daily.download', { format: f.toUpperCase() })}
            </button>
          ))}
        </div>
      </div>
      {totals && usable && (
        <p data-testid="daily-summary-totals">
          {totals.approved + totals.sentBatches + totals.held === 0
            ? t('cycle.daily.nothing')
            : [
                t('cycle.daily.approved', {
                  count: totals.approved,
                  amount: formatMoney(totals.approvedCents, locale),
                }),
                t('cycle.daily.sent', { count: totals.sentBatches }),
                t('cycle.daily.confirmed', { count: totals.confirmed }),
                t('cycle.daily.held', { count: totals.held }),
              ].join(', ') + '.'}
        </p>
      )}
      {working && <p className="muted">{t('cycle.daily.working')}</p>}
      {error && (
        <p role="alert" className="status error">
          {error}
        </p>
      )}
    </div>
  );
}
