import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../../shared/contract';
import { formatDate, formatMoney } from '../../format';
import { VirtualList } from '../VirtualList';
import { formatBrasilia } from './audit-text';

type Report = CommandOutput<'reports.reconciliation'>;
type Row = Report['rows'][number];

const COLUMNS = {
  gridTemplateColumns:
    'minmax(11rem, 1.4fr) 7rem minmax(8rem, 1fr) minmax(12rem, 1.6fr) 5.5rem minmax(9rem, 1fr) minmax(9rem, 1fr) 8rem',
};
// Two lines per row: the main fact, and the detail under it in muted text.
const ROW = 52;

const stateClass: Partial<Record<Row['outboxState'], string>> = {
  confirmed: 'state-sent',
  needs_review: 'state-failed',
  unknown: 'state-unknown',
};

/** What was marked paid in the period: receivable, bank credit, who approved, how far the send got. */
export function ReconciliationTable({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const when = (iso: string | null) => formatBrasilia(iso, locale);
  const two = (main: string, detail: string, title?: string) => (
    <span role="cell" title={title ?? `${main}\n${detail}`} style={{ lineHeight: 1.25, minWidth: 0 }}>
      <span className="ellipsis" style={{ display: 'block' }}>
        {main}
      </span>
      <span className="ellipsis muted small" style={{ display: 'block' }}>
        {detail}
      </span>
    </span>
  );
  const send = (r: Row) =>
    r.confirmedAt
      ? two(t('audit.recon.send.confirmed'), when(r.confirmedAt))
      : r.sentAt
        ? two(t('audit.recon.send.sent'), when(r.sentAt))
        : two(t('audit.recon.send.queued'), when(r.queuedAt));
  return (
    <>
      <p className="totals" role="status">
        {t('audit.recon.totals', {
          count: report.count,
          amount: formatMoney(report.totalCents, locale),
          confirmed: report.confirmedCount,
          confirmedAmount: formatMoney(report.confirmedCents, locale),
        })}
      </p>
      <div
        className="grid"
        role="table"
        aria-label={t('audit.tabs.reconciliation')}
        aria-rowcount={report.rows.length + 1}
      >
        <div className="grid-head" role="row" style={COLUMNS}>
          <span role="columnheader">{t('audit.recon.col.receivable')}</span>
          <span role="columnheader" className="num">
            {t('audit.recon.col.amount')}
          </span>
          <span role="columnheader">{t('audit.recon.col.account')}</span>
          <span role="columnheader">{t('audit.recon.col.line')}</span>
          <span role="columnheader">{t('audit.recon.col.match')}</span>
          <span role="columnheader">{t('audit.recon.col.approved')}</span>
          <span role="columnheader">{t('audit.recon.col.sent')}</span>
          <span role="columnheader">{t('audit.recon.col.state')}</span>
        </div>
        <VirtualList
          items={report.rows}
          rowHeight={ROW}
          height={Math.min(520, Math.max(ROW * 2, report.rows.length * ROW))}
          label={t('audit.tabs.reconciliation')}
          getKey={(r) => r.receivableId}
          renderRow={(r) => (
            <div className="grid-row" style={COLUMNS}>
              {two(
                r.payerName ?? t('audit.recon.unknownPayer'),
                t('audit.recon.receivable', { id: r.receivableId, due: formatDate(r.dueDate, locale) }),
              )}
              <span role="cell" className="num">
                {formatMoney(r.amountCents, locale)}
              </span>
              <span role="cell" className="ellipsis" title={r.bankAccountName ?? ''}>
                {r.bankAccountName ?? `#${r.bankAccountId}`}
              </span>
              {two(
                r.lineDate
                  ? `${formatDate(r.lineDate, locale)} · ${r.lineAmountCents === null ? '' : formatMoney(r.lineAmountCents, locale)}`
                  : '—',
                r.lineDescription ?? '',
                [
                  r.lineDescription,
                  r.statementFile ? t('audit.recon.statement', { file: r.statementFile }) : '',
                ]
                  .filter(Boolean)
                  .join('\n'),
              )}
              {two(r.score === null ? '—' : String(r.score), r.zone ? t(`audit.recon.zone.${r.zone}`) : '')}
              {two(r.approvedBy ?? '—', r.approvedAt ? when(r.approvedAt) : '')}
              {send(r)}
              <span
                role="cell"
                className={`ellipsis ${stateClass[r.outboxState] ?? ''}`}
                title={r.reviewReason ?? ''}
              >
                {t(`audit.recon.state.${r.outboxState}`)}
              </span>
            </div>
          )}
        />
        {report.rows.length === 0 && <p className="muted empty">{t('audit.recon.empty')}</p>}
      </div>
    </>
  );
}
