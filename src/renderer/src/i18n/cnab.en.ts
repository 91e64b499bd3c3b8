/** English texts of CNAB return files ([K]); keys as in cnab.pt-BR.ts. */
export const cnabEn = {
  errors: {
    not_cnab:
      'This file is not a CNAB return file: its first line is neither a CNAB 240 nor a CNAB 400 header.',
    remessa:
      'This is a remessa file (bank {{bankCode}}, CNAB {{layout}}), which the gym sends to the bank; import the return file the bank sends back instead.',
    unsupported_bank:
      'This CNAB {{layout}} return file is from bank {{bankCode}}, whose CNAB {{layout}} layout Quita cannot read yet.',
    unsupported_layout:
      'This CNAB {{layout}} file from bank {{bankCode}} is not a boleto collection return Quita can read ({{detail}}).',
    bad_line:
      'Line {{line}} of this CNAB {{layout}} return file from bank {{bankCode}} cannot be read ({{reason}}), so nothing was imported; download the file from the bank again.',
    truncated:
      'This CNAB {{layout}} return file from bank {{bankCode}} ends before its closing record, so it is incomplete; download it from the bank again.',
  },
  notices: {
    other_occurrences:
      '{{count}} titles of this return file are not settlements ({{list}}): they are listed, not reconciled.',
    other_bank:
      'This return file is from bank {{bankCode}} and the account chosen is of bank {{accountBank}}: check the account.',
  },
  titles: {
    caption: 'Boletos of the return file ({{count}})',
    payer: 'Payer',
    nossoNumero: 'Nosso número',
    due: 'Due',
    paid: 'Paid on',
    face: 'Face value',
    amountPaid: 'Paid',
    fee: 'Fee',
    difference: 'Difference',
    noPayer: 'payer not given by the bank',
    noReceivable: 'no receivable',
    over: 'overpaid',
    under: 'underpaid',
    charges: 'fine and interest {{amount}}',
    total: 'Total',
  },
};
