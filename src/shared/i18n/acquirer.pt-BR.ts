/**
 * Textos dos arquivos das adquirentes ([J]): as recusas (`errors.acquirer.*`), os avisos da importação
 * (`import.notices.acquirer.*`) e o resumo do arquivo no Importar (`acquirerFile.*`,
 * components/import/AcquirerFileSummary.tsx).
 */
export const acquirerPtBR = {
  errors: {
    summary_total:
      'Linha {{line}}: este arquivo $t(acquirerFile.of.{{acquirer}}) ($t(acquirerFile.layouts.{{layoutKey}})) traz um total de {{declared}}, mas os seus registros somam {{found}} (registro faltando, repetido ou danificado); nada foi importado, baixe o arquivo de novo no site $t(acquirerFile.of.{{acquirer}}).',
    control_character:
      'Linha {{line}}: há um caractere de controle ({{byte}}) na posição {{position}} deste arquivo $t(acquirerFile.of.{{acquirer}}) ($t(acquirerFile.layouts.{{layoutKey}})), que está danificado; nada foi importado, baixe-o de novo no site $t(acquirerFile.of.{{acquirer}}).',
    line_length:
      'Linha {{line}}: o registro tem {{length}} caracteres em vez de {{expected}} neste arquivo $t(acquirerFile.of.{{acquirer}}) ($t(acquirerFile.layouts.{{layoutKey}})) (os campos ficariam deslocados); nada foi importado, baixe o arquivo de novo no site $t(acquirerFile.of.{{acquirer}}).',
    record_count:
      'Linha {{line}}: o registro final conta {{declared}} registros e este arquivo $t(acquirerFile.of.{{acquirer}}) ($t(acquirerFile.layouts.{{layoutKey}})) tem {{found}}; falta ou sobra registro, nada foi importado: baixe o arquivo de novo no site $t(acquirerFile.of.{{acquirer}}).',
    unsupported:
      'Este arquivo não é um extrato de vendas ou de pagamentos da Cielo, Rede, Stone, Getnet ou PagBank que o Quita leia; no site da sua adquirente, baixe o extrato eletrônico (EDI) de vendas ou de pagamentos.',
    unsupported_version:
      'Este arquivo $t(acquirerFile.of.{{acquirer}}) está na versão {{value}} do layout do extrato eletrônico (o formato do arquivo), que o Quita não lê (versões que ele lê: {{readable}}); peça $t(acquirerFile.to.{{acquirer}}) o extrato eletrônico (EDI) numa versão que o Quita leia.',
    unsupported_option:
      'Este arquivo $t(acquirerFile.of.{{acquirer}}) é um extrato da opção {{value}}, que não é de vendas nem de pagamentos; no site $t(acquirerFile.of.{{acquirer}}), em Extrato Eletrônico (EDI), baixe o arquivo de vendas (03) ou de pagamentos (04).',
    cielo_open_balance:
      'Este arquivo da Cielo é o extrato de saldo em aberto (opção {{value}}), que não traz as vendas; no site da Cielo, em Extrato Eletrônico (EDI), baixe o arquivo de vendas (03) ou de pagamentos (04).',
    cielo_negotiation:
      'Este arquivo da Cielo é o extrato de negociação de recebíveis (opção {{value}}), que não traz as vendas; no site da Cielo, em Extrato Eletrônico (EDI), baixe o arquivo de vendas (03) ou de pagamentos (04).',
    cielo_pix:
      'Este arquivo da Cielo é o extrato de Pix (opção {{value}}), que não traz as vendas de cartão; no site da Cielo, em Extrato Eletrônico (EDI), baixe o arquivo de vendas (03) ou de pagamentos (04).',
    cielo_anticipation:
      'Este arquivo da Cielo é o extrato de antecipação ou cessão de recebíveis (opção {{value}}), que não traz as vendas; no site da Cielo, em Extrato Eletrônico (EDI), baixe o arquivo de vendas (03) ou de pagamentos (04).',
    cielo_pending:
      'Este arquivo da Cielo é o extrato de parcelas pendentes (opção {{value}}), enviado uma vez só quando o serviço começa; no site da Cielo, em Extrato Eletrônico (EDI), baixe o arquivo de vendas (03) ou de pagamentos (04).',
    stone_no_header:
      'Este arquivo XML da Stone não traz o cabeçalho da conciliação, então não é um arquivo de conciliação inteiro; no portal da Stone, baixe de novo o arquivo de conciliação (XML).',
    bad_line:
      'A linha {{line}} deste arquivo $t(acquirerFile.of.{{acquirer}}) ($t(acquirerFile.layouts.{{layoutKey}})) não pôde ser lida ({{reason}}), por isso nada foi importado; baixe o arquivo de novo no site $t(acquirerFile.of.{{acquirer}}).',
    truncated:
      'Este arquivo $t(acquirerFile.of.{{acquirer}}) ($t(acquirerFile.layouts.{{layoutKey}})) está incompleto ({{detail}}), por isso nada foi importado; baixe-o de novo no site $t(acquirerFile.of.{{acquirer}}).',
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
    fee_apportioned:
      'Neste layout a Cielo dá a comissão por resumo de operações (RO), não por venda: a taxa de cada uma das {{count}} vendas é a comissão do RO repartida na proporção dos valores.',
    summary_without_sales:
      '{{count}} resumos de vendas vêm sem as suas vendas neste arquivo; cada um aparece como um lançamento só, e o crédito dele não é explicado venda a venda.',
    rejected_sales: '{{count}} vendas foram rejeitadas pela Cielo (não serão pagas) e ficaram de fora.',
    getnet_product_codes:
      'Os códigos de produto da Getnet ({{codes}}) não são traduzidos (a tabela não estava na fonte usada); as vendas deste arquivo são conciliadas por NSU, autorização, valor e data, não pela bandeira.',
    pagbank_installments_at_net:
      '{{count}} parcelas de vendas parceladas aparecem pelo valor líquido: o arquivo do PagBank não traz a taxa de cada parcela.',
    other_bank:
      'Os pagamentos deste arquivo vão para {{bankNames}}, que não é o banco da conta escolhida ({{accountBankName}}): confira a conta.',
  },
  summary: {
    title: 'Arquivo $t(acquirerFile.of.{{acquirer}}) · {{layout}} · {{kind}}',
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
    /**
     * “da Cielo”, “do PagBank”: the acquirer with its article, for the refusals
     * (`$t(acquirerFile.of.{{acquirer}})`, `$t(acquirerFile.to.{{acquirer}})`; keys are the names the core gives).
     */
    of: {
      Cielo: 'da Cielo',
      Rede: 'da Rede',
      Stone: 'da Stone',
      Getnet: 'da Getnet',
      PagBank: 'do PagBank',
      acquirer: 'da adquirente',
    },
    to: {
      Cielo: 'à Cielo',
      Rede: 'à Rede',
      Stone: 'à Stone',
      Getnet: 'à Getnet',
      PagBank: 'ao PagBank',
      acquirer: 'à adquirente',
    },
  },
  /** The file's layout in words (summary title and refusals: `$t(acquirerFile.layouts.{{layoutKey}})`). */
  layouts: {
    'cielo-edi-13': 'extrato eletrônico (EDI), layout da versão 13',
    'cielo-edi-14': 'extrato eletrônico (EDI), layout da versão 14',
    'cielo-edi-15': 'extrato eletrônico (EDI), layout da versão 15',
    'rede-eevc': 'extrato de vendas a crédito (EEVC)',
    'rede-eevd': 'extrato de vendas a débito (EEVD)',
    'rede-eefi': 'extrato financeiro (EEFI)',
    'stone-xml-2_2': 'arquivo de conciliação XML 2.2',
    'getnet-v10': 'extrato eletrônico, layout da versão 10',
    'pagseguro-edi-json': 'extrato EDI em JSON',
  },
};
