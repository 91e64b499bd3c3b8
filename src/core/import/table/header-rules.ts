import type { ColumnRole } from '../../../shared/contract/import';
import { normalizeLabel } from '../text';

type Role = Exclude<ColumnRole, 'ignore'>;

/**
 * Column titles seen in Brazilian bank exports, on normalized text (lower case, no accents, `R$` and
 * punctuation removed: “Valor (R$)” → “valor”, “Nº documento” → “n documento”). Exact titles score 1,
 * looser ones less, so “Data” beats “Data do Balancete” for the date. Mercado Pago writes English
 * titles in capitals (RELEASE_DATE, TRANSACTION_TYPE, REFERENCE_ID, TRANSACTION_NET_AMOUNT, PARTIAL_BALANCE).
 */
const RULES: [Role, RegExp, number][] = [
  [
    'date',
    /^(data|dt|date|dia|data (de )?(lancamento|lanc|mov|movimento|movimentacao|transacao|operacao|contabil)|data do lancamento|data da transacao|dt lancamento|dt mov|release date|transaction date)$/,
    1,
  ],
  ['date', /^(data|dt)\b/, 0.6],
  [
    'direction',
    /^(d c|c d|dc|cd|tipo|natureza|sinal|tipo (de )?lancamento|credito debito|debito credito|deb cred|cred deb|tipo de transacao|entrada saida)$/,
    1,
  ],
  [
    'description',
    /^(historico|descricao|lancamento|lancamentos|memo|detalhes?|complemento|description|transacao|narrativa|identificacao|movimentacao|estabelecimento|transaction type|contraparte)$/,
    1,
  ],
  ['description', /\b(historico|descricao|detalhe|detalhes|complemento)\b/, 0.7],
  [
    'amount',
    /^(valor|valores|quantia|montante|amount|value|vlr|valor lancamento|valor do lancamento|valor da transacao|valor rs|transaction net amount|transaction amount|net amount)$/,
    1,
  ],
  ['amount', /\b(valor|vlr)\b/, 0.6],
  [
    'credit',
    /^(credito|creditos|entrada|entradas|credit|credits|cr|receita|receitas|valor credito|vlr credito|deposito|depositos)$/,
    1,
  ],
  ['credit', /\bcredito/, 0.7],
  [
    'debit',
    /^(debito|debitos|saida|saidas|debit|debits|db|despesa|despesas|valor debito|vlr debito|retirada|retiradas)$/,
    1,
  ],
  ['debit', /\bdebito/, 0.7],
  [
    'balance',
    /^(saldo|saldos|balance|saldo final|saldo do dia|saldo atual|saldo apos lancamento|partial balance)$/,
    1,
  ],
  ['balance', /\bsaldo/, 0.7],
  [
    'document',
    /^(documento|docto|doc|n documento|no documento|n doc|numero do documento|numero documento|nr doc|nr documento|num doc|identificador|id|referencia|ref|nsu|fitid|codigo|nr doc|n do documento|autenticacao|reference id|codigo da transacao|transaction id)$/,
    1,
  ],
  ['document', /\b(documento|docto|doc)\b/, 0.7],
];

/** Best score per role for one column title (most titles match one role; “Valor Crédito” matches two). */
export function headerScores(title: string): Partial<Record<Role, number>> {
  const label = normalizeLabel(title);
  const out: Partial<Record<Role, number>> = {};
  if (label === '' || label.length > 60) return out;
  for (const [role, re, score] of RULES) {
    if (re.test(label) && (out[role] ?? 0) < score) out[role] = score;
  }
  return out;
}

export function bestRole(title: string): { role: Role; score: number } | null {
  let best: { role: Role; score: number } | null = null;
  for (const [role, score] of Object.entries(headerScores(title)) as [Role, number][]) {
    if (!best || score > best.score) best = { role, score };
  }
  return best;
}

/**
 * Balance and total rows are not transactions. Banks label them in the description: SALDO ANTERIOR, SALDO
 * DO DIA, SALDO TOTAL DISPONÍVEL, “S A L D O” (Banco do Brasil), Total.
 */
export const isBalanceLabel = (description: string) =>
  /^\W*[sStT]/.test(description) &&
  /^(saldo|sdo|s a l d o|total|totais|subtotal)\b/.test(normalizeLabel(description));
