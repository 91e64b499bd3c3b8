import type { ReasonDto } from '../../../../shared/contract/matching';

/**
 * The reasons that say a credit is a card deposit net of the acquirer's fee: within the fee's tolerance, the
 * sales less their fees, a fee learned from earlier deposits, or the card company's own file. Where these are
 * given, the gap between the receivables and the bank's credit is the card fee, not an error ([T] item 6).
 */
const CARD_FEE_CODES: ReadonlySet<string> = new Set([
  'amount_fee_tolerance',
  'amount_net_fees',
  'card_fee_learned',
  'acquirer_file',
]);

export function paysCardFee(reasons: readonly Pick<ReasonDto, 'code'>[]): boolean {
  return reasons.some((r) => CARD_FEE_CODES.has(r.code));
}

/**
 * The card fee of a credit, in cents, when the receivables chosen for it exceed it and its reasons say it is a
 * card deposit net of the fee; null otherwise (a plain difference to show as one).
 */
export function cardFeeOf(
  lineCents: number,
  receivablesCents: number,
  reasons: readonly Pick<ReasonDto, 'code'>[],
): number | null {
  const fee = receivablesCents - lineCents;
  return fee > 0 && paysCardFee(reasons) ? fee : null;
}
