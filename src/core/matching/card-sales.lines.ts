/**
 * The sales of a card deposit ([J] item 5), for `match.lines`: a match whose reasons hold `card_lump` pays
 * one sale per item; each with who bought, the sale (charge) day, the gross, the acquirer's fee and the net.
 * The net is the item's share of the deposit: the sale's recorded fee when the gym system has it, else the
 * deposit's fee spread in proportion to the gross (card-deposits.ts), so the fees add up to the deposit's.
 */
import type { CardSaleDto } from '../../shared/contract/matching';
import { acquirerMatchStore } from '../acquirer/acquirer-match.store';
import type { Tx } from '../store/store';
import { parseSaleRefs } from './acquirer-files';
import { matchingRepo } from './matching.repo';
import type { Reason } from './types';

/** A fee as a percent of the gross, two decimals. */
const percentOf = (fee: number, gross: number) => (gross > 0 ? Math.round((fee * 10000) / gross) / 100 : 0);

/**
 * Match id → its card sales, for the matches whose reasons hold a `card_lump` reason, or an `acquirer_file`
 * one ([J] item 3: each item's amount is then the acquirer's own net for that sale). A credit already in EVO
 * has no items: its acquirer batch's sales are read from the reason's references instead. Read in the caller's tx.
 */
export async function cardSalesOf(
  tx: Tx,
  rows: readonly { matchId: number; reasons: string }[],
): Promise<Map<number, CardSaleDto[]>> {
  const ids = rows
    .filter((r) => r.reasons.includes('"card_lump"') || r.reasons.includes('"acquirer_file"'))
    .map((r) => r.matchId);
  const out = new Map<number, CardSaleDto[]>();
  if (ids.length === 0) return out;
  const sales = await matchingRepo.cardSaleItems(tx, ids);
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
      feePercent: percentOf(fee, gross),
    };
    out.set(s.matchId, [...(out.get(s.matchId) ?? []), sale]);
  }
  for (const r of rows)
    if (!out.has(r.matchId)) {
      const sales = await recordedAcquirerSales(tx, r.reasons);
      if (sales.length) out.set(r.matchId, sales);
    }
  return out;
}

/** The sales an `acquirer_file` reason names, each with the acquirer's gross, fee and net and its receivable. */
async function recordedAcquirerSales(tx: Tx, reasonsJson: string): Promise<CardSaleDto[]> {
  if (!reasonsJson.includes('"acquirer_file"')) return [];
  const reason = (JSON.parse(reasonsJson) as Reason[]).find((x) => x.code === 'acquirer_file');
  const refs = parseSaleRefs(reason?.params?.sales).filter((x) => x.receivableId !== null);
  if (refs.length === 0) return [];
  const sales = new Map(
    (await acquirerMatchStore.salesByIds(tx, [...new Set(refs.map((x) => x.saleId))])).map((x) => [x.id, x]),
  );
  const facts = new Map(
    (
      await matchingRepo.cardSaleFacts(
        tx,
        refs.map((x) => x.receivableId!),
      )
    ).map((x) => [x.receivableId, x]),
  );
  return refs.flatMap(({ saleId, receivableId }): CardSaleDto[] => {
    const s = sales.get(saleId);
    if (!s) return []; // a file removed since: the reason still says what it was
    const f = facts.get(receivableId!);
    return [
      {
        receivableId: receivableId!,
        payerName: f?.payerName ?? null,
        saleDate: (f?.chargeDate ?? s.saleDate ?? f?.saleDate)?.slice(0, 10) ?? null,
        dueDate: f?.dueDate ?? null,
        acquirer: f?.acquirer ?? s.acquirer,
        flag: f?.flag ?? s.brand,
        paymentTypeId: f?.paymentTypeId ?? null,
        installment:
          s.installments && s.installments > 1 ? `${s.installment ?? '?'}/${s.installments}` : null,
        grossCents: s.grossCents,
        feeCents: s.feeCents,
        netCents: s.netCents,
        feePercent: percentOf(s.feeCents, s.grossCents),
      },
    ];
  });
}
