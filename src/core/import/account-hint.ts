import type { AccountHint, KnownAccount } from './types';

/**
 * Does a file belong to the chosen bank account? Compared field by field where both sides have a value:
 * - bank: the FEBRABAN code;
 * - agency: digits without leading zeros, a check digit ignored (banks print "0123-4", "123" or "0123");
 * - account: digits without leading zeros; equal, or equal once the other side's check digit is dropped
 *   ("12345-6" is "123456" or "12345").
 * 'different' as soon as one compared field differs; 'same' when at least the account number (or, without
 * one, bank and agency) agreed; 'unknown' when nothing could be compared.
 */
export type AccountVerdict = 'same' | 'different' | 'unknown';

const digits = (s: string | null) => (s ?? '').replace(/\D/g, '').replace(/^0+(?=\d)/, '');
/** An agency without its check digit: "0123-4" → "123". */
const agencyDigits = (s: string | null) => digits((s ?? '').split(/[-–]/)[0] ?? '');

function sameAccountNumber(a: string, b: string): boolean {
  if (a === b) return true;
  const x = digits(a);
  const y = digits(b);
  if (!x || !y) return false;
  return x === y || x === digits(y.slice(0, -1)) || digits(x.slice(0, -1)) === y;
}

export function compareAccount(hint: AccountHint | null, known: KnownAccount | null): AccountVerdict {
  if (!hint || !known) return 'unknown';
  let agreed = 0;
  if (hint.bankCode !== null && known.bankCode !== null) {
    if (hint.bankCode !== known.bankCode) return 'different';
    agreed++;
  }
  const ha = agencyDigits(hint.agency);
  const ka = agencyDigits(known.agency);
  if (ha && ka) {
    if (ha !== ka) return 'different';
    agreed++;
  }
  if (hint.account && known.account && digits(hint.account) && digits(known.account)) {
    if (!sameAccountNumber(hint.account, known.account)) return 'different';
    return 'same';
  }
  return agreed >= 2 ? 'same' : 'unknown';
}
