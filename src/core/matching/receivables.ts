import type { ApiReceivable } from '../api/schemas';
import { toCents } from '../api/normalize';
import type { MatchReceivable } from './types';

/** Field names under which an API record may carry a boleto number (none of the documented ones do yet). */
const BOLETO_FIELDS = ['nossoNumero', 'ourNumber', 'boletoNumber', 'bankSlipNumber', 'barcode'] as const;

function text(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null;
}

/** The fee (MDR) the gym system recorded for a card receivable, in cents; null when absent or garbled. */
export function feesFromRaw(raw: Record<string, unknown>): number | null {
  try {
    return toCents(raw.fees ?? null);
  } catch {
    return null;
  }
}

export function boletoNumberFromRaw(raw: Record<string, unknown>): string | null {
  for (const f of BOLETO_FIELDS) {
    const v = text(raw[f]);
    if (v) return v;
  }
  return null;
}

/** An API receivable (as normalized by core/api/schemas.ts) as the engine takes it. */
export function matchReceivableFromApi(r: ApiReceivable): MatchReceivable {
  return {
    id: r.id,
    amountCents: r.amountCents,
    dueDate: r.dueDate,
    statusId: r.statusId,
    paymentTypeId: r.paymentTypeId,
    payerName: r.payerName,
    memberId: r.memberId,
    authorization: r.authorization,
    nsu: r.nsu,
    tid: r.tid,
    cardAcquirer: r.cardAcquirer,
    cardFlag: r.cardFlag,
    feesCents: feesFromRaw(r.raw),
    boletoNumber: boletoNumberFromRaw(r.raw),
    receivingDate: r.receivingDate,
    amountPaidCents: r.amountPaidCents,
    bankAccountId: r.bankAccountId,
    chargeDate: r.chargeDate,
    saleDate: r.saleDate,
    currentInstallment: r.currentInstallment,
    totalInstallments: r.totalInstallments,
  };
}
