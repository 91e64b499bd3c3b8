import { diffDays } from './dates';
import { MEMBER_STATUS_NAMES, PAYMENT_TYPE_NAMES, STATUS_NAMES } from './data/catalog';
import type { BankAccountRecord, Member, ReceivableRecord } from './data/model';

export type Culture = 'pt' | 'en';

/** `culture: en-US` (a header some clients send) switches names to English; ids never change. */
export function cultureOf(header: string | string[] | undefined): Culture {
  const v = Array.isArray(header) ? header[0] : header;
  return v && v.toLowerCase().startsWith('en') ? 'en' : 'pt';
}

export const toReais = (cents: number): number => cents / 100;
const reaisOrNull = (cents: number | null) => (cents === null ? null : toReais(cents));

export function paymentTypeName(id: number, culture: Culture): string {
  return PAYMENT_TYPE_NAMES[id]?.[culture] ?? String(id);
}

/** The full API record, every field of evo-api.md in its order; absent values are null. */
export function receivableJson(
  r: ReceivableRecord,
  accounts: Map<number, BankAccountRecord>,
  culture: Culture,
) {
  const account = r.bankAccountId === null ? undefined : accounts.get(r.bankAccountId);
  return {
    idReceivable: r.idReceivable,
    description: r.description,
    registrationDate: r.registrationDate,
    dueDate: r.dueDate,
    receivingDate: r.receivingDate,
    competenceDate: r.competenceDate,
    cancellationDate: r.cancellationDate,
    ammount: toReais(r.ammountCents),
    ammountPaid: reaisOrNull(r.ammountPaidCents),
    status: { id: r.status, name: STATUS_NAMES[r.status]?.[culture] ?? String(r.status) },
    currentInstallment: r.currentInstallment,
    totalInstallments: r.totalInstallments,
    authorization: r.authorization,
    payerName: r.payerName,
    idMemberPayer: r.idMemberPayer,
    idProspectPayer: null,
    idBranchMember: r.idBranchMember,
    idSale: r.idSale,
    bankAccount: account ? { id: account.id, name: account.description } : null,
    paymentType: { id: r.paymentType, name: paymentTypeName(r.paymentType, culture) },
    invoiceDetails: null,
    fees: reaisOrNull(r.feesCents),
    conciliated: r.conciliated,
    logTef: r.logTef,
    tid: r.tid,
    nsu: r.nsu,
    updateDate: r.updateDate,
    chargeDate: r.chargeDate,
    idReceivableFrom: null,
    cardAcquirer: r.cardAcquirer,
    cardFlag: r.cardFlag,
    creditDetails: null,
    cancellationDescription: r.cancellationDescription,
    source: r.source,
    saleDate: r.saleDate,
  };
}

/**
 * Sent with both `id` (the seed's name) and `idBankAccount` (the real API's name). The record's `branchId` and
 * `role` stay out: the real bank-account record names no branch (evo-api.md).
 */
export function bankAccountJson(a: BankAccountRecord) {
  return {
    id: a.id,
    idBankAccount: a.id,
    description: a.description,
    accountType: a.accountType,
    bankCode: a.bankCode,
    agency: a.agency,
    account: a.account,
    observations: a.observations,
    inactive: a.inactive,
    bankIntegration: a.bankIntegration,
  };
}

export function debtorJson(r: ReceivableRecord, member: Member, today: string, culture: Culture) {
  const original = r.originalDueDate.slice(0, 10);
  return {
    memberId: member.idMember,
    name: member.name,
    receivableId: r.idReceivable,
    dueDate: r.dueDate,
    originalDueDate: r.originalDueDate,
    paymentDate: null,
    registerDate: r.registrationDate,
    chargeDate: r.chargeDate,
    daysLate: Math.max(0, diffDays(original, today)),
    debtAmount: toReais(r.ammountCents),
    paymentType: paymentTypeName(r.paymentType, culture),
    idPaymentType: r.paymentType,
    debtStatus: 'Open',
    memberStatus: MEMBER_STATUS_NAMES[member.status] ?? 'Active',
    checkoutLink: `https://checkout.sandbox.invalid/pagar/${r.idReceivable}`,
    checkoutLinkFullDebt: `https://checkout.sandbox.invalid/cliente/${member.idMember}`,
    paymentOrigin: r.source,
    idMemberMembership: r.idSale,
    chargeAttemptsCount: r.chargeAttemptsCount,
    lastAcquirerDeclineReason: r.lastAcquirerDeclineReason,
    receivableIdOrigin: null,
    // The member's branch (a receivable's idBranchMember); always 1 in single-branch mode.
    branchId: r.idBranchMember,
  };
}
