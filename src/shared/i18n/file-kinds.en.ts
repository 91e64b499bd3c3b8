/** English texts of `fileKinds` (file-kinds.pt-BR.ts). */
export const fileKindsEn = {
  dropTitle: 'Drop one of these files here, or choose it:',
  kinds: {
    statement: 'Bank statement',
    statementFormats: 'OFX, XLSX, XLS, ODS or CSV, as the bank exports it',
    returnFile: 'Boleto return file',
    returnFileFormats: 'the “retorno” file the bank sends back with the boletos paid, from any bank',
    acquirer: 'Card sales file',
    acquirerFormats: "the card machine's electronic statement: Cielo, Rede, Stone, Getnet or PagBank",
  },
  isStatement: 'Bank statement ({{format}}).',
  isReturnFile: 'Boleto return file: {{bank}}.',
  checkColumns:
    'Check the columns below: Quita is not sure which is the date, the amount or the description of this statement.',
  unknownBank: 'bank {{code}}',
  isAcquirer: 'Card sales file: {{acquirer}}.',
  returnFile: {
    generated: 'written by the bank on {{date}}',
    titles: '{{count}} boletos in the file',
    titles_one: '{{count}} boleto in the file',
    paid: '{{count}} paid, {{amount}} in all',
    paid_one: '{{count}} paid, {{amount}}',
    nonePaid: 'none paid (other occurrences only)',
    fees: 'bank fees {{amount}}',
    credits: 'credited to the account on {{from}}',
    creditsRange: 'credited to the account from {{from}} to {{to}}',
    known: '{{count}} of these boletos came in an earlier return file and will not be repeated.',
    known_one: '{{count}} of these boletos came in an earlier return file and will not be repeated.',
    sameFile:
      'This very return file was imported into this account before; importing it again stores nothing.',
    explain:
      "The paid boletos explain the statement's boleto credits of this account in Reconcile. Importing marks nothing as paid in EVO.",
  },
  confirm: {
    returnFile: 'Import the return file ({{count}} paid boletos)',
    returnFile_one: 'Import the return file ({{count}} paid boleto)',
    acquirer: 'Import the sales file ({{count}} sales)',
    acquirer_one: 'Import the sales file ({{count}} sale)',
  },
  done: {
    returnFile: 'Return file imported: {{fresh}}; {{known}}.',
    acquirer: 'Sales file imported: {{fresh}}; {{known}}.',
    nPaid: '{{count}} paid boletos stored',
    nPaid_one: '{{count}} paid boleto stored',
    nSales: '{{count}} sales stored',
    nSales_one: '{{count}} sale stored',
    nKnown: '{{count}} already known',
    nKnown_one: '{{count}} already known',
    again: 'This file had been imported before: nothing was stored again.',
    suggested:
      "This account's statement was matched again with them: {{green}}, {{yellow}} and {{others}} to decide by hand in Reconcile.",
    noStatement:
      'There is no statement of this account for those days yet: once it is imported, its credits will be explained by this file.',
  },
  history: {
    returnFiles: 'Imported return files',
    acquirerFiles: 'Imported card sales files',
    bank: 'Bank',
    acquirer: 'Card company',
    paid: 'Paid',
    sales: 'Sales',
    credits: 'Credits',
    amount: 'Amount',
    net: 'Net',
  },
};
