import type { ReconciliationReportDto, ReconciliationRowDto } from '../../shared/contract/reports';
import type { Store, Tx } from '../store/store';
import type { ReturnTitleDto } from '../../shared/contract/matching';
import { ACCOUNT_STATUS } from '../../shared/constants';
import { matchingRepo } from '../matching/matching.repo';
import { returnTitlesOf } from '../matching/return-titles.lines';
import { todayInBrasilia } from '../sync/dates';
import type { ReportBranch } from '../../shared/contract/reports';
import { accountInScope, accountPlaces, branchNames, isNetwork } from '../branches/branches';
import type { Period } from './period';
import { reconciliationRepo, type BaseRow } from './reconciliation.repo';

/**
 * A row of the report files. Beyond what the screen gets (the contract's row): the receiving date the EVO has
 * or will have. mark-received carries no date; the EVO records the day of the request, which may be in
 * another month than the bank credit.
 */
export interface ReconciliationRow extends ReconciliationRowDto {
  /** YYYY-MM-DD: the cached `receiving_date` once received, else the Brasília day the batch was sent. */
  evoDate: string | null;
  /** True when `evoDate` is the day it was sent and no read-back has confirmed it yet. */
  evoDateExpected: boolean;
  /** The bank date and `evoDate` fall in different months. */
  monthsDiffer: boolean;
  /**
   * A boleto credit explained by a CNAB return file ([K]): this receivable's title (nosso número, amount
   * paid, fee, dates, difference) and how many titles the credit holds; the rows of one credit list them all.
   * Absent for any other row.
   */
  boleto?: ReturnTitleDto & { titlesInCredit: number };
}

export interface ReconciliationReport extends ReconciliationReportDto {
  rows: ReconciliationRow[];
}

/** States in which the request went out (or may have): the EVO records, or will record, the day it was sent. */
const SENT_STATES = new Set(['sending', 'sent', 'unknown', 'confirmed']);

/**
 * What the EVO has as the receiving date: the cached one once the receivable is known received (the read-back
 * of a confirmed batch refreshes the cache); else, for a request that went out, the Brasília day of its last
 * attempt, expected. Queued and never sent, or refused (needs review) without being received: nothing.
 */
function evoDateOf(
  r: Pick<BaseRow, 'outboxState' | 'lastAttemptAt' | 'receivingDate' | 'receivableStatus'>,
): { evoDate: string | null; evoDateExpected: boolean } {
  if (r.receivableStatus === ACCOUNT_STATUS.received && r.receivingDate)
    return { evoDate: r.receivingDate.slice(0, 10), evoDateExpected: false };
  if (SENT_STATES.has(r.outboxState) && r.lastAttemptAt) {
    const sent = new Date(r.lastAttemptAt);
    if (!Number.isNaN(sent.getTime())) return { evoDate: todayInBrasilia(sent), evoDateExpected: true };
  }
  return { evoDate: null, evoDateExpected: false };
}

interface Who {
  actor: string;
  at: string;
}

/** What the audit log says about approvals and sends, indexed the ways the outbox refers to them. */
interface AuditIndex {
  approvedByMatch: Map<number, Who[]>;
  approvedByLine: Map<number, Who[]>;
  queued: Map<string, Who>;
  sent: Map<number, Who>;
  confirmed: Map<number, Who>;
}

function parseAfter(json: string | null): Record<string, unknown> {
  if (!json) return {};
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const idOf = (subject: string | null, prefix: string): number | null => {
  if (!subject?.startsWith(`${prefix}:`)) return null;
  const n = Number(subject.slice(prefix.length + 1));
  return Number.isInteger(n) ? n : null;
};

const push = <K>(map: Map<K, Who[]>, key: K, who: Who) => map.set(key, [...(map.get(key) ?? []), who]);

/**
 * One pass over the few actions the report needs (indexed by action). Entries the writers shaped
 * differently than expected are skipped, never fatal: the report then shows blanks.
 */
async function indexAudit(tx: Tx): Promise<AuditIndex> {
  const idx: AuditIndex = {
    approvedByMatch: new Map(),
    approvedByLine: new Map(),
    queued: new Map(),
    sent: new Map(),
    confirmed: new Map(),
  };
  const rows = await reconciliationRepo.auditOfActions(tx, [
    'match.approved',
    'outbox.queued',
    'outbox.sent',
    'outbox.confirmed',
  ]);
  for (const r of rows) {
    const who = { actor: r.actor, at: r.at };
    const after = parseAfter(r.after_json);
    if (r.action === 'match.approved') {
      const matchId = idOf(r.subject, 'match') ?? (typeof after.matchId === 'number' ? after.matchId : null);
      const lineId = idOf(r.subject, 'line');
      if (matchId !== null) push(idx.approvedByMatch, matchId, who);
      if (lineId !== null) push(idx.approvedByLine, lineId, who);
      continue;
    }
    const batchId = idOf(r.subject, 'batch');
    if (batchId === null) continue;
    if (r.action === 'outbox.queued') {
      const ids = Array.isArray(after.receivableIds) ? after.receivableIds : [];
      for (const id of ids) if (typeof id === 'number') idx.queued.set(`${batchId}:${id}`, who);
    } else if (r.action === 'outbox.sent') {
      // The first "sent" is when the API accepted it; a later retry after an unknown outcome is not.
      if (!idx.sent.has(batchId)) idx.sent.set(batchId, who);
    } else {
      idx.confirmed.set(batchId, who);
    }
  }
  return idx;
}

/** The latest approval made before the item was queued (a match may be approved, rejected, approved again). */
function approvalFor(list: Who[] | undefined, queuedAt: string): Who | null {
  if (!list) return null;
  let best: Who | null = null;
  for (const w of list) if (w.at <= queuedAt) best = w;
  return best ?? list[list.length - 1] ?? null;
}

/** `matchId:receivableId` → the return-file title that receivable was tied to, for credits a return file explains. */
async function boletoTitles(
  tx: Tx,
  base: BaseRow[],
): Promise<Map<string, ReturnTitleDto & { titlesInCredit: number }>> {
  const ids = [...new Set(base.flatMap((r) => (r.matchId !== null ? [r.matchId] : [])))];
  const out = new Map<string, ReturnTitleDto & { titlesInCredit: number }>();
  if (ids.length === 0) return out;
  const matches = await matchingRepo.returnFileMatches(tx, ids);
  for (const [matchId, titles] of await returnTitlesOf(tx, matches))
    for (const t of titles)
      if (t.receivableId !== null)
        out.set(`${matchId}:${t.receivableId}`, { ...t, titlesInCredit: titles.length });
  return out;
}

/**
 * What Quita queued to be marked paid in a period, with the bank line, the account and who decided: one read
 * transaction of the Store.
 */
export async function reconciliationReport(
  store: Store,
  period: Period = {},
  branch?: ReportBranch,
): Promise<ReconciliationReport> {
  return store.read((tx) => reportIn(tx, period, branch));
}

async function reportIn(tx: Tx, period: Period, branch?: ReportBranch): Promise<ReconciliationReport> {
  // [V] A network's rows say whose account took the money; a branch's report keeps its accounts' rows.
  const network = await isNetwork(tx);
  const places = network ? await accountPlaces(tx) : null;
  const names = network ? await branchNames(tx) : null;
  const inScope = await accountInScope(tx, branch);
  const accountBranch = (accountId: number) => places?.get(accountId)?.branchId ?? null;
  const base = (await reconciliationRepo.rows(tx, period)).filter((r) => inScope(r.bankAccountId));
  const idx = await indexAudit(tx);
  const boletos = await boletoTitles(tx, base);
  const rows = base.map(
    ({
      createdBy,
      lastAttemptAt,
      receivingDate,
      receivableStatus,
      receivableBranchId,
      ...r
    }): ReconciliationRow => {
      const evo = evoDateOf({ outboxState: r.outboxState, lastAttemptAt, receivingDate, receivableStatus });
      const approval =
        (r.matchId !== null ? approvalFor(idx.approvedByMatch.get(r.matchId), r.queuedAt) : null) ??
        (r.lineId !== null ? approvalFor(idx.approvedByLine.get(r.lineId), r.queuedAt) : null);
      const sentAt =
        idx.sent.get(r.batchId)?.at ?? (['sent', 'confirmed'].includes(r.outboxState) ? lastAttemptAt : null);
      const boleto = r.matchId !== null ? boletos.get(`${r.matchId}:${r.receivableId}`) : undefined;
      const b = accountBranch(r.bankAccountId);
      return {
        ...r,
        ...(network
          ? {
              branchId: b,
              branchName: b === null ? null : (names!.get(b) ?? null),
              receivableBranchId,
              receivableBranchName:
                receivableBranchId === null ? null : (names!.get(receivableBranchId) ?? null),
            }
          : {}),
        ...(boleto ? { boleto } : {}),
        approvedBy: approval?.actor ?? null,
        approvedAt: approval?.at ?? null,
        queuedBy: idx.queued.get(`${r.batchId}:${r.receivableId}`)?.actor ?? createdBy,
        sentAt,
        confirmedAt: r.confirmedAt ?? idx.confirmed.get(r.batchId)?.at ?? null,
        ...evo,
        monthsDiffer:
          r.lineDate !== null && evo.evoDate !== null && r.lineDate.slice(0, 7) !== evo.evoDate.slice(0, 7),
      };
    },
  );
  const confirmed = rows.filter((r) => r.outboxState === 'confirmed');
  return {
    from: period.from ?? null,
    to: period.to ?? null,
    branch: branch ?? null,
    branchName: typeof branch === 'number' ? (names?.get(branch) ?? null) : null,
    rows,
    count: rows.length,
    // What EVO records: each receivable at its own value (the credit's share where the copy no longer has it).
    totalCents: rows.reduce((s, r) => s + (r.receivableCents ?? r.amountCents), 0),
    confirmedCount: confirmed.length,
    confirmedCents: confirmed.reduce((s, r) => s + (r.receivableCents ?? r.amountCents), 0),
  };
}
