import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../../shared/contract';
import { formatBrasilia, formatDate, formatMoney } from '../../format';
import { VirtualList } from '../VirtualList';
import { actorText } from './audit-text';

type Report = CommandOutput<'reports.reconciliation'>;
type Row = Report['rows'][number];

const COLUMNS = {
  gridTemplateColumns:
    // [T] item 5: at 1366 px the names (payer, account, bank text) take the room; the send's state and its time
    // share one column (they said the same twice), the times without seconds.
    'minmax(11rem, 1.4fr) 8.5rem minmax(8rem, 1.1fr) minmax(10rem, 1.1fr) 5rem minmax(9.5rem, 1fr) minmax(8.5rem, 0.8fr)',
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
  // The send's state, colored, over when it got there ("Confirmado" / "27/11/2026, 10:32"; the tooltip says
  // "Confirmado em …").
  const state = (r: Row, main: string, at: string) => (
    <span role="cell" title={r.reviewReason ?? `${main} ${at}`} style={{ lineHeight: 1.25, minWidth: 0 }}>
      <span className={`ellipsis ${stateClass[r.outboxState] ?? ''}`} style={{ display: 'block' }}>
        {t(`audit.recon.state.${r.outboxState}`)}
      </span>
      <span className="ellipsis muted small" style={{ display: 'block' }}>
        {at}
      </span>
    </span>
  );
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
  const branchLabel = (id: number | null | undefined, name: string | null | undefined) =>
    id == null ? t('audit.recon.network') : (name ?? t('audit.recon.unnamedBranch', { id }));
  /** [V] The receivable's branch, said only when it is not the account's (a payment made at another unit). */
  const otherBranch = (r: Row) =>
    r.branchId !== undefined && r.receivableBranchId != null && r.receivableBranchId !== r.branchId
      ? branchLabel(r.receivableBranchId, r.receivableBranchName)
      : null;
  const send = (r: Row) =>
    r.confirmedAt
      ? state(r, t('audit.recon.send.confirmed'), when(r.confirmedAt))
      : r.sentAt
        ? state(r, t('audit.recon.send.sent'), when(r.sentAt))
        : state(r, t('audit.recon.send.queued'), when(r.queuedAt));
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
                otherBranch(r) === null
                  ? t('audit.recon.receivable', { id: r.receivableId, due: formatDate(r.dueDate, locale) })
                  : t('audit.recon.receivableOther', { id: r.receivableId, other: otherBranch(r) }),
                [
                  r.payerName ?? t('audit.recon.unknownPayer'),
                  t('audit.recon.receivable', { id: r.receivableId, due: formatDate(r.dueDate, locale) }),
                  otherBranch(r),
                ]
                  .filter(Boolean)
                  .join('\n'),
              )}
              {/* The receivable's value (what EVO records) and, when it differs, what the bank credited (a card's fee). */}
              {r.receivableCents !== null && r.receivableCents !== r.amountCents ? (
                <span role="cell" className="num" style={{ lineHeight: 1.25 }}>
                  <span style={{ display: 'block' }}>{formatMoney(r.receivableCents, locale)}</span>
                  <span className="muted small" style={{ display: 'block', whiteSpace: 'nowrap' }}>
                    {t('audit.recon.credited', { amount: formatMoney(r.amountCents, locale) })}
                  </span>
                </span>
              ) : (
                <span role="cell" className="num">
                  {formatMoney(r.amountCents, locale)}
                </span>
              )}
              {/* An account's name is long ("Banco do Brasil - Recebimentos Cartões"): two lines before any cut. In a
                  network ([V]) the account's branch comes first and the account under it; the receivable's branch is said
                  under the receivable when it is another's. */}
              {r.branchId === undefined ? (
                <span role="cell" className="clamp-2" title={r.bankAccountName ?? ''}>
                  {r.bankAccountName ?? `#${r.bankAccountId}`}
                </span>
              ) : (
                two(
                  branchLabel(r.branchId, r.branchName),
                  r.bankAccountName ?? `#${r.bankAccountId}`,
                  `${branchLabel(r.branchId, r.branchName)}\n${r.bankAccountName ?? ''}`,
                )
              )}
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
              {two(r.approvedBy ? actorText(t, r.approvedBy) : '—', r.approvedAt ? when(r.approvedAt) : '')}
              {send(r)}
            </div>
          )}
        />
        {report.rows.length === 0 && <p className="muted empty">{t('audit.recon.empty')}</p>}
      </div>
    </>
  );
}
