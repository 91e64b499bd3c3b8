import { STATUS } from './catalog';
import type { HiddenPayment, ReceivableRecord, SandboxData } from './model';

export type PaidRecord = ReceivableRecord & { payment: HiddenPayment };

/**
 * The work waiting for the clerk in the generated data: receivables still open or overdue whose money
 * already reached a bank account on or before `asOf` (default: the data's today). These are the
 * receivables a perfect reconciliation of the statements would mark received.
 */
export function paidButNotReconciled(data: SandboxData, asOf: string = data.today): PaidRecord[] {
  return data.receivables.filter(
    (r): r is PaidRecord =>
      (r.status === STATUS.open || r.status === STATUS.overdue) &&
      r.payment !== null &&
      r.payment.creditDate <= asOf,
  );
}
