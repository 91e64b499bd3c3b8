/**
 * [U] item 6 — never chase a member who already paid. Before a debtor reminder is sent (by hand or by a scheduled
 * run), money on its way from this member holds the message: the one place that says what counts as money in flight.
 * Checked from the strongest evidence to the weakest; the first found is the reason given.
 */
import type { Tx } from '../store/store';
import { nameSimilarity } from '../matching/name-similarity';
import { brl } from '../matching/reasons-pt';
import { nameTokens, payerKey, payerTokens } from '../matching/text';
import { addDays, todayInBrasilia } from '../sync/dates';
import { inFlightRepo } from './in-flight.repo';

export const HOLD_REASONS = ['pair_approved', 'return_title', 'card_settling', 'credit_undecided'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

export interface InFlight {
  reason: HoldReason;
  params: Record<string, string | number>;
}

/** A statement credit older than this is not "in flight" any more: it is a line someone forgot to decide. */
export const CREDIT_LOOKBACK_DAYS = 15;
/** After an acquirer's payment day, the bank may post the credit up to this many days later (matching does the same). */
const CARD_POSTING_DAYS = 3;
/** A credit naming the member needs this much name similarity (the engine's default minimum for a candidate). */
const NAME_PERCENT = 85;

/** Money in flight from this member, or null: nothing seen that says the member already paid. */
export async function moneyInFlight(tx: Tx, memberId: number, now: Date): Promise<InFlight | null> {
  const today = todayInBrasilia(now);
  // 1. A pair approved (not yet confirmed by read-back) or in the outbox, or confirmed after the debtors list was read.
  const pair = await inFlightRepo.pair(tx, memberId);
  if (pair) return { reason: 'pair_approved', params: { ...pair } };
  // 2. A boleto the bank's return file says was paid and credited, still open in the gym system.
  const title = await inFlightRepo.returnTitle(tx, memberId);
  if (title) return { reason: 'return_title', params: { ...title, creditDate: title.creditDate ?? '' } };
  // 3. A card sale of the member in an acquirer file whose payment day has not passed (or only just: the bank posts it).
  const card = await inFlightRepo.cardSale(tx, memberId, addDays(today, -CARD_POSTING_DAYS));
  if (card) return { reason: 'card_settling', params: { ...card } };
  // 4. A recent credit not yet decided that names the member: proposed for one of the member's receivables, a
  //    payer text learned as the member, a payer document a person confirmed for the member, or the member's name.
  const lines = await inFlightRepo.undecidedCredits(tx, memberId, addDays(today, -CREDIT_LOOKBACK_DAYS));
  if (lines.length === 0) return null;
  const aliases = new Set(await inFlightRepo.aliasKeys(tx, memberId));
  const documents = new Set(await inFlightRepo.documents(tx, memberId));
  const names = (await inFlightRepo.names(tx, memberId)).map(nameTokens);
  for (const l of lines) {
    const text = l.payerText ?? l.description;
    const tokens = payerTokens(text);
    const how = l.proposed
      ? 'proposed'
      : aliases.has(payerKey(text))
        ? 'alias'
        : l.payerDocument && documents.has(l.payerDocument)
          ? 'document'
          : tokens.length > 0 &&
              names.some((n) => n.length > 0 && nameSimilarity(tokens, n).similarity * 100 >= NAME_PERCENT)
            ? 'name'
            : null;
    if (how)
      return {
        reason: 'credit_undecided',
        params: { lineId: l.id, date: l.date, amountCents: l.amountCents, payer: text, how },
      };
  }
  return null;
}

const datePt = (d: string | number | undefined) =>
  typeof d === 'string' && d ? d.split('-').reverse().join('/') : '';

/** The hold's reason in Portuguese (audit, daily summary, CLI); the renderer words the codes itself, alike. */
export function holdReasonPt(f: InFlight): string {
  const p = f.params;
  const money = typeof p.amountCents === 'number' ? brl(p.amountCents) : '';
  switch (f.reason) {
    case 'pair_approved':
      return `pagamento de ${money} já aprovado ou enviado ao EVO (recebível ${p.receivableId})`;
    case 'return_title':
      return `boleto ${p.nossoNumero} pago (${money}) segundo o arquivo retorno do banco, crédito em ${datePt(p.creditDate)}`;
    case 'card_settling':
      return `venda no cartão de ${money} a receber da ${String(p.acquirer)} em ${datePt(p.paymentDate)}`;
    case 'credit_undecided':
      return `crédito de ${money} em ${datePt(p.date)} (“${String(p.payer)}”) ainda não conciliado`;
  }
}
