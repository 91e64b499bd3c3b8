/**
 * Início's numbers: every credit line of every statement's current plan in exactly one bucket (see LINE_BUCKETS
 * in src/shared/contract/dashboard.ts), so no line is counted twice and a suggestion nobody approved is never
 * "reconciled". The bucket of a line is line-buckets.ts's (Conciliar's lists read the same).
 */
import { ACCOUNT_STATUS } from '../../shared/constants';
import type { CommandOutput } from '../../shared/contract';
import type { AmountDto, LineBuckets } from '../../shared/contract/dashboard';
import { LINE_BUCKETS } from '../../shared/contract/dashboard';
import { todayInBrasilia } from '../../shared/dates';
import { getSyncState } from '../cache/sync-state.repo';
import type { Store, Tx } from '../store/store';
import { accountPlaces, isNetwork } from '../branches/branches';
import { branchesRepo, type BranchRow } from '../branches/branches.repo';
import { dashboardRepo } from './dashboard.repo';
import { lineBuckets } from './line-buckets';

type Summary = CommandOutput<'dashboard.summary'>;

const zero = (): AmountDto => ({ count: 0, cents: 0 });
const emptyBuckets = (): LineBuckets =>
  Object.fromEntries(LINE_BUCKETS.map((b) => [b, zero()])) as LineBuckets;

function add(a: AmountDto, cents: number) {
  a.count++;
  a.cents += cents;
}

const SENT: ReadonlySet<string> = new Set(['sentWaiting', 'sentFailed', 'sentConfirmed']);

/** Início's summary, read in one read transaction of the Store. */
export async function dashboardSummary(store: Store, now = new Date()): Promise<Summary> {
  return store.read((tx) => summaryIn(tx, now));
}

async function summaryIn(tx: Tx, now: Date): Promise<Summary> {
  const statements = await dashboardRepo.statementsNewestFirst(tx);
  const latest = statements[0];
  // Sent today (Brasília), whatever the statement: what the clerk just did, counted for the branch ([T] item 8).
  const today = todayInBrasilia(now);
  const sentAt = new Map((await dashboardRepo.lineSentAt(tx)).map((r) => [r.lineId, r.createdAt]));
  const sentToday = zero();

  const all = { lines: zero(), buckets: emptyBuckets() };
  const days = new Map<string, { date: string; decidedCents: number; toDecideCents: number }>();
  const perStatement = new Map<number, { lines: AmountDto; buckets: LineBuckets }>();
  // [V] A network's Início per branch: a statement's lines count for its account's branch; a central account's, or
  // one not placed yet, for the network (branch null).
  const network = await isNetwork(tx);
  const places = network ? await accountPlaces(tx) : new Map<never, never>();
  const branches = network ? await branchesRepo.list(tx) : [];
  const accountOf = network ? await dashboardRepo.statementAccounts(tx) : new Map<number, number>();
  const perBranch = new Map<number | null, { lines: AmountDto; buckets: LineBuckets }>();
  const branchOfStatement = (statementId: number): number | null =>
    places.get(accountOf.get(statementId) ?? -1)?.branchId ?? null;

  const lines = await dashboardRepo.creditLines(tx);
  const buckets = await lineBuckets(tx, lines);
  for (const [i, l] of lines.entries()) {
    const bucket = buckets[i]!;
    add(all.lines, l.cents);
    add(all.buckets[bucket], l.cents);
    const own = perStatement.get(l.statementId) ?? { lines: zero(), buckets: emptyBuckets() };
    add(own.lines, l.cents);
    add(own.buckets[bucket], l.cents);
    perStatement.set(l.statementId, own);
    if (network) {
      const b = branchOfStatement(l.statementId);
      const mine = perBranch.get(b) ?? { lines: zero(), buckets: emptyBuckets() };
      add(mine.lines, l.cents);
      add(mine.buckets[bucket], l.cents);
      perBranch.set(b, mine);
    }
    const at = sentAt.get(l.id);
    if (SENT.has(bucket) && at && todayInBrasilia(new Date(at)) === today) add(sentToday, l.cents);
    if (l.statementId !== latest?.id) continue;
    const day = days.get(l.date) ?? { date: l.date, decidedCents: 0, toDecideCents: 0 };
    if (bucket === 'toDecide') day.toDecideCents += l.cents;
    else day.decidedCents += l.cents;
    days.set(l.date, day);
  }

  return {
    open: await dashboardRepo.receivablesWithStatus(tx, ACCOUNT_STATUS.open),
    overdue: await dashboardRepo.receivablesWithStatus(tx, ACCOUNT_STATUS.overdue),
    lastSyncAt: (await getSyncState(tx, 'receivables')).lastSuccessAt,
    statements: statements.length,
    all,
    sentToday,
    byBranch: network ? await branchRows(tx, branches, perBranch) : [],
    byStatement: statements.flatMap((st) => {
      const own = perStatement.get(st.id);
      return own ? [{ ...st, ...own }] : [];
    }),
    statement: latest
      ? {
          ...latest,
          ...(perStatement.get(latest.id) ?? { lines: zero(), buckets: emptyBuckets() }),
          days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
        }
      : null,
  };
}

/**
 * [V] One row per branch the office reconciles, or whose accounts hold lines (and one for the network's own accounts when
 * they hold lines), so the rows add up to every credit line: the
 * same buckets, and the branch's open and overdue receivables. Sorted by id here; the screen sorts as the clerk asks.
 */
async function branchRows(
  tx: Tx,
  branches: readonly BranchRow[],
  perBranch: Map<number | null, { lines: AmountDto; buckets: LineBuckets }>,
): Promise<Summary['byBranch']> {
  const open = await dashboardRepo.receivablesPerBranch(tx, ACCOUNT_STATUS.open);
  const overdue = await dashboardRepo.receivablesPerBranch(tx, ACCOUNT_STATUS.overdue);
  const rows: Summary['byBranch'] = branches
    // A branch left out of reconciliation still has its row while its accounts hold lines: the rows add up to all.
    .filter((b) => b.chosen || perBranch.has(b.id))
    .map((b) => ({
      branchId: b.id,
      name: b.name,
      ...(perBranch.get(b.id) ?? { lines: zero(), buckets: emptyBuckets() }),
      open: open.get(b.id) ?? zero(),
      overdue: overdue.get(b.id) ?? zero(),
    }));
  const central = perBranch.get(null);
  if (central) rows.push({ branchId: null, name: null, ...central, open: zero(), overdue: zero() });
  return rows;
}
