/**
 * The sales of a card deposit ([J] item 5), for `match.lines`: a match whose reasons hold `card_lump` pays
 * one sale per item; each with who bought, the sale (charge) day, the gross, the acquirer's fee and the net.
 * The net is the item's share of the deposit: the sale's recorded fee when the gym system has it, else the
 * deposit's fee spread in proportion to the gross (card-deposits.ts), so the fees add up to the deposit's.
 */
import type { CardSaleDto } from '../../shared/contract/matching';
import type { Db } from '../db/open-db';

interface SaleRow {
  matchId: number;
  receivableId: number;
  netCents: number;
  grossCents: number | null;
  payerName: string | null;
  chargeDate: string | null;
  saleDate: string | null;
  dueDate: string | null;
  acquirer: string | null;
  flag: string | null;
  paymentTypeId: number | null;
  current: number | null;
  total: number | null;
}

/**
 * Match id → its card sales, for the matches whose reasons hold a `card_lump` reason, or an `acquirer_file`
 * one ([J] item 3: each item's amount is then the acquirer's own net for that sale).
 */
export function cardSalesOf(
  db: Db,
  rows: readonly { matchId: number; reasons: string }[],
): Map<number, CardSaleDto[]> {
  const ids = rows
    .filter((r) => r.reasons.includes('"card_lump"') || r.reasons.includes('"acquirer_file"'))
    .map((r) => r.matchId);
  const out = new Map<number, CardSaleDto[]>();
  if (ids.length === 0) return out;
  const sales = db
    .prepare(
      `SELECT i.match_id AS matchId, i.receivable_id AS receivableId, i.amount_cents AS netCents,
              r.amount_cents AS grossCents, r.payer_name AS payerName, r.charge_date AS chargeDate,
              r.sale_date AS saleDate, r.due_date AS dueDate, r.card_acquirer AS acquirer, r.card_flag AS flag,
              r.payment_type_id AS paymentTypeId, r.current_installment AS current, r.total_installments AS total
         FROM match_items i LEFT JOIN receivables r ON r.id = i.receivable_id
        WHERE i.match_id IN (SELECT value FROM json_each(?))
        ORDER BY i.match_id, coalesce(r.charge_date, r.sale_date, r.due_date), i.receivable_id`,
    )
    .all(JSON.stringify(ids)) as SaleRow[];
  for (const s of sales) {
    const gross = s.grossCents ?? s.netCents;
    const fee = gross - s.netCents;
    const sale: CardSaleDto = {
      receivableId: s.receivableId,
      payerName: s.payerName,
      // The day the card was charged; a recurring charge's saleDate is its contract's, so it comes second.
      saleDate: (s.chargeDate ?? s.saleDate)?.slice(0, 10) ?? null,
      dueDate: s.dueDate,
      acquirer: s.acquirer,
      flag: s.flag,
      paymentTypeId: s.paymentTypeId,
      installment: s.total && s.total > 1 ? `${s.current ?? '?'}/${s.total}` : null,
      grossCents: gross,
      feeCents: fee,
      netCents: s.netCents,
      feePercent: gross > 0 ? Math.round((fee * 10000) / gross) / 100 : 0,
    };
    out.set(s.matchId, [...(out.get(s.matchId) ?? []), sale]);
  }
  return out;
}
