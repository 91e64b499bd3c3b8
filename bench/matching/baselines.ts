/**
 * Two baselines, implemented from their published rules (not from their code), on the same inputs as
 * Quita's engine. Both only ever propose open/overdue receivables and never one receivable twice.
 *
 * (a) Actual Budget's fuzzy pass: same amount, date within ±7 days, the first candidate by date;
 *     everything it proposes is merged automatically, so all of it counts as "green".
 * (b) GnuCash's additive score (import-backend's split_find_match): amount equal +3 (else −5); same day
 *     +3, within 4 days +2, beyond 14 days −5; descriptions equal (case-insensitive) +2, first half equal
 *     +1. Auto-clear (green) at ≥ 6; "review" (a suggestion, yellow) at 4–5; ≤ 3 nothing.
 * Dates compared: the line's date and the receivable's due date (the only date an open receivable has).
 */
import { dayNumber } from '../../src/core/matching/calendar';
import type { MatchLine, MatchReceivable } from '../../src/core/matching/types';

export interface SimpleResult {
  lineId: number;
  receivableIds: number[];
  zone: 'green' | 'yellow' | 'red';
}

interface Cand {
  r: MatchReceivable;
  due: number;
}

function byAmount(receivables: readonly MatchReceivable[]): Map<number, Cand[]> {
  const m = new Map<number, Cand[]>();
  for (const r of receivables) {
    if (r.statusId !== 1 && r.statusId !== 4) continue;
    const due = dayNumber(r.dueDate);
    if (Number.isNaN(due)) continue;
    const list = m.get(r.amountCents) ?? [];
    list.push({ r, due });
    m.set(r.amountCents, list);
  }
  for (const l of m.values()) l.sort((a, b) => a.due - b.due || a.r.id - b.r.id);
  return m;
}

export function actualBudget(
  lines: readonly MatchLine[],
  receivables: readonly MatchReceivable[],
  claimed: Set<number>,
): SimpleResult[] {
  const idx = byAmount(receivables);
  return lines.map((l) => {
    const day = dayNumber(l.date);
    const pick = (idx.get(l.amountCents) ?? []).find(
      (c) => !claimed.has(c.r.id) && Math.abs(c.due - day) <= 7,
    );
    if (!pick) return { lineId: l.id, receivableIds: [], zone: 'red' };
    claimed.add(pick.r.id);
    return { lineId: l.id, receivableIds: [pick.r.id], zone: 'green' };
  });
}

function gnucashScore(l: MatchLine, day: number, c: Cand): number {
  let p = 3; // amounts are equal: candidates come from the amount index (unequal ones score ≤ 0)
  const diff = Math.abs(c.due - day);
  if (diff === 0) p += 3;
  else if (diff <= 4) p += 2;
  else if (diff > 14) p -= 5;
  const mine = (l.payerText ?? l.description).toLowerCase();
  const theirs = (c.r.payerName ?? '').toLowerCase();
  if (mine !== '' && mine === theirs) p += 2;
  else if (mine !== '' && theirs.startsWith(mine.slice(0, Math.floor(mine.length / 2)))) p += 1;
  return p;
}

export function gnuCash(
  lines: readonly MatchLine[],
  receivables: readonly MatchReceivable[],
  claimed: Set<number>,
): SimpleResult[] {
  const idx = byAmount(receivables);
  // GnuCash resolves two imported lines wanting the same record by score: strongest line first.
  const ranked = lines.map((l) => {
    const day = dayNumber(l.date);
    const cands = (idx.get(l.amountCents) ?? [])
      .filter((c) => Math.abs(c.due - day) <= 42)
      .map((c) => ({ c, p: gnucashScore(l, day, c) }))
      .filter((x) => x.p > 3)
      .sort((a, b) => b.p - a.p || a.c.due - b.c.due || a.c.r.id - b.c.r.id);
    return { l, cands };
  });
  const out = new Map<number, SimpleResult>();
  const order = [...ranked].sort((a, b) => (b.cands[0]?.p ?? 0) - (a.cands[0]?.p ?? 0) || a.l.id - b.l.id);
  for (const { l, cands } of order) {
    const best = cands.find((x) => !claimed.has(x.c.r.id));
    if (!best) {
      out.set(l.id, { lineId: l.id, receivableIds: [], zone: 'red' });
      continue;
    }
    claimed.add(best.c.r.id);
    out.set(l.id, { lineId: l.id, receivableIds: [best.c.r.id], zone: best.p >= 6 ? 'green' : 'yellow' });
  }
  return lines.map((l) => out.get(l.id)!);
}
