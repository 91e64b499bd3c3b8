import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../../shared/contract';
import { formatDate, formatMoney } from '../../format';
import { AsideForm, type AsideChoice } from './AsideForm';
import { cardFeeOf, paysCardFee } from './card-fee';
import { CardSales } from './CardSales';
import type { MatchLine } from './MatchRow';
import { payerLabel } from './payer-label';
import { ReturnTitles } from './ReturnTitles';
import { useReasonText } from './reason-text';
import { WeakChoice } from './WeakChoice';

export type Candidates = CommandOutput<'match.candidates'>;
type Candidate = Candidates['rows'][number];
export type Weak = CommandOutput<'review.override'>;

/**
 * The right side of Conciliar's workspace: the selected line, what it is now (proposal, already in EVO, set
 * aside and why), its actions, and its candidates ranked with why each fits or not. Ticking candidates (click
 * or keys 1–9) shows the running sum and difference; "Vincular" links them. Presentational: the screen owns
 * the state and the commands, so the list's keys and these buttons do the same thing.
 */
export function LinePanel({
  line,
  candidates,
  ticked,
  weak,
  asideOpen,
  asideScope,
  selectionCount,
  rulePatterns,
  busy,
  onToggle,
  onLink,
  onConfirmWeak,
  onCancelWeak,
  onApprove,
  onAside,
  onAsideOpen,
  onAsideCancel,
  onToReview,
  onUnmatch,
  onReject,
  onSearch,
}: {
  line: MatchLine | undefined;
  candidates: Candidates | null;
  ticked: ReadonlySet<number>;
  weak: Weak | null;
  asideOpen: boolean;
  /** What a set-aside rule made here is previewed against: the statement's account, the lines set aside now. */
  asideScope: { bankAccountId: number | null; matchIds: number[] };
  selectionCount: number;
  /** Set-aside rules by id → their words (to say which rule set a line aside). */
  rulePatterns: ReadonlyMap<number, string>;
  busy: boolean;
  onToggle: (receivableId: number) => void;
  onLink: () => void;
  onConfirmWeak: (learn: boolean) => void;
  onCancelWeak: () => void;
  onApprove: () => void;
  onAside: (choice: AsideChoice) => void;
  onAsideOpen: () => void;
  onAsideCancel: () => void;
  onToReview: () => void;
  onUnmatch: () => void;
  onReject: () => void;
  onSearch: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const reasonText = useReasonText();
  const money = (c: number) => formatMoney(c, locale);
  if (!line)
    return (
      <aside className="line-panel card" aria-label={t('workspace.panel')}>
        <p className="muted">{t('workspace.none')}</p>
      </aside>
    );
  const rows = candidates?.lineId === line.lineId ? candidates.rows : null;
  const tickedRows = (rows ?? []).filter((c) => ticked.has(c.receivable.id));
  const sum = tickedRows.reduce((s, c) => s + (c.receivable.faceCents ?? 0), 0);
  const diff = line.amountCents - sum;
  // Ticked receivables of a card deposit above its credit: the card fee, not a difference ([T] item 6).
  const tickedFee = cardFeeOf(line.amountCents, sum, [
    ...line.reasons,
    ...tickedRows.flatMap((c) => c.reasons),
  ]);
  // In the EVO already: the engine said so, or an approved line's receivables were received there without Quita.
  const decidedByEngine = line.bucket === 'recorded';
  const approvedElsewhere = line.state === 'approved' && line.bucket === 'recorded';
  // Approved, nothing left to send and never sent: its receivable is no longer open in the EVO.
  const approvedStale = line.state === 'approved' && line.bucket === 'toDecide';
  const payer = payerLabel(line, t);
  const canApprove =
    line.receivables.length > 0 && ['suggested', 'overridden', 'to_review'].includes(line.state);

  const candidate = (c: Candidate, i: number) => {
    const name = c.receivable.payerName ?? t('reconcile.receivable', { id: c.receivable.id });
    const d = c.amountDiffCents;
    // One of several receivables the proposal holds: its share, not a difference from the whole credit.
    const partOf = c.reasons.some((r) => r.code === 'in_proposal' && Number(r.params?.count ?? 0) > 1);
    // A card credit is the receivable less the acquirer's fee: that gap is the fee, not an error ([T] item 6).
    const cardFee = d > 0 && paysCardFee(c.reasons);
    return (
      <li
        key={c.receivable.id}
        className={`cand${c.fits ? ' fits' : ''}${ticked.has(c.receivable.id) ? ' picked' : ''}`}
      >
        <label>
          <input
            type="checkbox"
            checked={ticked.has(c.receivable.id)}
            disabled={!!c.heldBy && !ticked.has(c.receivable.id)}
            onChange={() => onToggle(c.receivable.id)}
            aria-label={t('workspace.candidates.pick', { name })}
          />
          <kbd aria-hidden="true">{i < 9 ? i + 1 : ''}</kbd>
          <span className="cand-main">
            <span className="cand-top">
              <strong>{name}</strong>
              <span className="num">{money(c.receivable.faceCents ?? 0)}</span>
            </span>
            <span className="cand-facts muted small">
              {formatDate(c.receivable.dueDate, locale)}
              {' · '}
              {partOf
                ? t('workspace.candidates.partOf')
                : cardFee
                  ? t('workspace.candidates.cardFee', { amount: money(d) })
                  : d === 0
                    ? t('workspace.candidates.sameAmount')
                    : t(d > 0 ? 'workspace.candidates.diffMore' : 'workspace.candidates.diffLess', {
                        amount: money(Math.abs(d)),
                      })}
              {c.receivable.paymentTypeId !== null && ` · ${t(`paymentTypes.${c.receivable.paymentTypeId}`)}`}
              {/* [V] A receivable of another branch: whose, in the facts (choosing it is a wrong-branch payment). */}
              {c.otherBranch && (
                <>
                  {' · '}
                  <span className="warn">
                    {t('workspace.candidates.otherBranch', {
                      name: c.otherBranch.name ?? t('home.branches.unnamed', { id: c.otherBranch.id }),
                    })}
                  </span>
                </>
              )}
              {/* Held by another line: said here, in the facts, not in a badge that takes the name's width. */}
              {c.heldBy && (
                <>
                  {' · '}
                  <span className="warn">{t('workspace.candidates.held')}</span>
                </>
              )}
            </span>
            <span className={c.fits ? 'cand-why' : 'cand-why not'}>
              {c.reasons.map(reasonText).join(' · ')}
            </span>
          </span>
          <span className="cand-score">
            {c.fits ? (
              <span className={`score-chip zone-${c.zone}`}>{c.score}</span>
            ) : (
              <span className="score-chip none">{t('workspace.candidates.notFit')}</span>
            )}
            {c.chosen && <span className="badge">{t('workspace.candidates.chosen')}</span>}
          </span>
        </label>
      </li>
    );
  };

  return (
    <aside className="line-panel card" aria-labelledby="line-panel-title">
      <header className="line-head">
        <h2 id="line-panel-title">
          {t('workspace.line', { amount: money(line.amountCents), date: formatDate(line.date, locale) })}
        </h2>
        <span className={`badge state-badge state-${line.state}`}>{t(`reconcile.state.${line.state}`)}</span>
      </header>
      <p className="line-text">
        {payer && <strong>{payer}</strong>}
        <span className="muted"> {line.description}</span>
      </p>
      {decidedByEngine && (
        <p className="status ok">
          {approvedElsewhere
            ? t('workspace.recordedElsewhere')
            : t('workspace.recorded', { why: line.reasons.map(reasonText).join(' · ') })}
        </p>
      )}
      {approvedStale && <p className="warn">{t('workspace.approvedStale')}</p>}
      {line.aside && (
        <p className="status ok">
          {t('workspace.asideIs', { reason: t(`workspace.reasons.${line.aside.reason}`) })}
          {line.aside.note ? ` — ${line.aside.note}` : ''}{' '}
          <span className="muted">
            {line.aside.ruleId !== null
              ? t('workspace.asideByRule', { pattern: rulePatterns.get(line.aside.ruleId) ?? '…' })
              : t('workspace.asideByClerk')}
          </span>
        </p>
      )}
      {line.receivables.length > 0 && (
        <div className="line-proposal">
          <h3>{t('workspace.proposal')}</h3>
          <ul>
            {line.receivables.map((r) => (
              <li key={r.id}>
                <span className="ellipsis">{r.payerName ?? t('reconcile.receivable', { id: r.id })}</span>
                <span className="num">
                  {money(r.faceCents ?? r.amountCents)} · {formatDate(r.dueDate, locale)}
                </span>
              </li>
            ))}
          </ul>
          <p className="muted small">{line.reasons.map(reasonText).join(' · ')}</p>
        </div>
      )}
      {!decidedByEngine && !line.aside && line.receivables.length === 0 && line.reasons.length > 0 && (
        <p className="muted small">{line.reasons.map(reasonText).join(' · ')}</p>
      )}
      {/* Money the EVO recorded already: nothing to approve, set aside, search or review ([T] item 2). */}
      {(!decidedByEngine || line.receivables.length > 0) && (
        <div className="actions line-actions">
          {!decidedByEngine && (
            <>
              <button type="button" className="primary" disabled={busy || !canApprove} onClick={onApprove}>
                {t('workspace.actions.approve')}
              </button>
              <button type="button" disabled={busy} onClick={onAsideOpen} aria-expanded={asideOpen}>
                {t('workspace.actions.aside')}
              </button>
              <button type="button" disabled={busy} onClick={onSearch}>
                {t('workspace.actions.search')}
              </button>
              <button type="button" disabled={busy} onClick={onToReview}>
                {t('workspace.actions.toReview')}
              </button>
            </>
          )}
          {line.receivables.length > 0 && (
            <button type="button" disabled={busy} onClick={onUnmatch}>
              {t('workspace.actions.unmatch')}
            </button>
          )}
          {line.receivables.length > 0 && (
            <button type="button" disabled={busy} onClick={onReject}>
              {t('workspace.actions.reject')}
            </button>
          )}
        </div>
      )}
      {asideOpen && !decidedByEngine && (
        <AsideForm
          key={line.lineId}
          line={line}
          count={Math.max(1, selectionCount)}
          scope={asideScope}
          busy={busy}
          onSubmit={onAside}
          onCancel={onAsideCancel}
        />
      )}
      {(line.returnTitles || line.cardSales) && (
        // What explains a credit (a return file's titles, a card deposit's sales): scrolls sideways if narrow.
        <div className="panel-table" tabIndex={0} role="region" aria-label={t('workspace.explains')}>
          {line.returnTitles && <ReturnTitles titles={line.returnTitles} />}
          {line.cardSales && <CardSales sales={line.cardSales} />}
        </div>
      )}
      {!decidedByEngine && !line.aside && (
        <section className="candidates" aria-labelledby="candidates-title">
          <h3 id="candidates-title">{t('workspace.candidates.title')}</h3>
          {candidates?.tie && rows && (
            <p className="status warn" role="note">
              {t('workspace.candidates.tie', { count: candidates.tied })}
            </p>
          )}
          {!rows ? (
            <p className="muted">{t('workspace.candidates.loading')}</p>
          ) : rows.length === 0 ? (
            <p className="muted">{t('workspace.candidates.none')}</p>
          ) : (
            <ul className="cand-list" aria-label={t('workspace.candidates.title')}>
              {rows.map(candidate)}
            </ul>
          )}
          <div className="cand-sum">
            <p role="status" className={ticked.size > 0 && diff === 0 ? 'status ok' : 'muted'}>
              {ticked.size === 0
                ? t('workspace.candidates.sum', { count: 0 })
                : tickedFee !== null
                  ? t('workspace.candidates.sumCardFee', {
                      count: ticked.size,
                      sum: money(sum),
                      fee: money(tickedFee),
                    })
                  : t('workspace.candidates.sum', { count: ticked.size, sum: money(sum), diff: money(diff) })}
            </p>
            <button
              type="button"
              className="primary"
              disabled={busy || ticked.size === 0 || !!weak}
              onClick={onLink}
            >
              {t('workspace.candidates.link', { count: ticked.size })}
            </button>
          </div>
          {weak && (
            <WeakChoice
              weak={weak}
              canLearn={!!line.payerText}
              busy={busy}
              onConfirm={onConfirmWeak}
              onBack={onCancelWeak}
            />
          )}
        </section>
      )}
    </aside>
  );
}
