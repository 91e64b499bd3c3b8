/**
 * Set-aside rules ([M] item 3): "always set aside lines like this". The one place that says whether a rule
 * catches a line. A rule's pattern is a few words; a line is caught when every word of the pattern is a word
 * of its description or payer text, folded (case and accents do not matter, order does not either). Words,
 * not substrings: "pix" never catches "pixel", and numbers that change every day (a document number) are
 * left out of the pattern the screen proposes.
 */
import type { AsideReason } from '../../shared/contract/matching';
import { foldText } from './text';

export interface AsideRule {
  id: number;
  pattern: string;
  reason: AsideReason;
  note: string | null;
  bankAccountId: number | null;
}

export interface RuleLine {
  description: string;
  payerText: string | null;
}

/** The pattern's words, folded; empty when it has none a line could contain. */
export const patternWords = (pattern: string): string[] =>
  [...new Set(foldText(pattern).split(' '))].filter(Boolean);

/** The folded pattern as stored: its words in order, once each, one space between. */
export const normalizePattern = (pattern: string): string => patternWords(pattern).join(' ');

/**
 * The rules ready to test lines (their words folded once, not once per line): the first rule, oldest first,
 * that catches a line on an account, or null.
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
      if (need.every((w) => words.has(w))) return rule;
    }
    return null;
  };
}
