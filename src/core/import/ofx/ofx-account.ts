import type { AccountHint, StatementChoice } from '../types';

/**
 * Whose account an OFX statement is, from its BANKACCTFROM, as far as the bank's shape is known. A field we
 * cannot read with confidence stays null: a wrong bank or account would send the file to another account.
 *
 * - BANKID: the FEBRABAN code, 1 to 4 digits ("0341", "341", "001", "1" → 341, 341, 1, 1). Anything else (a
 *   9-digit US routing number, "0", "1234") gives no bank.
 * - BRANCHID: the agency as written ("1234", Bradesco's "1234-5" with its check digit); empty or all zeros
 *   → null.
 * - ACCTID:
 *   - agency and account written together with a slash or a space ("1234/56789-0", "1234-5 56789-0",
 *     Bradesco's "1133/56535", Banco do Brasil without BRANCHID): split, when the agency part agrees with
 *     BRANCHID (or there is none);
 *   - Itaú: 10 digits are agency (4) + account (5) + check digit, "7037300576" → 7037 / 30057-6, when the
 *     first 4 agree with BRANCHID (or there is none);
 *   - Banco do Brasil: an account has at most 8 digits + a check digit; a longer ACCTID is the agency and
 *     the account together: the agency (BRANCHID) is taken off the front when only one reading (with or
 *     without the agency's check digit) leaves an account; otherwise, or without BRANCHID, where the agency
 *     ends is unknown and the account stays null;
 *   - otherwise as written ("12345-6", "56789-0").
 */
export function accountHintOf(header: Record<string, string>): AccountHint | null {
  const bankCode = bankCodeOf(header.BANKID);
  let agency = agencyOf(header.BRANCHID);
  let account: string | null = null;
  const acct = (header.ACCTID ?? '').trim();
  const joined = /^(\d{3,5}(?:-[\dxX])?)\s*[/\s]\s*(\d{1,13}(?:-?[\dxX])?)$/.exec(acct);
  const plain = /^\d{1,13}(-?[\dxX])?$/.test(acct);
  if (joined) {
    if (!agency || agencyDigits(agency) === agencyDigits(joined[1]!)) {
      agency ??= joined[1]!;
      account = joined[2]!;
    }
  } else if (plain) {
    const d = acct.replace('-', '');
    if (bankCode === 341 && /^\d{10}$/.test(d)) {
      // Agency + account + check digit; an agency that disagrees means another shape: unknown.
      if (!agency || agencyDigits(agency) === agencyDigits(d.slice(0, 4))) {
        agency ??= d.slice(0, 4);
        account = `${d.slice(4, 9)}-${d.slice(9)}`;
      }
    } else if (bankCode === 1 && d.length > 9) {
      // The agency as BRANCHID writes it, with and without its check digit: when both leave a plausible
      // account, where the agency ends is unknown and the account stays null.
      const prefixes = new Set([
        (header.BRANCHID ?? '').replace(/\D/g, ''),
        agency ? agencyDigits(agency, true) : '',
      ]);
      const rests = [...prefixes]
        .filter((p) => p.length >= 3 && d.startsWith(p))
        .map((p) => d.slice(p.length))
        .filter((r) => r.length >= 2 && r.length <= 9);
      account = rests.length === 1 ? withCheckDigit(rests[0]!) : null;
    } else account = acct;
  }
  if (bankCode === null && agency === null && account === null) return null;
  return { bankCode, agency, account, source: 'ofx' };
}

function bankCodeOf(raw: string | undefined): number | null {
  const t = (raw ?? '').trim();
  if (!/^\d{1,4}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= 999 ? n : null;
}

function agencyOf(raw: string | undefined): string | null {
  const t = (raw ?? '').trim();
  if (!/^\d{1,5}(-?[\dxX])?$/.test(t) || /^[0-]+$/.test(t)) return null;
  return t;
}

/** "0123-4" → "123"; with `keepZeros`, "0123". */
function agencyDigits(a: string, keepZeros = false): string {
  const d = (a.split('-')[0] ?? '').replace(/\D/g, '');
  return keepZeros ? d : d.replace(/^0+(?=\d)/, '');
}

/** "0000567890" → "56789-0": leading zeros off, the last digit as the check digit. */
function withCheckDigit(digits: string): string {
  const d = digits.replace(/^0+(?=\d{2})/, '');
  return `${d.slice(0, -1)}-${d.slice(-1)}`;
}

const BANK_SHORT: Record<number, string> = {
  1: 'BB',
  33: 'Santander',
  41: 'Banrisul',
  77: 'Inter',
  104: 'Caixa',
  208: 'BTG',
  237: 'Bradesco',
  260: 'Nubank',
  336: 'C6',
  341: 'Itaú',
  422: 'Safra',
  748: 'Sicredi',
  756: 'Sicoob',
};

/** "BB ag. 1234-5 c/c 56789-0, 12 lines" (with the currency when it is not reais), for messages. */
export function describeChoice(c: StatementChoice): string {
  const h = c.accountHint;
  const who = [
    h?.bankCode != null ? (BANK_SHORT[h.bankCode] ?? `banco ${h.bankCode}`) : null,
    h?.agency ? `ag. ${h.agency}` : null,
    h?.account ? `c/c ${h.account}` : null,
  ]
    .filter(Boolean)
    .join(' ');
  const currency = c.currency && !/^(BRL|BRC)$/.test(c.currency) ? `, ${c.currency}` : '';
  return `${who || 'no account number'}${currency}, ${c.lineCount} ${c.lineCount === 1 ? 'line' : 'lines'}`;
}

/**
 * "0: BB ag. 1234-5 c/c 56789-0, 5 lines; 1: BB ag. 1234-5 c/c 99999-1, 3 lines", numbered by
 * `statementIndex` (0-based, what `ParseOptions.statementIndex` and `quita import --statement` take).
 */
export const listChoices = (choices: StatementChoice[]) =>
  choices.map((c) => `${c.index}: ${describeChoice(c)}`).join('; ');
