/** English texts of CNAB return files ([K]); keys as in cnab.pt-BR.ts. */
export const cnabEn = {
  errors: {
    control_character:
      'Line {{line}}: this CNAB {{layout}} return file (bank {{bankCode}}) holds a control character ({{byte}}) at position {{position}}, so it is damaged; nothing was imported, download it from the bank again.',
    line_length:
      'Line {{line}}: the record has {{length}} characters instead of {{expected}} in this CNAB {{layout}} return file (bank {{bankCode}}) (its fields would be shifted); nothing was imported, download the file from the bank again.',
    sequence:
      'Line {{line}}: the record’s sequence number is “{{found}}” where {{expected}} was expected in this CNAB {{layout}} return file (bank {{bankCode}}) (a record missing, repeated or damaged); nothing was imported, download the file again.',
    record_count:
      'Line {{line}}: the trailer counts {{declared}} records and this CNAB {{layout}} return file (bank {{bankCode}}) holds {{found}}; nothing was imported, download the file from the bank again.',
    batch_count:
      'Line {{line}}: the trailer counts {{declared}} batches and this CNAB {{layout}} return file (bank {{bankCode}}) holds {{found}}; nothing was imported, download the file from the bank again.',
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
    already_imported:
      'This return file was already imported on {{date}} (as “{{fileName}}”); importing it again stores nothing.',
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
