/**
 * Set-aside rules ([M] item 3, [R] item 4): "always set aside lines like this". The one place that says whether
 * a rule catches a line, whether it may take the line on its own, and when a rule is too wide to save without
 * the clerk's say-so.
 *
 * A rule's pattern is a few words; a line is caught when every word of the pattern is a word of its description
 * or payer text, folded (case and accents do not matter, order does not either), and, when the rule says so, its
 * amount is within the rule's range. Words, not substrings: "pix" never catches "pixel", and numbers that change
 * every day (a document number) are left out of the pattern the screen proposes.
 *
 * A rule takes on its own only a line nobody decided anything about and the engine has nothing for (`free`).
 * A line with a proposal, already recorded in EVO, matched by hand, approved or otherwise touched by the clerk is
 * `guarded`: the rule never takes it, on creation or on any later run, unless the clerk ticks that very line (it
 * is then set aside by the clerk's hand, kept like any clerk decision).
 */
import type { AsideReason, MatchState } from '../../shared/contract/matching';
import type { AsideStanding } from '../../shared/contract/review';
import { foldText } from './text';

export interface AsideRule {
  id: number;
  pattern: string;
  reason: AsideReason;
  note: string | null;
  bankAccountId: number | null;
  /** Narrowing: only lines of at least / at most this amount (cents); null: any. */
  minCents: number | null;
  maxCents: number | null;
}

export interface RuleLine {
  description: string;
  payerText: string | null;
  amountCents: number;
}

/**
 * A rule is too wide to save without the clerk's confirmation (or a narrower pattern) when, in some statement,
 * its words catch more than `share` of the credit lines and more than `lines` of them. One word common to most
 * bank texts ("cred") caught 49 of 60 credits; a real rule (interest, a transfer between own accounts, a
 * partner's payout) catches one to a few lines a statement. Tiny statements are spared by `lines`.
 */
export const WIDE_RULE = { share: 0.2, lines: 3 } as const;

/** Whether catching `caught` of a statement's `credits` credit lines makes a rule wide (see WIDE_RULE). */
export const isWide = (caught: number, credits: number): boolean =>
  caught > WIDE_RULE.lines && caught > credits * WIDE_RULE.share;

/** The pattern's words, folded; empty when it has none a line could contain. */
export const patternWords = (pattern: string): string[] =>
  [...new Set(foldText(pattern).split(' '))].filter(Boolean);

/** The folded pattern as stored: its words in order, once each, one space between. */
export const normalizePattern = (pattern: string): string => patternWords(pattern).join(' ');

/**
 * The rules ready to test lines (their words folded once, not once per line): the first rule, oldest first,
 * that catches a line on an account, or null. Whether the rule may take the line is `asideStanding`'s.
 */
export function asideMatcher(
  rules: readonly AsideRule[],
): (line: RuleLine, bankAccountId: number) => AsideRule | null {
  const compiled = rules
    .map((rule) => ({ rule, need: patternWords(rule.pattern) }))
    .filter((r) => r.need.length);
  return (line, bankAccountId) => {
    if (compiled.length === 0) return null;
    const words = new Set(foldText(`${line.description} ${line.payerText ?? ''}`).split(' '));
    for (const { rule, need } of compiled) {
      if (rule.bankAccountId !== null && rule.bankAccountId !== bankAccountId) continue;
      if (rule.minCents !== null && line.amountCents < rule.minCents) continue;
      if (rule.maxCents !== null && line.amountCents > rule.maxCents) continue;
      if (need.every((w) => words.has(w))) return rule;
    }
    return null;
  };
}

/**
 * Where a caught line stands for a rule (`ASIDE_STANDINGS`, shared/contract/review.ts):
 * - `free`: nothing proposed and nothing decided (or set aside by a rule already): the rule takes it;
 * - `suggested`: the engine proposes receivables; `recorded`: already recorded in EVO; `matched`: the clerk chose
 *   its receivables; `review`: the clerk marked it "a revisar" or rejected its proposal — the rule takes these
 *   only when the clerk ticks them;
 * - `approved`: approved (maybe queued or sent): never, the approval is undone first;
 * - `aside`: already set aside by the clerk's hand: nothing to do.
 */
/** Standings the clerk may tick for the rule to take (set aside by hand). */
export const CONFIRMABLE: readonly AsideStanding[] = ['suggested', 'recorded', 'matched', 'review'];

export function asideStanding(m: {
  state: MatchState;
  asideRuleId: number | null;
  queued: number;
}): AsideStanding {
  if (m.queued > 0) return 'approved';
  switch (m.state) {
    case 'unmatched':
      return 'free';
    case 'set_aside':
      return m.asideRuleId === null ? 'aside' : 'free';
    case 'suggested':
      return 'suggested';
    case 'recorded':
      return 'recorded';
    case 'overridden':
      return 'matched';
    case 'approved':
      return 'approved';
    case 'to_review':
    case 'rejected':
      return 'review';
  }
}
