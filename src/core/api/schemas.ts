import { z } from 'zod';
import { idOf, toCents, toIsoDate } from './normalize';

/**
 * Response schemas, tolerant by design (see shared/docs/evo-api.md): unknown fields are kept, ids may be
 * objects or bare numbers, amounts numbers or numeric strings, dates with or without an offset, and list
 * envelopes come in three shapes. Each schema outputs Quita's normalized record plus the raw JSON.
 */

const looseRecord = z.record(z.string(), z.unknown());
const str = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  return typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
};
/** Amounts that fail to parse become null (the record is then judged by its schema). */
const cents = (v: unknown): number | null => {
  try {
    return toCents(v);
  } catch {
    return null;
  }
};
const int = (v: unknown): number | null => idOf(v);
/** true/false, or the strings and 0/1 some serializers send; anything else unknown. */
const bool = (v: unknown): boolean | null => {
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === 'true' || v === 'True' || v === '1') return true;
  if (v === 0 || v === 'false' || v === 'False' || v === '0') return false;
  return null;
};

/** A plain array, `{qtde, list}`, `{qtde, lista}` or `{results, total}`: the items. */
export function listItems(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    for (const key of ['list', 'lista', 'results', 'items'])
      if (Array.isArray(b[key])) return b[key] as unknown[];
    // Swagger declares some list routes as a single object.
    if ('idBankAccount' in b || 'idReceivable' in b || 'id' in b) return [b];
  }
  if (body === null || body === '' || body === undefined) return [];
  throw new Error('unexpected response shape');
}

export const receivableSchema = looseRecord.transform((r, ctx) => {
  const id = int(r.idReceivable ?? r.id);
  const status = idOf(r.status ?? r.idStatus ?? r.accountStatus);
  const amount = cents(r.ammount ?? r.amount);
  if (id === null || status === null || amount === null) {
    ctx.addIssue({
      code: 'custom',
      message: `receivable without id, status or amount: ${JSON.stringify(r).slice(0, 200)}`,
    });
    return z.NEVER;
  }
  const paid = cents(r.ammountPaid ?? r.amountPaid);
  const logTef = (r.logTef && typeof r.logTef === 'object' ? r.logTef : {}) as Record<string, unknown>;
  return {
    id,
    description: str(r.description),
    amountCents: amount,
    amountPaidCents: paid,
    dueDate: toIsoDate(r.dueDate),
    receivingDate: toIsoDate(r.receivingDate),
    registrationDate: toIsoDate(r.registrationDate),
    competenceDate: toIsoDate(r.competenceDate),
    cancellationDate: toIsoDate(r.cancellationDate),
    statusId: status,
    paymentTypeId: idOf(r.paymentType ?? r.idPaymentType),
    payerName: str(r.payerName),
    memberId: int(r.idMemberPayer),
    branchMemberId: int(r.idBranchMember),
    saleId: int(r.idSale),
    bankAccountId: idOf(r.bankAccount ?? r.idBankAccount),
    authorization: str(r.authorization ?? logTef.authorization),
    nsu: str(r.nsu),
    tid: str(r.tid ?? logTef.tefId),
    cardAcquirer: str(r.cardAcquirer),
    cardFlag: str(r.cardFlag),
    currentInstallment: int(r.currentInstallment),
    totalInstallments: int(r.totalInstallments),
    updateDate: str(r.updateDate),
    conciliated: bool(r.conciliated),
    feesCents: cents(r.fees),
    saleDate: toIsoDate(r.saleDate),
    chargeDate: toIsoDate(r.chargeDate),
    raw: r,
  };
});
export type ApiReceivable = z.output<typeof receivableSchema>;

export const bankAccountSchema = looseRecord.transform((a, ctx) => {
  const id = int(a.idBankAccount ?? a.id);
  if (id === null) {
    ctx.addIssue({ code: 'custom', message: 'bank account without id' });
    return z.NEVER;
  }
  return {
    id,
    description: str(a.description ?? a.name) ?? `Conta ${id}`,
    bankCode: int(a.bankCode),
    agency: str(a.agency),
    account: str(a.account),
    inactive: bool(a.inactive) === true,
    bankIntegration: bool(a.bankIntegration),
    accountType: bool(a.accountType),
    raw: a,
  };
});
export type ApiBankAccount = z.output<typeof bankAccountSchema>;

export const debtorSchema = looseRecord.transform((d) => {
  const amount = cents(d.debtAmount);
  return {
    memberId: int(d.memberId ?? d.idMember),
    receivableId: int(d.receivableId ?? d.idReceivable),
    name: str(d.name),
    dueDate: toIsoDate(d.dueDate),
    originalDueDate: toIsoDate(d.originalDueDate),
    daysLate: int(d.daysLate),
    debtAmountCents: amount,
    paymentTypeId: int(d.idPaymentType),
    paymentType: str(d.paymentType),
    debtStatus: str(d.debtStatus),
    memberStatus: str(d.memberStatus),
    /** [V] The debtor's branch (evo-api.md [seen]); some clients' records say `idBranch`. */
    branchId: int(d.branchId ?? d.idBranch),
    raw: d,
  };
});
export type ApiDebtor = z.output<typeof debtorSchema>;

const neighborhoodSchema = looseRecord.transform((n) => ({
  id: int(n.idNeighborhood ?? n.id),
  name: str(n.description ?? n.name) ?? '',
}));
const citySchema = looseRecord.transform((c) => ({
  id: int(c.idCity ?? c.id),
  name: str(c.name) ?? '',
  neighborhoods: z
    .array(neighborhoodSchema)
    .catch([])
    .parse(c.neighborhoods ?? []),
}));
export const stateSchema = looseRecord.transform((s) => ({
  id: int(s.idState ?? s.id),
  name: str(s.name) ?? '',
  abbreviation: str(s.abbreviation ?? s.uf ?? s.sigla ?? s.initials),
  countryId: int(s.idCountry),
  cities: z
    .array(citySchema)
    .catch([])
    .parse(s.cities ?? []),
}));
export type ApiState = z.output<typeof stateSchema>;

export const notificationSchema = looseRecord.transform((n) => ({
  id: int(n.id ?? n.idNotification),
  idMember: int(n.idMember),
  message: str(n.mensagem ?? n.message ?? n.notificationMessage),
  createdAt: str(n.dataCriacao ?? n.createdAt),
  raw: n,
}));
