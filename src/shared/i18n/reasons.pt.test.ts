/**
 * [X] item 4: the Portuguese reasons moved from core/matching/reasons-pt.ts to shared/i18n/reasons.pt.ts, so the
 * renderer words a reason the list sent without its sentence. The sentences must be the same: SENTENCES was
 * written by the core's renderReason before the move (commit 06eea72) — representative params for every code
 * and each branch of its sentence, then reasons of a real plan (the sandbox's statement, its return file and
 * its card account, matched, and the candidates of 60 lines) — and the moved code must say each one the same.
 */
import { describe, expect, it } from 'vitest';
import { REASON_CODES, type ReasonCode, type ReasonParams } from '../contract/matching';
import { renderReason, renderReasons } from './reasons.pt';
import * as core from '../../core/matching/reasons-pt';

type Case = [{ code: ReasonCode; params?: ReasonParams }, string];

const SENTENCES: Case[] = [
  [{ code: 'key', params: { key: 'AB12' } }, 'código AB12 do recebível aparece na linha'],
  [
    { code: 'alias', params: { learnedAt: '2026-03-04T10:00:00Z' } },
    'pagador reconhecido: aprendido em 04/03',
  ],
  [{ code: 'amount_equal' }, 'valor igual'],
  [{ code: 'amount_equal', params: {} }, 'valor igual'],
  [
    { code: 'amount_with_charges', params: { extraCents: 1234 } },
    'valor com multa e juros de atraso (+R$ 12,34)',
  ],
  [
    { code: 'amount_with_charges', params: { extraCents: 5 } },
    'valor com multa e juros de atraso (+R$ 0,05)',
  ],
  [{ code: 'amount_rounded', params: { extraCents: 10 } }, 'valor arredondado para cima (+R$ 0,10)'],
  [
    { code: 'amount_different', params: { diffCents: -12345 } },
    'valor diferente: R$ 123,45 a menos (pagamento parcial?)',
  ],
  [{ code: 'amount_different', params: { diffCents: 99 } }, 'valor diferente: R$ 0,99 a mais'],
  [{ code: 'amount_different', params: { diffCents: 123456789 } }, 'valor diferente: R$ 1.234.567,89 a mais'],
  [{ code: 'amount_sum', params: { count: 3 } }, 'a soma de 3 recebíveis dá o valor'],
  [
    { code: 'amount_net_fees', params: { feeCents: 250, percent: 2.5 } },
    'valor líquido igual à soma menos as taxas do adquirente (R$ 2,50; 2,5%)',
  ],
  [
    { code: 'amount_net_fees', params: { feeCents: 1999, percent: 3 } },
    'valor líquido igual à soma menos as taxas do adquirente (R$ 19,99; 3%)',
  ],
  [
    { code: 'amount_fee_tolerance', params: { feeCents: 120, percent: 1.99 } },
    'valor dentro da tolerância de taxa do cartão (R$ 1,20; 1,99%)',
  ],
  [
    { code: 'lag', params: { days: 0, paymentType: 18, expected: '0' } },
    'pago no dia do vencimento (por Pix, o crédito costuma chegar no dia do vencimento)',
  ],
  [
    { code: 'lag', params: { days: 1, paymentType: 5, expected: '1–3' } },
    'pago 1 dia após o vencimento (por boleto, o crédito costuma chegar de 1 a 3 dias após o vencimento)',
  ],
  [
    { code: 'lag', params: { days: 3, paymentType: 5, expected: '1-3' } },
    'pago 3 dias após o vencimento (por boleto, o crédito costuma chegar em 1-3 dias)',
  ],
  [
    { code: 'lag', params: { days: -1, paymentType: 18, expected: '0–1' } },
    'pago 1 dia antes do vencimento (por Pix, o crédito costuma chegar no dia do vencimento ou no seguinte)',
  ],
  [
    { code: 'lag', params: { days: -4, paymentType: 99, expected: '2' } },
    'pago 4 dias antes do vencimento (por tipo 99, o crédito costuma chegar 2 dias após o vencimento)',
  ],
  [
    { code: 'lag', params: { days: 2, paymentType: 2, expected: '≤2' } },
    'pago 2 dias após o vencimento (por cartão de crédito, o crédito costuma chegar em ≤2 dias)',
  ],
  [
    { code: 'lag', params: { days: 2, paymentType: 13, expected: '30' } },
    'pago 2 dias após o vencimento (por transferência, o crédito costuma chegar 30 dias após o vencimento)',
  ],
  [
    { code: 'lag', params: { days: 5, paymentType: 3, expected: 'x' } },
    'pago 5 dias após o vencimento (por cartão de débito, o crédito costuma chegar em x dias)',
  ],
  [{ code: 'name_similarity', params: { percent: 87 } }, 'nome 87% parecido'],
  [{ code: 'surname', params: { surname: 'silva' } }, 'só o sobrenome confere (SILVA)'],
  [{ code: 'no_payer_name' }, 'a linha não traz o nome do pagador'],
  [{ code: 'type_consistent', params: { paymentType: 18 } }, 'tipo de pagamento confere (Pix)'],
  [{ code: 'type_consistent', params: { paymentType: 42 } }, 'tipo de pagamento confere (tipo 42)'],
  [
    { code: 'type_mismatch', params: { channel: 'pix', paymentType: 5 } },
    'a linha parece Pix, o recebível é boleto',
  ],
  [
    { code: 'type_mismatch', params: { channel: 'other', paymentType: 1 } },
    'a linha parece other, o recebível é dinheiro',
  ],
  [
    { code: 'card_lump', params: { acquirer: 'cielo', flag: 'visa', credit: 1, count: 3 } },
    'depósito CIELO VISA crédito: 3 vendas',
  ],
  [
    { code: 'card_lump', params: { acquirer: '', flag: '', credit: 0, count: 1 } },
    'depósito de cartão débito: 1 venda',
  ],
  [
    { code: 'card_lump', params: { acquirer: 'stone', flag: 'master', credit: 2, count: 12 } },
    'depósito STONE MASTER crédito e débito: 12 vendas',
  ],
  [{ code: 'lump_received', params: { count: 1 } }, '1 recebível deste depósito já estava baixado'],
  [
    { code: 'lump_received', params: { count: 2, names: '9990 Ana Lima\n12990 Rui Sá' } },
    '2 recebíveis deste depósito já estavam baixados: Ana Lima (R$ 99,90), Rui Sá (R$ 129,90)',
  ],
  [
    { code: 'lump_received', params: { count: 9, names: '100 A\n200 B' } },
    '9 recebíveis deste depósito já estavam baixados: A (R$ 1,00), B (R$ 2,00) e mais 7',
  ],
  [
    { code: 'lump_received', params: { count: 1, names: '' } },
    '1 recebível deste depósito já estava baixado',
  ],
  [
    { code: 'lump_received', params: { count: 3, names: 'bad line' } },
    '3 recebíveis deste depósito já estavam baixados',
  ],
  [{ code: 'lump_excluded', params: { count: 1 } }, '1 venda do dia ficou de fora'],
  [{ code: 'lump_excluded', params: { count: 4 } }, '4 vendas do dia ficaram de fora'],
  [{ code: 'boleto_lump', params: { count: 7 } }, 'crédito agregado de cobrança (7 boletos)'],
  [{ code: 'many_to_one', params: { count: 2 } }, '2 recebíveis do mesmo pagador somam o valor'],
  // Was 'outros 1 candidato com o mesmo valor' before the move and since: mended (one is "outro candidato").
  [{ code: 'others_same_amount', params: { others: 1 } }, 'outro candidato com o mesmo valor'],
  [{ code: 'others_same_amount', params: { others: 3 } }, 'outros 3 candidatos com o mesmo valor'],
  [{ code: 'runner_up', params: { gap: 4 } }, 'segundo melhor candidato só 4 pontos abaixo'],
  [
    { code: 'paired_by_date', params: { others: 1 } },
    '2 linhas pagam com certeza estes 2 recebíveis; quem pagou qual não se sabe: pareados por ordem de data',
  ],
  [
    { code: 'paired_by_date', params: { others: 2 } },
    '3 linhas pagam com certeza estes 3 recebíveis; quem pagou qual não se sabe: pareados por ordem de data',
  ],
  [
    { code: 'duplicate_line', params: { date: '2026-07-01', amountCents: 9990 } },
    'o lançamento de R$ 99,90 de 01/07 disputa o mesmo recebível (pagamento em duplicidade?)',
  ],
  [
    { code: 'duplicate_line', params: {} },
    'outro lançamento disputa o mesmo recebível (pagamento em duplicidade?)',
  ],
  [{ code: 'manual', params: { at: '2026-07-02T12:00:00Z' } }, 'escolhido manualmente em 02/07'],
  [{ code: 'manual', params: {} }, 'escolhido manualmente'],
  [{ code: 'tie', params: { others: 1 } }, 'empate com outro candidato igualmente bom: nada proposto'],
  [{ code: 'tie', params: { others: 2 } }, 'empate com outros 2 candidatos igualmente bons: nada proposto'],
  [{ code: 'no_candidates' }, 'nenhum recebível em aberto combina com este valor e data'],
  [
    { code: 'name_mismatch', params: { candidates: 1, payer: 'JOAO' } },
    '1 recebível com este valor no período, mas nenhum pagador parecido com “JOAO”',
  ],
  [
    { code: 'name_mismatch', params: { candidates: 3, payer: 'MARIA S' } },
    '3 recebíveis com este valor no período, mas nenhum pagador parecido com “MARIA S”',
  ],
  [{ code: 'weak', params: { score: 41 } }, 'o melhor candidato é fraco demais (pontuação 41)'],
  [
    { code: 'claimed', params: { date: '2026-07-03', amountCents: 5000 } },
    'o candidato já foi atribuído ao lançamento de R$ 50,00 de 03/07',
  ],
  [{ code: 'claimed', params: {} }, 'o candidato já foi atribuído a outro lançamento'],
  [
    { code: 'held', params: { date: '2026-07-04', amountCents: 7000, account: 'Itaú 1234' } },
    'o candidato já está com o lançamento de R$ 70,00 de 04/07/2026 da conta Itaú 1234',
  ],
  [
    { code: 'held', params: { date: '2026-07-04', amountCents: 7000 } },
    'o candidato já está com o lançamento de R$ 70,00 de 04/07/2026',
  ],
  [
    { code: 'held', params: { lineId: 3, statementId: 2 } },
    'o candidato já está com um lançamento de outro extrato',
  ],
  [
    { code: 'possible_duplicate', params: { date: '2026-07-05', amountCents: 100 } },
    'mesmo pagamento que o lançamento de R$ 1,00 de 05/07 (duplicidade?): nada proposto',
  ],
  [
    { code: 'possible_duplicate', params: {} },
    'mesmo pagamento que outro lançamento (duplicidade?): nada proposto',
  ],
  [
    { code: 'duplicate_import', params: { from: '2026-06-01', to: '2026-06-30' } },
    'mesma transação já importada no extrato de 01/06/2026 a 30/06/2026 desta conta (período importado duas vezes?): nada proposto',
  ],
  [
    { code: 'duplicate_import', params: {} },
    'mesma transação já importada em outro extrato desta conta (período importado duas vezes?): nada proposto',
  ],
  [
    { code: 'already_received', params: { receivableId: 12, name: 'Ana', date: '2026-07-06' } },
    'já conciliado: o recebível 12 de Ana foi baixado em 06/07',
  ],
  [
    { code: 'already_received', params: { receivableId: 13, date: '2026-07-06' } },
    'já conciliado: o recebível 13 foi baixado em 06/07',
  ],
  [{ code: 'lump_no_fit', params: { candidates: 8 } }, 'nenhuma combinação dos 8 candidatos fecha o valor'],
  [
    { code: 'lump_ambiguous', params: { combinations: 2 } },
    '2 ou mais combinações fecham o valor: nada proposto',
  ],
  [
    { code: 'combination_ambiguous', params: { combinations: 5 } },
    '5 ou mais combinações fecham o valor: nada proposto',
  ],
  [
    { code: 'return_file', params: { count: 1, bankCode: '341', layout: '400', date: '2026-07-07', net: 0 } },
    'arquivo retorno do banco 341 (CNAB 400): 1 boleto liquidado com crédito em 07/07 dá o valor',
  ],
  [
    {
      code: 'return_file',
      params: { count: 3, bankCode: '001', layout: '240', date: '2026-07-08', net: 1, feeCents: 450 },
    },
    'arquivo retorno do banco 001 (CNAB 240): 3 boletos liquidados com crédito em 08/07 somam o valor, líquido das tarifas (R$ 4,50)',
  ],
  [
    { code: 'return_title_difference', params: { nossoNumero: '123', diffCents: -50, receivableId: 9 } },
    'boleto 123 pago com R$ 0,50 a menos que o recebível 9: confira antes de aprovar',
  ],
  [
    { code: 'return_title_difference', params: { nossoNumero: '124', diffCents: 75, receivableId: 10 } },
    'boleto 124 pago com R$ 0,75 a mais que o recebível 10: confira antes de aprovar',
  ],
  [
    { code: 'return_title_unresolved', params: { count: 1, of: 1 } },
    '1 de 1 boleto do arquivo retorno sem recebível identificado',
  ],
  [
    { code: 'return_title_unresolved', params: { count: 2, of: 5 } },
    '2 de 5 boletos do arquivo retorno sem recebível identificado',
  ],
  [
    { code: 'date_outside', params: { days: 10, paymentType: 5, expected: '1–3' } },
    'pago 10 dias após o vencimento: fora do prazo (por boleto, o crédito costuma chegar de 1 a 3 dias após o vencimento)',
  ],
  [
    { code: 'date_outside', params: { days: -6, paymentType: 18, expected: '0' } },
    'pago 6 dias antes do vencimento: fora do prazo (por Pix, o crédito costuma chegar no dia do vencimento)',
  ],
  [
    { code: 'date_outside', params: { days: 0, paymentType: 2, expected: '30' } },
    'pago 0 dias após o vencimento: fora do prazo (por cartão de crédito, o crédito costuma chegar 30 dias após o vencimento)',
  ],
  [{ code: 'name_different', params: { percent: 33 } }, 'nome do pagador diferente (33% parecido)'],
  [
    { code: 'card_settlement', params: { scope: 'brand', model: 'd1+c30' } },
    'crédito por bandeira e produto, débito D+1 e crédito D+30 por parcela',
  ],
  [
    { code: 'card_settlement', params: { scope: 'day', model: 'a2', late: 1 } },
    'crédito consolidado do dia, antecipado D+2, 1 dia após o previsto',
  ],
  [
    { code: 'card_settlement', params: { scope: 'product', model: 'forecast', late: 3 } },
    'crédito consolidado por produto, na data prevista do recebível, 3 dias após o previsto',
  ],
  [
    { code: 'card_settlement', params: { scope: 'x', model: 'zz+due2' } },
    'crédito , zz e 2 dias úteis após o vencimento',
  ],
  [
    { code: 'card_fee_learned', params: { percent: 2.39, samples: 1 } },
    'taxa aprendida das conciliações confirmadas: 2,39% (1 depósito)',
  ],
  [
    { code: 'card_fee_learned', params: { percent: 3, samples: 14 } },
    'taxa aprendida das conciliações confirmadas: 3% (14 depósitos)',
  ],
  [
    { code: 'by_elimination', params: { lineId: 77 } },
    'decidido junto com a linha 77: o outro candidato é dela',
  ],
  [
    { code: 'acquirer_file', params: { acquirer: 'cielo', date: '2026-07-09', count: 1 } },
    'arquivo da Cielo: pagamento de 09/07 com 1 venda dá o valor',
  ],
  [
    {
      code: 'acquirer_file',
      params: {
        acquirer: 'pagseguro',
        date: '2026-07-09',
        count: 4,
        batches: 2,
        feeCents: 300,
        grossCents: 10000,
        forecast: 1,
      },
    },
    'arquivo do PagBank: pagamento de 09/07 (previsão do arquivo de vendas) (2 lotes do dia) com 4 vendas, taxa R$ 3,00 sobre R$ 100,00 dá o valor',
  ],
  [
    { code: 'acquirer_file', params: { acquirer: 'stone', date: '2026-07-10', count: 2, feeCents: 0 } },
    'arquivo da Stone: pagamento de 10/07 com 2 vendas dá o valor',
  ],
  [
    { code: 'acquirer_file', params: { acquirer: 'desconhecida', date: '2026-07-10', count: 2 } },
    'arquivo da Desconhecida: pagamento de 10/07 com 2 vendas dá o valor',
  ],
  [
    { code: 'acquirer_sale_difference', params: { nsu: '555', diffCents: -10, receivableId: 4 } },
    'venda 555 de R$ 0,10 a menos que o recebível 4: confira antes de aprovar',
  ],
  [
    { code: 'acquirer_sale_difference', params: { nsu: '556', diffCents: 20, receivableId: 5 } },
    'venda 556 de R$ 0,20 a mais que o recebível 5: confira antes de aprovar',
  ],
  [
    { code: 'acquirer_adjustments', params: { count: 1, amountCents: -500 } },
    '1 lançamento que não é venda (cancelamento, chargeback, aluguel, ajuste) no pagamento: -R$ 5,00',
  ],
  [
    { code: 'acquirer_adjustments', params: { count: 3, amountCents: 1200 } },
    '3 lançamentos que não são vendas (cancelamento, chargeback, aluguel, ajuste) no pagamento: R$ 12,00',
  ],
  [
    { code: 'acquirer_sale_unresolved', params: { count: 1, of: 1 } },
    '1 de 1 venda do arquivo da adquirente sem recebível identificado',
  ],
  [
    { code: 'acquirer_sale_unresolved', params: { count: 2, of: 3 } },
    '2 de 3 vendas do arquivo da adquirente sem recebível identificado',
  ],
  [
    { code: 'acquirer_batch_tie', params: { count: 2 } },
    '2 pagamentos do arquivo da adquirente dão este valor: nada proposto',
  ],
  [{ code: 'in_proposal', params: { count: 1 } }, 'é a proposta desta linha'],
  [{ code: 'in_proposal', params: { count: 2 } }, 'na proposta desta linha, com outro recebível'],
  [{ code: 'in_proposal', params: { count: 4 } }, 'na proposta desta linha, com outros 3 recebíveis'],
  [
    {
      code: 'already_received',
      params: { receivableId: 100481, date: '2026-06-25', name: 'Joaquim Francisco Azevedo' },
    },
    'já conciliado: o recebível 100481 de Joaquim Francisco Azevedo foi baixado em 25/06',
  ],
  [
    {
      code: 'return_file',
      params: {
        count: 1,
        date: '2026-06-25',
        bankCode: '104',
        layout: '240',
        net: 0,
        feeCents: 250,
        titles: '1:100481',
      },
    },
    'arquivo retorno do banco 104 (CNAB 240): 1 boleto liquidado com crédito em 25/06 dá o valor',
  ],
  [
    { code: 'already_received', params: { receivableId: 100485, date: '2026-06-25', name: 'Felipe Alves' } },
    'já conciliado: o recebível 100485 de Felipe Alves foi baixado em 25/06',
  ],
  [
    {
      code: 'return_file',
      params: {
        count: 1,
        date: '2026-06-25',
        bankCode: '104',
        layout: '240',
        net: 0,
        feeCents: 250,
        titles: '2:100485',
      },
    },
    'arquivo retorno do banco 104 (CNAB 240): 1 boleto liquidado com crédito em 25/06 dá o valor',
  ],
  [
    {
      code: 'already_received',
      params: { receivableId: 100565, date: '2026-06-25', name: 'Benício Igor Andrade' },
    },
    'já conciliado: o recebível 100565 de Benício Igor Andrade foi baixado em 25/06',
  ],
  [
    {
      code: 'already_received',
      params: { receivableId: 100557, date: '2026-06-25', name: 'Jéssica Azevedo' },
    },
    'já conciliado: o recebível 100557 de Jéssica Azevedo foi baixado em 25/06',
  ],
  [
    {
      code: 'already_received',
      params: { receivableId: 100672, date: '2026-06-25', name: 'Natália Mendes' },
    },
    'já conciliado: o recebível 100672 de Natália Mendes foi baixado em 25/06',
  ],
  [
    {
      code: 'already_received',
      params: { receivableId: 100739, date: '2026-06-25', name: 'Bruna Thaís de Romão Cavalcanti' },
    },
    'já conciliado: o recebível 100739 de Bruna Thaís de Romão Cavalcanti foi baixado em 25/06',
  ],
  [{ code: 'no_candidates' }, 'nenhum recebível em aberto combina com este valor e data'],
  [
    {
      code: 'return_file',
      params: {
        count: 1,
        date: '2026-06-26',
        bankCode: '104',
        layout: '240',
        net: 0,
        feeCents: 250,
        titles: '3:100449',
      },
    },
    'arquivo retorno do banco 104 (CNAB 240): 1 boleto liquidado com crédito em 26/06 dá o valor',
  ],
  [
    { code: 'amount_with_charges', params: { extraCents: 203 } },
    'valor com multa e juros de atraso (+R$ 2,03)',
  ],
  [
    { code: 'name_mismatch', params: { candidates: 6, payer: 'WELLINGTON G RAM' } },
    '6 recebíveis com este valor no período, mas nenhum pagador parecido com “WELLINGTON G RAM”',
  ],
  [
    {
      code: 'lump_received',
      params: {
        count: 3,
        explained: 1,
        names:
          '9990 Escritório Contábil Ribeiro & Araújo\n8990 Carlos Ribeiro\n5103 Rogério Joaquim Nunes Batista',
      },
    },
    '3 recebíveis deste depósito já estavam baixados: Escritório Contábil Ribeiro & Araújo (R$ 99,90), Carlos Ribeiro (R$ 89,90), Rogério Joaquim Nunes Batista (R$ 51,03)',
  ],
  [
    {
      code: 'return_file',
      params: {
        count: 3,
        date: '2026-06-29',
        bankCode: '104',
        layout: '240',
        net: 0,
        feeCents: 750,
        titles: '4:100509,5:100519,6:100729',
      },
    },
    'arquivo retorno do banco 104 (CNAB 240): 3 boletos liquidados com crédito em 29/06 somam o valor',
  ],
  [
    {
      code: 'lump_received',
      params: { count: 2, explained: 1, names: '8990 José Tavares Machado\n12990 Amanda Moura Carvalho' },
    },
    '2 recebíveis deste depósito já estavam baixados: José Tavares Machado (R$ 89,90), Amanda Moura Carvalho (R$ 129,90)',
  ],
  [
    {
      code: 'return_file',
      params: {
        count: 2,
        date: '2026-06-30',
        bankCode: '104',
        layout: '240',
        net: 0,
        feeCents: 500,
        titles: '7:100534,8:100562',
      },
    },
    'arquivo retorno do banco 104 (CNAB 240): 2 boletos liquidados com crédito em 30/06 somam o valor',
  ],
  [
    { code: 'name_mismatch', params: { candidates: 15, payer: 'WELLINGTON ASSUN' } },
    '15 recebíveis com este valor no período, mas nenhum pagador parecido com “WELLINGTON ASSUN”',
  ],
  [
    {
      code: 'return_file',
      params: {
        count: 1,
        date: '2026-07-01',
        bankCode: '104',
        layout: '240',
        net: 0,
        feeCents: 250,
        titles: '12:100681',
      },
    },
    'arquivo retorno do banco 104 (CNAB 240): 1 boleto liquidado com crédito em 01/07 dá o valor',
  ],
  [
    {
      code: 'lump_received',
      params: {
        count: 4,
        explained: 1,
        names:
          '8193 Flávia Ferreira\n13280 Fernanda dos Monteiro Costa\n8990 Wellington Campos\n9990 Cláudia Conceição',
      },
    },
    '4 recebíveis deste depósito já estavam baixados: Flávia Ferreira (R$ 81,93), Fernanda dos Monteiro Costa (R$ 132,80), Wellington Campos (R$ 89,90), Cláudia Conceição (R$ 99,90)',
  ],
  [
    { code: 'name_mismatch', params: { candidates: 34, payer: 'LORENA B A SANTA' } },
    '34 recebíveis com este valor no período, mas nenhum pagador parecido com “LORENA B A SANTA”',
  ],
  [{ code: 'name_similarity', params: { percent: 96 } }, 'nome 96% parecido'],
  [{ code: 'amount_equal' }, 'valor igual'],
  [
    { code: 'lag', params: { days: -3, paymentType: 18, expected: '0', business: 0, relation: 'early' } },
    'pago 3 dias antes do vencimento (por Pix, o crédito costuma chegar no dia do vencimento)',
  ],
  [
    { code: 'type_consistent', params: { paymentType: 18, channel: 'pix' } },
    'tipo de pagamento confere (Pix)',
  ],
  [{ code: 'others_same_amount', params: { others: 36 } }, 'outros 36 candidatos com o mesmo valor'],
  [{ code: 'name_similarity', params: { percent: 94 } }, 'nome 94% parecido'],
  [
    { code: 'lag', params: { days: 5, paymentType: 13, expected: '0–1', business: 1, relation: 'late' } },
    'pago 5 dias após o vencimento (por transferência, o crédito costuma chegar no dia do vencimento ou no seguinte)',
  ],
  [
    { code: 'type_consistent', params: { paymentType: 13, channel: 'ted' } },
    'tipo de pagamento confere (transferência)',
  ],
  [{ code: 'others_same_amount', params: { others: 13 } }, 'outros 13 candidatos com o mesmo valor'],
  [
    { code: 'lag', params: { days: 0, paymentType: 18, expected: '0', business: 0, relation: 'on_time' } },
    'pago no dia do vencimento (por Pix, o crédito costuma chegar no dia do vencimento)',
  ],
  [
    { code: 'lag', params: { days: 4, paymentType: 13, expected: '0–1', business: 1, relation: 'late' } },
    'pago 4 dias após o vencimento (por transferência, o crédito costuma chegar no dia do vencimento ou no seguinte)',
  ],
  [{ code: 'others_same_amount', params: { others: 41 } }, 'outros 41 candidatos com o mesmo valor'],
  [{ code: 'name_similarity', params: { percent: 100 } }, 'nome 100% parecido'],
  [
    { code: 'amount_with_charges', params: { extraCents: 305 } },
    'valor com multa e juros de atraso (+R$ 3,05)',
  ],
  [{ code: 'no_payer_name' }, 'a linha não traz o nome do pagador'],
  [
    { code: 'lag', params: { days: 1, paymentType: 7, expected: '0–1', business: 1, relation: 'on_time' } },
    'pago 1 dia após o vencimento (por depósito, o crédito costuma chegar no dia do vencimento ou no seguinte)',
  ],
  [
    { code: 'type_consistent', params: { paymentType: 7, channel: 'deposit' } },
    'tipo de pagamento confere (depósito)',
  ],
  [{ code: 'name_similarity', params: { percent: 91 } }, 'nome 91% parecido'],
  [
    { code: 'lag', params: { days: 4, paymentType: 18, expected: '0', business: 0, relation: 'late' } },
    'pago 4 dias após o vencimento (por Pix, o crédito costuma chegar no dia do vencimento)',
  ],
  [{ code: 'others_same_amount', params: { others: 27 } }, 'outros 27 candidatos com o mesmo valor'],
  [{ code: 'others_same_amount', params: { others: 12 } }, 'outros 12 candidatos com o mesmo valor'],
  [{ code: 'surname', params: { surname: 'moreira' } }, 'só o sobrenome confere (MOREIRA)'],
  [{ code: 'others_same_amount', params: { others: 40 } }, 'outros 40 candidatos com o mesmo valor'],
  [{ code: 'amount_different', params: { diffCents: 204 } }, 'valor diferente: R$ 2,04 a mais'],
  [
    { code: 'date_outside', params: { days: -19, paymentType: 5, expected: '1–3' } },
    'pago 19 dias antes do vencimento: fora do prazo (por boleto, o crédito costuma chegar de 1 a 3 dias após o vencimento)',
  ],
  [
    { code: 'date_outside', params: { days: -50, paymentType: 5, expected: '1–3' } },
    'pago 50 dias antes do vencimento: fora do prazo (por boleto, o crédito costuma chegar de 1 a 3 dias após o vencimento)',
  ],
  [
    { code: 'type_mismatch', params: { paymentType: 3, channel: 'boleto' } },
    'a linha parece boleto, o recebível é cartão de débito',
  ],
  [
    { code: 'amount_different', params: { diffCents: -796 } },
    'valor diferente: R$ 7,96 a menos (pagamento parcial?)',
  ],
  [
    { code: 'date_outside', params: { days: -6, paymentType: 3, expected: '0–1' } },
    'pago 6 dias antes do vencimento: fora do prazo (por cartão de débito, o crédito costuma chegar no dia do vencimento ou no seguinte)',
  ],
  [{ code: 'name_different', params: { percent: 46 } }, 'nome do pagador diferente (46% parecido)'],
  [
    { code: 'type_mismatch', params: { paymentType: 2, channel: 'boleto' } },
    'a linha parece boleto, o recebível é cartão de crédito',
  ],
  [{ code: 'name_different', params: { percent: 3 } }, 'nome do pagador diferente (3% parecido)'],
  [
    { code: 'date_outside', params: { days: -3, paymentType: 2, expected: '0–1' } },
    'pago 3 dias antes do vencimento: fora do prazo (por cartão de crédito, o crédito costuma chegar no dia do vencimento ou no seguinte)',
  ],
  [{ code: 'name_different', params: { percent: 0 } }, 'nome do pagador diferente (0% parecido)'],
  [
    { code: 'date_outside', params: { days: 5, paymentType: 2, expected: '0–1' } },
    'pago 5 dias após o vencimento: fora do prazo (por cartão de crédito, o crédito costuma chegar no dia do vencimento ou no seguinte)',
  ],
  [
    { code: 'type_mismatch', params: { paymentType: 7, channel: 'boleto' } },
    'a linha parece boleto, o recebível é depósito',
  ],
  [
    { code: 'date_outside', params: { days: -13, paymentType: 7, expected: '0–1' } },
    'pago 13 dias antes do vencimento: fora do prazo (por depósito, o crédito costuma chegar no dia do vencimento ou no seguinte)',
  ],
  [
    {
      code: 'held',
      params: {
        statementId: 1,
        lineId: 89,
        date: '2026-07-13',
        amountCents: 8990,
        account: 'Caixa - Conta Movimento',
      },
    },
    'o candidato já está com o lançamento de R$ 89,90 de 13/07/2026 da conta Caixa - Conta Movimento',
  ],
  [
    { code: 'type_mismatch', params: { paymentType: 18, channel: 'boleto' } },
    'a linha parece boleto, o recebível é Pix',
  ],
  [{ code: 'name_different', params: { percent: 5 } }, 'nome do pagador diferente (5% parecido)'],
  [
    {
      code: 'held',
      params: {
        statementId: 1,
        lineId: 106,
        date: '2026-07-15',
        amountCents: 8990,
        account: 'Caixa - Conta Movimento',
      },
    },
    'o candidato já está com o lançamento de R$ 89,90 de 15/07/2026 da conta Caixa - Conta Movimento',
  ],
  [
    {
      code: 'held',
      params: {
        statementId: 2,
        lineId: 163,
        date: '2026-07-13',
        amountCents: 8609,
        account: 'Banco do Brasil - Recebimentos Cartões',
      },
    },
    'o candidato já está com o lançamento de R$ 86,09 de 13/07/2026 da conta Banco do Brasil - Recebimentos Cartões',
  ],
  [{ code: 'name_different', params: { percent: 18 } }, 'nome do pagador diferente (18% parecido)'],
  [
    {
      code: 'held',
      params: {
        statementId: 2,
        lineId: 159,
        date: '2026-07-13',
        amountCents: 8600,
        account: 'Banco do Brasil - Recebimentos Cartões',
      },
    },
    'o candidato já está com o lançamento de R$ 86,00 de 13/07/2026 da conta Banco do Brasil - Recebimentos Cartões',
  ],
  [{ code: 'name_different', params: { percent: 21 } }, 'nome do pagador diferente (21% parecido)'],
  [
    {
      code: 'held',
      params: {
        statementId: 2,
        lineId: 170,
        date: '2026-07-15',
        amountCents: 8622,
        account: 'Banco do Brasil - Recebimentos Cartões',
      },
    },
    'o candidato já está com o lançamento de R$ 86,22 de 15/07/2026 da conta Banco do Brasil - Recebimentos Cartões',
  ],
  [
    {
      code: 'held',
      params: {
        statementId: 1,
        lineId: 10,
        date: '2026-06-26',
        amountCents: 10193,
        account: 'Caixa - Conta Movimento',
      },
    },
    'o candidato já está com o lançamento de R$ 101,93 de 26/06/2026 da conta Caixa - Conta Movimento',
  ],
  [
    { code: 'type_mismatch', params: { paymentType: 5, channel: 'ted' } },
    'a linha parece transferência, o recebível é boleto',
  ],
  [
    { code: 'type_mismatch', params: { paymentType: 3, channel: 'ted' } },
    'a linha parece transferência, o recebível é cartão de débito',
  ],
  [
    { code: 'type_consistent', params: { paymentType: 5, channel: 'boleto' } },
    'tipo de pagamento confere (boleto)',
  ],
  [{ code: 'amount_different', params: { diffCents: 203 } }, 'valor diferente: R$ 2,03 a mais'],
  [{ code: 'amount_different', params: { diffCents: 112 } }, 'valor diferente: R$ 1,12 a mais'],
  [
    { code: 'amount_different', params: { diffCents: -6990 } },
    'valor diferente: R$ 69,90 a menos (pagamento parcial?)',
  ],
  [{ code: 'amount_different', params: { diffCents: 213 } }, 'valor diferente: R$ 2,13 a mais'],
  [
    { code: 'lump_received', params: { count: 1, explained: 1, names: '12990 Raimundo Simões' } },
    '1 recebível deste depósito já estava baixado: Raimundo Simões (R$ 129,90)',
  ],
  [
    { code: 'lump_received', params: { count: 1, explained: 1, names: '8990 Flávia Gomes' } },
    '1 recebível deste depósito já estava baixado: Flávia Gomes (R$ 89,90)',
  ],
  [
    { code: 'lump_received', params: { count: 1, explained: 1, names: '5000 Felipe Silva Moura' } },
    '1 recebível deste depósito já estava baixado: Felipe Silva Moura (R$ 50,00)',
  ],
  [
    { code: 'card_lump', params: { acquirer: 'stone', flag: 'visa', credit: 1, count: 1 } },
    'depósito STONE VISA crédito: 1 venda',
  ],
  [
    { code: 'amount_net_fees', params: { feeCents: 705, percent: 3.21 } },
    'valor líquido igual à soma menos as taxas do adquirente (R$ 7,05; 3,21%)',
  ],
  [
    { code: 'card_settlement', params: { scope: 'brand', model: 'forecast', late: 0 } },
    'crédito por bandeira e produto, na data prevista do recebível',
  ],
  [
    { code: 'type_consistent', params: { paymentType: 2, channel: 'card' } },
    'tipo de pagamento confere (cartão de crédito)',
  ],
  [
    { code: 'card_lump', params: { acquirer: 'cielo', flag: 'visa', credit: 1, count: 1 } },
    'depósito CIELO VISA crédito: 1 venda',
  ],
  [
    { code: 'amount_net_fees', params: { feeCents: 479, percent: 3.2 } },
    'valor líquido igual à soma menos as taxas do adquirente (R$ 4,79; 3,2%)',
  ],
  [
    { code: 'card_lump', params: { acquirer: 'getnet', flag: 'hipercard', credit: 1, count: 1 } },
    'depósito GETNET HIPERCARD crédito: 1 venda',
  ],
  [
    { code: 'amount_net_fees', params: { feeCents: 390, percent: 4.34 } },
    'valor líquido igual à soma menos as taxas do adquirente (R$ 3,90; 4,34%)',
  ],
  [
    { code: 'card_lump', params: { acquirer: 'stone', flag: 'mastercard', credit: 0, count: 1 } },
    'depósito STONE MASTERCARD débito: 1 venda',
  ],
  [
    { code: 'amount_net_fees', params: { feeCents: 174, percent: 1.34 } },
    'valor líquido igual à soma menos as taxas do adquirente (R$ 1,74; 1,34%)',
  ],
  [
    { code: 'type_consistent', params: { paymentType: 3, channel: 'card' } },
    'tipo de pagamento confere (cartão de débito)',
  ],
  [
    { code: 'amount_net_fees', params: { feeCents: 284, percent: 2.84 } },
    'valor líquido igual à soma menos as taxas do adquirente (R$ 2,84; 2,84%)',
  ],
  [
    { code: 'card_lump', params: { acquirer: 'rede', flag: 'mastercard', credit: 1, count: 1 } },
    'depósito REDE MASTERCARD crédito: 1 venda',
  ],
  [
    { code: 'amount_net_fees', params: { feeCents: 299, percent: 2.99 } },
    'valor líquido igual à soma menos as taxas do adquirente (R$ 2,99; 2,99%)',
  ],
  [
    { code: 'card_lump', params: { acquirer: 'rede', flag: 'elo', credit: 1, count: 1 } },
    'depósito REDE ELO crédito: 1 venda',
  ],
  [
    { code: 'amount_fee_tolerance', params: { feeCents: 350, percent: 3.89 } },
    'valor dentro da tolerância de taxa do cartão (R$ 3,50; 3,89%)',
  ],
  [{ code: 'in_proposal', params: { count: 1 } }, 'é a proposta desta linha'],
  [{ code: 'in_proposal', params: { count: 2 } }, 'na proposta desta linha, com outro recebível'],
  // [V] a wrong-branch payment, with the branches named, and by id when the office has not named one
  [
    {
      code: 'other_branch',
      params: {
        accountBranchId: 3,
        accountBranch: 'Centro',
        receivableBranchId: 7,
        receivableBranch: 'Norte',
      },
    },
    'pago na conta da unidade Centro; o recebível é da unidade Norte: confira antes de aprovar',
  ],
  [
    {
      code: 'other_branch',
      params: { accountBranchId: 3, accountBranch: 'Centro', receivableBranchId: 7, receivableBranch: '' },
    },
    'pago na conta da unidade Centro; o recebível é da unidade 7: confira antes de aprovar',
  ],
  // Nothing proposed: candidates that tie there (a choice), or money already recorded there (nothing to approve)
  [
    {
      code: 'other_branch',
      params: {
        accountBranchId: 3,
        accountBranch: 'Centro',
        receivableBranchId: 7,
        receivableBranch: '',
        tie: 1,
      },
    },
    'pago na conta da unidade Centro; os candidatos que servem são da unidade 7: escolha na lista',
  ],
  [
    {
      code: 'other_branch',
      params: {
        accountBranchId: 3,
        accountBranch: 'Centro',
        receivableBranchId: 7,
        receivableBranch: 'Norte',
        recorded: 1,
      },
    },
    'pago na conta da unidade Centro; o recebível é da unidade Norte',
  ],
];

describe('the Portuguese reasons, moved to shared/i18n', () => {
  it('cover every reason code', () => {
    expect(REASON_CODES.filter((c) => !SENTENCES.some(([r]) => r.code === c))).toEqual([]);
  });

  it('say every sentence exactly as the core said it before the move', () => {
    for (const [reason, text] of SENTENCES) expect(renderReason(reason), JSON.stringify(reason)).toBe(text);
    expect(renderReasons(SENTENCES.map(([r]) => r)).map((r) => r.text)).toEqual(SENTENCES.map(([, t]) => t));
  });

  it('are the ones the core gives (it re-exports them)', () => {
    expect(core.renderReason).toBe(renderReason);
    expect(core.renderReasons).toBe(renderReasons);
  });
});
