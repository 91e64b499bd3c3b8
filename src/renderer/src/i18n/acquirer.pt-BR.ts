/**
 * Textos dos arquivos das adquirentes ([J]): as recusas (`errors.acquirer.*`), os avisos da importação
 * (`import.notices.acquirer.*`) e o resumo do arquivo no Importar (`acquirerFile.*`,
 * components/import/AcquirerFileSummary.tsx).
 */
export const acquirerPtBR = {
  errors: {
    summary_total:
      'Linha {{line}}: este arquivo da {{acquirer}} ({{layout}}) traz um total de {{declared}}, mas os seus registros somam {{found}} (registro faltando, repetido ou danificado); nada foi importado, baixe o arquivo de novo.',
    control_character:
      'Linha {{line}}: há um caractere de controle ({{byte}}) na posição {{position}} deste arquivo da {{acquirer}} ({{layout}}), que está danificado; nada foi importado, baixe-o de novo.',
    line_length:
      'Linha {{line}}: o registro tem {{length}} caracteres em vez de {{expected}} neste arquivo da {{acquirer}} ({{layout}}) (os campos ficariam deslocados); nada foi importado, baixe o arquivo de novo.',
    record_count:
      'Linha {{line}}: o registro final conta {{declared}} registros e este arquivo da {{acquirer}} ({{layout}}) tem {{found}}; nada foi importado, baixe o arquivo de novo.',
    unsupported:
      'Este arquivo da {{acquirer}} não é um arquivo de vendas ou de pagamentos que o Quita leia (Cielo EDI v15, Rede EEVC/EEVD/EEFI, Stone XML 2.2); baixe-o de novo no portal da adquirente.',
    unsupported_version:
      'Este arquivo da {{acquirer}} está na versão de layout “{{value}}”, que o Quita não lê (Cielo: versão 015; Stone: 2.2); peça à adquirente o arquivo nessa versão.',
    unsupported_option:
      'Este arquivo da {{acquirer}} é do tipo “{{value}}” (saldo em aberto, negociação ou Pix), não de vendas (03) nem de pagamentos (04); baixe o arquivo de vendas ou de pagamentos.',
    bad_line:
      'A linha {{line}} deste arquivo da {{acquirer}} ({{layout}}) não pôde ser lida ({{reason}}), por isso nada foi importado; baixe o arquivo de novo.',
    truncated:
      'Este arquivo da {{acquirer}} ({{layout}}) está incompleto ({{detail}}), por isso nada foi importado; baixe-o de novo.',
    unsafe_xml:
      'Este arquivo XML declara um DOCTYPE ou entidades, o que um arquivo de conciliação da Stone nunca faz; ele não foi lido. Baixe o arquivo de novo na Stone.',
  },
  notices: {
    already_imported:
      'Este arquivo já foi importado em {{date}} (como “{{fileName}}”); importar de novo não grava nada.',
    unknown_brand:
      'Os códigos de bandeira {{codes}} não estão na tabela do Quita; essas vendas são conciliadas sem a bandeira.',
    rede_brand_codes:
      'Os códigos de bandeira da Rede ({{codes}}) não são traduzidos (a tabela não estava nos layouts usados); as vendas deste arquivo são conciliadas por NSU, autorização, valor e data, não pela bandeira.',
    detail_without_batch:
      '{{count}} vendas citam um pagamento (UR) que não está neste arquivo; a data de lançamento foi usada como data de pagamento.',
    installments_not_detailed:
      '{{count}} resumos de vendas parceladas não trazem as parcelas (registro 014); cada um foi tomado como um crédito na data da primeira parcela.',
    adjustment_unlinked:
      '{{count}} ajustes ou débitos não puderam ser ligados a um crédito do dia; aparecem na lista, mas não explicam nenhum crédito.',
    total_mismatch:
      'Os totais de crédito de {{dates}} (registro 037) diferem da soma dos créditos do dia; confira o arquivo com a Rede.',
    count_mismatch:
      'O rodapé do arquivo conta {{declared}} transações capturadas e o Quita leu {{read}}; confira o arquivo com a Stone.',
    chargebacks: '{{count}} parcelas têm chargeback; aparecem com o pagamento que as desconta.',
    rows_skipped: '{{count}} registros deste arquivo não são vendas nem pagamentos e ficaram de fora.',
    eevd_amounts_assumed:
      'Este EEVD escreve os valores sem separador decimal; o Quita lê os dois últimos dígitos como centavos (o layout usado não diz): confira o valor de uma venda no portal da Rede.',
    eefi_no_trailer:
      'O Quita não conhece o registro final do EEFI, então não distingue um arquivo cortado de um inteiro: confira se os totais de crédito do dia (registro 037) estão todos lá.',
    other_bank:
      'Os pagamentos deste arquivo vão para o banco {{banks}} e a conta escolhida é do banco {{accountBank}}: confira a conta.',
  },
  summary: {
    title: 'Arquivo da {{acquirer}} · {{layout}} · {{kind}}',
    format: 'de adquirente (vendas e pagamentos de cartão)',
    merchant: 'Estabelecimento {{merchant}}',
    fileDate: 'gerado em {{date}}',
    sales: '{{count}} vendas',
    sales_one: '{{count}} venda',
    others: '{{count}} outros lançamentos (cancelamentos, chargebacks, aluguel, ajustes)',
    others_one: '{{count}} outro lançamento (cancelamento, chargeback, aluguel, ajuste)',
    money: 'Bruto {{gross}} · taxa {{fee}} ({{percent}}) · líquido {{net}}',
    payments: '{{count}} pagamentos de {{from}} a {{to}}, {{total}}',
    payments_one: '{{count}} pagamento em {{from}}, {{total}}',
    paymentsOn: '{{count}} pagamentos em {{from}}, {{total}}',
    settled: '{{count}} já pagos',
    forecast: 'previsão (arquivo de vendas): ainda não pagos',
    known: '{{count}} lançamentos já vieram em outro arquivo e não serão repetidos.',
    sameFile: 'Este mesmo arquivo já foi importado nesta conta.',
    explain: 'Os créditos de cartão do extrato no período serão conciliados com estas vendas.',
  },
  layouts: {
    'cielo-edi-15': 'EDI v15',
    'rede-eevc': 'EEVC (crédito)',
    'rede-eevd': 'EEVD (débito)',
    'rede-eefi': 'EEFI (financeiro)',
    'stone-xml-2_2': 'XML 2.2',
  },
};
