import { BRANCH, INTEGRATION_EMPLOYEE_ID, MEMBER_STATUS, STATUS } from '../data/catalog';
import type { BankAccountRecord, Member, ReceivableRecord, SandboxData } from '../data/model';
import { saveSnapshot, type Notification, type ReceivableChange, type Snapshot } from './snapshot';

export type MarkResult = { ok: true } | { ok: false; messages: string[] };

/** The sandbox's mutable state: generated data plus what clients changed through the API. */
export interface SandboxStore {
  readonly data: SandboxData;
  /** Current records (clones of the generated ones, with changes applied), sorted by idReceivable. */
  readonly receivables: readonly ReceivableRecord[];
  readonly accounts: Map<number, BankAccountRecord>;
  readonly members: Map<number, Member>;
  receivable(id: number): ReceivableRecord | undefined;
  /**
   * All or nothing: one bad id leaves every receivable of the request untouched. `branch` (a network's branch key):
   * receivables of other branches are refused, and accounts of other branches are unknown to it.
   */
  markReceived(ids: readonly number[], idBankAccount: number, nowLocal: string, branch?: number): MarkResult;
  addNotification(idMember: number, message: string, nowUtc: string): Notification;
  readonly notifications: readonly Notification[];
  /**
   * Test control only (no real API creates receivables): a new open receivable of the same amount, due date,
   * payment type and description as `like`, with the next free id, owed by `idMember` or else by the first active
   * member with a payer of another name who owes nothing of that amount. Kept in memory, not in the db file: a
   * restarted sandbox regenerates without it. Undefined when `like` or the member is unknown.
   */
  addLike(likeId: number, idMember: number | undefined, nowLocal: string): ReceivableRecord | undefined;
  /**
   * Test control only: received receivables put back as the clerk had never reconciled them (open, or overdue when
   * due before `today`; no receiving date, account or amount paid), their hidden payment kept — the state the
   * generator gives a payment credited after the clerk's last reconciliation. All or nothing: an unknown id or one
   * not received changes nothing and is named. Kept in the db file like a client's change.
   */
  reopen(ids: readonly number[], today: string, nowLocal: string): MarkResult;
}

export function createStore(
  data: SandboxData,
  dbFile: string | undefined,
  snapshot: Snapshot | null,
): SandboxStore {
  const receivables = data.receivables.map((r) => ({ ...r })).sort((a, b) => a.idReceivable - b.idReceivable);
  const byId = new Map(receivables.map((r) => [r.idReceivable, r]));
  const changes = new Map<number, ReceivableChange>();
  const notifications: Notification[] = [];

  if (snapshot) {
    for (const [id, change] of Object.entries(snapshot.changes)) {
      const r = byId.get(Number(id));
      if (!r) continue;
      Object.assign(r, change);
      changes.set(r.idReceivable, change);
    }
    notifications.push(...snapshot.notifications);
  }

  const persist = () => {
    if (!dbFile) return;
    saveSnapshot(dbFile, {
      version: 1,
      params: {
        seed: data.seed,
        members: data.members,
        months: data.months,
        today: data.today,
        ...(data.cardStyle ? { cardStyle: data.cardStyle } : {}),
        ...(data.unreconciledDays !== undefined ? { unreconciledDays: data.unreconciledDays } : {}),
        ...(data.network ? { network: data.network } : {}),
      },
      changes: Object.fromEntries([...changes].map(([id, c]) => [String(id), c])),
      notifications,
    });
  };

  // A new db file records the generation parameters at once, so a restart regenerates the same branch.
  if (dbFile && !snapshot) persist();

  const accounts = new Map(data.bankAccounts.map((a) => [a.id, a]));
  return {
    data,
    receivables,
    accounts,
    members: new Map(data.memberList.map((m) => [m.idMember, m])),
    notifications,
    receivable: (id) => byId.get(id),
    markReceived(ids, idBankAccount, nowLocal, branch) {
      const messages: string[] = [];
      const found = accounts.get(idBankAccount);
      // A branch key sees its branch's accounts and the network's central one (branchId null), nothing else.
      const account =
        branch === undefined || found?.branchId === null || found?.branchId === branch ? found : undefined;
      if (!account) messages.push(`idBankAccount: conta bancária ${idBankAccount} não encontrada`);
      else if (account.inactive) messages.push(`idBankAccount: conta bancária ${idBankAccount} está inativa`);
      const unknown = ids.filter((id) => !byId.has(id));
      const elsewhere =
        branch === undefined
          ? []
          : ids.filter((id) => byId.has(id) && byId.get(id)!.idBranchMember !== branch);
      if (elsewhere.length)
        messages.push(`Recebível(is) de outra unidade (idBranch ${branch}): ${elsewhere.join(', ')}`);
      const cancelled = ids.filter((id) => byId.get(id)?.status === STATUS.cancelled);
      const received = ids.filter((id) => byId.get(id)?.status === STATUS.received);
      if (unknown.length) messages.push(`Recebível(is) não encontrado(s): ${unknown.join(', ')}`);
      if (cancelled.length)
        messages.push(`Recebível(is) cancelado(s) não pode(m) ser recebido(s): ${cancelled.join(', ')}`);
      if (received.length) messages.push(`Recebível(is) já recebido(s): ${received.join(', ')}`);
      if (messages.length) return { ok: false, messages };
      // A repeated id in one request is harmless: it is applied once.
      for (const id of new Set(ids)) {
        const r = byId.get(id)!;
        const change: ReceivableChange = {
          status: STATUS.received,
          receivingDate: nowLocal,
          ammountPaidCents: r.ammountCents,
          bankAccountId: idBankAccount,
          updateDate: nowLocal,
          conciliated: true,
        };
        Object.assign(r, change);
        changes.set(id, change);
      }
      persist();
      return { ok: true };
    },
    addLike(likeId, idMember, nowLocal) {
      const like = byId.get(likeId);
      if (!like) return undefined;
      const owesAmount = new Set(
        receivables.filter((o) => o.ammountCents === like.ammountCents).map((o) => o.idMember),
      );
      // A network's member belongs to a branch: the automatic pick stays in the like's branch.
      const branchOf = (m: Member) => m.idBranch ?? BRANCH.id;
      const member =
        idMember !== undefined
          ? data.memberList.find((m) => m.idMember === idMember)
          : data.memberList.find(
              (m) =>
                m.status === MEMBER_STATUS.active &&
                branchOf(m) === like.idBranchMember &&
                m.payerName !== like.payerName &&
                !owesAmount.has(m.idMember),
            );
      if (!member) return undefined;
      const r: ReceivableRecord = {
        ...like,
        idReceivable: receivables[receivables.length - 1]!.idReceivable + 1,
        idMember: member.idMember,
        idBranchMember: branchOf(member),
        payerName: member.payerName,
        idMemberPayer: member.idMemberPayer,
        receivingDate: null,
        ammountPaidCents: null,
        status: like.status === STATUS.received ? STATUS.open : like.status,
        bankAccountId: null,
        conciliated: false,
        payment: null,
        updateDate: nowLocal,
        registrationDate: nowLocal,
      };
      receivables.push(r);
      byId.set(r.idReceivable, r);
      return r;
    },
    reopen(ids, today, nowLocal) {
      const unknown = ids.filter((id) => !byId.has(id));
      const notReceived = ids.filter((id) => byId.has(id) && byId.get(id)!.status !== STATUS.received);
      const messages = [
        ...(unknown.length ? [`Recebível(is) não encontrado(s): ${unknown.join(', ')}`] : []),
        ...(notReceived.length ? [`Recebível(is) não recebido(s): ${notReceived.join(', ')}`] : []),
      ];
      if (messages.length) return { ok: false, messages };
      for (const id of new Set(ids)) {
        const r = byId.get(id)!;
        const change: ReceivableChange = {
          status: r.dueDate.slice(0, 10) < today ? STATUS.overdue : STATUS.open,
          receivingDate: null,
          ammountPaidCents: null,
          bankAccountId: null,
          updateDate: nowLocal,
          conciliated: false,
        };
        Object.assign(r, change);
        changes.set(id, change);
      }
      persist();
      return { ok: true };
    },
    addNotification(idMember, message, nowUtc) {
      const n: Notification = {
        id: (notifications.at(-1)?.id ?? 0) + 1,
        idMember,
        idProspect: null,
        mensagem: message,
        idFuncionario: INTEGRATION_EMPLOYEE_ID,
        dataCriacao: nowUtc,
      };
      notifications.push(n);
      persist();
      return n;
    },
  };
}
