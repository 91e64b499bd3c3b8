import type { Notice, OfxMapping, Rejected } from '../../../shared/contract/import';
import { parseDateText } from '../dates';
import { assignFingerprints } from '../fingerprint';
import { importErrors } from '../import-errors';
import { MAX_DESCRIPTION_CHARS } from '../limits';
import { parseMoneyText } from '../money';
import { cleanPayerText } from '../payer-text';
import { fold, squash } from '../text';
import type { ParsedLine, SkippedRow } from '../types';
import { scanOfx, type OfxBlock } from './ofx-tokens';

export interface OfxParsed {
  lines: ParsedLine[];
  rejected: Rejected[];
  skipped: SkippedRow[];
  notices: Notice[];
  period: { from: string; to: string } | null;
  account: { bankId: string | null; branchId: string | null; accountId: string | null };
}

const DEBIT_TYPES = new Set([
  'DEBIT',
  'PAYMENT',
  'CHECK',
  'FEE',
  'SRVCHG',
  'ATM',
  'POS',
  'DIRECTDEBIT',
  'REPEATPMT',
  'CASH',
]);
/** NAME values that say nothing about who paid (Bradesco writes CREDITO/DEBITO there). */
const GENERIC_NAME =
  /^(credito|debito|cred|deb|pix|ted|doc|transferencia|deposito|pagamento|outros|other|credit|debit|dep|xfer|int|div)$/;

const ofxDate = (v: string | undefined) =>
  v && /^\d{8}/.test(v) ? parseDateText(v.slice(0, 8), 'ymd') : null;
const isGeneric = (name: string, trnType: string) =>
  GENERIC_NAME.test(fold(name).toLowerCase()) || name.toUpperCase() === trnType;

function describe(f: Record<string, string>, mapping: OfxMapping) {
  const memo = squash(f.MEMO ?? '');
  const name = squash(f.NAME ?? '');
  const type = (f.TRNTYPE ?? '').toUpperCase();
  const nameUseful = name !== '' && !isGeneric(name, type);
  const parts = [nameUseful && !memo.toUpperCase().includes(name.toUpperCase()) ? name : '', memo].filter(
    Boolean,
  );
  const description = parts.join(' - ') || name || type || 'OFX';
  const payerText =
    mapping.payerField === 'memo'
      ? cleanPayerText(memo)
      : mapping.payerField === 'name'
        ? cleanPayerText(name)
        : (cleanPayerText(memo) ?? (nameUseful ? cleanPayerText(name) : null));
  return { description, payerText };
}

type Draft = Omit<ParsedLine, 'fingerprint'>;

function toDraft(block: OfxBlock, mapping: OfxMapping): Draft | Rejected | SkippedRow {
  const f = block.fields;
  const date = ofxDate(f.DTPOSTED) ?? ofxDate(f.DTUSER);
  if (!block.closed && (f.TRNAMT === undefined || f.DTPOSTED === undefined)) {
    return { line: block.line, reason: 'the transaction is incomplete', code: 'row.incomplete' };
  }
  if (!date)
    return { line: block.line, reason: 'the transaction has no date (DTPOSTED)', code: 'row.no_date' };
  if (!date.ok) return { line: block.line, reason: date.reason, code: 'row.bad_date' };
  const amount = f.TRNAMT === undefined ? null : parseMoneyText(f.TRNAMT, 'auto');
  if (!amount)
    return { line: block.line, reason: 'the transaction has no amount (TRNAMT)', code: 'row.no_amount' };
  if (!amount.ok) return { line: block.line, reason: amount.reason, code: 'row.bad_amount' };
  if (amount.cents === 0) return { line: block.line, reason: 'the amount is zero' };
  const { description, payerText } = describe(f, mapping);
  const problems: string[] = [];
  let text = description;
  if (text.length > MAX_DESCRIPTION_CHARS) {
    text = text.slice(0, MAX_DESCRIPTION_CHARS);
    problems.push(`the description was cut to ${MAX_DESCRIPTION_CHARS} characters`);
  }
  return {
    position: block.line,
    date: date.date,
    amountCents: amount.cents,
    balanceCents: null,
    kind: amount.cents < 0 ? 'debit' : 'credit',
    description: text,
    payerText: amount.cents > 0 ? payerText : null,
    document: f.CHECKNUM?.trim() || f.REFNUM?.trim() || null,
    fitid: f.FITID?.trim() || null,
    rawJson: JSON.stringify(f),
    problems,
  };
}

/**
 * OFX 1.x (SGML) and 2.x (XML) statements into lines. Quirks handled: currency BRC (Santander) is BRL;
 * repeated FITIDs (Banco do Brasil) are kept apart by the fingerprint; the payer is read from MEMO when NAME
 * is generic; files whose amounts are all positive while TRNTYPE says DEBIT get their sign from TRNTYPE.
 */
export function parseOfx(text: string, bodyStart: number, mapping: OfxMapping): OfxParsed {
  const scan = scanOfx(text, bodyStart);
  if (!scan.sawTranListEnd && (scan.transactions.length > 0 || scan.sawStatement))
    throw importErrors.truncated();
  const notices: Notice[] = [];
  const curdef = (scan.header.CURDEF ?? 'BRL').toUpperCase();
  if (curdef === 'BRC') {
    notices.push({
      code: 'import.currency_brc',
      message: 'The file says currency “BRC”; it was read as Brazilian reais (BRL).',
    });
  } else if (curdef !== 'BRL') {
    notices.push({
      code: 'import.currency_other',
      message: `The file says currency ${curdef}; amounts were imported as written, as reais.`,
      params: { currency: curdef },
    });
  }
  if (!scan.sawOfxEnd) {
    notices.push({
      code: 'import.ofx_unclosed',
      message: 'The file has no closing </OFX> tag; every transaction in it was complete.',
    });
  }
  const lines: Draft[] = [];
  const rejected: Rejected[] = [];
  const skipped: SkippedRow[] = [];
  const lineTypes: string[] = [];
  for (const block of scan.transactions) {
    const r = toDraft(block, mapping);
    if ('kind' in r) {
      lines.push(r);
      lineTypes.push((block.fields.TRNTYPE ?? '').toUpperCase());
    } else if ('code' in r) rejected.push(r);
    else skipped.push(r);
  }
  // Some exporters write every TRNAMT unsigned; only then does TRNTYPE decide the sign.
  if (
    lines.length > 0 &&
    lines.every((l) => l.amountCents > 0) &&
    lineTypes.some((t) => DEBIT_TYPES.has(t))
  ) {
    let flipped = 0;
    for (const [i, l] of lines.entries()) {
      if (DEBIT_TYPES.has(lineTypes[i] ?? '')) {
        lines[i] = { ...l, amountCents: -l.amountCents, kind: 'debit' };
        flipped++;
      }
    }
    notices.push({
      code: 'import.ofx_unsigned',
      message: `Every amount in the file is positive; ${flipped} lines marked DEBIT were read as debits.`,
      params: { count: flipped },
    });
  }
  const ledger = scan.ledger?.fields;
  const ledgerDate = ofxDate(ledger?.DTASOF);
  const ledgerAmount = ledger?.BALAMT !== undefined ? parseMoneyText(ledger.BALAMT, 'auto') : null;
  if (scan.ledger && ledgerDate?.ok && ledgerAmount?.ok) {
    lines.push({
      position: scan.ledger.line,
      date: ledgerDate.date,
      amountCents: ledgerAmount.cents,
      balanceCents: ledgerAmount.cents,
      kind: 'balance',
      description: 'SALDO (LEDGERBAL)',
      payerText: null,
      document: null,
      fitid: null,
      rawJson: JSON.stringify(ledger),
      problems: [],
    });
  }
  const start = ofxDate(scan.header.DTSTART);
  const end = ofxDate(scan.header.DTEND);
  const dates = lines
    .filter((l) => l.kind !== 'balance')
    .map((l) => l.date)
    .sort();
  const period =
    start?.ok && end?.ok
      ? { from: start.date, to: end.date }
      : dates.length > 0
        ? { from: dates[0]!, to: dates[dates.length - 1]! }
        : null;
  return {
    lines: assignFingerprints(lines),
    rejected,
    skipped,
    notices,
    period,
    account: {
      bankId: scan.header.BANKID ?? null,
      branchId: scan.header.BRANCHID ?? null,
      accountId: scan.header.ACCTID ?? null,
    },
  };
}
