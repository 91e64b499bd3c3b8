/**
 * What matching reads of the acquirer files ([J]): the account's payment batches around a statement's dates,
 * each with its rows. A Rede EEFI credit names the sales summaries (RVs) it pays: each summary row is
 * replaced by the EEVC/EEVD sales of that summary (and installment) when they are stored and add up to it;
 * otherwise it stays a summary row, which matching cannot tie to a member (the line stays out of green).
 */
import type { Tx } from '../store/store';
import type { MatchAcquirerPayment, MatchAcquirerSale } from '../matching/acquirer-files';
import { acquirerMatchStore } from './acquirer-match.store';
import type { StoredPayment, StoredSale } from './acquirer.repo';

const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const row = (s: StoredSale): MatchAcquirerSale => ({
  id: s.id,
  kind: s.kind,
  nsu: s.nsu,
  authorization: s.authorization,
  tid: s.tid,
  brand: s.brand,
  product: s.product,
  grossCents: s.grossCents,
  feeCents: s.feeCents,
  netCents: s.netCents,
  saleDate: s.saleDate,
  installment: s.installment,
  installments: s.installments,
});

/**
 * Payments with their rows, a Rede EEFI summary row replaced by the EEVC/EEVD sales of its summary and
 * installment when they add up to it. Pure: the database loader below and bench/matching/acquirer-files.ts
 * (files parsed in memory) share it.
 */
export function matchPaymentsOf(
  payments: readonly (Omit<StoredPayment, 'id' | 'fileId'> & { id?: number })[],
  rows: readonly StoredSale[],
  summarySales: readonly StoredSale[],
): MatchAcquirerPayment[] {
  const byBatch = new Map<string, StoredSale[]>();
  for (const s of rows) {
    const k = `${s.acquirer}|${s.batchRef ?? ''}`;
    byBatch.set(k, [...(byBatch.get(k) ?? []), s]);
  }
  const cvs = new Map<string, StoredSale[]>();
  const bySummary = new Map<string, StoredSale[]>();
  for (const s of summarySales) {
    const k = `${s.summaryRef}|${s.installment ?? 1}`;
    cvs.set(k, [...(cvs.get(k) ?? []), s]);
    bySummary.set(s.summaryRef ?? '', [...(bySummary.get(s.summaryRef ?? '') ?? []), s]);
  }
  const sumOf = (xs: StoredSale[]) => xs.reduce((n, x) => n + x.netCents, 0);
  return payments.map((p, k) => {
    const own = byBatch.get(`${p.acquirer}|${p.ref}`) ?? [];
    const expanded = own.flatMap((s) => {
      if (s.kind !== 'summary') return [row(s)];
      // The summary's sales of this installment; or all of the summary's sales, when they make the credit.
      for (const sales of [
        cvs.get(`${s.summaryRef}|${s.installment ?? 1}`) ?? [],
        bySummary.get(s.summaryRef ?? '') ?? [],
      ])
        if (sales.length > 0 && sumOf(sales) === s.netCents) return sales.map(row);
      return [row(s)];
    });
    return {
      id: p.id ?? k + 1,
      acquirer: p.acquirer,
      layout: p.layout,
      paymentDate: p.paymentDate,
      netCents: p.netCents,
      brand: p.brand,
      product: p.product,
      settled: p.settled,
      rows: expanded,
    };
  });
}

/** Payment batches dated from a few days before `from` (a credit booked late) to `to`. */
export async function acquirerPaymentsFor(
  tx: Tx,
  bankAccountId: number,
  from: string,
  to: string,
): Promise<MatchAcquirerPayment[]> {
  const payments = await acquirerMatchStore.payments(tx, bankAccountId, addDays(from, -3), to);
  if (payments.length === 0) return [];
  const rows = await acquirerMatchStore.salesOfBatches(
    tx,
    bankAccountId,
    payments.map((p) => ({ acquirer: p.acquirer, ref: p.ref })),
  );
  const refs = [
    ...new Set(rows.filter((s) => s.kind === 'summary' && s.summaryRef).map((s) => s.summaryRef!)),
  ];
  return matchPaymentsOf(
    payments,
    rows,
    await acquirerMatchStore.salesOfSummaries(tx, bankAccountId, 'rede', refs),
  );
}
