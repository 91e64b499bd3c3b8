import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput, Profile } from '../../../shared/contract';
import type { AmountDto, LineBucket } from '../../../shared/contract/dashboard';
import { call, CommandError } from '../api/client';
import { formatAge, formatDate, formatMoney } from '../format';
import { describeError } from '../i18n';
import { CyclePanel } from '../components/cycle/CyclePanel';
import { useNavigation, type Navigation } from '../navigation';

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
            {data.statement
              ? t('home.statement', {
                  file: data.statement.fileName,
                  age: formatAge(data.statement.importedAt, locale),
                })
              : t('home.noStatement')}
          </p>
          <NextStep profile={profile} data={data} open={open} />
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
  const { t } = useTranslation();
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
                      file: older.fileName,
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
  const sent: AmountDto = {
    count: b.sentConfirmed.count + b.sentWaiting.count + b.sentFailed.count,
    cents: b.sentConfirmed.cents + b.sentWaiting.cents + b.sentFailed.cents,
  };
  const sentParts = [
    b.sentConfirmed.count > 0 && t('home.sentParts.confirmed', { count: b.sentConfirmed.count }),
    b.sentWaiting.count > 0 && t('home.sentParts.waiting', { count: b.sentWaiting.count }),
    b.sentFailed.count > 0 && t('home.sentParts.failed', { count: b.sentFailed.count }),
  ].filter((s): s is string => typeof s === 'string');
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
          detail={sentParts.join(' · ')}
          warn={b.sentFailed.count > 0}
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
  detail,
  warn,
  onOpen,
}: {
  kind: 'toDecide' | 'toSend' | 'sent' | 'recorded' | 'setAside' | 'open' | 'overdue';
  amount: AmountDto;
  unit?: 'lines' | 'receivables';
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
        {detail && <span className={warn ? 'home-card-detail warn' : 'home-card-detail'}>{detail}</span>}
        <span className="home-card-go">{t(`home.goTo.${kind}`)} →</span>
      </button>
    </li>
  );
}

/** The current statement's money per bank date: decided (approved, already in EVO, set aside) and to decide. */
function DayChart({ days }: { days: NonNullable<Summary['statement']>['days'] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const max = Math.max(1, ...days.map((d) => d.decidedCents + d.toDecideCents));
  const barWidth = Math.max(6, Math.min(40, Math.floor(760 / days.length) - 4));
  return (
    <section className="card home-chart" aria-labelledby="home-chart">
      <h2 id="home-chart">{t('home.chartTitle')}</h2>
      <svg
        className="chart"
        viewBox={`0 0 ${days.length * (barWidth + 4) + 8} 180`}
        role="img"
        aria-label={t('home.chartLabel')}
      >
        {days.map((d, i) => {
          const x = 4 + i * (barWidth + 4);
          const hd = (d.decidedCents / max) * 150;
          const ht = (d.toDecideCents / max) * 150;
          return (
            <g key={d.date}>
              <title>
                {t('home.barTitle', {
                  date: formatDate(d.date, locale),
                  decided: formatMoney(d.decidedCents, locale),
                  toDecide: formatMoney(d.toDecideCents, locale),
                })}
              </title>
              <rect x={x} y={160 - hd} width={barWidth} height={hd} className="bar-matched" />
              <rect x={x} y={160 - hd - ht} width={barWidth} height={ht} className="bar-unmatched" />
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
        <span className="swatch bar-matched" /> {t('home.legendDecided')}{' '}
        <span className="swatch bar-unmatched" /> {t('home.legendToDecide')}
      </p>
    </section>
  );
}
