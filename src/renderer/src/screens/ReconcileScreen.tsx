import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../shared/contract';
import { call, CommandError } from '../api/client';
import { MatchRow, type MatchLine } from '../components/reconcile/MatchRow';
import { OverridePanel } from '../components/reconcile/OverridePanel';
import { ShortcutsPanel } from '../components/reconcile/ShortcutsPanel';
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
  const gridRef = useRef<HTMLDivElement>(null);
  const focusedOnce = useRef(false);
  const [help, setHelp] = useState(false);
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
    // Keyboard first: the list has the focus as soon as its lines are there.
    if (lines && !focusedOnce.current) {
      focusedOnce.current = true;
      gridRef.current?.focus();
    }
  }, [lines]);
  const focusList = () => requestAnimationFrame(() => gridRef.current?.focus());
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
        text: [
          t('reconcile.changed', { count: r.changed }),
          ...(r.skipped.length ? [t('reconcile.skipped', { count: r.skipped.length })] : []),
        ].join(' '),
      });
      setSelected(new Set());
      await load(statementId);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
      focusList();
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
  // The focused index stays inside the list when a filter or an action shortens it.
  const at = Math.min(focus, Math.max(0, visible.length - 1));
  const page = () => Math.max(1, Math.floor((gridRef.current?.clientHeight ?? 600) / ROW_HEIGHT) - 2);
  /** Keys of the lines list (it has the focus when the screen opens). */
  const onListKeyDown = (e: KeyboardEvent) => {
    if (overriding || busy || e.target !== e.currentTarget || e.ctrlKey || e.metaKey || e.altKey) return;
    const line = visible[at];
    const last = visible.length - 1;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (key === 'ArrowDown') setFocus(Math.min(last, at + 1));
    else if (key === 'ArrowUp') setFocus(Math.max(0, at - 1));
    else if (key === 'Home') setFocus(0);
    else if (key === 'End') setFocus(Math.max(0, last));
    else if (key === 'PageDown') setFocus(Math.min(last, at + page()));
    else if (key === 'PageUp') setFocus(Math.max(0, at - page()));
    else if (key === 'Enter' && line) void act(() => call('review.approve', { matchIds: targetIds(line) }));
    else if (key === 'r' && line) void act(() => call('review.reject', { matchIds: targetIds(line) }));
    else if (key === 'v' && line) void act(() => call('review.toReview', { matchIds: targetIds(line) }));
    else if ((key === 'e' || key === 'p') && line) setOverriding(line);
    else if (key === ' ' && line) toggle(line.matchId);
    else return;
    e.preventDefault();
  };
  /** Keys anywhere on the screen but in a text field: / searches, ? shows the shortcuts. */
  const onKeyDown = (e: KeyboardEvent) => {
    const tag = (e.target as HTMLElement).tagName;
    if (overriding || tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    if (e.key === '/') searchRef.current?.focus();
    else if (e.key === '?') setHelp((h) => !h);
    else if (e.key === 'Escape' && help) {
      setHelp(false);
      focusList();
    } else return;
    e.preventDefault();
  };
  const toggle = (matchId: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(matchId)) next.delete(matchId);
      else next.add(matchId);
      return next;
    });
  const focused = visible[at];

  return (
    <section className="screen screen-wide reconcile-screen" onKeyDown={onKeyDown}>
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
        <button type="button" className="link" onClick={() => setHelp((h) => !h)} aria-expanded={help}>
          {t('reconcile.shortcuts.show')}
        </button>
      </div>
      {help && (
        <ShortcutsPanel
          onClose={() => {
            setHelp(false);
            focusList();
          }}
        />
      )}
      {overriding && (
        <OverridePanel
          line={overriding}
          onClose={() => {
            setOverriding(null);
            focusList();
          }}
          onDone={(r) => {
            setOverriding(null);
            setMessage({
              tone: 'ok',
              text: r.aliasesLearned
                ? t('reconcile.learned', { count: r.aliasesLearned, score: r.score })
                : t('reconcile.chosen', { score: r.score }),
            });
            if (statementId !== null) load(statementId).catch(fail);
            focusList();
          }}
        />
      )}
      <div
        ref={gridRef}
        className="grid reconcile-grid"
        role="table"
        aria-label={t('nav.reconcile')}
        aria-activedescendant={focused ? `match-${focused.matchId}` : undefined}
        tabIndex={0}
        onKeyDown={onListKeyDown}
      >
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
          label={t('nav.reconcile')}
          getKey={(l) => l.matchId}
          activeIndex={at}
          onRowClick={(_, i) => {
            setFocus(i);
            gridRef.current?.focus();
          }}
          renderRow={(l, i) => (
            <MatchRow
              line={l}
              focused={i === at}
              selected={selected.has(l.matchId)}
              onToggle={() => toggle(l.matchId)}
            />
          )}
        />
        {lines && visible.length === 0 && <p className="muted empty">{t('reconcile.empty')}</p>}
      </div>
    </section>
  );
}
