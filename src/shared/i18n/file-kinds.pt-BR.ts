/**
 * Importar takes three kinds of file ([S] item 6): the bank's statement, the boleto return file and the card
 * acquirer's sales/payments file. Each is named where the clerk drops it, and each has its own preview line,
 * button, result and list of files imported. Mounted as `fileKinds`.
 */
export const fileKindsPtBR = {
  dropTitle: 'Arraste aqui um destes arquivos, ou escolha-o:',
  kinds: {
    statement: 'Extrato do banco',
    statementFormats: 'OFX, XLSX, XLS, ODS ou CSV, como o banco exporta',
    returnFile: 'Arquivo retorno de boletos',
    returnFileFormats: 'o arquivo “retorno” que o banco devolve com os boletos pagos, de qualquer banco',
    acquirer: 'Arquivo de vendas do cartão',
    acquirerFormats: 'o extrato eletrônico da maquininha: Cielo, Rede, Stone, Getnet ou PagBank',
  },
  /** The first line of the preview: which kind of file this is. */
  isStatement: 'Extrato do banco ({{format}}).',
  isReturnFile: 'Arquivo retorno de boletos: {{bank}}.',
  checkColumns:
    'Confira as colunas abaixo: o Quita não tem certeza de qual é a data, o valor ou a descrição deste extrato.',
  unknownBank: 'banco {{code}}',
  isAcquirer: 'Arquivo de vendas do cartão: {{acquirer}}.',
  returnFile: {
    generated: 'gerado pelo banco em {{date}}',
    titles: '{{count}} boletos no arquivo',
    titles_one: '{{count}} boleto no arquivo',
    paid: '{{count}} pagos, {{amount}} no total',
    paid_one: '{{count}} pago, {{amount}}',
    nonePaid: 'nenhum pago (só outras ocorrências)',
    fees: 'tarifas do banco {{amount}}',
    credits: 'crédito na conta em {{from}}',
    creditsRange: 'créditos na conta de {{from}} a {{to}}',
    known: '{{count}} destes boletos já vieram em outro arquivo retorno e não serão repetidos.',
    known_one: '{{count}} destes boletos já veio em outro arquivo retorno e não será repetido.',
    sameFile: 'Este mesmo arquivo retorno já foi importado nesta conta; importar de novo não grava nada.',
    explain:
      'Os boletos pagos explicam os créditos de boleto do extrato desta conta em Conciliar. Importar não marca nada como pago no EVO.',
  },
  confirm: {
    returnFile: 'Importar o arquivo retorno ({{count}} boletos pagos)',
    returnFile_one: 'Importar o arquivo retorno ({{count}} boleto pago)',
    acquirer: 'Importar o arquivo de vendas ({{count}} vendas)',
    acquirer_one: 'Importar o arquivo de vendas ({{count}} venda)',
  },
  done: {
    returnFile: 'Arquivo retorno importado: {{fresh}}; {{known}}.',
    acquirer: 'Arquivo de vendas importado: {{fresh}}; {{known}}.',
    nPaid: '{{count}} boletos pagos guardados',
    nPaid_one: '{{count}} boleto pago guardado',
    nSales: '{{count}} vendas guardadas',
    nSales_one: '{{count}} venda guardada',
    nKnown: '{{count}} já conhecidos',
    nKnown_one: '{{count}} já conhecido',
    again: 'Este arquivo já tinha sido importado: nada foi gravado de novo.',
    suggested:
      'O extrato desta conta foi conciliado de novo com eles: {{green}}, {{yellow}} e {{others}} para decidir à mão em Conciliar.',
    noStatement:
      'Ainda não há extrato desta conta com esses dias: quando o extrato for importado, os créditos serão explicados por este arquivo.',
  },
  history: {
    returnFiles: 'Arquivos retorno importados',
    acquirerFiles: 'Arquivos de vendas do cartão importados',
    bank: 'Banco',
    acquirer: 'Maquininha',
    paid: 'Pagos',
    sales: 'Vendas',
    credits: 'Créditos',
    amount: 'Valor',
    net: 'Líquido',
  },
};
