/**
 * Texts of CNAB return files ([K]): the refusals (`errors.cnab.*`, each naming the bank code and layout
 * found), the import notices (`import.notices.cnab.*`) and the titles of a boleto credit (`returnTitles.*`,
 * components/reconcile/ReturnTitles.tsx).
 */
export const cnabPtBR = {
  errors: {
    control_character:
      'Linha {{line}}: há um caractere de controle ({{byte}}) na posição {{position}} deste arquivo retorno CNAB {{layout}} do banco {{bankCode}}, que está danificado; nada foi importado, baixe-o de novo no banco.',
    line_length:
      'Linha {{line}}: o registro tem {{length}} caracteres em vez de {{expected}} neste arquivo retorno CNAB {{layout}} do banco {{bankCode}} (os campos ficariam deslocados); nada foi importado, baixe o arquivo de novo no banco.',
    sequence:
      'Linha {{line}}: o número sequencial do registro é “{{found}}” e devia ser {{expected}} neste arquivo retorno CNAB {{layout}} do banco {{bankCode}} (registro faltando, repetido ou danificado); nada foi importado, baixe o arquivo de novo no banco.',
    record_count:
      'Linha {{line}}: o registro de totais conta {{declared}} registros e o arquivo retorno CNAB {{layout}} do banco {{bankCode}} tem {{found}}; nada foi importado, baixe o arquivo de novo no banco.',
    batch_count:
      'Linha {{line}}: o registro final conta {{declared}} lotes e o arquivo retorno CNAB {{layout}} do banco {{bankCode}} tem {{found}}; nada foi importado, baixe o arquivo de novo no banco.',
    not_cnab:
      'Este arquivo não é um arquivo retorno CNAB: a primeira linha não é o cabeçalho de um CNAB 240 nem de um CNAB 400.',
    unknown_header:
      'Este arquivo tem registros de largura fixa ({{length}} posições), como um arquivo retorno ou remessa, mas a primeira linha não é o cabeçalho de nenhum que o Quita conheça; baixe de novo no banco o arquivo retorno da cobrança.',
    remessa:
      'Este é um arquivo de remessa (banco {{bankCode}}, CNAB {{layout}}), o que a academia envia ao banco; importe o arquivo retorno que o banco devolve.',
    unsupported_bank:
      'Este arquivo retorno (CNAB {{layout}}) é do banco {{bankName}}, cujo formato o Quita ainda não lê. Peça ao banco o arquivo retorno no formato CNAB 240 (o padrão FEBRABAN), que o Quita lê.',
    unsupported_layout:
      'Este arquivo CNAB {{layout}} do banco {{bankCode}} não é um retorno de cobrança que o Quita leia ({{detail}}).',
    bad_line:
      'A linha {{line}} deste arquivo retorno CNAB {{layout}} do banco {{bankCode}} não pôde ser lida ({{reason}}), por isso nada foi importado; baixe o arquivo do banco de novo.',
    truncated:
      'Este arquivo retorno CNAB {{layout}} do banco {{bankCode}} termina antes do registro final, está incompleto; baixe de novo no banco.',
    // [S] a CNAB 240 statement (extrato), not a return file.
    statement:
      'Este é um extrato bancário em CNAB {{layout}} do banco {{bankName}}, não um arquivo retorno de boletos; o Quita ainda não lê extratos nesse formato, importe o extrato em OFX ou planilha.',
  },
  notices: {
    already_imported:
      'Este arquivo retorno já foi importado em {{date}} (como “{{fileName}}”); importar de novo não grava nada.',
    other_occurrences:
      '{{count}} boletos deste arquivo não foram pagos ({{list}}): aparecem na lista, mas não explicam créditos.',
    other_occurrences_one:
      '{{count}} boleto deste arquivo não foi pago ({{list}}): aparece na lista, mas não explica créditos.',
    other_bank:
      'O banco deste arquivo retorno, {{bank}}, não é o da conta escolhida, {{accountBankName}}: confira a conta.',
    // [S] what was tolerated while reading a CNAB 240 return (docs/cnab-240.md).
    header_date:
      'A data no cabeçalho do arquivo retorno (“{{value}}”) não é uma data; o arquivo foi lido sem ela.',
    skipped_segments:
      '{{count}} registros deste arquivo retorno não são boletos (segmentos {{segments}}, linhas {{lines}}) e ficaram de fora.',
    skipped_segments_one:
      'A linha {{lines}} deste arquivo retorno não é um boleto (segmento {{segments}}) e ficou de fora.',
    no_file_trailer:
      'Este arquivo retorno não tem o registro final do arquivo; o total do lote confere com os registros, por isso foi lido.',
    no_trailers:
      'Este arquivo retorno não tem registros de totais, então o Quita não consegue confirmar que ele está completo; confira o total com o banco.',
    assumed_layout:
      'O banco {{bankCode}} não está entre os bancos que o Quita conhece; o arquivo foi lido nas posições padrão FEBRABAN, conferindo cada boleto. Confira os totais com o banco.',
    // [S] what was tolerated while reading a CNAB 400 return (docs/cnab-400.md); header_date is shared with 240.
    header_name:
      'O nome da empresa no cabeçalho do arquivo retorno tem caracteres ilegíveis; ele não é usado e o arquivo foi lido.',
    extra_records:
      '{{count}} registros deste arquivo retorno não são boletos (registro tipo {{types}}, linhas {{lines}}) e ficaram de fora.',
    extra_records_one:
      'A linha {{lines}} deste arquivo retorno não é um boleto (registro tipo {{types}}) e ficou de fora.',
    wide_records:
      '{{count}} registros deste arquivo retorno têm {{length}} caracteres em vez de 400 (linhas {{lines}}); os caracteres a mais são espaços em branco no fim da linha e foram desconsiderados.',
    // [S] what real CNAB 240 files do, tolerated (docs/cnab-240.md, “Real files”).
    header_shape:
      'O cabeçalho do arquivo (linha 1) tem {{length}} caracteres e seus campos não estão nas posições do layout; o Quita lê dele só o código do banco, por isso a data dele foi desconsiderada e o arquivo foi lido.',
    batch_header_shape:
      'O cabeçalho do lote (linha {{lines}}) tem {{length}} caracteres em vez de 240; o Quita lê dele só as 11 primeiras posições (lote, operação, serviço), que estão no lugar, por isso o arquivo foi lido.',
    no_batch_header:
      'Este arquivo retorno não tem o cabeçalho do lote antes da linha {{line}}; os registros de totais contam esse registro, então só ele falta, e o Quita não lê nada dele. Os boletos foram lidos.',
    no_credit_date:
      'O banco não informou a data de crédito de {{count}} boletos pagos (linhas {{lines}}); usada a data do pagamento.',
    no_credit_date_one:
      'O banco não informou a data de crédito de {{count}} boleto pago (linha {{lines}}); usada a data do pagamento.',
    no_titles: 'Este arquivo retorno não traz nenhum boleto: o banco não tinha movimento a informar nele.',
  },
  titles: {
    caption: 'Boletos do arquivo retorno ({{count}})',
    payer: 'Pagador',
    nossoNumero: 'Nosso número',
    due: 'Vencimento',
    paid: 'Pago em',
    face: 'Valor do título',
    amountPaid: 'Valor pago',
    fee: 'Tarifa',
    difference: 'Diferença',
    noPayer: 'pagador não informado pelo banco',
    noReceivable: 'sem recebível',
    over: 'pago a mais',
    under: 'pago a menos',
    charges: 'multa e juros {{amount}}',
    total: 'Total',
  },
};
