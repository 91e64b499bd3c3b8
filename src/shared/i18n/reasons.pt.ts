/**
 * The matching reasons in Portuguese, as the CLI prints them and the plan shows them: the one place that words
 * them (moved from core/matching/reasons-pt.ts, which re-exports it). The core sends each reason's sentence
 * (`text`); Conciliar's list asks for its lines without it (`match.lines` `details: false`) and the renderer
 * words the same codes and params here. English: reasons.en.ts.
 */
import { acquirerName } from '../acquirers';
import { arrivalWindow } from '../arrival-window';
import { parseReceivedNames } from '../received-names';
import type { ReasonCode, ReasonParams } from '../contract/matching';

/** A reason as the engine stores it: a stable code and its params. */
export interface PortugueseReason {
  code: ReasonCode;
  params?: ReasonParams | undefined;
}

/** "2026-07-15" → "15/07": the reasons' short dates. */
const shortBr = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

const TYPE_NAMES: Record<number, string> = {
  1: 'dinheiro',
  2: 'cartão de crédito',
  3: 'cartão de débito',
  4: 'cheque',
  5: 'boleto',
  7: 'depósito',
  12: 'cartão de crédito online',
  13: 'transferência',
  18: 'Pix',
};
const CHANNEL_NAMES: Record<string, string> = {
  pix: 'Pix',
  ted: 'transferência',
  boleto: 'boleto',
  deposit: 'depósito',
  card: 'cartão',
};

export const typeName = (id: number) => TYPE_NAMES[id] ?? `tipo ${id}`;

/**
 * When a payment type's credit usually reaches the bank, in words: "por boleto, o crédito costuma chegar de 1 a
 * 3 dias após o vencimento" (the engine's window "1–3"; not "boleto: esperado 1–3").
 */
export function usualArrival(type: string, expected: string): string {
  const after = (d: number) => (d === 1 ? '1 dia após o vencimento' : `${d} dias após o vencimento`);
  const w = arrivalWindow(expected);
  const window =
    w.kind === 'due'
      ? 'no dia do vencimento'
      : w.kind === 'dueOrNext'
        ? 'no dia do vencimento ou no seguinte'
        : w.kind === 'upTo'
          ? `até ${after(w.days)}`
          : w.kind === 'after'
            ? after(w.days)
            : w.kind === 'range'
              ? `de ${w.from} a ${after(w.to)}`
              : `em ${w.text} dias`;
  return `por ${type}, o crédito costuma chegar ${window}`;
}

export function brl(cents: number): string {
  const abs = Math.abs(cents);
  const reais = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${cents < 0 ? '-' : ''}R$ ${reais},${String(abs % 100).padStart(2, '0')}`;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
const CARD_SCOPES: Record<string, string> = {
  brand: 'por bandeira e produto',
  product: 'consolidado por produto',
  day: 'consolidado do dia',
};
const CARD_MODELS: Record<string, string> = {
  forecast: 'na data prevista do recebível',
  d1: 'débito D+1',
  d2: 'débito D+2',
  c30: 'crédito D+30 por parcela',
  a1: 'antecipado D+1',
  a2: 'antecipado D+2',
  due1: '1 dia útil após o vencimento',
  due2: '2 dias úteis após o vencimento',
  due3: '3 dias úteis após o vencimento',
};
const days = (n: number) => `${n} ${plural(n, 'dia', 'dias')}`;
const pct = (n: number) => `${String(n).replace('.', ',')}%`;

export function renderReason(r: PortugueseReason): string {
  const p = r.params ?? {};
  const num = (k: string) => Number(p[k] ?? 0);
  const str = (k: string) => String(p[k] ?? '');
  switch (r.code) {
    case 'key':
      return `código ${str('key')} do recebível aparece na linha`;
    case 'alias':
      return `pagador reconhecido: aprendido em ${shortBr(str('learnedAt'))}`;
    case 'amount_equal':
      return 'valor igual';
    case 'amount_with_charges':
      return `valor com multa e juros de atraso (+${brl(num('extraCents'))})`;
    case 'amount_rounded':
      return `valor arredondado para cima (+${brl(num('extraCents'))})`;
    case 'amount_different': {
      const d = num('diffCents');
      return `valor diferente: ${brl(Math.abs(d))} a ${d < 0 ? 'menos (pagamento parcial?)' : 'mais'}`;
    }
    case 'amount_sum':
      return `a soma de ${num('count')} recebíveis dá o valor`;
    case 'amount_net_fees':
      return `valor líquido igual à soma menos as taxas do adquirente (${brl(num('feeCents'))}; ${pct(num('percent'))})`;
    case 'amount_fee_tolerance':
      return `valor dentro da tolerância de taxa do cartão (${brl(num('feeCents'))}; ${pct(num('percent'))})`;
    case 'lag': {
      const d = num('days');
      const when =
        d === 0
          ? 'pago no dia do vencimento'
          : d > 0
            ? `pago ${days(d)} após o vencimento`
            : `pago ${days(-d)} antes do vencimento`;
      return `${when} (${usualArrival(typeName(num('paymentType')), str('expected'))})`;
    }
    case 'name_similarity':
      return `nome ${num('percent')}% parecido`;
    case 'surname':
      return `só o sobrenome confere (${str('surname').toUpperCase()})`;
    case 'no_payer_name':
      return 'a linha não traz o nome do pagador';
    case 'type_consistent':
      return `tipo de pagamento confere (${typeName(num('paymentType'))})`;
    case 'type_mismatch':
      return `a linha parece ${CHANNEL_NAMES[str('channel')] ?? str('channel')}, o recebível é ${typeName(num('paymentType'))}`;
    case 'card_lump':
      return `depósito ${str('acquirer').toUpperCase() || 'de cartão'} ${str('flag').toUpperCase()} ${num('credit') === 2 ? 'crédito e débito' : num('credit') ? 'crédito' : 'débito'}: ${num('count')} ${plural(num('count'), 'venda', 'vendas')}`.replace(
        /\s+/g,
        ' ',
      );
    case 'lump_received': {
      const said = `${num('count')} ${plural(num('count'), 'recebível deste depósito já estava baixado', 'recebíveis deste depósito já estavam baixados')}`;
      // Whose and how much (plans made before the names were kept say the count alone).
      const who = parseReceivedNames(p.names);
      if (who.length === 0) return said;
      const more = num('count') - who.length;
      return `${said}: ${who.map((w) => `${w.name} (${brl(w.cents)})`).join(', ')}${more > 0 ? ` e mais ${more}` : ''}`;
    }
    case 'lump_excluded':
      return `${num('count')} ${plural(num('count'), 'venda do dia ficou de fora', 'vendas do dia ficaram de fora')}`;
    case 'boleto_lump':
      return `crédito agregado de cobrança (${num('count')} boletos)`;
    case 'many_to_one':
      return `${num('count')} recebíveis do mesmo pagador somam o valor`;
    case 'others_same_amount':
      return `${plural(num('others'), 'outro candidato', `outros ${num('others')} candidatos`)} com o mesmo valor`;
    case 'paired_by_date':
      return `${num('others') + 1} linhas pagam com certeza estes ${num('others') + 1} recebíveis; quem pagou qual não se sabe: pareados por ordem de data`;
    case 'runner_up':
      return `segundo melhor candidato só ${num('gap')} pontos abaixo`;
    case 'duplicate_line':
      return `${p.date ? `o lançamento de ${brl(num('amountCents'))} de ${shortBr(str('date'))}` : 'outro lançamento'} disputa o mesmo recebível (pagamento em duplicidade?)`;
    case 'manual':
      return p.at ? `escolhido manualmente em ${shortBr(str('at'))}` : 'escolhido manualmente';
    case 'tie':
      return `empate com ${plural(num('others'), 'outro candidato igualmente bom', `outros ${num('others')} candidatos igualmente bons`)}: nada proposto`;
    case 'no_candidates':
      return 'nenhum recebível em aberto combina com este valor e data';
    case 'name_mismatch':
      return `${num('candidates')} ${plural(num('candidates'), 'recebível', 'recebíveis')} com este valor no período, mas nenhum pagador parecido com “${str('payer')}”`;
    case 'weak':
      return `o melhor candidato é fraco demais (pontuação ${num('score')})`;
    case 'claimed':
      return `o candidato já foi atribuído ${p.date ? `ao lançamento de ${brl(num('amountCents'))} de ${shortBr(str('date'))}` : 'a outro lançamento'}`;
    case 'held':
      // The holding line in words (date, amount, account); an older plan's reason has only the ids.
      return p.date
        ? `o candidato já está com o lançamento de ${brl(num('amountCents'))} de ${shortBr(str('date'))}/${str('date').slice(0, 4)}${str('account') ? ` da conta ${str('account')}` : ''}`
        : 'o candidato já está com um lançamento de outro extrato';
    case 'possible_duplicate':
      return `mesmo pagamento que ${p.date ? `o lançamento de ${brl(num('amountCents'))} de ${shortBr(str('date'))}` : 'outro lançamento'} (duplicidade?): nada proposto`;
    case 'in_proposal':
      return num('count') > 1
        ? `na proposta desta linha, com ${plural(num('count') - 1, 'outro recebível', `outros ${num('count') - 1} recebíveis`)}`
        : 'é a proposta desta linha';
    case 'lump_no_fit':
      return `nenhuma combinação dos ${num('candidates')} candidatos fecha o valor`;
    case 'lump_ambiguous':
    case 'combination_ambiguous':
      return `${num('combinations')} ou mais combinações fecham o valor: nada proposto`;
    case 'duplicate_import':
      // The earlier statement by its days; an older plan's reason has only the ids.
      return p.from
        ? `mesma transação já importada no extrato de ${shortBr(str('from'))}/${str('from').slice(0, 4)} a ${shortBr(str('to'))}/${str('to').slice(0, 4)} desta conta (período importado duas vezes?): nada proposto`
        : 'mesma transação já importada em outro extrato desta conta (período importado duas vezes?): nada proposto';
    case 'already_received':
      return `já conciliado: o recebível ${num('receivableId')}${str('name') ? ` de ${str('name')}` : ''} foi baixado em ${shortBr(str('date'))}`;
    case 'return_file': {
      const n = num('count');
      const what = n === 1 ? '1 boleto liquidado' : `${n} boletos liquidados`;
      const net = num('net') ? `, líquido das tarifas (${brl(num('feeCents'))})` : '';
      return `arquivo retorno do banco ${str('bankCode')} (CNAB ${str('layout')}): ${what} com crédito em ${shortBr(str('date'))} ${n === 1 ? 'dá' : 'somam'} o valor${net}`;
    }
    case 'return_title_difference': {
      const d = num('diffCents');
      return `boleto ${str('nossoNumero')} pago com ${brl(Math.abs(d))} a ${d < 0 ? 'menos' : 'mais'} que o recebível ${num('receivableId')}: confira antes de aprovar`;
    }
    case 'date_outside': {
      const d = num('days');
      const when = d >= 0 ? `pago ${days(d)} após o vencimento` : `pago ${days(-d)} antes do vencimento`;
      return `${when}: fora do prazo (${usualArrival(typeName(num('paymentType')), str('expected'))})`;
    }
    case 'name_different':
      return `nome do pagador diferente (${num('percent')}% parecido)`;
    case 'return_title_unresolved':
      return `${num('count')} de ${num('of')} ${plural(num('of'), 'boleto', 'boletos')} do arquivo retorno sem recebível identificado`;
    case 'card_settlement': {
      const scope = CARD_SCOPES[str('scope')] ?? '';
      const models = str('model')
        .split('+')
        .map((m) => CARD_MODELS[m] ?? m)
        .join(' e ');
      const late = num('late') > 0 ? `, ${days(num('late'))} após o previsto` : '';
      return `crédito ${scope}, ${models}${late}`;
    }
    case 'card_fee_learned':
      return `taxa aprendida das conciliações confirmadas: ${pct(num('percent'))} (${num('samples')} ${plural(num('samples'), 'depósito', 'depósitos')})`;
    case 'by_elimination':
      return `decidido junto com a linha ${num('lineId')}: o outro candidato é dela`;
    case 'acquirer_file': {
      const n = num('count');
      const what = n === 1 ? '1 venda' : `${n} vendas`;
      const batches = num('batches') > 1 ? ` (${num('batches')} lotes do dia)` : '';
      const fee = num('feeCents') ? `, taxa ${brl(num('feeCents'))} sobre ${brl(num('grossCents'))}` : '';
      const forecast = num('forecast') ? ' (previsão do arquivo de vendas)' : '';
      // “do PagBank”, “da Cielo”: the company's name takes its article.
      return `arquivo ${str('acquirer') === 'pagseguro' ? 'do' : 'da'} ${acquirerName(str('acquirer'))}: pagamento de ${shortBr(str('date'))}${forecast}${batches} com ${what}${fee} dá o valor`;
    }
    case 'acquirer_sale_difference': {
      const d = num('diffCents');
      return `venda ${str('nsu')} de ${brl(Math.abs(d))} a ${d < 0 ? 'menos' : 'mais'} que o recebível ${num('receivableId')}: confira antes de aprovar`;
    }
    case 'acquirer_adjustments':
      return `${num('count')} ${plural(num('count'), 'lançamento que não é venda', 'lançamentos que não são vendas')} (cancelamento, chargeback, aluguel, ajuste) no pagamento: ${brl(num('amountCents'))}`;
    case 'acquirer_sale_unresolved':
      return `${num('count')} de ${num('of')} ${plural(num('of'), 'venda', 'vendas')} do arquivo da adquirente sem recebível identificado`;
    case 'acquirer_batch_tie':
      return `${num('count')} pagamentos do arquivo da adquirente dão este valor: nada proposto`;
    case 'other_branch': {
      // [V] A branch the office has not named is called by its id in the gym system.
      const account = str('accountBranch')
        ? `unidade ${str('accountBranch')}`
        : `unidade ${num('accountBranchId')}`;
      const owner = str('receivableBranch')
        ? `unidade ${str('receivableBranch')}`
        : `unidade ${num('receivableBranchId')}`;
      // A tie proposes nothing: there is nothing to approve, the clerk chooses among that branch's candidates.
      if (p.tie === 1)
        return `pago na conta da ${account}; os candidatos que servem são da ${owner}: escolha na lista`;
      // Already recorded in the EVO (the next reason says when): nothing to approve.
      if (p.recorded === 1) return `pago na conta da ${account}; o recebível é da ${owner}`;
      return `pago na conta da ${account}; o recebível é da ${owner}: confira antes de aprovar`;
    }
  }
}

/** Each reason with its sentence (`text`), as `match.lines` and the other commands give them. */
export function renderReasons<R extends PortugueseReason>(reasons: readonly R[]): (R & { text: string })[] {
  return reasons.map((r) => ({ ...r, text: renderReason(r) }));
}
