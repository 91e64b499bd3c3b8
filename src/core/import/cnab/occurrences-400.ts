/**
 * Occurrence tables of the CNAB 400 returns added in [S] (docs/cnab-400.md): occurrence code → [the bank's words,
 * kind]. Only `settlement` is money received; a baixa that follows a settlement (“baixa por ter sido liquidado”)
 * is a `writeoff`, so one payment is never counted twice. Where this table disagrees with the library it was read
 * from, docs/cnab-400.md says so and why. Codes absent from a table read as `other` (`occurrenceOf`).
 */
import { BRADESCO_400, type OccurrenceTable } from './occurrences';

/** Banco do Nordeste (004): eduardokum/laravel-boleto `Cnab400/Banco/Bnb.php`; 51–72 are the errors of 01–22. */
export const BNB_400: OccurrenceTable = {
  '02': ['Entrada confirmada', 'entry'],
  '04': ['Alteração', 'other'],
  '06': ['Liquidação normal', 'settlement'],
  '07': ['Pagamento por conta', 'settlement'],
  '08': ['Pagamento por cartório', 'settlement'],
  '09': ['Baixa simples', 'writeoff'],
  '10': ['Devolvido – protestado', 'writeoff'],
  '11': ['Em ser', 'other'],
  '12': ['Abatimento concedido', 'other'],
  '13': ['Abatimento cancelado', 'other'],
  '14': ['Vencimento alterado', 'other'],
  '15': ['Baixa automática', 'writeoff'],
  '18': ['Alteração depositária', 'other'],
  '19': ['Confirma recebimento de instrução de protesto', 'other'],
  '20': ['Confirma recebimento de instrução de sustação de protesto', 'other'],
  '21': ['Alteração de informações de controle da empresa', 'other'],
  '22': ['Alteração do seu número', 'other'],
  '51': ['Entrada rejeitada', 'rejected'],
  '52': ['Erro na ocorrência 02', 'rejected'],
  '54': ['Erro na ocorrência 04', 'rejected'],
  '56': ['Erro na ocorrência 06', 'rejected'],
  '59': ['Erro na ocorrência 09', 'rejected'],
  '60': ['Erro na ocorrência 10', 'rejected'],
  '64': ['Erro na ocorrência 14', 'rejected'],
};

/**
 * Banrisul (041): laravel-boleto `Cnab400/Banco/Banrisul.php`. 07 (partial) and 08 (paid, settled by the balance)
 * are money; 25 “devolução, liquidado anteriormente” and 30 “cobrança a creditar (liquidação em trânsito)” are
 * not (the first follows a settlement, the second is not credited yet).
 */
export const BANRISUL_400: OccurrenceTable = {
  '02': ['Confirmação de entrada', 'entry'],
  '03': ['Entrada rejeitada', 'rejected'],
  '04': ['Baixa de título liquidado por edital', 'writeoff'],
  '06': ['Liquidação normal', 'settlement'],
  '07': ['Liquidação parcial', 'settlement'],
  '08': ['Baixa por pagamento, liquidação pelo saldo', 'settlement'],
  '09': ['Devolução automática', 'writeoff'],
  '10': ['Baixado conforme instruções', 'writeoff'],
  '11': ['Arquivo levantamento', 'other'],
  '12': ['Concessão de abatimento', 'other'],
  '13': ['Cancelamento de abatimento', 'other'],
  '14': ['Vencimento alterado', 'other'],
  '15': ['Pagamento em cartório', 'settlement'],
  '16': ['Alteração de dados', 'other'],
  '18': ['Alteração de instruções', 'other'],
  '19': ['Confirmação de instrução de protesto', 'other'],
  '20': ['Confirmação de instrução para sustar protesto', 'other'],
  '23': ['Confirmação da entrada em cartório', 'other'],
  '25': ['Devolução, liquidado anteriormente', 'writeoff'],
  '30': ['Cobrança a creditar (liquidação em trânsito)', 'other'],
  '31': ['Título em trânsito pago em cartório', 'other'],
  '40': ['Baixa de títulos protestados', 'writeoff'],
  '41': ['Despesa de aponte', 'fee'],
  '44': ['Manutenção mensal', 'fee'],
  '47': ['Confirmação de entrada – pagador DDA', 'entry'],
};

/** BRB (070): frones/ACBr `ACBrBancoBRB.pas` (`CodOcorrenciaToTipo`: 05, 06 and 09 are liquidations, 00 a baixa). */
export const BRB_400: OccurrenceTable = {
  '00': ['Baixado por devolução', 'writeoff'],
  '02': ['Entrada confirmada', 'entry'],
  '05': ['Liquidado sem registro', 'settlement'],
  '06': ['Liquidação', 'settlement'],
  '09': ['Liquidação', 'settlement'],
  '15': ['Liquidação regularizada', 'other'],
  '16': ['Liquidação regularizada com registro', 'other'],
};

/** Inter (077): laravel-boleto `Cnab400/Banco/Inter.php` and ACBr `ACBrBancoInter.pas` (the same four codes). */
export const INTER_400: OccurrenceTable = {
  '02': ['Em aberto (entrada confirmada)', 'entry'],
  '03': ['Erro (entrada rejeitada)', 'rejected'],
  '06': ['Pago', 'settlement'],
  '07': ['Baixado', 'writeoff'],
};

/**
 * The layout Fibra (224), Pine (643), ABC Brasil (246), Delbank (435) and Rendimento (633) share (laravel-boleto
 * `Fibra.php`, `Pine.php`, `Abc.php`, `Delbank.php`, `Rendimento.php`: the same table; ACBr `ACBrBancoPine.pas`). laravel-boleto counts 10
 * “baixa por ter sido liquidado” as a liquidation; it follows the 06 of the same title, so here it is a baixa.
 */
export const FIBRA_FAMILY_400: OccurrenceTable = {
  '01': ['Confirma entrada do título na CIP', 'entry'],
  '02': ['Entrada confirmada', 'entry'],
  '03': ['Entrada rejeitada', 'rejected'],
  '05': ['Campo livre alterado', 'other'],
  '06': ['Liquidação normal', 'settlement'],
  '08': ['Liquidação em cartório', 'settlement'],
  '09': ['Baixa automática', 'writeoff'],
  '10': ['Baixa por ter sido liquidado', 'writeoff'],
  '12': ['Confirma abatimento', 'other'],
  '13': ['Abatimento cancelado', 'other'],
  '14': ['Vencimento alterado', 'other'],
  '15': ['Baixa rejeitada', 'rejected'],
  '16': ['Instrução rejeitada', 'rejected'],
  '19': ['Confirma recebimento de ordem de protesto', 'other'],
  '20': ['Confirma recebimento de ordem de sustação', 'other'],
  '22': ['Seu número alterado', 'other'],
  '23': ['Título enviado para cartório', 'other'],
  '24': ['Confirma recebimento de ordem de não protestar', 'other'],
  '28': ['Débito de tarifas/custas – correspondentes', 'fee'],
  '40': ['Tarifa de entrada (debitada na liquidação)', 'fee'],
  '43': ['Baixado por ter sido protestado', 'writeoff'],
  '96': ['Tarifa sobre instruções – mês anterior', 'fee'],
  '97': ['Tarifa sobre baixas – mês anterior', 'fee'],
  '98': ['Tarifa sobre entradas – mês anterior', 'fee'],
  '99': ['Tarifa sobre instruções de protesto/sustação – mês anterior', 'fee'],
};

/**
 * HSBC (399): laravel-boleto `Cnab400/Banco/Hsbc.php` (liquidations 06, 07, 15, 16, 31, 32, 33, 36, 38, 39; ACBr
 * `ACBrBancoHSBC.pas` agrees on 06, 15, 16, 31, 38).
 */
export const HSBC_400: OccurrenceTable = {
  '02': ['Entrada confirmada', 'entry'],
  '03': ['Entrada rejeitada ou instrução rejeitada', 'rejected'],
  '06': ['Liquidação normal em dinheiro', 'settlement'],
  '07': ['Liquidação por conta em dinheiro', 'settlement'],
  '09': ['Baixa automática', 'writeoff'],
  '10': ['Baixado conforme instruções', 'writeoff'],
  '11': ['Títulos em ser (conciliação mensal)', 'other'],
  '12': ['Abatimento concedido', 'other'],
  '13': ['Abatimento cancelado', 'other'],
  '14': ['Vencimento prorrogado', 'other'],
  '15': ['Liquidação em cartório em dinheiro', 'settlement'],
  '16': ['Liquidação – baixado/devolvido em data anterior, em dinheiro', 'settlement'],
  '17': ['Entregue em cartório', 'other'],
  '31': ['Liquidação normal em cheque/compensação/banco correspondente', 'settlement'],
  '32': ['Liquidação em cartório em cheque', 'settlement'],
  '33': ['Liquidação por conta em cheque', 'settlement'],
  '36': ['Liquidação – baixado/devolvido em data anterior, em cheque', 'settlement'],
  '37': ['Baixa de título protestado', 'writeoff'],
  '38': ['Liquidação de título não registrado, em dinheiro', 'settlement'],
  '39': ['Liquidação de título não registrado, em cheque', 'settlement'],
  '69': ['Despesas/custas de cartório', 'fee'],
};

/**
 * Ourinvest (712): laravel-boleto `Cnab400/Banco/Ourinvest.php`. It counts 20 (“confirmação de recebimento de
 * instrução de sustação de protesto”) among liquidations; its own words say it is not, so it is `other` here.
 */
export const OURINVEST_400: OccurrenceTable = {
  '02': ['Entrada confirmada', 'entry'],
  '03': ['Entrada rejeitada', 'rejected'],
  '06': ['Liquidação normal', 'settlement'],
  '09': ['Baixado automaticamente via arquivo', 'writeoff'],
  '10': ['Baixado conforme instruções da agência', 'writeoff'],
  '12': ['Abatimento concedido', 'other'],
  '13': ['Abatimento cancelado', 'other'],
  '14': ['Vencimento alterado', 'other'],
  '15': ['Liquidação em cartório', 'settlement'],
  '16': ['Título pago em cheque – vinculado', 'other'],
  '17': ['Liquidação após baixa ou título não registrado', 'settlement'],
  '20': ['Confirmação de recebimento de instrução de sustação de protesto', 'other'],
  '23': ['Entrada do título em cartório', 'other'],
  '28': ['Débito de tarifas/custas', 'fee'],
};

/**
 * Unicred (136, also with BB's code 001 in the header): laravel-boleto `Cnab400/Banco/Unicred.php`. It counts 07
 * (liquidated in a notary office with the debtor's own cheque, “condicional”) and 09 (liquidation of a discounted
 * title: the money pays the discount operation) as liquidations; neither is money credited to the gym here.
 */
export const UNICRED_400: OccurrenceTable = {
  '01': ['Pago (título protestado pago em cartório)', 'settlement'],
  '02': ['Instrução confirmada', 'entry'],
  '03': ['Instrução rejeitada', 'rejected'],
  '04': ['Sustado judicial', 'other'],
  '06': ['Liquidação normal', 'settlement'],
  '07': ['Liquidação em condicional (cheque do próprio devedor)', 'other'],
  '08': ['Sustado definitivo', 'other'],
  '09': ['Liquidação de título descontado', 'other'],
  '10': ['Protesto solicitado', 'other'],
  '11': ['Protesto em cartório', 'other'],
  '12': ['Sustação solicitada', 'other'],
  '13': ['Título descontado', 'other'],
  '14': ['Título descontável', 'other'],
};

/** Safra (422): BoletoNet/BoletoNetCore `Banco/Safra/BancoSafra.CNAB400.cs` (`DescricaoOcorrenciaCnab400`). */
export const SAFRA_400: OccurrenceTable = {
  '02': ['Entrada confirmada', 'entry'],
  '03': ['Entrada rejeitada', 'rejected'],
  '04': ['Transferência de carteira (entrada)', 'other'],
  '05': ['Transferência de carteira (baixa)', 'writeoff'],
  '06': ['Liquidação normal', 'settlement'],
  '09': ['Baixado automaticamente', 'writeoff'],
  '10': ['Baixado conforme instruções', 'writeoff'],
  '11': ['Títulos em ser (arquivo mensal)', 'other'],
  '12': ['Abatimento concedido', 'other'],
  '13': ['Abatimento cancelado', 'other'],
  '14': ['Vencimento alterado', 'other'],
  '15': ['Liquidação em cartório', 'settlement'],
  '19': ['Confirmação de instrução de protesto', 'other'],
  '20': ['Confirmação de sustar protesto', 'other'],
  '21': ['Transferência de beneficiário', 'other'],
  '23': ['Título enviado a cartório', 'other'],
  '40': ['Baixa de título protestado', 'writeoff'],
  '41': ['Liquidação de título baixado', 'settlement'],
  '42': ['Título retirado do cartório', 'other'],
  '43': ['Despesa de cartório', 'fee'],
};

/**
 * C6 Bank (336): laravel-boleto `Cnab400/Banco/C6.php` (the manual's note 12). laravel-boleto files 07
 * “liquidação do título após a baixa” among baixas; it is a payment received after the baixa, so money here (as
 * FEBRABAN's 17). 75 “pagamento parcial” is money too. 69 (a liquidation cancelled by a returned cheque) is listed.
 */
export const C6_400: OccurrenceTable = {
  '02': ['Entrada confirmada', 'entry'],
  '03': ['Entrada rejeitada', 'rejected'],
  '04': ['Alteração de dados (entrada)', 'other'],
  '05': ['Alteração de dados (baixa)', 'writeoff'],
  '06': ['Liquidação do título', 'settlement'],
  '07': ['Liquidação do título após a baixa', 'settlement'],
  '08': ['Título liquidado em cartório', 'settlement'],
  '09': ['Baixa do título', 'writeoff'],
  '10': ['Baixa realizada pelo beneficiário via arquivo', 'writeoff'],
  '12': ['Abatimento concedido', 'other'],
  '13': ['Abatimento cancelado', 'other'],
  '14': ['Vencimento alterado', 'other'],
  '15': ['Baixa rejeitada', 'rejected'],
  '16': ['Instrução rejeitada', 'rejected'],
  '17': ['Alterações de dados rejeitados', 'rejected'],
  '19': ['Confirma instrução de protesto', 'other'],
  '23': ['Protesto enviado a cartório', 'other'],
  '32': ['Baixa por ter sido protestado', 'writeoff'],
  '36': ['Custas de edital', 'fee'],
  '37': ['Custas de sustação de protesto', 'fee'],
  '69': ['Cancelamento de liquidação por cheque devolvido', 'other'],
  '72': ['Baixa operacional', 'writeoff'],
  '75': ['Pagamento parcial', 'settlement'],
  '90': ['Instrução de protesto rejeitada', 'rejected'],
  '97': ['Tarifa de sustação de protesto', 'fee'],
  '98': ['Tarifa de protesto', 'fee'],
  '99': ['Custas de protesto', 'fee'],
};

/**
 * Cresol (133): laravel-boleto `Cnab400/Banco/Cresol.php` (FEBRABAN's numbering). laravel-boleto counts 15
 * “franco de pagamento” as a liquidation; a title written off “free of payment” brought no money, so it is a baixa.
 */
export const CRESOL_400: OccurrenceTable = {
  '02': ['Entrada confirmada', 'entry'],
  '03': ['Entrada rejeitada', 'rejected'],
  '04': ['Transferência de carteira/entrada', 'other'],
  '05': ['Transferência de carteira/baixa', 'writeoff'],
  '06': ['Liquidação', 'settlement'],
  '09': ['Baixa', 'writeoff'],
  '11': ['Em ser – títulos em carteira', 'other'],
  '12': ['Confirmação de recebimento de instrução de abatimento', 'other'],
  '13': ['Confirmação de recebimento de instrução de cancelamento de abatimento', 'other'],
  '14': ['Confirmação de recebimento de instrução de alteração de vencimento', 'other'],
  '15': ['Franco de pagamento', 'writeoff'],
  '17': ['Liquidação após baixa ou liquidação de título não registrado', 'settlement'],
  '23': ['Remessa a cartório (aponte em cartório)', 'other'],
  '25': ['Protestado e baixado', 'writeoff'],
  '26': ['Instrução rejeitada', 'rejected'],
  '28': ['Débito de tarifas/custas', 'fee'],
  '30': ['Alteração de outros dados rejeitada', 'rejected'],
  '44': ['Título pago com cheque devolvido', 'other'],
  '45': ['Título pago com cheque compensado', 'other'],
  '50': ['Título pago com cheque pendente de liquidação', 'other'],
};

/** Banestes (021): ACBr `ACBrBancoBanestes.pas` (`TipoOcorrenciaToDescricao`, FEBRABAN's numbering). */
export const BANESTES_400: OccurrenceTable = {
  '02': ['Entrada confirmada', 'entry'],
  '03': ['Entrada rejeitada', 'rejected'],
  '04': ['Transferência de carteira – entrada', 'other'],
  '05': ['Transferência de carteira – baixa', 'writeoff'],
  '06': ['Liquidação', 'settlement'],
  '09': ['Baixa', 'writeoff'],
  '11': ['Título em carteira (em ser)', 'other'],
  '12': ['Confirmação do recebimento de instrução de abatimento', 'other'],
  '14': ['Confirmação do recebimento de instrução de alteração de vencimento', 'other'],
  '17': ['Liquidação após baixa ou liquidação de título não registrado', 'settlement'],
  '23': ['Remessa a cartório', 'other'],
  '25': ['Protestado e baixado', 'writeoff'],
  '26': ['Instrução rejeitada', 'rejected'],
  '28': ['Débito de tarifas/custas', 'fee'],
  '30': ['Alteração de outros dados rejeitada', 'rejected'],
  '99': ['Remessa rejeitada', 'rejected'],
};

/** Uniprime (084): laravel-boleto `Cnab400/Banco/Uniprime.php` — Bradesco's table (06, 15, 17 are liquidations) plus 23 and 40. */
export const UNIPRIME_400: OccurrenceTable = {
  ...BRADESCO_400,
  '23': ['Entrada do título em cartório', 'other'],
  '40': ['Estorno de pagamento', 'other'],
};
