import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput, Profile } from '../../../shared/contract';
import type { AmountDto, LineBucket } from '../../../shared/contract/dashboard';
import { call, CommandError } from '../api/client';
import { formatAge, formatDate, formatMoney } from '../format';
import { describeError } from '../i18n';
import { CyclePanel } from '../components/cycle/CyclePanel';
import { BranchesTable } from '../components/home/BranchesTable';
import { useNavigation, type Navigation } from '../navigation';
import { statementLabel } from '../../../shared/statement-label';

type Summary = CommandOutput<'dashboard.summary'>;
type Scope = 'statement' | 'all';
type Open = Navigation['open'];

/** Início: the one next step, where every credit line stands (each in one card), and the statement day by day. */
export function HomeScreen({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { open } = useNavigation();
  const [data, setData] = useState<Summary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [scope, setScope] = useState<Scope>('statement');
  useEffect(() => {
    call('dashboard.summary', {}).then(setData, (e: unknown) =>
      setError(e instanceof CommandError ? describeError(e.info) : String(e)),
    );
  }, []);

  return (
    <section className="screen screen-wide home">
      <h1>{t('nav.home')}</h1>
      <CyclePanel
        onChanged={() =>
          void call('dashboard.summary', {}).then(setData, (e: unknown) =>
            setError(e instanceof CommandError ? describeError(e.info) : String(e)),
          )
        }
      />
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
              : t('home.neverSynced')}{' '}
            {data.statement ? (
              <span title={t('workspace.statementLabel.file', { file: data.statement.fileName })}>
                {t('home.statement', {
                  statement: statementLabel(data.statement, data.statement.accountName, locale, t),
                  age: formatAge(data.statement.importedAt, locale),
                })}
              </span>
            ) : (
              t('home.noStatement')
            )}
          </p>
          <NextStep profile={profile} data={data} open={open} />
          {data.byBranch.length > 0 && <BranchesTable rows={data.byBranch} open={open} />}
          {data.statement && <LineCards data={data} scope={scope} onScope={setScope} open={open} />}
          {data.lastSyncAt && (
            <section className="home-group" aria-labelledby="home-receivables">
              <h2 id="home-receivables">{t('home.receivablesTitle')}</h2>
              <ul className="cards home-cards">
                <Card kind="open" amount={data.open} unit="receivables" onOpen={() => open('sync')} />
                <Card
                  kind="overdue"
                  amount={data.overdue}
                  unit="receivables"
                  onOpen={() => open('debtors')}
                />
              </ul>
            </section>
          )}
          {data.statement && data.statement.days.length > 0 && <DayChart days={data.statement.days} />}
        </>
      )}
    </section>
  );
}

/** The one primary action for where the day stands (or "Tudo em dia", with no button). */
function NextStep({ profile, data, open }: { profile: Profile; data: Summary; open: Open }) {
  const { t, i18n } = useTranslation();
  const toDecide = data.statement?.buckets.toDecide.count ?? 0;
  const all = data.all.buckets;
  // Lines left to decide in an earlier statement: after today's work, before "Tudo em dia".
  const older = data.byStatement.find((s) => s.id !== data.statement?.id && s.buckets.toDecide.count > 0);
  const step: { label: string; why: string; go?: () => void } = !profile.hasSecret
    ? { label: t('home.next.connect'), why: t('home.next.connectWhy'), go: () => open('settings') }
    : !data.lastSyncAt
      ? { label: t('home.next.sync'), why: t('home.next.syncWhy'), go: () => open('sync') }
      : !data.statement
        ? { label: t('home.next.import'), why: t('home.next.importWhy'), go: () => open('import') }
        : toDecide > 0
          ? {
              label: t('home.next.reconcile', { count: toDecide }),
              why: t('home.next.reconcileWhy'),
              go: () => open('reconcile', { filter: 'todo' }),
            }
          : all.toSend.count > 0
            ? {
                label: t('home.next.send', { count: all.toSend.count }),
                why: t('home.next.sendWhy', { count: all.toSend.count }),
                go: () => open('send'),
              }
            : all.sentFailed.count > 0
              ? {
                  label: t('home.next.failed'),
                  why: t('home.next.failedWhy', { count: all.sentFailed.count }),
                  go: () => open('send', { view: 'batches' }),
                }
              : older
                ? {
                    label: t('home.next.reconcileOlder', { count: older.buckets.toDecide.count }),
                    why: t('home.next.reconcileOlderWhy', {
                      count: older.buckets.toDecide.count,
                      statement: statementLabel(older, older.accountName, i18n.language, t),
                    }),
                    go: () => open('reconcile', { filter: 'todo', statementId: older.id }),
                  }
                : {
                    label: t('home.next.done'),
                    why:
                      all.sentWaiting.count > 0
                        ? t('home.next.doneWaiting', { count: all.sentWaiting.count })
                        : t('home.next.doneWhy'),
                  };
  return (
    <section className={step.go ? 'card home-next' : 'card home-next done'} aria-labelledby="home-next">
      <h2 id="home-next">{t('home.next.title')}</h2>
      {step.go ? (
        <>
          <p>{step.why}</p>
          <button type="button" className="primary" onClick={step.go}>
            {step.label}
          </button>
        </>
      ) : (
        <p>
          <strong>{step.label}</strong> {step.why}
        </p>
      )}
    </section>
  );
}

function LineCards({
  data,
  scope,
  onScope,
  open,
}: {
  data: Summary;
  scope: Scope;
  onScope: (s: Scope) => void;
  open: Open;
}) {
  const { t, i18n } = useTranslation();
  const shown = scope === 'statement' && data.statement ? data.statement : data.all;
  const b = shown.buckets;
  /** Conciliar on this filter, on the statement shown, or (all statements) the newest holding such lines. */
  const reconcile = (filter: 'todo' | 'recorded' | 'set_aside', bucket: LineBucket) => {
    const statementId =
      scope === 'statement'
        ? data.statement?.id
        : data.byStatement.find((s) => s.buckets[bucket].count > 0)?.id;
    open('reconcile', statementId === undefined ? { filter } : { filter, statementId });
  };
  // What was sent speaks for the branch, whatever the scope: right after sending another account's statement,
  // "Extrato atual" must not say R$ 0,00 ([T] item 8). The card says over what: every statement, and today.
  const all = data.all.buckets;
  const sent: AmountDto = {
    count: all.sentConfirmed.count + all.sentWaiting.count + all.sentFailed.count,
    cents: all.sentConfirmed.cents + all.sentWaiting.cents + all.sentFailed.cents,
  };
  const sentParts = [
    all.sentConfirmed.count > 0 && t('home.sentParts.confirmed', { count: all.sentConfirmed.count }),
    all.sentWaiting.count > 0 && t('home.sentParts.waiting', { count: all.sentWaiting.count }),
    all.sentFailed.count > 0 && t('home.sentParts.failed', { count: all.sentFailed.count }),
  ].filter((s): s is string => typeof s === 'string');
  const sentOver = t('home.sentOver', { count: data.sentToday.count });
  return (
    <section className="home-group" aria-labelledby="home-lines">
      <div className="home-group-head">
        <h2 id="home-lines">{t('home.linesTitle')}</h2>
        <div className="segmented" role="group" aria-label={t('home.scope.label')}>
          {(['statement', 'all'] as const).map((s) => (
            <button key={s} type="button" aria-pressed={scope === s} onClick={() => onScope(s)}>
              {t(`home.scope.${s}`)}
            </button>
          ))}
        </div>
        <span className="muted home-total">
          {t('home.linesTotal', {
            count: shown.lines.count,
            amount: formatMoney(shown.lines.cents, i18n.language),
          })}
        </span>
      </div>
      <ul className="cards home-cards">
        <Card kind="toDecide" amount={b.toDecide} onOpen={() => reconcile('todo', 'toDecide')} />
        <Card kind="toSend" amount={b.toSend} onOpen={() => open('send')} />
        <Card
          kind="sent"
          amount={sent}
          over={sentOver}
          detail={sentParts.join(' · ')}
          warn={all.sentFailed.count > 0}
          onOpen={() => open('send', { view: 'batches' })}
        />
        <Card kind="recorded" amount={b.recorded} onOpen={() => reconcile('recorded', 'recorded')} />
        <Card kind="setAside" amount={b.setAside} onOpen={() => reconcile('set_aside', 'setAside')} />
      </ul>
    </section>
  );
}

/** One number the clerk can open: the card is a button leading to the list behind it. */
function Card({
  kind,
  amount,
  unit = 'lines',
  over,
  detail,
  warn,
  onOpen,
}: {
  kind: 'toDecide' | 'toSend' | 'sent' | 'recorded' | 'setAside' | 'open' | 'overdue';
  amount: AmountDto;
  unit?: 'lines' | 'receivables';
  /** What the figure counts over, when it is not the scope chosen above (the sent card: the branch). */
  over?: string;
  detail?: string;
  warn?: boolean;
  onOpen: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <li>
      <button
        type="button"
        className={`card stat home-card stat-${kind}${amount.count === 0 ? ' is-empty' : ''}`}
        onClick={onOpen}
      >
        <span className="home-card-title">{t(`home.cards.${kind}`)}</span>
        <strong>{formatMoney(amount.cents, i18n.language)}</strong>
        <span className="muted">{t(`home.${unit}`, { count: amount.count })}</span>
        {over && <span className="home-card-over small">{over}</span>}
        {detail && <span className={warn ? 'home-card-detail warn' : 'home-card-detail'}>{detail}</span>}
        <span className="home-card-go">{t(`home.goTo.${kind}`)} →</span>
      </button>
    </li>
  );
}

/**
 * The current statement's money per bank date: decided (approved, already in EVO, set aside) and to decide,
 * stacked, each day's total written above its bar and the split in its tooltip ([T] item 8: a chart with values).
 * Plain HTML boxes rather than a scaled SVG, so the words keep their size whatever the number of days.
 */
function DayChart({ days }: { days: NonNullable<Summary['statement']>['days'] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const max = Math.max(1, ...days.map((d) => d.decidedCents + d.toDecideCents));
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const reais = (cents: number) => (cents < 100_000 ? whole : compact).format(cents / 100);
  const short = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
  const dayMonth = (iso: string) => short.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
  // Many days: the totals stand upright above their bars, and every other date is written below.
  const crowded = days.length > 16;
  const dateEvery = days.length > 24 ? 2 : 1;
  const decided = days.reduce((s, d) => s + d.decidedCents, 0);
  const toDecide = days.reduce((s, d) => s + d.toDecideCents, 0);
  return (
    <section className="card home-chart" aria-labelledby="home-chart">
      <h2 id="home-chart">{t('home.chartTitle')}</h2>
      <div
        className={crowded ? 'day-chart crowded' : 'day-chart'}
        role="img"
        aria-label={`${t('home.chartLabel')}: ${days
          .map((d) =>
            t('home.barTitle', {
              date: formatDate(d.date, locale),
              decided: formatMoney(d.decidedCents, locale),
              toDecide: formatMoney(d.toDecideCents, locale),
            }),
          )
          .join('; ')}`}
      >
        {days.map((d, i) => {
          const total = d.decidedCents + d.toDecideCents;
          return (
            <div
              key={d.date}
              className="day-col"
              title={t('home.barTitle', {
                date: formatDate(d.date, locale),
                decided: formatMoney(d.decidedCents, locale),
                toDecide: formatMoney(d.toDecideCents, locale),
              })}
            >
              <span className="day-plot">
                <span className="day-value">{reais(total)}</span>
                <span
                  className="day-bar"
                  style={{ height: `calc((100% - var(--day-value-room)) * ${(total / max).toFixed(4)})` }}
                >
                  {d.toDecideCents > 0 && (
                    <span className="bar-unmatched" style={{ flexGrow: d.toDecideCents }} />
                  )}
                  {d.decidedCents > 0 && (
                    <span className="bar-matched" style={{ flexGrow: d.decidedCents }} />
                  )}
                </span>
              </span>
              <span className="day-date">{i % dateEvery === 0 ? dayMonth(d.date) : ''}</span>
            </div>
          );
        })}
      </div>
      <p className="legend">
        <span className="swatch bar-matched" />{' '}
        {t('home.legendDecidedTotal', { amount: formatMoney(decided, locale) })}{' '}
        <span className="swatch bar-unmatched" />{' '}
        {t('home.legendToDecideTotal', { amount: formatMoney(toDecide, locale) })}{' '}
        <span className="muted">{t('home.chartUnit')}</span>
      </p>
    </section>
  );
}
