/**
 * What the engine reads in a statement line's text: the payer's name without the bank's boilerplate, the
 * channel the money came through (Pix, TED, boleto, deposit, card), a card acquirer's deposit descriptor,
 * an aggregated boleto credit, and tokens that could be authorization / NSU / TID / boleto numbers.
 */

import { foldWords } from '../../shared/text';

/** Fold accents and case; anything not a letter or digit becomes a space (the shared rule, src/shared/text.ts). */
export const foldText = foldWords;

/**
 * Particles say nothing about who paid (banks drop them). Company suffixes (LTDA, ME) stay: banks keep
 * them, or turn them into initials like any other word ("PADARIA P A L ME").
 */
const STOP = new Set(['de', 'da', 'das', 'do', 'dos', 'e', 'd']);

/**
 * Words banks print around the payer's name ("PIX RECEBIDO", "TED-TRANSF ELET DISPON REMET.", "LIQ
 * COBRANCA", "PAGTO", "DEPOSITO DINHEIRO"...). Removed as whole words anywhere in the text, because some
 * banks put them after the name too.
 */
const BOILERPLATE = new Set([
  'pix',
  'recebido',
  'recebida',
  'recebimento',
  'rec',
  'receb',
  'ted',
  'doc',
  'tef',
  'transf',
  'transferencia',
  'credito',
  'cred',
  'cr',
  'deposito',
  'dep',
  'dp',
  'dinheiro',
  'especie',
  'pagto',
  'pgto',
  'pagamento',
  'pag',
  'liq',
  'liquidacao',
  'cobranca',
  'cobr',
  'boleto',
  'bloqueto',
  'titulo',
  'titulos',
  'tit',
  'rem',
  'remet',
  'remetente',
  'dispon',
  'elet',
  'eletronica',
  'em',
  'conta',
  'pelo',
  'pela',
  'via',
  'no',
  'na',
  'banco',
  'cp',
  'envio',
  'origem',
  'ag',
  'cc',
  'valor',
  'ref',
  'referente',
  'mensalidade',
]);

const CPF_LIKE =
  /[*•x]{3}\.?\d{3}\.?\d{3}-?[*•x]{2}|\d{3}\.?\d{3}\.?\d{3}-?\d{2}|\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}/gi;
const PIX_E2E = /\bE\d{8}[A-Za-z0-9]{23}\b/g;

/**
 * The payer's name as comparable tokens: "PIX RECEBIDO - MARIA A S SOUZA 123.456.789-00" → [maria, a, s,
 * souza]. Digits (CPF, CNPJ, account numbers, dates) are dropped; single letters are kept as initials
 * unless they are the bank's "C" of "C/C".
 */
export function payerTokens(text: string | null | undefined): string[] {
  if (!text) return [];
  const cleaned = text
    .replace(CPF_LIKE, ' ')
    .replace(PIX_E2E, ' ')
    .replace(/\bc\/c\b/gi, ' ');
  const out: string[] = [];
  for (const t of foldText(cleaned).split(' ')) {
    if (t === '' || /\d/.test(t) || STOP.has(t)) continue;
    if (t.length > 1 && BOILERPLATE.has(t)) continue;
    out.push(t);
  }
  return out;
}

/** Tokens of a receivable's payer name (no boilerplate to strip, only particles). */
export function nameTokens(name: string | null | undefined): string[] {
  if (!name) return [];
  return foldText(name)
    .split(' ')
    .filter((t) => t !== '' && !STOP.has(t) && !/^\d+$/.test(t));
}

/** The key an alias is stored under: the folded, boilerplate-stripped payer text. Empty when no name. */
export function payerKey(text: string | null | undefined): string {
  const tokens = payerTokens(text);
  return hasName(tokens) ? tokens.join(' ') : '';
}

/** At least one token that is more than an initial. */
export function hasName(tokens: readonly string[]): boolean {
  return tokens.some((t) => t.length >= 2);
}

/** How the money came, judged from the line's own words. */
export type Channel = 'pix' | 'ted' | 'boleto' | 'deposit' | 'card' | 'unknown';

export interface CardDescriptor {
  acquirer: string;
  flag: string;
  credit: boolean;
}

const ACQUIRERS: [RegExp, string][] = [
  [/\bcielo\b/, 'cielo'],
  [/\brede(card)?\b|\bredecard\b/, 'rede'],
  [/\bstone\b/, 'stone'],
  [/\bgetnet\b/, 'getnet'],
  [/\bpagseguro\b|\bpagbank\b/, 'pagseguro'],
  [/\bsafrapay\b/, 'safrapay'],
  [/\bsumup\b/, 'sumup'],
  [/\bmercado ?pago\b/, 'mercadopago'],
  [/\bvero\b|\bbanrisul\b/, 'vero'],
];
const FLAGS: [RegExp, string][] = [
  [/\bvisa\b/, 'visa'],
  [/\bmaster(card)?\b|\bmc\b/, 'mastercard'],
  [/\belo\b/, 'elo'],
  [/\bhiper(card)?\b/, 'hipercard'],
  [/\bamex\b|\bamerican express\b/, 'amex'],
];
const CREDIT_WORDS = /\b(credito|cred|cd|cr|parcelado|rotativo)\b/;
const DEBIT_WORDS = /\b(debito|deb|db|maestro|electron)\b/;

/** Normalizes an acquirer or flag name from the API ("GetNet", "American Express") the same way. */
export function normalizeAcquirer(name: string | null): string | null {
  if (!name) return null;
  const f = foldText(name);
  return ACQUIRERS.find(([re]) => re.test(f))?.[1] ?? f;
}
export function normalizeFlag(name: string | null): string | null {
  if (!name) return null;
  const f = foldText(name);
  return FLAGS.find(([re]) => re.test(f))?.[1] ?? f;
}

/** "CIELO VISA CREDITO" → {cielo, visa, credit}; null when the line is not an acquirer's deposit. */
export function cardDescriptor(folded: string): CardDescriptor | null {
  const acquirer = ACQUIRERS.find(([re]) => re.test(folded))?.[1];
  if (!acquirer) return null;
  const flag = FLAGS.find(([re]) => re.test(folded))?.[1] ?? '';
  const debit = DEBIT_WORDS.test(folded);
  const credit = CREDIT_WORDS.test(folded);
  return { acquirer, flag, credit: credit || !debit };
}

/** The channel a line's text names; a card deposit wins over the words "credito"/"debito" it contains. */
export function channelOf(folded: string): Channel {
  if (cardDescriptor(folded)) return 'card';
  if (/\bpix\b/.test(folded)) return 'pix';
  if (/\b(cobranca|cobr|boleto|bloqueto|liq|liquidacao|titulos?)\b/.test(folded)) return 'boleto';
  if (/\b(ted|doc|transf|transferencia)\b/.test(folded)) return 'ted';
  if (/\b(deposito|dep|dp|dinheiro|especie)\b/.test(folded)) return 'deposit';
  return 'unknown';
}

/** "LIQUIDACAO DE COBRANCA 5 TIT" → 5: an aggregated boleto credit and its count (0 when unknown). */
export function boletoLumpCount(folded: string, tokens: readonly string[]): number | null {
  if (!/\b(cobranca|cobr|liquidacao)\b/.test(folded)) return null;
  const n = /\b(\d{1,3})\s*(tit|titulos?)?\b/.exec(folded);
  if (n && (n[2] || hasName(tokens) === false)) return Number(n[1]);
  return hasName(tokens) ? null : 0;
}

/** Alphanumeric runs of 6+ characters holding a digit: candidates for authorization / NSU / TID keys. */
export function keyTokens(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.toUpperCase().matchAll(/[A-Z0-9]{6,}/g)) {
    const t = m[0];
    if (!/\d/.test(t)) continue;
    out.add(t);
    const trimmed = t.replace(/^0+/, '');
    if (trimmed.length >= 4 && trimmed !== t) out.add(trimmed);
  }
  return [...out];
}

/** Keys of a receivable, normalized like keyTokens (upper case; numbers also without leading zeros). */
export function normalizeKey(value: string | null | undefined): string[] {
  if (!value) return [];
  const t = value.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (t.length < 6 || !/\d/.test(t)) return [];
  const trimmed = t.replace(/^0+/, '');
  return trimmed !== t && trimmed.length >= 4 ? [t, trimmed] : [t];
}
