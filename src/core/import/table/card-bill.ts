import { HEADER_SCAN_ROWS, SAMPLE_ROWS } from '../limits';
import { fold, normalizeLabel } from '../text';
import { cellText, isEmptyRow, isNumberCell, type Row, type Sheet } from './cells';
import { headerScores, isBalanceLabel } from './header-rules';
import { readPreamble } from './preamble';
import { cellCents, detectDecimal } from './values';

/**
 * Column titles only card bills have: Nubank's fatura (`date,title,amount`, `date,category,title,amount`),
 * C6's (`Data de Compra;Nome no Cartão;Final do Cartão;Categoria;Descrição;Parcela;Valor (em US$);Cotação
 * (em R$);Valor (em R$)`), Itaú's and others' (`data,lançamento/estabelecimento,valor`).
 */
const CARD_TITLES: [RegExp, number][] = [
  [
    /^(parcela|parcelas|nome no cartao|final do cartao|cartao|numero do cartao|portador|cotacao( em)?|valor em us|valor us|valor em dolar|valor dolar|valor em usd)$/,
    2,
  ],
  [/^(estabelecimento|title)$/, 1],
  [/^(category|categoria)$/, 0.5],
];
/** The bill's payment, a negative line amid purchases: “Pagamento recebido”, “Inclusao de Pagamento”. */
const BILL_PAYMENT =
  /\b(pagamento (recebido|de fatura|da fatura|fatura|efetuado|obrigado|em conta)|pagto fatura|pgto fatura|pag fatura|inclusao de pagamento|credito de pagamento)\b/;
const INSTALMENT = /\bparc(ela)?\.?\s*\d{1,2}\s*(\/|de)\s*\d{1,2}\b/;
/** Words of money coming into an account: statements' credits say them, a card bill's purchases do not. */
const CREDIT_WORDS =
  /\b(recebid[ao]|receb|credito|cred|deposito|dep|pix|ted|doc|transf|transferencia|liquidacao|liq|cobranca|boleto|estorno|rendimento|resgate|salario|rede|cielo|getnet|stone|pagseguro|pagbank|sumup|safrapay|vero|sipag|mercado pago|liberacao)\b/;
/** Dates without a year: `02/jan`, `02 JAN`, `02/01`. A statement always says the year. */
const YEARLESS = /^\d{1,2}[/.\s-]([a-z]{3,9}\.?|\d{1,2})$/i;

interface Layout {
  header: number;
  date: number;
  amount: number;
  description: number | null;
  cardTitles: number;
  balanceColumn: boolean;
}

function layoutOf(rows: Row[]): Layout | null {
  for (let r = 0; r < Math.min(rows.length, HEADER_SCAN_ROWS); r++) {
    const titles = Array.from(rows[r] ?? [], (c) => normalizeLabel(cellText(c)));
    let date = -1;
    let amount = -1;
    let description: number | null = null;
    let cardTitles = 0;
    let balanceColumn = false;
    titles.forEach((t, i) => {
      if (t === '') return;
      const s = headerScores(t);
      if (date < 0 && (s.date ?? 0) >= 0.6) date = i;
      // The amount in reais: the last value column that is not in dollars.
      if (((s.amount ?? 0) >= 0.6 || t === 'amount') && !/\b(us|usd|dolar)\b/.test(t)) amount = i;
      if (description === null && ((s.description ?? 0) >= 0.6 || t === 'title' || t === 'titulo'))
        description = i;
      if (/\b(saldo|balance)\b/.test(t)) balanceColumn = true;
      for (const [re, w] of CARD_TITLES) if (re.test(t)) cardTitles += w;
    });
    if (date >= 0 && amount >= 0 && date !== amount)
      return { header: r, date, amount, description, cardTitles: Math.min(cardTitles, 2.5), balanceColumn };
  }
  return null;
}

/**
 * Whether a sheet is a credit-card bill rather than an account statement. No single header decides: signals
 * add up, and what every statement has takes away. For: card-only column titles (up to 2.5), dates without
 * a year (2), a negative bill payment amid positive purchases (1.5), instalments (“Parcela 2/10”, 1),
 * positive lines that read as shops, not as money received (1). Against: a balance column or SALDO rows
 * (2 and 1), an “Agência … Conta …” preamble (2). A bill scores 3 or more; a gym's statement, whose
 * credits say PIX/TED/boleto and which may well pay a card bill, stays far below.
 */
export function isCardBill(sheet: Sheet): boolean {
  const layout = layoutOf(sheet.rows);
  if (!layout) return false;
  const sample: Row[] = [];
  for (let r = layout.header + 1; r < sheet.rows.length && sample.length < SAMPLE_ROWS; r++)
    if (!isEmptyRow(sheet.rows[r])) sample.push(sheet.rows[r]);
  if (sample.length === 0) return false;

  const amountTexts = sample
    .map((row) => row?.[layout.amount])
    .filter((c) => !isNumberCell(c))
    .map((c) => cellText(c).trim())
    .filter((t) => /\d/.test(t));
  const dec = detectDecimal(amountTexts).sep;
  let yearless = 0;
  let dated = 0;
  let positive = 0;
  let negative = 0;
  let positiveShops = 0;
  let billPayment = false;
  let instalments = false;
  let saldoRows = false;
  for (const row of sample) {
    const dateText = cellText(row?.[layout.date]).trim();
    if (dateText !== '') {
      dated++;
      if (YEARLESS.test(dateText)) yearless++;
    }
    const description =
      layout.description !== null ? fold(cellText(row?.[layout.description])).toLowerCase() : '';
    if (isBalanceLabel(description)) saldoRows = true;
    if (INSTALMENT.test(description)) instalments = true;
    const money = cellCents(row?.[layout.amount], dec);
    if (!money?.ok || money.cents === 0) continue;
    if (money.cents > 0) {
      positive++;
      if (!CREDIT_WORDS.test(description)) positiveShops++;
    } else {
      negative++;
      if (BILL_PAYMENT.test(description)) billPayment = true;
    }
  }

  let score = layout.cardTitles;
  if (dated > 0 && yearless / dated >= 0.5) score += 2;
  if (billPayment && positive >= 0.7 * (positive + negative)) score += 1.5;
  if (instalments) score += 1;
  if (positive >= 3 && positiveShops >= 0.8 * positive) score += 1;
  if (layout.balanceColumn) score -= 2;
  if (saldoRows) score -= 1;
  const pre = readPreamble(sheet, layout.header);
  if (pre.agency !== null || pre.account !== null) score -= 2;
  return score >= 3;
}
