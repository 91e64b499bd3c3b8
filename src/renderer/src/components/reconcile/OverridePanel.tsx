import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../../shared/contract';
import { call, CommandError } from '../../api/client';
import { formatDate, formatMoney } from '../../format';
import { ACCOUNT_STATUS, PAYMENT_TYPE } from '../../../../shared/constants';
import { describeError } from '../../i18n';
import { cardFeeOf } from './card-fee';
import { LearnedNames } from './LearnedNames';
import { WeakChoice } from './WeakChoice';
import type { MatchLine } from './MatchRow';
import { DateField } from '../DateField';

type Found = CommandOutput<'review.searchReceivables'>['rows'][number];
type Override = CommandOutput<'review.override'>;
/** The payment types a clerk filters by (the others are rare at a gym's front desk). */
const PAYMENT_TYPE_IDS = [
  PAYMENT_TYPE.cash,
  PAYMENT_TYPE.credit_card,
  PAYMENT_TYPE.debit_card,
  PAYMENT_TYPE.boleto,
  PAYMENT_TYPE.deposit,
  PAYMENT_TYPE.transfer,
  PAYMENT_TYPE.pix,
] as const;
const { open: OPEN, overdue: OVERDUE } = ACCOUNT_STATUS;

/**
 * Pick one or several cached receivables for a line by hand, in a panel at the side of the list. The
 * current choice (what the line is matched to now) comes first, marked; the running sum and difference
 * are always shown; a search that finds nothing says so. A choice the engine scores below yellow is
 * confirmed before it is applied, and only then may the bank's name be learned.
 */
export function OverridePanel({
  line,
  onDone,
  onClose,
}: {
  line: MatchLine;
  onDone: (result: Override) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const ids = { q: useId(), amount: useId(), type: useId(), status: useId(), from: useId(), to: useId() };
  const searchRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState(line.payerText ?? '');
  const [sameAmount, setSameAmount] = useState(false);
  const [paymentType, setPaymentType] = useState<number | ''>('');
  const [status, setStatus] = useState<'open' | 'overdue' | 'both'>('both');
  const [dueFrom, setDueFrom] = useState('');
  const [dueTo, setDueTo] = useState('');
  const [result, setResult] = useState<{ key: string; rows: Found[] } | null>(null);
  const searchKey = JSON.stringify([query, sameAmount, paymentType, status, dueFrom, dueTo]);
  const rows = result?.rows ?? null;
  /** The rows shown are for other filters than the ones now typed (a search is on its way). */
  const stale = result?.key !== searchKey;
  // What the line is matched to now: always listed first (marked), even once unticked.
  const [current] = useState<Map<number, Found>>(
    () =>
      new Map(
        line.receivables.map((r) => [
          r.id,
          {
            ...r,
            amountCents: r.faceCents ?? r.amountCents,
            statusId: r.statusId ?? OPEN,
            heldByLineId: line.lineId,
          },
        ]),
      ),
  );
  const [chosen, setChosen] = useState<Map<number, Found>>(() => new Map(current));
  const [weak, setWeak] = useState<Override | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fail = (e: unknown) => setError(e instanceof CommandError ? describeError(e.info) : String(e));

  useEffect(() => {
    searchRef.current?.focus();
    searchRef.current?.select();
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => {
      call('review.searchReceivables', {
        ...(query.trim() ? { query } : {}),
        ...(sameAmount ? { amountCents: line.amountCents } : {}),
        ...(paymentType !== '' ? { paymentTypeIds: [paymentType] } : {}),
        statuses: status === 'open' ? [OPEN] : status === 'overdue' ? [OVERDUE] : [OPEN, OVERDUE],
        ...(dueFrom ? { dueFrom } : {}),
        ...(dueTo ? { dueTo } : {}),
        limit: 100,
      }).then((r) => setResult({ key: searchKey, rows: r.rows }), fail);
    }, 200);
    return () => clearTimeout(timer);
  }, [searchKey, query, sameAmount, paymentType, status, dueFrom, dueTo, line.amountCents]);

  const toggle = (r: Found) => {
    setWeak(null);
    setChosen((m) => {
      const next = new Map(m);
      if (next.has(r.id)) next.delete(r.id);
      else next.set(r.id, r);
      return next;
    });
  };
  const chosenRows = [...chosen.values()];
  const sum = chosenRows.reduce((s, r) => s + r.amountCents, 0);
  const diff = line.amountCents - sum;
  // The proposal of a card deposit, as it stands: what the receivables exceed the credit by is the card's fee,
  // said as such in a neutral tone, not an orange "diferença -R$ 3,36" ([T] item 6).
  const asProposed = chosen.size === current.size && [...chosen.keys()].every((id) => current.has(id));
  const cardFee = asProposed ? cardFeeOf(line.amountCents, sum, line.reasons) : null;
  const top = [...current.values(), ...chosenRows.filter((r) => !current.has(r.id))];
  const others = (rows ?? []).filter((r) => !chosen.has(r.id) && !current.has(r.id));

  const apply = async (opts: { confirmed: boolean; learn: boolean }) => {
    setBusy(true);
    setError(null);
    try {
      const r = await call('review.override', {
        lineId: line.lineId,
        receivableIds: [...chosen.keys()],
        ...opts,
        // [W] The line as the list showed it: changed by someone else since, nothing is applied (onDone says who).
        seenVersion: line.version,
        seenMatchId: line.matchId,
      });
      if (r.needsConfirmation && !r.conflicts.length) setWeak(r);
      else onDone(r);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  // Esc closes the confirmation, then the panel, wherever the focus is (a removed button leaves it on body).
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      if (weak) setWeak(null);
      else onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [weak, onClose]);

  const row = (r: Found, isCurrent: boolean) => {
    const heldElsewhere = r.heldByLineId !== null && r.heldByLineId !== line.lineId;
    return (
      <li key={r.id} className={chosen.has(r.id) ? 'picked' : undefined}>
        <label>
          <input
            type="checkbox"
            checked={chosen.has(r.id)}
            onChange={() => toggle(r)}
            disabled={heldElsewhere && !chosen.has(r.id)}
          />
          <span className="ellipsis" title={`${r.payerName ?? ''} — ${r.description ?? ''}`}>
            {r.payerName ?? r.description}
          </span>
          <span className="num">{formatMoney(r.amountCents, locale)}</span>
          <span className="override-facts">
            <span>{formatDate(r.dueDate, locale)}</span>
            <span>{t(`reconcile.status.${r.statusId}`, { defaultValue: String(r.statusId) })}</span>
            {r.payerName && r.description && <span className="ellipsis">{r.description}</span>}
            {isCurrent && <span className="badge">{t('reconcile.override.currentBadge')}</span>}
            {heldElsewhere && <span className="badge warn">{t('reconcile.override.held')}</span>}
          </span>
        </label>
      </li>
    );
  };

  return (
    <section className="card override override-drawer" aria-labelledby="override-title">
      <div className="notify-head">
        <h2 id="override-title">
          {t('reconcile.override.title', {
            amount: formatMoney(line.amountCents, locale),
            date: formatDate(line.date, locale),
          })}
        </h2>
        <button type="button" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <p className="muted">{line.description}</p>
      <div className="toolbar">
        <div className="field grow">
          <label htmlFor={ids.q}>{t('reconcile.override.search')}</label>
          <input
            id={ids.q}
            ref={searchRef}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.type}>{t('reconcile.override.paymentType')}</label>
          <select
            id={ids.type}
            value={paymentType}
            onChange={(e) => setPaymentType(e.target.value === '' ? '' : Number(e.target.value))}
          >
            <option value="">{t('reconcile.override.anyType')}</option>
            {PAYMENT_TYPE_IDS.map((id) => (
              <option key={id} value={id}>
                {t(`paymentTypes.${id}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.status}>{t('reconcile.override.status')}</label>
          <select id={ids.status} value={status} onChange={(e) => setStatus(e.target.value as 'both')}>
            <option value="both">{t('reconcile.override.openOrOverdue')}</option>
            <option value="open">{t('reconcile.status.1')}</option>
            <option value="overdue">{t('reconcile.status.4')}</option>
          </select>
        </div>
        <DateField
          id={ids.from}
          label={t('reconcile.override.dueFrom')}
          value={dueFrom}
          onChange={setDueFrom}
          invalidText={t('sync.dateInvalid')}
        />
        <DateField
          id={ids.to}
          label={t('reconcile.override.dueTo')}
          value={dueTo}
          onChange={setDueTo}
          invalidText={t('sync.dateInvalid')}
        />
        <label className="radio" htmlFor={ids.amount}>
          <input
            id={ids.amount}
            type="checkbox"
            checked={sameAmount}
            onChange={(e) => setSameAmount(e.target.checked)}
          />
          {t('reconcile.override.sameAmount')}
        </label>
      </div>
      <p
        role="status"
        className={
          chosen.size > 0 && diff === 0
            ? 'status ok override-sum'
            : cardFee !== null
              ? 'override-sum'
              : 'warn override-sum'
        }
      >
        {chosen.size === 0
          ? t('reconcile.override.sumNone', { amount: formatMoney(line.amountCents, locale) })
          : cardFee !== null
            ? t('reconcile.override.sumCardFee', {
                count: chosen.size,
                sum: formatMoney(sum, locale),
                fee: formatMoney(cardFee, locale),
              })
            : `${t('reconcile.override.sum', {
                count: chosen.size,
                sum: formatMoney(sum, locale),
                diff: formatMoney(diff, locale),
              })}${diff === 0 ? ` — ${t('reconcile.override.exact')}` : ''}`}
      </p>
      <div className="override-results">
        {top.length > 0 && (
          <>
            <h3 className="override-group">{t('reconcile.override.current')}</h3>
            <ul className="override-list" aria-label={t('reconcile.override.current')}>
              {top.map((r) => row(r, current.has(r.id)))}
            </ul>
          </>
        )}
        <h3 className="override-group">{t('reconcile.override.found')}</h3>
        {others.length === 0 && stale ? (
          <p className="muted">{t('reconcile.override.searching')}</p>
        ) : others.length === 0 ? (
          <div className="override-empty" aria-live="polite">
            <span>
              {(rows ?? []).length > 0
                ? t('reconcile.override.onlyChosen', { count: rows?.length ?? 0 })
                : query.trim()
                  ? t('reconcile.override.nothingFor', { query: query.trim() })
                  : t('reconcile.override.nothing')}
            </span>
            {query.trim() && (
              <button
                type="button"
                onClick={() => {
                  setQuery('');
                  searchRef.current?.focus();
                }}
              >
                {t('reconcile.override.clearText')}
              </button>
            )}
          </div>
        ) : (
          <ul className="override-list" aria-label={t('reconcile.override.results')}>
            {others.map((r) => row(r, false))}
          </ul>
        )}
      </div>
      {error && (
        <p role="alert" className="status error">
          {error}
        </p>
      )}
      {weak ? (
        <WeakChoice
          weak={weak}
          canLearn={!!line.payerText}
          busy={busy}
          onConfirm={(learn) => void apply({ confirmed: true, learn })}
          onBack={() => setWeak(null)}
          details={
            <>
              {line.payerText && (
                <p>
                  {t('reconcile.override.low.name', {
                    bank: line.payerText,
                    names: [...new Set(chosenRows.map((r) => r.payerName ?? r.description ?? ''))].join(', '),
                  })}
                </p>
              )}
              {diff !== 0 && (
                <p>
                  {t('reconcile.override.low.amount', {
                    line: formatMoney(line.amountCents, locale),
                    sum: formatMoney(sum, locale),
                    diff: formatMoney(diff, locale),
                  })}
                </p>
              )}
            </>
          }
        />
      ) : (
        <div className="actions">
          <button
            type="button"
            className="primary"
            disabled={chosen.size === 0 || busy}
            onClick={() => void apply({ confirmed: false, learn: true })}
          >
            {t('reconcile.override.confirm', { count: chosen.size })}
          </button>
        </div>
      )}
      <LearnedNames />
    </section>
  );
}
