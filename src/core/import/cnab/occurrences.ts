import type { CnabOccurrenceKind } from './types';

/** Occurrence code → [the bank's words, kind]. Codes absent from a table read as `other`. */
export type OccurrenceTable = Record<string, readonly [string, CnabOccurrenceKind]>;

/**
 * FEBRABAN CNAB 240, segment T “código de movimento retorno” (as in eduardokum/laravel-boleto
 * `Cnab240/Banco/*.php`). 46 (paid by cheque, awaiting clearance) is not money yet: the settlement comes later
 * as 06.
 */
export const FEBRABAN_240: OccurrenceTable = {
  '02': ['Entrada confirmada', 'entry'],
  '03': ['Entrada rejeitada', 'rejected'],
  '04': ['Transferência de carteira/entrada', 'other'],
  '05': ['Transferência de carteira/baixa', 'writeoff'],
  '06': ['Liquidação', 'settlement'],
  '07': ['Confirmação do recebimento da instrução de desconto', 'other'],
  '08': ['Confirmação do recebimento do cancelamento do desconto', 'other'],
  '09': ['Baixa', 'writeoff'],
  '11': ['Títulos em carteira (em ser)', 'other'],
  '12': ['Confirmação recebimento instrução de abatimento', 'other'],
  '13': ['Confirmação recebimento instrução de cancelamento abatimento', 'other'],
  '14': ['Confirmação recebimento instrução alteração de vencimento', 'other'],
  '17': ['Liquidação após baixa ou liquidação título não registrado', 'settlement'],
  '19': ['Confirmação recebimento instrução de protesto', 'other'],
  '20': ['Confirmação recebimento instrução de sustação/cancelamento de protesto', 'other'],
  '23': ['Remessa a cartório (aponte em cartório)', 'other'],
  '24': ['Retirada de cartório e manutenção em carteira', 'other'],
  '25': ['Protestado e baixado (baixa por ter sido protestado)', 'writeoff'],
  '26': ['Instrução rejeitada', 'rejected'],
  '27': ['Confirmação do pedido de alteração de outros dados', 'other'],
  '28': ['Débito de tarifas/custas', 'fee'],
  '29': ['Ocorrências do pagador', 'other'],
  '30': ['Alteração de dados rejeitada', 'rejected'],
  '44': ['Título pago com cheque devolvido', 'other'],
  '46': ['Título pago com cheque, aguardando compensação', 'other'],
};

/**
 * Itaú CNAB 240 “código de ocorrência” (segment T 16–17), after eduardokum/laravel-boleto
 * `src/Cnab/Retorno/Cnab240/Banco/Itau.php`: its own numbering, not FEBRABAN's. Settlements are 06 and 08; 10
 * “baixa por ter sido liquidado” follows a settlement and is not money again (as in ITAU_400); the tariff and
 * custas codes are fees.
 */
export const ITAU_240: OccurrenceTable = {
  '02': ['Entrada confirmada', 'entry'],
  '03': ['Entrada rejeitada', 'rejected'],
  '04': ['Alteração de dados – nova entrada ou alteração/exclusão de dados acatada', 'other'],
  '05': ['Alteração de dados – baixa', 'writeoff'],
  '06': ['Liquidação normal', 'settlement'],
  '08': ['Liquidação em cartório', 'settlement'],
  '09': ['Baixa simples', 'writeoff'],
  '10': ['Baixa por ter sido liquidado', 'writeoff'],
  '11': ['Em ser (só no retorno mensal)', 'other'],
  '12': ['Abatimento concedido', 'other'],
  '13': ['Abatimento cancelado', 'other'],
  '14': ['Vencimento alterado', 'other'],
  '15': ['Baixas rejeitadas', 'rejected'],
  '16': ['Instruções rejeitadas', 'rejected'],
  '17': ['Alteração/exclusão de dados rejeitada', 'rejected'],
  '18': ['Cobrança contratual – instruções/alterações rejeitadas/pendentes', 'rejected'],
  '19': ['Confirmação recebimento de instrução de protesto', 'other'],
  '20': ['Confirmação recebimento de instrução de sustação de protesto/tarifa', 'other'],
  '21': ['Confirmação recebimento de instrução de não protestar', 'other'],
  '23': ['Protesto enviado a cartório/tarifa', 'other'],
  '24': ['Instrução de protesto sustada', 'other'],
  '25': ['Alegações do pagador', 'other'],
  '26': ['Tarifa de aviso de cobrança', 'fee'],
  '27': ['Tarifa de extrato posição', 'fee'],
  '28': ['Tarifa de relação das liquidações', 'fee'],
  '29': ['Tarifa de manutenção de títulos vencidos', 'fee'],
  '30': ['Débito mensal de tarifas (para entradas e baixas)', 'fee'],
  '32': ['Baixa por ter sido protestado', 'writeoff'],
  '33': ['Custas de protesto', 'fee'],
  '34': ['Custas de sustação', 'fee'],
  '35': ['Custas de cartório distribuidor', 'fee'],
  '36': ['Custas de edital', 'fee'],
  '37': ['Tarifa de emissão de boleto/tarifa de envio de duplicata', 'fee'],
  '38': ['Tarifa de instrução', 'fee'],
  '39': ['Tarifa de ocorrências', 'fee'],
  '40': ['Tarifa mensal de emissão de boleto/tarifa mensal de envio de duplicata', 'fee'],
  '47': ['Baixa com transferência para desconto', 'writeoff'],
  '57': ['Instrução cancelada', 'other'],
  '60': ['Entrada rejeitada carnê', 'rejected'],
};

/** Itaú CNAB 400 (laravel-boleto `Cnab400/Banco/Itau.php`); 10 and 59 are baixas that follow a settlement. */
export const ITAU_400: OccurrenceTable = {
  '02': ['Entrada confirmada', 'entry'],
  '03': ['Entrada rejeitada', 'rejected'],
  '04': ['Alteração de dados – nova entrada', 'other'],
  '05': ['Alteração de dados – baixa', 'writeoff'],
  '06': ['Liquidação normal', 'settlement'],
  '07': ['Liquidação parcial – cobrança inteligente (B2B)', 'settlement'],
  '08': ['Liquidação em cartório', 'settlement'],
  '09': ['Baixa simples', 'writeoff'],
  '10': ['Baixa por ter sido liquidado', 'writeoff'],
  '11': ['Em ser (só no retorno mensal)', 'other'],
  '12': ['Abatimento concedido', 'other'],
  '13': ['Abatimento cancelado', 'other'],
  '14': ['Vencimento alterado', 'other'],
  '15': ['Baixas rejeitadas', 'rejected'],
  '16': ['Instruções rejeitadas', 'rejected'],
  '17': ['Alteração de dados rejeitados', 'rejected'],
  '23': ['Título enviado a cartório/tarifa', 'other'],
  '28': ['Tarifa de relação das liquidações', 'fee'],
  '29': ['Tarifa de manutenção de títulos vencidos', 'fee'],
  '30': ['Débito mensal de tarifas (para entradas e baixas)', 'fee'],
  '32': ['Baixa por ter sido protestado', 'writeoff'],
  '47': ['Baixa com transferência para desconto', 'writeoff'],
  '59': ['Baixa por crédito em c/c através do SISPAG', 'writeoff'],
};

/** Bradesco CNAB 400 (laravel-boleto `Cnab400/Banco/Bradesco.php`). */
export const BRADESCO_400: OccurrenceTable = {
  '02': ['Entrada confirmada', 'entry'],
  '03': ['Entrada rejeitada', 'rejected'],
  '06': ['Liquidação normal', 'settlement'],
  '09': ['Baixado automaticamente via arquivo', 'writeoff'],
  '10': ['Baixado conforme instruções da agência', 'writeoff'],
  '11': ['Em ser – arquivo de títulos pendentes', 'other'],
  '12': ['Abatimento concedido', 'other'],
  '13': ['Abatimento cancelado', 'other'],
  '14': ['Vencimento alterado', 'other'],
  '15': ['Liquidação em cartório', 'settlement'],
  '16': ['Título pago em cheque – vinculado', 'other'],
  '17': ['Liquidação após baixa ou título não registrado', 'settlement'],
  '22': ['Título com pagamento cancelado', 'other'],
  '24': ['Entrada rejeitada por CEP irregular', 'rejected'],
  '27': ['Baixa rejeitada', 'rejected'],
  '28': ['Débito de tarifas/custas', 'fee'],
  '30': ['Alteração de outros dados rejeitados', 'rejected'],
  '32': ['Instrução rejeitada', 'rejected'],
};

/** Banco do Brasil CBR643 (convênio de 7 dígitos), “comando” at 109–110. */
export const BB_CBR643: OccurrenceTable = {
  '02': ['Confirmação de entrada de título', 'entry'],
  '03': ['Comando recusado', 'rejected'],
  '05': ['Liquidado sem registro', 'settlement'],
  '06': ['Liquidação normal', 'settlement'],
  '07': ['Liquidação por conta', 'settlement'],
  '08': ['Liquidação por saldo', 'settlement'],
  '09': ['Baixa de título', 'writeoff'],
  '10': ['Baixa solicitada', 'writeoff'],
  '12': ['Abatimento concedido', 'other'],
  '13': ['Abatimento cancelado', 'other'],
  '14': ['Alteração de vencimento do título', 'other'],
  '15': ['Liquidação em cartório', 'settlement'],
  '28': ['Manutenção de título vencido', 'fee'],
  '96': ['Despesas de protesto', 'fee'],
  '97': ['Despesas de sustação de protesto', 'fee'],
  '98': ['Débito de custas antecipadas', 'fee'],
};

/** Santander CNAB 400 (“código de ocorrência” 109–110). 16 refuses an instruction for a settled title. */
export const SANTANDER_400: OccurrenceTable = {
  '01': ['Título não existe', 'rejected'],
  '02': ['Entrada título confirmada', 'entry'],
  '03': ['Entrada título rejeitada', 'rejected'],
  '06': ['Liquidação', 'settlement'],
  '07': ['Liquidação por conta', 'settlement'],
  '08': ['Liquidação por saldo', 'settlement'],
  '09': ['Baixa automática', 'writeoff'],
  '10': ['Título baixado conforme instrução ou por título protestado', 'writeoff'],
  '11': ['Em ser', 'other'],
  '12': ['Abatimento concedido', 'other'],
  '13': ['Abatimento cancelado', 'other'],
  '14': ['Prorrogação de vencimento', 'other'],
  '15': ['Enviado para cartório', 'other'],
  '16': ['Título já baixado/liquidado', 'rejected'],
  '17': ['Liquidado em cartório', 'settlement'],
};

/** Caixa CNAB 400 (SIGCB / SICOB 400): its own numbering, settlements are 21 and 22. */
export const CAIXA_400: OccurrenceTable = {
  '01': ['Entrada confirmada', 'entry'],
  '02': ['Baixa confirmada', 'writeoff'],
  '03': ['Abatimento concedido', 'other'],
  '04': ['Abatimento cancelado', 'other'],
  '05': ['Vencimento alterado', 'other'],
  '20': ['Em ser', 'other'],
  '21': ['Liquidação', 'settlement'],
  '22': ['Liquidação em cartório', 'settlement'],
  '23': ['Baixa por devolução', 'writeoff'],
  '24': ['Baixa por franco pagamento', 'writeoff'],
  '25': ['Baixa por protesto', 'writeoff'],
  '31': ['Tarifa sobre título vencido', 'fee'],
  '32': ['Outras tarifas de alteração', 'fee'],
  '33': ['Estorno de baixa/liquidação', 'other'],
  '99': ['Rejeição do título', 'rejected'],
};

/** Sicoob CNAB 400 (layout derived from BB's CBR643). */
export const SICOOB_400: OccurrenceTable = {
  '02': ['Confirmação entrada título', 'entry'],
  '05': ['Liquidação sem registro', 'settlement'],
  '06': ['Liquidação normal', 'settlement'],
  '09': ['Baixa de título', 'writeoff'],
  '10': ['Baixa solicitada (pedido do beneficiário)', 'writeoff'],
  '11': ['Títulos em ser', 'other'],
  '14': ['Alteração de vencimento', 'other'],
  '15': ['Liquidação em cartório', 'settlement'],
  '23': ['Encaminhado a protesto', 'other'],
  '27': ['Confirmação alteração dados', 'other'],
  '48': ['Confirmação de instrução de transferência de carteira/modalidade de cobrança', 'other'],
};

/** Sicredi CNAB 400 (laravel-boleto `Cnab400/Banco/Sicredi.php`; 17 “liquidação após baixa” added). */
export const SICREDI_400: OccurrenceTable = {
  '02': ['Entrada confirmada', 'entry'],
  '03': ['Entrada rejeitada', 'rejected'],
  '06': ['Liquidação normal', 'settlement'],
  '09': ['Baixado automaticamente via arquivo', 'writeoff'],
  '10': ['Baixado conforme instruções da cooperativa de crédito', 'writeoff'],
  '12': ['Abatimento concedido', 'other'],
  '13': ['Abatimento cancelado', 'other'],
  '14': ['Vencimento alterado', 'other'],
  '15': ['Liquidação em cartório', 'settlement'],
  '17': ['Liquidação após baixa', 'settlement'],
  '19': ['Confirmação de recebimento de instrução de protesto', 'other'],
  '23': ['Entrada de título em cartório', 'other'],
  '24': ['Entrada rejeitada por CEP irregular', 'rejected'],
  '27': ['Baixa rejeitada', 'rejected'],
  '28': ['Tarifa', 'fee'],
  '30': ['Alteração rejeitada', 'rejected'],
  '32': ['Instrução rejeitada', 'rejected'],
  '33': ['Confirmação de pedido de alteração de outros dados', 'other'],
};

export function occurrenceOf(
  table: OccurrenceTable,
  code: string,
): { occurrence: string; kind: CnabOccurrenceKind } {
  const hit = table[code];
  return hit ? { occurrence: hit[0], kind: hit[1] } : { occurrence: `Ocorrência ${code}`, kind: 'other' };
}
