import { fold, squash } from './text';

/**
 * Words banks put before the payer's name. Matched on folded lower-case text at the start of the
 * description; longer phrases first so “transferencia pix rem” wins over “transferencia”.
 */
const PREFIXES: RegExp[] = [
  /^transferencia recebida pelo pix\b/,
  /^transferencia recebida\b/,
  /^transferencia pix rem\b:?/,
  /^transf(erencia)? ?pix\b/,
  /^pix recebido\b:?/,
  /^pix - recebido\b/,
  /^recebimento pix\b/,
  /^cred(ito)? pix\b/,
  /^pix\b/,
  /^ted-transf elet dispon remet\b\.?/,
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
  /^deposito( em)?( dinheiro)?\b/,
  /^dep\b/,
  /^cp\b ?:?/,
  /^rem\b:?/,
];
const NOISE: RegExp[] = [
  /[*•]{3}\.?\d{3}\.?\d{3}-?[*•]{2}/g, // masked CPF as Nubank prints it
  /\b\d{3}\.\d{3}\.\d{3}-\d{2}\b/g, // CPF
  /\b\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}\b/g, // CNPJ
  /\bE\d{8}[A-Za-z0-9]{23}\b/g, // Pix end-to-end id
  /\b\d{2}\/\d{2}(\/\d{2,4})?\b/g, // dates
  /\b\d{2}:\d{2}(:\d{2})?\b/g, // times
  /\b\d{6,}\b/g, // long numbers: documents, accounts
];
const ID_NUMBER =
  /[*•]{3}\.?\d{3}\.?\d{3}-?[*•]{2}|\b\d{3}\.\d{3}\.\d{3}-\d{2}\b|\b\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}\b/;
/** What is left when a line names no one (cash deposits, fees, aggregated boleto credits). */
const NOBODY = /^(dinheiro|em dinheiro|especie|cheque|titulos?|\d+ titulos?|.{0,2})$/;

/**
 * The payer's name as the bank printed it, without the boilerplate around it: “PIX RECEBIDO - MARIA S
 * SOUZA” → “MARIA S SOUZA”. Case and accents are kept (the matcher folds them); null when no name is left.
 */
export function cleanPayerText(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let s = squash(raw);
  for (let pass = 0; pass < 3; pass++) {
    const folded = fold(s).toLowerCase();
    let hit: RegExpExecArray | null = null;
    for (const re of PREFIXES) if ((hit = re.exec(folded))) break;
    if (!hit) break;
    s = s.slice(hit[0].length).replace(/^[\s\-:–—.,;]+/, '');
  }
  // Nubank and others print “NAME - CPF - PAYER'S BANK”: what follows the CPF is not the payer.
  const id = ID_NUMBER.exec(s);
  if (id && id.index > 0 && /\p{L}{2}/u.test(s.slice(0, id.index))) s = s.slice(0, id.index);
  for (const re of NOISE) s = s.replace(re, ' ');
  s = s.replace(/(\s[-–—](?=\s))+/g, ' -');
  s = squash(s.replace(/["“”]/g, ' ')).replace(/^[\s\-:–—.,;/]+|[\s\-:–—.,;/]+$/g, '');
  if (!/\p{L}{2}/u.test(s) || NOBODY.test(fold(s).toLowerCase())) return null;
  return s;
}
