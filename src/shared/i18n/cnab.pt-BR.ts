/**
 * Texts of CNAB return files ([K]): the refusals (`errors.cnab.*`, each naming the bank code and layout
 * found), the import notices (`import.notices.cnab.*`) and the titles of a boleto credit (`returnTitles.*`,
 * components/reconcile/ReturnTitles.tsx).
 */
export const cnabPtBR = {
  // [T] In the clerk's words: what happened and what to do, never the bank manual's (no segment, record type,
  // positions, header, trailer or batch); the bank by its name, the line number and the amounts kept.
  errors: {
    control_character:
      'Linha {{line}}: este arquivo retorno do banco {{bankShort}} está danificado (há um caractere estranho no meio da linha); nada foi importado, baixe o arquivo de novo no banco.',
    line_length:
      'Linha {{line}}: a linha está cortada ou tem caracteres a mais ({{length}} em vez de {{expected}}), então este arquivo retorno do banco {{bankShort}} não pode ser lido com segurança; nada foi importado, baixe o arquivo de novo no banco.',
    sequence:
      'Linha {{line}}: falta uma linha antes desta, ou ela está repetida ou fora de ordem, neste arquivo retorno do banco {{bankShort}}; nada foi importado, baixe o arquivo de novo no banco.',
    record_count:
      'Linha {{line}}: o banco diz que este arquivo retorno tem {{declared}} linhas, mas ele tem {{found}} (falta ou sobra alguma); nada foi importado, baixe o arquivo de novo no banco {{bankShort}}.',
    batch_count:
      'Linha {{line}}: o banco diz que este arquivo retorno tem {{declared}} grupos de boletos, mas ele tem {{found}} (falta ou sobra algum); nada foi importado, baixe o arquivo de novo no banco {{bankShort}}.',
    not_cnab:
      'Este arquivo não é um arquivo retorno de boletos: a primeira linha não é a de um arquivo retorno de nenhum banco.',
    unknown_header:
      'Este arquivo parece ter vindo de um banco (todas as linhas com {{length}} caracteres, como um arquivo retorno), mas o Quita não reconhece a primeira linha; baixe de novo no banco o arquivo retorno da cobrança.',
    remessa:
      'Este é um arquivo de remessa do banco {{bankShort}}: é o que a academia envia ao banco para registrar os boletos; importe o arquivo retorno, que o banco devolve.',
    unsupported_bank:
      'Este arquivo retorno é do banco {{bankShort}}, num formato que o Quita ainda não lê. Peça ao banco o arquivo retorno no padrão “CNAB 240” da FEBRABAN, que o Quita lê.',
    unsupported_layout:
      'Este arquivo do banco {{bankShort}} não é um arquivo retorno de boletos que o Quita leia (é de outro serviço do banco, como pagamentos, ou de outro tipo de cobrança); peça ao banco o arquivo retorno da cobrança.',
    bad_line:
      'A linha {{line}} deste arquivo retorno do banco {{bankShort}} está danificada e não pôde ser lida, por isso nada foi importado; baixe o arquivo de novo no banco.',
    truncated:
      'Este arquivo retorno do banco {{bankShort}} termina antes da hora (falta a última linha, a dos totais), então está incompleto; baixe-o de novo no banco.',
    // [S] a CNAB 240 statement (extrato), not a return file.
    statement:
      'Este é um extrato do banco {{bankShort}}, não um arquivo retorno de boletos; o Quita ainda não lê extratos nesse formato, importe o extrato em OFX ou planilha.',
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
      'A data em que o banco gerou este arquivo retorno (“{{value}}”) não é uma data válida; o arquivo foi lido sem ela.',
    skipped_segments:
      '{{count}} linhas deste arquivo retorno trazem outras informações do banco, não boletos (linhas {{lines}}), e ficaram de fora.',
    skipped_segments_one:
      'A linha {{lines}} deste arquivo retorno traz outra informação do banco, não um boleto, e ficou de fora.',
    no_file_trailer:
      'Falta a última linha deste arquivo retorno, a do total geral; o total dos boletos que o banco informou confere com eles, por isso o arquivo foi lido.',
    no_trailers:
      'Este arquivo retorno não traz os totais do banco, então o Quita não consegue confirmar que ele está completo; confira o total com o banco.',
    assumed_layout:
      'O banco {{bankShort}} não está entre os bancos que o Quita conhece; o arquivo foi lido no padrão comum dos bancos, conferindo cada boleto. Confira os totais com o banco.',
    // [S] what was tolerated while reading a CNAB 400 return (docs/cnab-400.md); header_date is shared with 240.
    header_name:
      'O nome da empresa no início do arquivo retorno tem caracteres ilegíveis; ele não é usado e o arquivo foi lido.',
    extra_records:
      '{{count}} linhas deste arquivo retorno trazem outras informações do banco, não boletos (linhas {{lines}}), e ficaram de fora.',
    extra_records_one:
      'A linha {{lines}} deste arquivo retorno traz outra informação do banco, não um boleto, e ficou de fora.',
    wide_records:
      '{{count}} linhas deste arquivo retorno terminam com espaços em branco a mais (linhas {{lines}}); eles foram desconsiderados.',
    wide_records_one:
      'A linha {{lines}} deste arquivo retorno termina com espaços em branco a mais; eles foram desconsiderados.',
    // [S] what real CNAB 240 files do, tolerated (docs/cnab-240.md, “Real files”).
    header_shape:
      'A primeira linha deste arquivo retorno está fora do padrão; o Quita leu dela só o banco, sem a data em que o arquivo foi gerado, e os boletos foram lidos.',
    batch_header_shape:
      'A linha {{lines}}, que abre a lista de boletos, está mais curta ou mais longa do que devia; o que o Quita precisa dela está no lugar, por isso o arquivo foi lido.',
    no_batch_header:
      'Falta neste arquivo retorno a linha que abre a lista de boletos (antes da linha {{line}}); os totais do banco contam com ela, então só ela falta. Os boletos foram lidos.',
    no_credit_date:
      'O banco mandou {{count}} boletos pagos sem a data do crédito (linhas {{lines}}); usamos a data do pagamento.',
    no_credit_date_one:
      'O banco mandou {{count}} boleto pago sem a data do crédito (linha {{lines}}); usamos a data do pagamento.',
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
