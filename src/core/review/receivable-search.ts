import type { Store } from '../store/store';
import { reviewRepo, type FoundReceivable, type ReceivableFilter } from './review.repo';
import { searchNameScore } from '../matching/name-similarity';
import { foldText, nameTokens, payerTokens } from '../matching/text';

export interface ReceivableSearch extends ReceivableFilter {
  query?: string | undefined;
  limit: number;
}

/** "129,90", "R$ 1.299,90", "129.9", "129" → the digits as the clerk would see them: "129,90" or "129". */
function amountText(query: string): string | null {
  const m = /^\s*(?:r\$)?\s*(\d{1,3}(?:\.\d{3})+|\d+)(?:[,.](\d{1,2}))?\s*$/i.exec(query);
  if (!m) return null;
  const whole = m[1]!.replace(/\./g, '');
  return m[2] === undefined ? whole : `${whole},${m[2].padEnd(2, '0')}`;
}

/**
 * The manual picker's search over the cached receivables. The text is matched by tokens, without accents or
 * case, against the payer's name (and, weaker, the description): the bank's abbreviations find the member
 * ("FELIPE F S LOPES" → Felipe Fernandes Silva Lopes: initials and prefixes match the name's words in order,
 * particles are ignored, the bank's boilerplate such as "PIX RECEBIDO" may match nothing). An amount
 * ("129,90") or a receivable's number finds those too. Best matches first, then latest due date.
 */
export async function searchReceivables(
  store: Store,
  q: ReceivableSearch,
): Promise<{ rows: FoundReceivable[] }> {
  const rows = await store.read((tx) => reviewRepo.receivablesFor(tx, q));

  const text = (q.query ?? '').trim();
  if (!text) return { rows: rows.slice(0, q.limit) };
  const amount = amountText(text);
  const digits = /^\d+$/.test(text) ? Number(text) : null;
  const tokens = nameTokens(text);
  // Words the bank prints around a name ("PIX", "RECEBIDO", "TED") are optional when a name is left.
  const named = new Set(payerTokens(text));
  const optional = new Set(named.size > 0 ? tokens.filter((t) => !named.has(t)) : []);
  const folded = foldText(text);

  const scored: { r: FoundReceivable; score: number }[] = [];
  for (const r of rows) {
    let score = 0;
    if (digits !== null && r.id === digits) score = 2;
    if (amount && (r.amountCents / 100).toFixed(2).replace('.', ',').startsWith(amount))
      score = Math.max(score, 1.5);
    if (tokens.length) {
      score = Math.max(
        score,
        searchNameScore(tokens, nameTokens(r.payerName), optional),
        0.9 * searchNameScore(tokens, nameTokens(r.description), optional),
      );
    }
    // Anything else the clerk typed (a code, part of a word inside the description).
    if (
      score === 0 &&
      folded.length >= 3 &&
      foldText(`${r.payerName ?? ''} ${r.description ?? ''}`).includes(folded)
    )
      score = 0.3;
    if (score > 0) scored.push({ r, score });
  }
  scored.sort(
    (a, b) => b.score - a.score || (b.r.dueDate ?? '').localeCompare(a.r.dueDate ?? '') || a.r.id - b.r.id,
  );
  return { rows: scored.slice(0, q.limit).map((s) => s.r) };
}
