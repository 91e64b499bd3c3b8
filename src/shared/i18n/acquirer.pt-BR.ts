/**
 * Textos dos arquivos das adquirentes ([J]): as recusas (`errors.acquirer.*`), os avisos da importação
 * (`import.notices.acquirer.*`) e o resumo do arquivo no Importar (`acquirerFile.*`,
 * components/import/AcquirerFileSummary.tsx).
 */
export const acquirerPtBR = {
  // [T] In the clerk's words: no record numbers, layout codes or file-format names; the card company by name, what
  // happened and what to do. Where to click on the company's site keeps the site's own words (“Extrato Eletrônico”).
  errors: {
    summary_total:
      'Linha {{line}}: este arquivo $t(acquirerFile.of.{{acquirer}}) ($t(acquirerFile.layouts.{{layoutKey}})) diz que o total é {{declared}}, mas as linhas dele somam {{found}} (falta, sobra ou há uma linha danificada); nada foi importado, baixe o arquivo de novo no site $t(acquirerFile.of.{{acquirer}}).',
    control_character:
      'Linha {{line}}: este arquivo $t(acquirerFile.of.{{acquirer}}) ($t(acquirerFile.layouts.{{layoutKey}})) está danificado (há um caractere estranho no meio da linha); nada foi importado, baixe-o de novo no site $t(acquirerFile.of.{{acquirer}}).',
    line_length:
      'Linha {{line}}: a linha está cortada ou tem caracteres a mais ({{length}} em vez de {{expected}}) neste arquivo $t(acquirerFile.of.{{acquirer}}) ($t(acquirerFile.layouts.{{layoutKey}})); nada foi importado, baixe o arquivo de novo no site $t(acquirerFile.of.{{acquirer}}).',
    record_count:
      'Linha {{line}}: este arquivo $t(acquirerFile.of.{{acquirer}}) ($t(acquirerFile.layouts.{{layoutKey}})) diz ter {{declared}} linhas, mas tem {{found}} (falta ou sobra alguma); nada foi importado, baixe o arquivo de novo no site $t(acquirerFile.of.{{acquirer}}).',
    unsupported:
      'Este arquivo não é um extrato de vendas ou de pagamentos da Cielo, Rede, Stone, Getnet ou PagBank que o Quita leia; no site da empresa do cartão, baixe o extrato eletrônico (EDI) de vendas ou de pagamentos.',
    unsupported_version:
      'Este arquivo $t(acquirerFile.of.{{acquirer}}) está numa versão do extrato eletrônico ({{value}}) que o Quita não lê (ele lê as versões {{readable}}); peça $t(acquirerFile.to.{{acquirer}}) o extrato eletrônico (EDI) numa dessas versões.',
    unsupported_option:
      'Este arquivo $t(acquirerFile.of.{{acquirer}}) não é o extrato de vendas nem o de pagamentos (é a opção {{value}}); no site $t(acquirerFile.of.{{acquirer}}), em Extrato Eletrônico (EDI), baixe o arquivo de vendas (03) ou de pagamentos (04).',
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
      'Este arquivo da Stone está incompleto: falta o começo do arquivo de conciliação; no portal da Stone, baixe de novo o arquivo de conciliação (XML).',
    bad_line:
      'A linha {{line}} deste arquivo $t(acquirerFile.of.{{acquirer}}) ($t(acquirerFile.layouts.{{layoutKey}})) está danificada e não pôde ser lida, por isso nada foi importado; baixe o arquivo de novo no site $t(acquirerFile.of.{{acquirer}}).',
    truncated:
      'Este arquivo $t(acquirerFile.of.{{acquirer}}) ($t(acquirerFile.layouts.{{layoutKey}})) termina antes da hora, está incompleto, por isso nada foi importado; baixe-o de novo no site $t(acquirerFile.of.{{acquirer}}).',
    unsafe_xml:
      'Este arquivo traz instruções escondidas que um arquivo de conciliação da Stone nunca traz; por segurança, ele não foi lido. Baixe o arquivo de novo no portal da Stone.',
  },
  notices: {
    already_imported:
      'Este arquivo já foi importado em {{date}} (como “{{fileName}}”); importar de novo não grava nada.',
    unknown_brand:
      'O Quita não conhece a bandeira de algumas vendas (o arquivo a escreve como {{codes}}); essas vendas são conciliadas sem a bandeira.',
    rede_brand_codes:
      'Este arquivo da Rede escreve a bandeira das vendas em códigos que o Quita não conhece ({{codes}}); as vendas são conciliadas pelo NSU, autorização, valor e data, não pela bandeira.',
    detail_without_batch:
      '{{count}} vendas citam um pagamento que não está neste arquivo; a data de lançamento que a empresa do cartão informou foi usada como data de pagamento.',
    installments_not_detailed:
      '{{count}} vendas parceladas vêm sem as parcelas; cada uma foi tomada como um crédito só, na data da primeira parcela.',
    adjustment_unlinked:
      '{{count}} ajustes ou débitos não puderam ser ligados a um crédito do dia; aparecem na lista, mas não explicam nenhum crédito.',
    total_mismatch:
      'Os totais de crédito que a Rede informa para {{dates}} diferem da soma dos créditos do dia; confira o arquivo com a Rede.',
    count_mismatch:
      'A Stone diz, no fim do arquivo, que ele traz {{declared}} vendas, e o Quita leu {{read}}; confira o arquivo com a Stone.',
    chargebacks:
      '{{count}} parcelas foram contestadas pelo cliente (chargeback); aparecem com o pagamento que as desconta.',
    rows_skipped: '{{count}} linhas deste arquivo não são vendas nem pagamentos e ficaram de fora.',
    eevd_amounts_assumed:
      'Neste extrato de vendas a débito da Rede os valores vêm sem vírgula; o Quita leu os dois últimos dígitos como centavos: confira o valor de uma venda no portal da Rede.',
    eefi_no_trailer:
      'O Quita não consegue saber se este extrato financeiro da Rede veio inteiro ou cortado: confira se os totais de crédito de cada dia estão todos lá.',
    fee_apportioned:
      'Neste arquivo a Cielo dá a taxa de cada grupo de vendas, não de cada venda: a taxa de cada uma das {{count}} vendas é a do grupo, repartida na proporção dos valores.',
    summary_without_sales:
      '{{count}} totais de vendas vêm sem as vendas de que são feitos; cada um aparece como um lançamento só, e o crédito dele não é explicado venda a venda.',
    rejected_sales: '{{count}} vendas foram recusadas pela Cielo (não serão pagas) e ficaram de fora.',
    getnet_product_codes:
      'Este arquivo da Getnet escreve o tipo de cada venda em códigos que o Quita não conhece ({{codes}}); as vendas são conciliadas pelo NSU, autorização, valor e data, não pela bandeira.',
    pagbank_installments_at_net:
      '{{count}} parcelas de vendas parceladas aparecem pelo valor líquido: o arquivo do PagBank não traz a taxa de cada parcela.',
    other_bank:
      'Os pagamentos deste arquivo vão para {{bankNames}}, que não é o banco da conta escolhida, {{accountBankName}}: confira a conta.',
  },
  summary: {
    title: '$t(acquirerFile.kinds.{{kindKey}}) $t(acquirerFile.of.{{acquirer}})',
    /** What the file is ([T]: not the company's format code, “04 pagamentos”, “EEVC”). */
    kinds: {
      sales: 'Arquivo de vendas',
      payments: 'Arquivo de pagamentos',
      creditSales: 'Arquivo de vendas a crédito',
      debitSales: 'Arquivo de vendas a débito',
      financial: 'Extrato financeiro',
      reconciliation: 'Arquivo de conciliação',
      statement: 'Extrato de vendas e pagamentos',
      other: 'Arquivo',
    },
    format: 'da empresa do cartão (vendas e pagamentos de cartão)',
    merchant: 'código da academia: {{merchant}}',
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
      acquirer: 'da empresa do cartão',
    },
    to: {
      Cielo: 'à Cielo',
      Rede: 'à Rede',
      Stone: 'à Stone',
      Getnet: 'à Getnet',
      PagBank: 'ao PagBank',
      acquirer: 'à empresa do cartão',
    },
  },
  /** The file's layout in words (summary title and refusals: `$t(acquirerFile.layouts.{{layoutKey}})`). */
  layouts: {
    'cielo-edi-13': 'extrato eletrônico, versão 13',
    'cielo-edi-14': 'extrato eletrônico, versão 14',
    'cielo-edi-15': 'extrato eletrônico, versão 15',
    'rede-eevc': 'extrato de vendas a crédito',
    'rede-eevd': 'extrato de vendas a débito',
    'rede-eefi': 'extrato financeiro',
    'stone-xml-2_2': 'arquivo de conciliação',
    'getnet-v10': 'extrato eletrônico, versão 10',
    'pagseguro-edi-json': 'extrato eletrônico',
  },
};
