import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../shared/contract';
import { call, CommandError } from '../api/client';
import { MatchRow, type MatchLine } from '../components/reconcile/MatchRow';
import { OverridePanel } from '../components/reconcile/OverridePanel';
import { VirtualList } from '../components/VirtualList';
import { formatDate, formatMoney } from '../format';
import { describeError } from '../i18n';

type Statement = CommandOutput<'import.statements'>['statements'][number];
const FILTERS = ['all', 'green', 'yellow', 'unmatched', 'to_review', 'approved', 'rejected'] as const;
type Filter = (typeof FILTERS)[number];
const ROW_HEIGHT = 64;

const matchesFilter = (l: MatchLine, f: Filter) =>
  f === 'all' ||
  (f === 'green' || f === 'yellow'
    ? l.zone === f && (l.state === 'suggested' || l.state === 'overridden')
    : f === 'unmatched'
      ? l.receivables.length === 0
      : l.state === f);

export function ReconcileScreen() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const ids = { statement: useId(), search: useId() };
  const searchRef = useRef<HTMLInputElement>(null);
  const [statements, setStatements] = useState<Statement[]>([]);
  const [statementId, setStatementId] = useState<number | null>(null);
  const [lines, setLines] = useState<MatchLine[] | null>(null);
  const [filter, setFilter] = useState<Filter>('all');
  const [search, setSearch] = useState('');
  const [focus, setFocus] = useState(0);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [overriding, setOverriding] = useState<MatchLine | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const fail = (e: unknown) =>
    setMessage({ tone: 'error', text: e instanceof CommandError ? describeError(e.info) : String(e) });

  // Performance marks for bench/reconcile: from opening the screen to the lines being on screen.
  useEffect(() => {
    performance.mark('quita:reconcile:open');
  }, []);
  useEffect(() => {
    if (lines) requestAnimationFrame(() => performance.mark('quita:reconcile:ready'));
  }, [lines]);
  const load = useCallback(async (id: number) => {
    const all: MatchLine[] = [];
    for (let offset = 0; ; offset += 5000) {
      const page = await call('match.lines', { statementId: id, limit: 5000, offset });
      all.push(...page.rows);
      if (all.length >= page.total || page.rows.length === 0) break;
    }
    setLines(all);
  }, []);

  useEffect(() => {
    call('import.statements', {}).then((r) => {
      setStatements(r.statements);
      const latest = r.statements[0]?.id ?? null;
      setStatementId(latest);
      if (latest !== null) load(latest).catch(fail);
    }, fail);
  }, [load]);

  const visible = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (lines ?? []).filter(
      (l) =>
        matchesFilter(l, filter) &&
        (!q ||
          `${l.description} ${l.payerText ?? ''} ${l.receivables.map((r) => r.payerName ?? '').join(' ')} ${formatMoney(l.amountCents, locale)} ${formatDate(l.date, locale)}`
            .toLowerCase()
            .includes(q)),
    );
  }, [lines, filter, search, locale]);

  const totals = useMemo(() => {
    const all = lines ?? [];
    const matched = all.filter((l) => l.receivables.length > 0 && l.state !== 'rejected');
    return {
      lines: all.length,
      matchedCents: matched.reduce((s, l) => s + l.amountCents, 0),
      unmatchedCents:
        all.reduce((s, l) => s + l.amountCents, 0) - matched.reduce((s, l) => s + l.amountCents, 0),
      green: all.filter((l) => l.zone === 'green' && l.state === 'suggested').length,
    };
  }, [lines]);

  const act = async (fn: () => Promise<{ changed: number; skipped: { reason: string }[] }>) => {
    if (statementId === null) return;
    setBusy(true);
    try {
      const r = await fn();
      setMessage({
        tone: 'ok',
        text: t('reconcile.changed', { count: r.changed, skipped: r.skipped.length }),
      });
      setSelected(new Set());
      await load(statementId);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  const runMatching = async () => {
    if (statementId === null) return;
    setBusy(true);
    try {
      const s = await call('match.run', { statementId });
      setMessage({ tone: 'ok', text: t('reconcile.ran', s) });
      await load(statementId);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  const targetIds = (line?: MatchLine) => (selected.size ? [...selected] : line ? [line.matchId] : []);
  const onKeyDown = (e: KeyboardEvent) => {
    if (overriding || (e.target as HTMLElement).tagName === 'INPUT') return;
    const line = visible[focus];
    if (e.key === 'ArrowDown') setFocus((f) => Math.min(visible.length - 1, f + 1));
    else if (e.key === 'ArrowUp') setFocus((f) => Math.max(0, f - 1));
    else if (e.key === 'Enter' && line) void act(() => call('review.approve', { matchIds: targetIds(line) }));
    else if ((e.key === 'r' || e.key === 'R') && line)
      void act(() => call('review.reject', { matchIds: targetIds(line) }));
    else if (e.key === '/') searchRef.current?.focus();
    else return;
    e.preventDefault();
  };
  const focused = visible[focus];

  return (
    <section className="screen screen-wide" onKeyDown={onKeyDown}>
      <h1>{t('nav.reconcile')}</h1>
      {statements.length === 0 && <p className="muted">{t('reconcile.noStatement')}</p>}
      <div className="toolbar">
        <div className="field">
          <label htmlFor={ids.statement}>{t('reconcile.statement')}</label>
          <select
            id={ids.statement}
            value={statementId ?? ''}
            onChange={(e) => {
              const id = Number(e.target.value);
              setStatementId(id);
              setLines(null);
              load(id).catch(fail);
            }}
          >
            {statements.map((s) => (
              <option key={s.id} value={s.id}>
                {s.fileName} ({formatDate(s.periodFrom, locale)} – {formatDate(s.periodTo, locale)})
              </option>
            ))}
          </select>
        </div>
        <button type="button" onClick={() => void runMatching()} disabled={busy || statementId === null}>
          {t('reconcile.run')}
        </button>
        <button
          type="button"
          className="primary"
          onClick={() =>
            void act(() => call('review.approveGreen', { statementId: statementId ?? undefined }))
          }
          disabled={busy || totals.green === 0}
        >
          {t('reconcile.approveGreen', { count: totals.green })}
        </button>
        <div className="field">
          <label htmlFor={ids.search}>{t('reconcile.search')}</label>
          <input
            id={ids.search}
            ref={searchRef}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>
      <div className="filters" role="tablist" aria-label={t('reconcile.filter')}>
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            aria-selected={filter === f}
            className={filter === f ? 'chip active' : 'chip'}
            onClick={() => setFilter(f)}
          >
            {t(`reconcile.filters.${f}`)} ({(lines ?? []).filter((l) => matchesFilter(l, f)).length})
          </button>
        ))}
      </div>
      <p className="totals" role="status">
        {t('reconcile.totals', {
          lines: totals.lines,
          matched: formatMoney(totals.matchedCents, locale),
          unmatched: formatMoney(totals.unmatchedCents, locale),
        })}
      </p>
      {message && (
        <p role={message.tone === 'error' ? 'alert' : 'status'} className={`status ${message.tone}`}>
          {message.text}
        </p>
      )}
      <div className="actions">
        <button
          type="button"
          disabled={!focused && !selected.size}
          onClick={() => void act(() => call('review.approve', { matchIds: targetIds(focused) }))}
        >
          {t('reconcile.approve')}
        </button>
        <button
          type="button"
          disabled={!focused && !selected.size}
          onClick={() => void act(() => call('review.reject', { matchIds: targetIds(focused) }))}
        >
          {t('reconcile.reject')}
        </button>
        <button
          type="button"
          disabled={!focused && !selected.size}
          onClick={() => void act(() => call('review.toReview', { matchIds: targetIds(focused) }))}
        >
          {t('reconcile.toReview')}
        </button>
        <button
          type="button"
          disabled={!focused && !selected.size}
          onClick={() => void act(() => call('review.unmatch', { matchIds: targetIds(focused) }))}
        >
          {t('reconcile.unmatch')}
        </button>
        <button type="button" disabled={!focused} onClick={() => focused && setOverriding(focused)}>
          {t('reconcile.choose')}
        </button>
        <span className="muted small">{t('reconcile.keys')}</span>
      </div>
      {overriding && (
        <OverridePanel
          line={overriding}
          onClose={() => setOverriding(null)}
          onDone={() => {
            setOverriding(null);
            if (statementId !== null) load(statementId).catch(fail);
          }}
        />
      )}
      <div className="grid reconcile-grid" role="table" aria-label={t('nav.reconcile')} tabIndex={0}>
        <div className="match-row grid-head" role="row">
          <span role="columnheader" />
          <span role="columnheader">{t('reconcile.col.line')}</span>
          <span role="columnheader">{t('reconcile.col.proposal')}</span>
          <span role="columnheader">{t('reconcile.col.score')}</span>
          <span role="columnheader">{t('reconcile.col.reasons')}</span>
        </div>
        <VirtualList
          items={visible}
          rowHeight={ROW_HEIGHT}
          height={560}
          label={t('nav.reconcile')}
          getKey={(l) => l.matchId}
          renderRow={(l, i) => (
            <div onClick={() => setFocus(i)}>
              <MatchRow
                line={l}
                focused={i === focus}
                selected={selected.has(l.matchId)}
                onToggle={() =>
                  setSelected((s) => {
                    const next = new Set(s);
                    if (next.has(l.matchId)) next.delete(l.matchId);
                    else next.add(l.matchId);
                    return next;
                  })
                }
              />
            </div>
          )}
        />
        {lines && visible.length === 0 && <p className="muted empty">{t('reconcile.empty')}</p>}
      </div>
    </section>
  );
}
