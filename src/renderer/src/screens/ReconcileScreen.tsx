import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../shared/contract';
import { fold } from '../../../shared/text';
import { call, CommandError } from '../api/client';
import { loadNetworkPlaces, useBranchFilter, type BranchPlaces } from '../branch-filter';
import { BranchSelect } from '../components/BranchSelect';
import type { AsideChoice } from '../components/reconcile/AsideForm';
import { AsideRules } from '../components/reconcile/AsideRules';
import { LinePanel, type Candidates, type Weak } from '../components/reconcile/LinePanel';
import { MatchRow, type MatchLine } from '../components/reconcile/MatchRow';
import { OverridePanel } from '../components/reconcile/OverridePanel';
import { ShortcutsPanel } from '../components/reconcile/ShortcutsPanel';
import { VirtualList } from '../components/VirtualList';
import { formatMoney } from '../format';
import { dateText, moneyText } from '../components/reconcile/formatted';
import { useReasonText } from '../components/reconcile/reason-text';
import { conflictText } from '../components/reconcile/conflict-text';
import { useLatest } from '../hooks/latest';
import { describeError } from '../i18n';
import { statementLabels } from '../../../shared/statement-label';
import { FILTERS, filterCounts, lineTotals, matchesFilter, type ReconcileFilter } from './reconcile-lines';

type Statement = CommandOutput<'import.statements'>['statements'][number];
type Rule = CommandOutput<'review.asideRules'>['rows'][number];
type Account = CommandOutput<'cache.bankAccounts'>['accounts'][number];
type LineDetails = CommandOutput<'match.lineDetails'>;
type Conflicts = CommandOutput<'review.approve'>['conflicts'];
const ROW_HEIGHT = 64;
/** Lines per match.lines call (the command's most). */
const PAGE = 5000;
/** A statement with more credit lines than this has them drawn before the rest are read. */
const HEAD = 100;

/**
 * Conciliar: a workspace that fills the window. The statement's lines on the left (virtualized, keyboard
 * first); on the right the selected line with its candidates ranked, why each fits or not, and the actions
 * that decide it: approve, link candidates (one or several, with the running sum), set aside with a reason
 * (and a rule), or find another receivable by hand. Every line ends decided; the totals say how far the day is.
 */
export function ReconcileScreen({
  initialFilter,
  initialStatementId,
}: { initialFilter?: ReconcileFilter; initialStatementId?: number | undefined } = {}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const ids = { statement: useId(), search: useId() };
  const searchRef = useRef<HTMLInputElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const focusedOnce = useRef(false);
  const latestLines = useLatest();
  const latestCandidates = useLatest();
  const latestDetails = useLatest();
  const [help, setHelp] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [statements, setStatements] = useState<Statement[]>([]);
  const [accounts, setAccounts] = useState<Account[]>([]);
  const [statementId, setStatementId] = useState<number | null>(null);
  const [lines, setLines] = useState<MatchLine[] | null>(null);
  /** Lines of the statement still being read after its first ones were drawn (0: the list is whole). */
  const [loadingRest, setLoadingRest] = useState(0);
  /** Whether the lines on screen are a long statement's first ones only (the rest still being read). */
  const partialShown = useRef(false);
  /**
   * One per load of the lines, counted when its lines are first drawn: the focused line's panel asks again
   * after a reload (an action may have changed its line), not when the rest of a long statement arrives under
   * lines already drawn.
   */
  const [loads, setLoads] = useState(0);
  const [rules, setRules] = useState<Rule[]>([]);
  const [chosenFilter, setFilter] = useState<ReconcileFilter | null>(initialFilter ?? null);
  const [search, setSearch] = useState('');
  const [focus, setFocus] = useState(0);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [overriding, setOverriding] = useState<MatchLine | null>(null);
  const [asideOpen, setAsideOpen] = useState(false);
  const [candidates, setCandidates] = useState<Candidates | null>(null);
  const [details, setDetails] = useState<LineDetails | null>(null);
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [weak, setWeak] = useState<Weak | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const fail = (e: unknown) =>
    setMessage({ tone: 'error', text: e instanceof CommandError ? describeError(e.info) : String(e) });
  // [V] A network: the statements of the chosen branch's accounts only (Início's row, or the select below).
  const { branch, setBranch } = useBranchFilter();
  const [byBranch, setByBranch] = useState<BranchPlaces | null>(null);
  /** The statement Início's cards asked for, until it is shown. */
  const openedOn = useRef(initialStatementId);
  /** The statement the clerk is on: kept when another branch is chosen that holds it (Todas, say). */
  const keep = useRef<number | undefined>(undefined);

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
  /**
   * Loads every line of a statement; an older load that answers late never overwrites a newer one. The pages its
   * credit count says it has (`expected`) are asked for at once, so this side reads one answer while the host
   * makes the next; any lines beyond them, page by page. A long statement's first HEAD lines are asked for first
   * and drawn as soon as they come ([X] item 4: the clerk starts on the first screenful while the rest arrive);
   * until the rest is in, `loadingRest` says how many lines are missing, and nothing counts or acts on the
   * whole list (the tabs' counts, the totals, "Aprovar todos os verdes").
   */
  const load = useCallback(
    async (id: number, expected?: number) => {
      // The first lines were drawn before the rest: the panel's answers, asked for then, still hold.
      let partial = false;
      try {
        const r = await latestLines(async (isCurrent) => {
          // The light list: without the card credits' sales (only the focused line's panel shows them, asked for
          // below with match.lineDetails) and the reasons without their sentence (reason-text.ts words them).
          const page = (offset: number, limit = PAGE) =>
            call('match.lines', { statementId: id, limit, offset, details: false });
          const total = expected ?? 0;
          const head = total > HEAD ? page(0, HEAD) : null;
          const start = head ? HEAD : 0;
          const rest = Promise.all(
            Array.from({ length: Math.max(1, Math.ceil((total - start) / PAGE)) }, (_, k) =>
              page(start + k * PAGE),
            ),
          );
          // Nothing is lost here: this same promise is awaited below (`await rest`), which throws its failure to
          // the caller; this handler only keeps the browser from calling it unhandled while the first lines load.
          rest.catch(() => undefined);
          const first = head ? [await head] : [];
          if (head && isCurrent()) {
            partial = true;
            partialShown.current = true;
            setLines(first[0]!.rows);
            setLoads((n) => n + 1);
            setLoadingRest(Math.max(0, first[0]!.total - first[0]!.rows.length));
          }
          first.push(...(await rest));
          const all: MatchLine[] = first.flatMap((p) => p.rows);
          let last = first.at(-1)!;
          while (isCurrent() && all.length < last.total && last.rows.length > 0) {
            last = await page(all.length);
            all.push(...last.rows);
          }
          return all;
        });
        if (r.current) {
          partialShown.current = false;
          setLines(r.value);
          setLoadingRest(0);
          if (!partial) setLoads((n) => n + 1);
        }
      } catch (e) {
        // First lines alone (this load's or an earlier one's) must not stay on screen as if they were the
        // statement; a whole list read before stays (as it did before lines were drawn in two steps), with the
        // error beside it.
        if (partialShown.current) {
          partialShown.current = false;
          setLines(null);
          setLoadingRest(0);
        }
        throw e;
      }
    },
    [latestLines],
  );
  const loadRules = useCallback(() => {
    call('review.asideRules', {}).then((r) => setRules(r.rows), fail);
  }, []);

  // The statements, and (a network) where their accounts belong: again when another branch is chosen, whose
  // statements the picker then offers.
  useEffect(() => {
    let live = true;
    Promise.all([call('import.statements', {}), loadNetworkPlaces()]).then(([r, places]) => {
      if (!live) return;
      const inBranch = (s: Statement) => !places || places.inBranch(s.bankAccountId, branch);
      const asked = r.statements.find((s) => s.id === openedOn.current);
      // Opened on a statement of another branch (Início's cards): the choice follows the statement, and this
      // runs again with it.
      if (asked && places && !inBranch(asked)) {
        setBranch(places.branchOf(asked.bankAccountId) ?? 'network');
        return;
      }
      openedOn.current = undefined;
      setByBranch(places);
      setStatements(r.statements);
      // The statement it was opened on, or the clerk was on, else the branch's latest.
      const first =
        asked ??
        r.statements.find((s) => s.id === keep.current && inBranch(s)) ??
        r.statements.find(inBranch);
      keep.current = first?.id;
      setStatementId(first?.id ?? null);
      setLines(null);
      if (first) load(first.id, first.creditCount).catch(fail);
      // A load still on its way for a statement left behind must not draw its lines.
      else void latestLines(async () => null);
    }, fail);
    return () => {
      live = false;
    };
  }, [load, latestLines, branch, setBranch]);
  useEffect(() => loadRules(), [loadRules]);
  useEffect(() => {
    call('cache.bankAccounts', {}).then((r) => setAccounts(r.accounts), fail);
  }, []);
  // Each statement by its account and period, the file name in the tooltip ([T] item 5).
  const labels = useMemo(
    () =>
      statementLabels(
        statements.map((s) => ({
          ...s,
          accountName: accounts.find((a) => a.id === s.bankAccountId)?.description,
        })),
        locale,
        t,
      ),
    [statements, accounts, locale, t],
  );
  const current = statements.find((s) => s.id === statementId);
  const shownStatements = useMemo(
    () => (byBranch ? statements.filter((s) => byBranch.inBranch(s.bankAccountId, branch)) : statements),
    [statements, byBranch, branch],
  );

  const totals = useMemo(() => lineTotals(lines ?? []), [lines]);
  const counts = useMemo(() => filterCounts(lines ?? []), [lines]);
  // Opening on what is left to decide; once nothing is, on everything.
  const filter: ReconcileFilter = chosenFilter ?? (totals.todo > 0 ? 'todo' : 'all');

  // What the search looks in, per line: made once the clerk first types (not per key, not on opening).
  const searching = search.trim() !== '';
  const haystacks = useMemo(
    () =>
      searching
        ? (lines ?? []).map((l) =>
            fold(
              `${l.description} ${l.payerText ?? ''} ${l.receivables.map((r) => r.payerName ?? '').join(' ')} ${moneyText(l.amountCents, locale)} ${dateText(l.date, locale)}`,
            ),
          )
        : null,
    [lines, locale, searching],
  );
  const visible = useMemo(() => {
    const q = fold(search.trim());
    return (lines ?? []).filter(
      (l, k) => matchesFilter(l, filter) && (!q || haystacks?.[k]?.includes(q) === true),
    );
  }, [lines, filter, search, haystacks]);

  // The focused index stays inside the list when a filter or an action shortens it.
  const at = Math.min(focus, Math.max(0, visible.length - 1));
  const focused = visible[at];
  const focusedLineId = focused?.lineId;

  // The focused line's candidates, fetched shortly after the focus settles (holding ↓ does not flood).
  // Another line: its own ticks, no pending confirmation, the set-aside form closed (reset while rendering).
  const [panelLineId, setPanelLineId] = useState(focusedLineId);
  if (panelLineId !== focusedLineId) {
    setPanelLineId(focusedLineId);
    setTicked(new Set());
    setWeak(null);
    setAsideOpen(false);
  }
  useEffect(() => {
    if (focusedLineId === undefined) return;
    const timer = setTimeout(() => {
      latestCandidates(() => call('match.candidates', { lineId: focusedLineId, limit: 12 })).then(
        (c) => c.current && setCandidates(c.value),
        fail,
      );
    }, 120);
    return () => clearTimeout(timer);
  }, [focusedLineId, loads, latestCandidates]);

  // The focused card credit's sales, which the list is read without: asked for at once (one small read), the
  // answer of a line already left behind dropped; again when the lines are reloaded (an action may change them).
  const hasSales =
    focused?.reasons.some((r) => r.code === 'card_lump' || r.code === 'acquirer_file') === true;
  useEffect(() => {
    if (focusedLineId === undefined || !hasSales) return;
    latestDetails(() => call('match.lineDetails', { lineId: focusedLineId })).then(
      (d) => d.current && setDetails(d.value),
      fail,
    );
  }, [focusedLineId, hasSales, loads, latestDetails]);
  const panelLine = useMemo(
    () =>
      focused &&
      details?.matchId === focused.matchId &&
      details.lineId === focused.lineId &&
      details.cardSales
        ? { ...focused, cardSales: details.cardSales }
        : focused,
    [focused, details],
  );

  const reload = async () => {
    if (statementId !== null) await load(statementId, current?.creditCount);
  };
  /**
   * [W] What the clerk sees of the lines being decided (their match's version), sent with the decision: a line
   * another clerk changed meanwhile is refused and named (docs/concurrency.md).
   */
  const byMatch = useMemo(() => new Map((lines ?? []).map((l) => [l.matchId, l])), [lines]);
  const seenOf = (matchIds: number[]) =>
    matchIds.flatMap((matchId) => {
      const l = byMatch.get(matchId);
      return l ? [{ matchId, version: l.version, lineId: l.lineId }] : [];
    });
  type Outcome = { changed: number; skipped: { reason: string }[]; conflicts?: Conflicts };
  const act = async (fn: () => Promise<Outcome>, asked = 0) => {
    if (statementId === null) return;
    setBusy(true);
    try {
      const r = await fn();
      const conflicts = r.conflicts ?? [];
      setMessage({
        tone: conflicts.length ? 'error' : 'ok',
        text: [
          ...(conflicts.length && r.changed === 0 ? [] : [t('reconcile.changed', { count: r.changed })]),
          ...(r.skipped.length ? [t('reconcile.skipped', { count: r.skipped.length })] : []),
          ...(conflicts.length ? [conflictText(conflicts, asked, t, locale)] : []),
        ].join(' '),
      });
      setSelected(new Set());
      await reload();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
      focusList();
    }
  };
  /** A review action on these matches, with what the clerk saw of them. */
  const decide = (
    command: 'review.approve' | 'review.reject' | 'review.toReview' | 'review.unmatch',
    matchIds: number[],
  ) => act(() => call(command, { matchIds, seen: seenOf(matchIds) }), matchIds.length);
  /** A choice by hand met a line someone changed first: said, and the list read again. */
  const overrideConflict = (conflicts: Conflicts) => {
    setMessage({ tone: 'error', text: conflictText(conflicts, 1, t, locale) });
    void reload();
  };
  const runMatching = async () => {
    if (statementId === null) return;
    setBusy(true);
    try {
      const s = await call('match.run', { statementId });
      setMessage({ tone: 'ok', text: t('reconcile.ran', s) });
      await reload();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  const setAside = async (choice: AsideChoice) => {
    const matchIds = targetIds(focused);
    if (!matchIds.length) return;
    setBusy(true);
    try {
      const r = await call('review.setAside', { matchIds, seen: seenOf(matchIds), ...choice });
      // The rule's lines changed since its preview (or it was not seen yet): the form stays, its preview shows why.
      if (r.needsConfirmation) {
        setMessage({ tone: 'error', text: t('workspace.rulePreview.needsConfirmation') });
        return;
      }
      setMessage({
        tone: r.conflicts.length ? 'error' : 'ok',
        text: [
          ...(r.conflicts.length && r.changed === 0 ? [] : [t('workspace.aside.done', { count: r.changed })]),
          ...(r.skipped.length ? [t('reconcile.skipped', { count: r.skipped.length })] : []),
          ...(r.ruleId !== null ? [t('workspace.aside.ruleMade', { count: r.alsoSetAside })] : []),
          ...(r.conflicts.length ? [conflictText(r.conflicts, matchIds.length, t, locale)] : []),
        ].join(' '),
      });
      setSelected(new Set());
      setAsideOpen(false);
      await reload();
      if (r.ruleId !== null) loadRules();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
      focusList();
    }
  };
  const link = async (opts: { confirmed: boolean; learn: boolean }) => {
    if (!focused || ticked.size === 0) return;
    setBusy(true);
    try {
      const r = await call('review.override', {
        lineId: focused.lineId,
        receivableIds: [...ticked],
        ...opts,
        seenVersion: focused.version,
        seenMatchId: focused.matchId,
      });
      if (r.conflicts.length) {
        setWeak(null);
        setTicked(new Set());
        overrideConflict(r.conflicts);
        focusList();
      } else if (r.needsConfirmation) setWeak(r);
      else {
        setWeak(null);
        setTicked(new Set());
        setMessage({
          tone: 'ok',
          text: r.aliasesLearned
            ? t('reconcile.learned', { count: r.aliasesLearned, score: r.score })
            : t('workspace.candidates.linked', { score: r.score }),
        });
        await reload();
        focusList();
      }
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  const targetIds = (line?: MatchLine) => (selected.size ? [...selected] : line ? [line.matchId] : []);
  const toggleTick = (receivableId: number) => {
    setWeak(null);
    setTicked((s) => {
      const next = new Set(s);
      if (next.has(receivableId)) next.delete(receivableId);
      else next.add(receivableId);
      return next;
    });
  };
  const page = () => Math.max(1, Math.floor((gridRef.current?.clientHeight ?? 600) / ROW_HEIGHT) - 2);
  const candidateRows = candidates?.lineId === focusedLineId ? (candidates?.rows ?? []) : [];
  /** Keys of the lines list (it has the focus when the screen opens). */
  const onListKeyDown = (e: KeyboardEvent) => {
    if (overriding || busy || e.target !== e.currentTarget || e.ctrlKey || e.metaKey || e.altKey) return;
    // A line the EVO recorded already, alone: nothing to approve, set aside, search or review ([T] item 2).
    const line = focused;
    const actionable = line && !(line.bucket === 'recorded' && selected.size === 0) ? line : undefined;
    const last = visible.length - 1;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (key === 'ArrowDown') setFocus(Math.min(last, at + 1));
    else if (key === 'ArrowUp') setFocus(Math.max(0, at - 1));
    else if (key === 'Home') setFocus(0);
    else if (key === 'End') setFocus(Math.max(0, last));
    else if (key === 'PageDown') setFocus(Math.min(last, at + page()));
    else if (key === 'PageUp') setFocus(Math.max(0, at - page()));
    else if (key === 'Enter' && actionable) void decide('review.approve', targetIds(actionable));
    else if (key === 'r' && line) void decide('review.reject', targetIds(line));
    else if (key === 'v' && actionable) void decide('review.toReview', targetIds(actionable));
    else if ((key === 'e' || key === 'p') && actionable) setOverriding(actionable);
    else if (key === 'd' && actionable) setAsideOpen(true);
    else if (key === 'l' && line && ticked.size) void link({ confirmed: false, learn: true });
    else if (/^[1-9]$/.test(key) && candidateRows[Number(key) - 1]) {
      const c = candidateRows[Number(key) - 1]!;
      if (!c.heldBy) toggleTick(c.receivable.id);
    } else if (key === ' ' && line) toggle(line.matchId);
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
  // One function for every row (MatchRow is memoized on its props).
  const toggle = useCallback(
    (matchId: number) =>
      setSelected((s) => {
        const next = new Set(s);
        if (next.has(matchId)) next.delete(matchId);
        else next.add(matchId);
        return next;
      }),
    [],
  );
  const rulePatterns = useMemo(() => new Map(rules.map((r) => [r.id, r.pattern])), [rules]);
  // [V] A credit in one branch's account paying another branch's receivable: said above the panel, in words, as
  // the first thing the clerk reads about the line (the panel lists it again among the reasons).
  const reasonText = useReasonText();
  const wrongBranch = focused?.reasons[0]?.code === 'other_branch' ? reasonText(focused.reasons[0]) : '';
  const progress = totals.lines ? Math.round((totals.decided / totals.lines) * 100) : 0;

  return (
    <section className="screen screen-wide reconcile-screen" onKeyDown={onKeyDown}>
      <div className="reconcile-head">
        <h1>{t('nav.reconcile')}</h1>
        {lines && totals.lines > 0 && loadingRest === 0 && (
          <div className="reconcile-progress">
            <div
              className="progress-bar"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={totals.lines}
              aria-valuenow={totals.decided}
              aria-label={t('workspace.progress', { decided: totals.decided, lines: totals.lines })}
            >
              <span style={{ width: `${progress}%` }} />
            </div>
            <span className="small">
              {t('workspace.progress', { decided: totals.decided, lines: totals.lines })}
            </span>
          </div>
        )}
        {/* In the head, where there is room: the toolbar below stays as a single branch's. */}
        {byBranch && <BranchSelect places={byBranch} value={branch} onChange={setBranch} />}
        <span className="toolbar-end">
          <button type="button" onClick={() => setRulesOpen((o) => !o)} aria-expanded={rulesOpen}>
            {t('workspace.rules.open', { count: rules.length })}
          </button>
          <button
            type="button"
            className="link"
            onClick={() => void runMatching()}
            disabled={busy || statementId === null}
          >
            {t('reconcile.run')}
          </button>
          <button type="button" className="link" onClick={() => setHelp((h) => !h)} aria-expanded={help}>
            {t('reconcile.shortcuts.show')}
          </button>
        </span>
      </div>
      {statements.length === 0 && <p className="muted">{t('reconcile.noStatement')}</p>}
      {statements.length > 0 && shownStatements.length === 0 && (
        <p className="muted">{t('home.branchFilter.noStatement')}</p>
      )}
      <div className="toolbar">
        <div className="field statement-field">
          <label htmlFor={ids.statement}>{t('reconcile.statement')}</label>
          <select
            id={ids.statement}
            value={statementId ?? ''}
            title={current ? t('workspace.statementLabel.file', { file: current.fileName }) : undefined}
            onChange={(e) => {
              const id = Number(e.target.value);
              keep.current = id;
              setStatementId(id);
              setLines(null);
              load(id, statements.find((s) => s.id === id)?.creditCount).catch(fail);
            }}
          >
            {shownStatements.map((s) => (
              <option key={s.id} value={s.id} title={s.fileName}>
                {labels.get(s.id)}
              </option>
            ))}
          </select>
        </div>
        <div className="field search-field">
          <label htmlFor={ids.search}>{t('reconcile.search')}</label>
          <input
            id={ids.search}
            ref={searchRef}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <button
          type="button"
          className="primary"
          onClick={() =>
            void act(() => call('review.approveGreen', { statementId: statementId ?? undefined }))
          }
          disabled={busy || totals.green === 0 || loadingRest > 0}
        >
          {t('reconcile.approveGreen', { count: loadingRest > 0 ? '…' : totals.green })}
        </button>
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
            {t(`reconcile.filters.${f}`)} ({loadingRest > 0 ? '…' : counts[f]})
          </button>
        ))}
      </div>
      <p className="totals" role="status">
        {loadingRest > 0
          ? t('workspace.loadingRest', { count: loadingRest })
          : t('workspace.totals', {
              todo: totals.todo,
              todoAmount: formatMoney(totals.todoCents, locale),
              approved: totals.approved,
              recorded: totals.recorded,
              aside: totals.aside,
              decidedAmount: formatMoney(totals.decidedCents, locale),
            })}
      </p>
      {message && (
        <p role={message.tone === 'error' ? 'alert' : 'status'} className={`status ${message.tone}`}>
          {message.text}
        </p>
      )}
      {help && (
        <ShortcutsPanel
          onClose={() => {
            setHelp(false);
            focusList();
          }}
        />
      )}
      {rulesOpen && (
        <AsideRules
          rules={rules}
          onClose={() => {
            setRulesOpen(false);
            focusList();
          }}
          onChanged={(text) => {
            setMessage({ tone: 'ok', text });
            loadRules();
            void reload();
          }}
        />
      )}
      <div className={overriding ? 'reconcile-workspace searching' : 'reconcile-workspace'}>
        <div
          ref={gridRef}
          className="grid reconcile-grid"
          role="grid"
          aria-label={t('nav.reconcile')}
          aria-rowcount={visible.length}
          aria-activedescendant={focused ? `match-${focused.matchId}` : undefined}
          tabIndex={0}
          onKeyDown={onListKeyDown}
        >
          <div className="match-row grid-head" role="row">
            <span role="columnheader">
              <span className="visually-hidden">{t('reconcile.selectColumn')}</span>
            </span>
            <span role="columnheader">{t('reconcile.col.line')}</span>
            <span role="columnheader">{t('reconcile.col.proposal')}</span>
            <span role="columnheader">{t('reconcile.col.score')}</span>
          </div>
          {lines && visible.length === 0 && loadingRest === 0 && (
            <p className={filter === 'todo' && totals.lines > 0 ? 'status ok empty' : 'muted empty'}>
              {filter === 'todo' && totals.lines > 0
                ? t('workspace.allDecided', { count: totals.waiting })
                : t('reconcile.empty')}
            </p>
          )}
          <VirtualList
            items={visible}
            rowHeight={ROW_HEIGHT}
            label={t('nav.reconcile')}
            getKey={(l) => l.matchId}
            activeIndex={at}
            rowProps={(l, i) => ({ id: `match-${l.matchId}`, 'aria-selected': i === at })}
            onRowClick={(_, i) => {
              setFocus(i);
              gridRef.current?.focus();
            }}
            renderRow={(l, i) => (
              <MatchRow line={l} focused={i === at} selected={selected.has(l.matchId)} onToggle={toggle} />
            )}
          />
        </div>
        <div className="reconcile-side">
          {wrongBranch && !overriding && (
            <p className="wrong-branch-warning" role="note">
              <span aria-hidden="true">⚠</span>
              <span>{wrongBranch.charAt(0).toLocaleUpperCase(locale) + wrongBranch.slice(1)}.</span>
            </p>
          )}
          {overriding ? (
            <OverridePanel
              line={overriding}
              onClose={() => {
                setOverriding(null);
                focusList();
              }}
              onDone={(r) => {
                setOverriding(null);
                if (r.conflicts.length) {
                  overrideConflict(r.conflicts);
                  focusList();
                  return;
                }
                setMessage({
                  tone: 'ok',
                  text: r.aliasesLearned
                    ? t('reconcile.learned', { count: r.aliasesLearned, score: r.score })
                    : t('reconcile.chosen', { score: r.score }),
                });
                void reload();
                focusList();
              }}
            />
          ) : (
            <LinePanel
              line={panelLine}
              candidates={candidates}
              ticked={ticked}
              weak={weak}
              asideOpen={asideOpen}
              asideScope={{
                bankAccountId: current?.bankAccountId ?? null,
                matchIds: focused ? targetIds(focused) : [],
              }}
              selectionCount={selected.size}
              rulePatterns={rulePatterns}
              busy={busy}
              onToggle={toggleTick}
              onLink={() => void link({ confirmed: false, learn: true })}
              onConfirmWeak={(learn) => void link({ confirmed: true, learn })}
              onCancelWeak={() => setWeak(null)}
              onApprove={() => focused && void decide('review.approve', targetIds(focused))}
              onAside={(c) => void setAside(c)}
              onAsideOpen={() => setAsideOpen((o) => !o)}
              onAsideCancel={() => {
                setAsideOpen(false);
                focusList();
              }}
              onToReview={() => focused && void decide('review.toReview', targetIds(focused))}
              onUnmatch={() => focused && void decide('review.unmatch', targetIds(focused))}
              onReject={() => focused && void decide('review.reject', targetIds(focused))}
              onSearch={() => focused && setOverriding(focused)}
            />
          )}
        </div>
      </div>
    </section>
  );
}
