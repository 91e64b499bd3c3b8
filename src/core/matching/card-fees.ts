/**
 * Learned card fees ([J] item 1). The acquirer's fee (MDR) is rarely recorded in the gym system, so the
 * card pass accepts a deposit within a fee band per product; each deposit the clerk confirms (an approved
 * card match) says what the fee really was. Per acquirer, brand and product, the fee of the confirmed
 * deposits (fee ÷ gross over all of them) is stored (`card_fees`, migration 010), shown (match.cardFees,
 * Settings) and used to narrow the band of later deposits (card-deposits.ts: ± 0.75 points, from 2 samples).
 * A deposit consolidating several brands teaches the acquirer's product fee with brand ''.
 */
import { PAYMENT_TYPE } from '../../shared/constants';
import type { Tx } from '../store/store';
import { cardFeesRepo, type CardFeeRow, type ConfirmedCardItem } from './card-fees.repo';
import { normalizeAcquirer, normalizeFlag } from './text';
import type { MatchState } from '../../shared/contract/matching';
import type { CardProduct, MatchCardFee } from './types';

/** Match states that are the clerk's confirmation of a proposal. */
const CONFIRMED: readonly MatchState[] = ['approved'];

function isAnticipated(reasonsJson: string): boolean {
  try {
    const reasons = JSON.parse(reasonsJson) as { code: string; params?: Record<string, unknown> }[];
    const s = reasons.find((r) => r.code === 'card_settlement');
    const model = s?.params?.model;
    return typeof model === 'string' && /\ba[12]\b/.test(model);
  } catch {
    return false;
  }
}

/** The fees the confirmed card matches teach, one row per acquirer, brand and product. */
export async function inferCardFees(tx: Tx): Promise<CardFeeRow[]> {
  const items = await cardFeesRepo.confirmedItems(tx, CONFIRMED);
  const byMatch = new Map<number, ConfirmedCardItem[]>();
  for (const it of items) byMatch.set(it.matchId, [...(byMatch.get(it.matchId) ?? []), it]);
  const acc = new Map<string, CardFeeRow>();
  const learn = (
    key: Omit<CardFeeRow, 'percent' | 'samples' | 'grossCents' | 'feeCents' | 'updatedAt'>,
    rows: ConfirmedCardItem[],
  ) => {
    const gross = rows.reduce((t, r) => t + r.gross, 0);
    const fee = gross - rows.reduce((t, r) => t + r.net, 0);
    if (gross <= 0 || fee <= 0 || fee >= gross) return;
    const k = `${key.acquirer}|${key.flag}|${key.product}`;
    const row = acc.get(k) ?? { ...key, percent: 0, samples: 0, grossCents: 0, feeCents: 0, updatedAt: '' };
    row.samples++;
    row.grossCents += gross;
    row.feeCents += fee;
    row.percent = Math.round((row.feeCents * 10000) / row.grossCents) / 100;
    if (rows[0]!.updatedAt > row.updatedAt) row.updatedAt = rows[0]!.updatedAt;
    acc.set(k, row);
  };
  for (const rows of byMatch.values()) {
    const anticipated = isAnticipated(rows[0]!.reasons);
    const keyOf = (r: ConfirmedCardItem) => {
      const acquirer = normalizeAcquirer(r.acquirer) ?? '';
      const product: CardProduct =
        r.type === PAYMENT_TYPE.debit_card ? 'debit' : anticipated ? 'anticipated' : 'credit';
      return { acquirer, flag: normalizeFlag(r.flag) ?? '', product };
    };
    const keys = rows.map(keyOf);
    if (keys.some((k) => !k.acquirer)) continue;
    const one = new Set(keys.map((k) => `${k.acquirer}|${k.flag}|${k.product}`));
    const perProduct = new Set(keys.map((k) => `${k.acquirer}|${k.product}`));
    // Without the fee of each sale, only a deposit of one kind of sale says what that kind costs.
    if (one.size === 1) learn(keys[0]!, rows);
    else if (perProduct.size === 1) learn({ ...keys[0]!, flag: '' }, rows);
  }
  return [...acc.values()].sort(
    (a, b) =>
      a.acquirer.localeCompare(b.acquirer) ||
      a.flag.localeCompare(b.flag) ||
      a.product.localeCompare(b.product),
  );
}

/** Rebuilds `card_fees` from the confirmed matches; returns its rows. */
export async function refreshCardFees(tx: Tx): Promise<CardFeeRow[]> {
  const rows = await inferCardFees(tx);
  await cardFeesRepo.replaceAll(tx, rows);
  return rows;
}

/** What the engine takes (MatchInput.cardFees), fresh from the confirmed matches. */
export async function learnedCardFees(tx: Tx): Promise<MatchCardFee[]> {
  return (await refreshCardFees(tx)).map(({ acquirer, flag, product, percent, samples }) => ({
    acquirer,
    flag,
    product,
    percent,
    samples,
  }));
}
