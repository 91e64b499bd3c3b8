import type { Notice, OfxMapping, Rejected } from '../../../shared/contract/import';
import { compareAccount } from '../account-hint';
import { parseDateText } from '../dates';
import { assignFingerprints } from '../fingerprint';
import { importErrors } from '../import-errors';
import { MAX_DESCRIPTION_CHARS } from '../limits';
import { parseMoneyText } from '../money';
import { splitPayer } from '../payer-text';
import { fold, squash } from '../text';
import type { AccountHint, KnownAccount, ParsedLine, SkippedRow, StatementChoice } from '../types';
import { accountHintOf, describeChoice, listChoices } from './ofx-account';
import { ofxErrors } from './ofx-errors';
import { rejectedAmount, rejectedDate } from '../rejected';
import { scanOfx, type OfxBlock, type OfxStatementScan } from './ofx-tokens';

type Period = { from: string; to: string } | null;

export interface OfxParsed {
  lines: ParsedLine[];
  rejected: Rejected[];
  skipped: SkippedRow[];
  notices: Notice[];
  period: Period;
  /** Whose account the statement read is. */
  accountHint: AccountHint | null;
  /** Every bank statement of a file holding several; [] for one. Card statements are never listed. */
  statements: StatementChoice[];
  /** Which of `statements` was read; null for a file with one. */
  statementIndex: number | null;
}

/** Which statement to read in a file holding several (see `ParseOptions`). */
export interface OfxChoice {
  statementIndex?: number | undefined;
  account?: KnownAccount | undefined;
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
/**
 * Rows that are a balance, not a transaction: Caixa's “SALDO DIA” (TRNAMT “.”), Banco do Brasil's “Saldo
 * Anterior” / “Saldo do dia” (amount 0.00, sometimes a date like 00021130). Only the label, maybe a date.
 */
const BALANCE_LABEL =
  /^(s ?a ?l ?d ?o)((?: (?:do|de|da|em))? (?:dia|anterior|final|atual|parcial|total|disponivel|inicial|bloqueado|c\/c|conta))*$/;
/** Currencies that are reais: Santander writes BRC. */
const REAIS = new Set(['BRL', 'BRC']);

const ofxDate = (v: string | undefined) =>
  v && /^\d{8}/.test(v) ? parseDateText(v.slice(0, 8), 'ymd') : null;
const isGeneric = (name: string, trnType: string) =>
  GENERIC_NAME.test(fold(name).toLowerCase()) || name.toUpperCase() === trnType;

/** A label that starts with a letter other than S cannot be one of BALANCE_LABEL (nothing before it is cut). */
const NOT_SALDO = /^[A-RT-Za-rt-z]/;

function balanceLabel(f: Record<string, string>): string | null {
  return asBalanceLabel(f.MEMO) ?? asBalanceLabel(f.NAME);
}

/** The text (squashed) when it is only a balance label, maybe with a date; else null. */
function asBalanceLabel(raw: string | undefined): string | null {
  const label = squash(raw ?? '');
  if (NOT_SALDO.test(label)) return null;
  const bare = squash(
    fold(label)
      .toLowerCase()
      .replace(/\b\d{2}\/\d{2}(\/\d{2,4})?\b|[.:\-–]/g, ' '),
  );
  return bare !== '' && BALANCE_LABEL.test(bare) ? label : null;
}

/** REFNUM / FITID hold text (a payer) rather than an id when they have words: Sicredi's “PIX_CRED 0088… NAME”. */
const textual = (v: string | undefined) => {
  const t = squash(v ?? '');
  return /\s/.test(t) && /\p{L}{2}/u.test(t) ? t : '';
};

interface Payer {
  name: string | null;
  document: string | null;
  /** The field the name came from, when it is not MEMO or NAME (then it is added to the description). */
  extra: string | null;
}

/**
 * Who paid: MEMO, then NAME (unless generic), then REFNUM and FITID when they hold text, the first that
 * names someone; the document (CPF/CNPJ) from that field, else from any of them. A mapping that names a
 * field (a starter's or the clerk's) is obeyed.
 */
/** MEMO, NAME and TRNTYPE of a transaction as the payer and the description read them, worked out once. */
interface Texts {
  memo: string;
  name: string;
  type: string;
  /** NAME says something (not empty, not a generic word or the TRNTYPE). */
  nameUseful: boolean;
}

function textsOf(f: Record<string, string>): Texts {
  const name = squash(f.NAME ?? '');
  const type = (f.TRNTYPE ?? '').toUpperCase();
  return { memo: squash(f.MEMO ?? ''), name, type, nameUseful: name !== '' && !isGeneric(name, type) };
}

function payerOf(f: Record<string, string>, t: Texts, mapping: OfxMapping): Payer {
  const { memo, name } = t;
  if (mapping.payerField === 'memo') return { ...splitPayer(memo), extra: null };
  if (mapping.payerField === 'name') return { ...splitPayer(name), extra: null };
  // MEMO, NAME, REFNUM, FITID: the first that names someone wins, so the later ones are read only when needed.
  let document: string | null = null;
  for (let i = 0; i < 4; i++) {
    const text =
      i === 0 ? memo : i === 1 ? (t.nameUseful ? name : '') : textual(i === 2 ? f.REFNUM : f.FITID);
    const parts = splitPayer(text);
    document ??= parts.document;
    if (parts.name)
      return { name: parts.name, document: parts.document ?? document, extra: i >= 2 ? text : null };
  }
  return { name: null, document, extra: null };
}

function describe(t: Texts, extra: string | null): string {
  const { memo, name, type, nameUseful } = t;
  // Most lines: no payer field of their own, NAME saying nothing: the parts below come down to MEMO alone.
  if (extra === null && !nameUseful) return memo || name || type || 'OFX';
  const parts = [nameUseful && !memo.toUpperCase().includes(name.toUpperCase()) ? name : '', memo];
  if (extra && !parts.some((p) => p.toUpperCase().includes(extra.toUpperCase()))) parts.push(extra);
  return parts.filter(Boolean).join(' - ') || name || type || 'OFX';
}

type Draft = Omit<ParsedLine, 'fingerprint'>;

/** A transaction into a line whose description, payer and raw row `finish` fills (in place), or why not. */
function toDraft(block: OfxBlock): Draft | Rejected | SkippedRow {
  const f = block.fields;
  const date = ofxDate(f.DTPOSTED) ?? ofxDate(f.DTUSER);
  const amount = f.TRNAMT === undefined ? null : parseMoneyText(f.TRNAMT, 'auto');
  const label = balanceLabel(f);
  if (label !== null) {
    // A balance written as a transaction: kept as a balance line when it has a date and an amount,
    // otherwise left out and listed; never a rejected transaction.
    if (!date?.ok || !amount?.ok || amount.cents === 0)
      return { line: block.line, reason: `a balance row (“${label}”) without an amount, not a transaction` };
    return {
      position: block.line,
      date: date.date,
      amountCents: amount.cents,
      balanceCents: amount.cents,
      kind: 'balance',
      description: label.slice(0, MAX_DESCRIPTION_CHARS),
      payerText: null,
      document: null,
      fitid: null,
      rawJson: JSON.stringify(f),
      problems: [],
    };
  }
  if (!block.closed && (f.TRNAMT === undefined || f.DTPOSTED === undefined)) {
    return { line: block.line, reason: 'the transaction is incomplete', code: 'row.incomplete' };
  }
  if (!date)
    return { line: block.line, reason: 'the transaction has no date (DTPOSTED)', code: 'row.no_date' };
  if (!date.ok) return rejectedDate(block.line, date);
  if (!amount)
    return { line: block.line, reason: 'the transaction has no amount (TRNAMT)', code: 'row.no_amount' };
  if (!amount.ok) return rejectedAmount(block.line, amount);
  if (amount.cents === 0) return { line: block.line, reason: 'the amount is zero' };
  const cursym = (f['CURRENCY.CURSYM'] ?? '').toUpperCase();
  if (cursym !== '' && !REAIS.has(cursym)) {
    return {
      line: block.line,
      reason: `the amount is in ${cursym}, not in reais`,
      code: 'row.foreign_currency',
      params: { currency: cursym },
    };
  }
  return {
    position: block.line,
    date: date.date,
    amountCents: amount.cents,
    balanceCents: null,
    kind: amount.cents < 0 ? 'debit' : 'credit',
    description: '',
    payerText: null,
    document: f.CHECKNUM?.trim() || (textual(f.REFNUM) ? null : f.REFNUM?.trim()) || null,
    fitid: f.FITID?.trim() || null,
    rawJson: '',
    problems: [],
  };
}

const NO_PAYER: Payer = { name: null, document: null, extra: null };

/**
 * Description, payer and raw row, once the sign is settled: payer text and document for credits only. Filled
 * into the draft itself (a copy per line costs a 100,000-line file a second copy of everything).
 */
function finish(line: Draft, fields: Record<string, string>, mapping: OfxMapping): void {
  if (line.kind === 'balance') return;
  const texts = textsOf(fields);
  const payer = line.kind === 'credit' ? payerOf(fields, texts, mapping) : NO_PAYER;
  let description = describe(texts, payer.extra);
  if (description.length > MAX_DESCRIPTION_CHARS) {
    description = description.slice(0, MAX_DESCRIPTION_CHARS);
    line.problems.push(`the description was cut to ${MAX_DESCRIPTION_CHARS} characters`);
  }
  line.description = description;
  line.payerText = payer.name;
  if (payer.document) line.payerDocument = payer.document;
  line.rawJson = JSON.stringify(payer.document ? { ...fields, payerDocument: payer.document } : fields);
}

/**
 * The statement's period: DTSTART–DTEND when they hold every line; otherwise (Santander writes the export
 * time in both) the dates of the lines.
 */
function periodOf(header: Record<string, string>, lines: { date: string; kind: string }[]): Period {
  // The earliest and latest date of the lines (ISO dates compare as text): one pass, not a sort of them all.
  let first: string | undefined;
  let last: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.kind === 'balance') continue;
    if (first === undefined || l.date < first) first = l.date;
    if (last === undefined || l.date > last) last = l.date;
  }
  const start = ofxDate(header.DTSTART);
  const end = ofxDate(header.DTEND);
  if (
    start?.ok &&
    end?.ok &&
    start.date <= end.date &&
    (first === undefined || (first >= start.date && last! <= end.date))
  )
    return { from: start.date, to: end.date };
  return first !== undefined ? { from: first, to: last! } : null;
}

interface StatementRead {
  lines: ParsedLine[];
  rejected: Rejected[];
  skipped: SkippedRow[];
  notices: Notice[];
  period: Period;
  currency: string | null;
  foreign: boolean;
  hint: AccountHint | null;
  /** Credits and debits. */
  lineCount: number;
}

function readStatement(st: OfxStatementScan, mapping: OfxMapping): StatementRead {
  const notices: Notice[] = [];
  const currency = st.header.CURDEF ? st.header.CURDEF.trim().toUpperCase() : null;
  if (currency === 'BRC') {
    notices.push({
      code: 'import.currency_brc',
      message: 'The file says currency “BRC”; it was read as Brazilian reais (BRL).',
    });
  }
  const drafts: Draft[] = [];
  /** The fields of each draft, at the same index. */
  const fieldsOf: Record<string, string>[] = [];
  const rejected: Rejected[] = [];
  const skipped: SkippedRow[] = [];
  for (let i = 0; i < st.transactions.length; i++) {
    const block = st.transactions[i]!;
    const r = toDraft(block);
    if ('kind' in r) {
      drafts.push(r);
      fieldsOf.push(block.fields);
    } else if ('code' in r) rejected.push(r);
    else skipped.push(r);
  }
  /** Indexes of the credits and debits among the drafts. */
  const moves: number[] = [];
  for (let i = 0; i < drafts.length; i++) if (drafts[i]!.kind !== 'balance') moves.push(i);
  const debitType = (i: number) => DEBIT_TYPES.has((fieldsOf[i]!.TRNTYPE ?? '').toUpperCase());
  // Some exporters write every TRNAMT unsigned; only then does TRNTYPE decide the sign.
  if (moves.length > 0 && moves.every((i) => drafts[i]!.amountCents > 0) && moves.some(debitType)) {
    let flipped = 0;
    for (const i of moves) {
      if (debitType(i)) {
        drafts[i]!.amountCents = -drafts[i]!.amountCents;
        drafts[i]!.kind = 'debit';
        flipped++;
      }
    }
    notices.push({
      code: 'import.ofx_unsigned',
      message: `Every amount in the file is positive; ${flipped} lines marked DEBIT were read as debits.`,
      params: { count: flipped },
    });
  }
  drafts.forEach((d, i) => finish(d, fieldsOf[i]!, mapping));
  const lines = drafts;
  const ledger = st.ledger?.fields;
  const ledgerDate = ofxDate(ledger?.DTASOF);
  const ledgerAmount = ledger?.BALAMT !== undefined ? parseMoneyText(ledger.BALAMT, 'auto') : null;
  if (st.ledger && ledgerDate?.ok && ledgerAmount?.ok) {
    lines.push({
      position: st.ledger.line,
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
  return {
    lines: assignFingerprints(lines),
    rejected,
    skipped,
    notices,
    period: periodOf(st.header, lines),
    currency,
    foreign: currency !== null && !REAIS.has(currency),
    hint: accountHintOf(st.header),
    lineCount: moves.length,
  };
}

/**
 * Which bank statement of a file holding several to read: the one asked for; else the only one whose
 * account is the chosen account's; else the only one in reais; else null: the clerk chooses (the preview lists
 * them; an import without a choice is refused with `import.several_statements`).
 */
function choose(choices: StatementChoice[], reads: StatementRead[], opts: OfxChoice): number | null {
  const list = listChoices(choices);
  const n = choices.length;
  const asked = opts.statementIndex;
  if (asked !== undefined) {
    if (Number.isInteger(asked) && asked >= 0 && asked < n) return asked;
    throw importErrors.severalStatements(n, list);
  }
  if (opts.account) {
    const same = choices.filter((c) => compareAccount(c.accountHint, opts.account!) === 'same');
    if (same.length === 1) return same[0]!.index;
  }
  const inReais = reads.flatMap((r, i) => (r.foreign ? [] : [i]));
  if (inReais.length === 1) return inReais[0]!;
  if (inReais.length === 0) {
    throw ofxErrors.foreignCurrency([...new Set(reads.map((r) => r.currency))].join(', '), false);
  }
  return null;
}

/** A result without lines: no bank statement, or several with nothing saying which (listed to choose from). */
const noLines = (notices: Notice[], statements: StatementChoice[]): OfxParsed => ({
  lines: [],
  rejected: [],
  skipped: [],
  notices,
  period: null,
  accountHint: null,
  statements,
  statementIndex: null,
});

/**
 * OFX 1.x (SGML) and 2.x (XML) statements into lines, one statement at a time. Quirks handled: several
 * statements in one file (read one: see `choose`), credit-card statements (refused or left out), currency
 * BRC (Santander) is BRL and any other currency is refused, repeated FITIDs (Banco do Brasil) are kept apart
 * by the fingerprint, the payer from MEMO, NAME, REFNUM or FITID (Sicredi), balance rows written as
 * transactions (Caixa's SALDO DIA), a period from the lines when DTSTART/DTEND do not hold them
 * (Santander), files whose amounts are all positive while TRNTYPE says DEBIT get their sign from TRNTYPE.
 */
export function parseOfx(
  text: string,
  bodyStart: number,
  mapping: OfxMapping,
  opts: OfxChoice = {},
): OfxParsed {
  const scan = scanOfx(text, bodyStart);
  for (const s of scan.statements) {
    if (!s.sawTranListEnd && (s.transactions.length > 0 || s.sawTranListStart || (s.explicit && !s.closed)))
      throw importErrors.truncated();
  }
  const banks = scan.statements.filter((s) => s.kind === 'bank');
  const cards = scan.statements.filter((s) => s.kind === 'card');
  if (banks.length === 0 && (cards.length > 0 || scan.sawCardMessages)) throw importErrors.cardBill();
  const notices: Notice[] = [];
  if (!scan.sawOfxEnd && scan.statements.length > 0) {
    notices.push({
      code: 'import.ofx_unclosed',
      message: 'The file has no closing </OFX> tag; every transaction in it was complete.',
    });
  }
  if (banks.length === 0) return noLines(notices, []);
  const reads = banks.map((s) => readStatement(s, mapping));
  const choices: StatementChoice[] = reads.map((r, index) => ({
    index,
    accountHint: r.hint,
    currency: r.currency,
    lineCount: r.lineCount,
    period: r.period,
  }));
  const several = banks.length > 1;
  const index = several ? choose(choices, reads, opts) : 0;
  if (index === null) {
    // Nothing says which: no lines, every statement listed for the clerk to choose from.
    notices.push({
      code: 'import.several_statements',
      message: `The file holds ${banks.length} statements (${listChoices(choices)}); choose which one to import.`,
      params: { count: banks.length },
    });
    return noLines(notices, choices);
  }
  const read = reads[index]!;
  if (read.foreign) throw ofxErrors.foreignCurrency(read.currency!, several);
  if (several) {
    notices.push({
      code: 'import.ofx_statement_chosen',
      message: `The file holds ${banks.length} statements; only statement ${index} (${describeChoice(choices[index]!)}) was read, the others were not imported.`,
      params: { count: banks.length, index, statement: describeChoice(choices[index]!) },
    });
  }
  if (cards.length > 0) {
    const count = cards.reduce((n, c) => n + c.transactions.length, 0);
    notices.push({
      code: 'import.ofx_card_left_out',
      message: `The file also holds a credit-card statement (${count} transactions); card purchases are not money received, so it was left out.`,
      params: { count },
    });
  }
  return {
    lines: read.lines,
    rejected: read.rejected,
    skipped: read.skipped,
    notices: [...read.notices, ...notices],
    period: read.period,
    accountHint: read.hint,
    statements: several ? choices : [],
    statementIndex: several ? index : null,
  };
}
