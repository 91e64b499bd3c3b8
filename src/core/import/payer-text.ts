import { fold, squash } from './text';

/**
 * Words banks put before the payer's name. Matched on folded lower-case text at the start of the
 * description; longer phrases first so “transferencia pix rem” wins over “transferencia”.
 */
const PREFIXES: RegExp[] = [
  /^transferencia recebida pelo pix\b/,
  /^transf(erencia)? recebida\b/,
  /^transfe(rencia)? pix rem\b:?/, // Bradesco: “TRANSFERENCIA PIX REM:”, cut to “Transfe Pix Rem:”
  /^transf(erencia)? ?pix\b/,
  /^pix recebido\b:?/,
  /^pix transf(erencia)?\b/, // Itaú: “PIX TRANSF NAME 03/06”
  /^pix - recebido\b/,
  /^recebimento pix( (sicredi|sicoob))?\b/, // Sicredi: “RECEBIMENTO PIX SICREDI” (a Pix from another Sicredi account)
  /^pix_cred?\b/, // Sicredi REFNUM/FITID: “PIX_CRED 00882840002 NAME”, sometimes cut to “PIX_CRE”
  /^cred(ito)? pix\b/,
  /^pix\b/,
  /^ted-transf elet dispon remet\b\.?/,
  /^ted-t elet disp remet\b\.?/, // Bradesco, cut
  /^ted[- ]?credito em conta\b/,
  /^ted recebida\b:?/,
  /^cred(ito)? ted\b/,
  /^ted\b/,
  /^doc recebido\b/,
  /^cred(ito)? doc\b/,
  /^liq(uidacao)? (de )?(cobranca|boleto)\b/,
  /^cred(ito)? cobr(anca)?\b/,
  /^cobranca\b/,
  /^boleto\b/,
  /^(dep(osito)? )?online taa\b/, // Banco do Brasil: “Depósito Online TAA - …” (an ATM deposit)
  /^deposito( em)?( dinheiro)?\b/,
  /^dp din( lot| atm| ag)?\b/, // Caixa: cash deposit
  /^dep\b/,
  /^recebid[ao]\b:?/,
  /^cp\b ?:?/,
  /^rem\b:?/,
];
/**
 * The list as one alternation, sticky at 0 (anchored): tried in the list's order, the first that matches wins,
 * as one by one. Used with test and lastIndex, the length of the match, without a match array.
 */
const PREFIX = new RegExp(`(?:${PREFIXES.map((re) => re.source.slice(1)).join('|')})`, 'y');
const MASKED_CPF = /[*•xX]{3}\.?\d{3}\.?\d{3}-?[*•xX]{2}/g;
const CPF = /\d{3}\.\d{3}\.\d{3}-\d{2}/g;
const CNPJ = /[\d*•]{2}\.[\d*•]{3}\.[\d*•]{3}\/[\d*•]{4}-[\d*•]{2}/g;
/** A CPF (11 digits) or CNPJ (14) written without punctuation: taken only when its check digits hold. */
const BARE_ID = /(?<!\d)(\d{14}|\d{11})(?!\d)/g;
const BARE_ID_ONLY = /^(\d{14}|\d{11})$/;
const NOISE: RegExp[] = [
  /\b(cpf|cnpj)\b\s*:?/gi, // the label of a document taken out
  /\bE\d{8}[A-Za-z0-9]{23}\b/g, // Pix end-to-end id
  /\b\d{2}\/\d{2}(\/\d{2,4})?\b/g, // dates
  /\b\d{2}:\d{2}(:\d{2})?\b/g, // times
  /\b\d{6,}\b/g, // long numbers: documents, accounts
];
/** What is cut out of the name, in this order; the patterns that need a digit are not run on text without one. */
/** What is cut out of the name, in this order. */
const CUT_OUT = [MASKED_CPF, CPF, CNPJ, ...NOISE];
/**
 * Any of CUT_OUT, case ignored: where it finds nothing none of them would (each matches no more than it),
 * so the name is left as it is with one scan instead of one per pattern.
 */
const ANY_CUT = new RegExp(CUT_OUT.map((re) => re.source).join('|'), 'i');
/** Credits that come from the bank itself, not from a payer: investment redemptions, interest, refunds. */
const BANK_OWN = /^(resgate|resg|rent|rendimentos?|rend pago|juros|aplic(acao)?|bb rende facil|estorno)\b/;
/** Bank names and words that are left when a line names no one (cash deposits, fees, boleto lumps). */
const NOBODY =
  /^(dinheiro|em dinheiro|especie|cheque|titulos?|\d+ titulos?|sicredi|sicoob|bradesco|itau( unibanco)?|santander|caixa|nubank|nu pagamentos( s ?a)?|banco do brasil|bco do brasil|transf(erencia)?|credito|recebimento|.{0,2})$/;

function checkDigitsHold(d: string): boolean {
  if (/^(\d)\1+$/.test(d)) return false;
  const n = d.split('').map(Number);
  if (d.length === 11) {
    const dv = (len: number) => {
      let s = 0;
      for (let i = 0; i < len; i++) s += n[i]! * (len + 1 - i);
      const r = (s * 10) % 11;
      return r === 10 ? 0 : r;
    };
    return dv(9) === n[9] && dv(10) === n[10];
  }
  const dv = (len: number) => {
    const w = len === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    let s = 0;
    for (let i = 0; i < len; i++) s += n[i]! * w[i]!;
    const r = s % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return dv(12) === n[12] && dv(13) === n[13];
}

/** The first CPF/CNPJ the bank printed (masked, punctuated, or bare with valid check digits), as printed. */
function findDocument(s: string): { text: string; index: number } | null {
  // Every kind is taken only with three digits in a row; then one scan for any of them before one per kind.
  if (!/\d{3}/.test(s) || !ANY_DOCUMENT.test(s)) return null;
  let best: { text: string; index: number } | null = null;
  // Of each kind the first match taken, and of those the one printed first.
  for (const re of DOCUMENTS) {
    re.lastIndex = 0;
    for (let m = re.exec(s); m !== null; m = re.exec(s)) {
      if ((re === BARE_ID && !checkDigitsHold(m[0])) || !/\d{3}/.test(m[0])) continue;
      if (!best || m.index < best.index) best = { text: m[0], index: m.index };
      break;
    }
    re.lastIndex = 0;
  }
  return best;
}
const DOCUMENTS = [MASKED_CPF, CPF, CNPJ, BARE_ID];
/** Any of DOCUMENTS: where it finds nothing, none of them would. */
const ANY_DOCUMENT = new RegExp(DOCUMENTS.map((re) => re.source).join('|'));

/**
 * Leading tokens that are not a name: account and agency numbers (“1234 56789-0”), dates and times,
 * long numbers, ids mixing a few letters with digits (“CX553033”).
 */
function isJunkToken(t: string): boolean {
  if (!/\d/.test(t)) return false; // every kind below has a digit
  if (BARE_ID_ONLY.test(t) && checkDigitsHold(t)) return false; // a CPF/CNPJ: taken as the document
  return (
    /^\d{4,}$/.test(t) ||
    /^\d+([./:-]\d+)+(-[\dxX])?$/.test(t) ||
    /^\d+-[\dxX]$/.test(t) ||
    /^[A-Za-z]{1,4}\d{4,}[A-Za-z\d]*$/.test(t)
  );
}

/** A word (between spaces) of letters only, two of them in a row (`'’.&` may stand among them). */
const NAMED = /(?<![^ ])[\p{L}'’.&]*\p{L}{2}[\p{L}'’.&]*(?![^ ])/u;
/** Folded lower case, what the prefixes and word lists are matched on. */
const lower = (s: string) => fold(s).toLowerCase();
/**
 * Text below U+0250 folds and lowers one unit into one unit, each on its own (no context such as the Greek
 * final sigma): a cut of the text is the same cut of its folded form, so it is folded once, not per cut.
 */
const FOLDS_BY_UNIT = /^[^\u0250-\uffff]*$/;
const LEAD_PUNCT = /[\s\-:–—.,;]+/y;
const FIRST_TOKEN = /\S+/y;
/** A digit in the first word. */
const TOKEN_DIGIT = /[^\s\d]*\d/y;

/**
 * The text without leading boilerplate, and its folded lower case when it was kept alongside (else null).
 * `settled`: nothing more would come off (stripping `out` again gives `out`).
 */
function stripLead(s: string): { out: string; low: string | null; settled: boolean } {
  let out = s;
  let low = FOLDS_BY_UNIT.test(s) ? lower(s) : null;
  for (let pass = 0; pass < 8; pass++) {
    let cut = 0;
    PREFIX.lastIndex = 0;
    if (PREFIX.test(low ?? lower(out))) cut = PREFIX.lastIndex;
    else {
      FIRST_TOKEN.lastIndex = 0;
      TOKEN_DIGIT.lastIndex = 0;
      // Only a first word with a digit can be junk: the others are not cut out to be checked.
      if (FIRST_TOKEN.test(out) && TOKEN_DIGIT.test(out) && isJunkToken(out.slice(0, FIRST_TOKEN.lastIndex)))
        cut = FIRST_TOKEN.lastIndex;
    }
    LEAD_PUNCT.lastIndex = cut;
    if (LEAD_PUNCT.test(out)) cut = LEAD_PUNCT.lastIndex;
    if (cut === 0) return { out, low, settled: true };
    out = out.slice(cut);
    if (low !== null) low = low.slice(cut);
  }
  return { out, low, settled: false };
}

export interface PayerParts {
  /** The payer's name as printed, without boilerplate; null when no one is named. */
  name: string | null;
  /** A CPF/CNPJ printed beside it (often masked: •••.456.789-••), as printed; null when none. */
  document: string | null;
}

/**
 * The payer's name and document as the bank printed them, without the boilerplate around: “PIX RECEBIDO -
 * MARIA S SOUZA - •••.123.456-••” → “MARIA S SOUZA” and “•••.123.456-••”. Case and accents are kept (the
 * matcher folds them). The document never stays in the name.
 */
export function splitPayer(raw: string | null | undefined): PayerParts {
  if (!raw) return { name: null, document: null };
  const lead = stripLead(squash(raw));
  let s = lead.out;
  if (BANK_OWN.test(lead.low ?? lower(s))) return { name: null, document: null };
  const doc = findDocument(s);
  // Nubank and others print “NAME - CPF - PAYER'S BANK”: what follows the CPF is not the payer.
  if (doc && doc.index > 0 && /\p{L}{2}/u.test(s.slice(0, doc.index))) s = s.slice(0, doc.index);
  else if (doc) s = `${s.slice(0, doc.index)} ${s.slice(doc.index + doc.text.length)}`;
  if (ANY_CUT.test(s)) for (const re of CUT_OUT) s = s.replace(re, ' ');
  if (s.includes('-') || s.includes('–') || s.includes('—')) s = s.replace(/(\s[-–—](?=\s))+/g, ' -');
  if (s.includes('"') || s.includes('“') || s.includes('”')) s = s.replace(/["“”]/g, ' ');
  s = squash(s);
  // Unchanged since the first strip, which had settled: stripping again would change nothing.
  const same = s === lead.out && lead.settled;
  if (!same) s = stripLead(s).out;
  const trimmed = s.replace(/^[\s\-:–—.,;/]+|[\s\-:–—.,;/]+$/g, '');
  // A name has at least one word of letters only (“N20BBA: :39.77”, what is left of an id, has none).
  const named = NAMED.test(trimmed);
  const low = same && trimmed === s && lead.low !== null ? lead.low : null;
  const name = !named || NOBODY.test(low ?? lower(trimmed)) ? null : trimmed;
  return { name, document: doc?.text ?? null };
}

/** The payer's name only (see `splitPayer`): “PIX RECEBIDO - MARIA S SOUZA” → “MARIA S SOUZA”. */
export function cleanPayerText(raw: string | null | undefined): string | null {
  return splitPayer(raw).name;
}
