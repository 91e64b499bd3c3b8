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
    unknown_header:
      'This file has fixed-width records of {{length}} positions, like a return or remessa file, but its first line is not a header Quita knows; download the collection return file from the bank again.',
    remessa:
      'This is a remessa file (bank {{bankCode}}, CNAB {{layout}}), which the gym sends to the bank; import the return file the bank sends back instead.',
    unsupported_bank:
      'This return file (CNAB {{layout}}) is from {{bankName}}, whose layout Quita cannot read yet. Ask the bank for the return file in CNAB 240 (the FEBRABAN standard), which Quita reads.',
    unsupported_layout:
      'This CNAB {{layout}} file from bank {{bankCode}} is not a boleto collection return Quita can read ({{detail}}).',
    bad_line:
      'Line {{line}} of this CNAB {{layout}} return file from bank {{bankCode}} cannot be read ({{reason}}), so nothing was imported; download the file from the bank again.',
    truncated:
      'This CNAB {{layout}} return file from bank {{bankCode}} ends before its closing record, so it is incomplete; download it from the bank again.',
    // [S] a CNAB 240 statement (extrato), not a return file.
    statement:
      'This is a bank statement in CNAB {{layout}} from bank {{bankName}}, not a boleto return file; Quita does not read statements in this format yet, import the statement as OFX or a spreadsheet.',
  },
  notices: {
    already_imported:
      'This return file was already imported on {{date}} (as “{{fileName}}”); importing it again stores nothing.',
    other_occurrences:
      '{{count}} boletos of this file were not paid ({{list}}): they are listed, but explain no credit.',
    other_occurrences_one:
      '{{count}} boleto of this file was not paid ({{list}}): it is listed, but explains no credit.',
    other_bank:
      'The bank of this return file, {{bank}}, is not the chosen account’s, {{accountBankName}}: check the account.',
    // [S] what was tolerated while reading a CNAB 240 return (docs/cnab-240.md).
    header_date:
      'The date in the return file’s header (“{{value}}”) is not a date; the file was read without it.',
    skipped_segments:
      '{{count}} records of this return file are not boletos (segments {{segments}}, lines {{lines}}) and were left out.',
    skipped_segments_one:
      'Line {{lines}} of this return file is not a boleto (segment {{segments}}) and was left out.',
    no_file_trailer:
      'This return file has no closing record; the batch total matches its records, so it was read.',
    no_trailers:
      'This return file has no total records, so Quita cannot confirm it is complete; compare its total with the bank.',
    assumed_layout:
      'Bank {{bankCode}} is not among the banks Quita knows; the file was read at FEBRABAN’s standard positions, every boleto checked. Compare the totals with the bank.',
    // [S] what was tolerated while reading a CNAB 400 return (docs/cnab-400.md); header_date is shared with 240.
    header_name:
      'The company name in the return file’s header holds characters that cannot be read; it is not used, and the file was read.',
    extra_records:
      '{{count}} records of this return file are not boletos (record type {{types}}, lines {{lines}}) and were left out.',
    extra_records_one:
      'Line {{lines}} of this return file is not a boleto (record type {{types}}) and was left out.',
    wide_records:
      '{{count}} records of this return file are {{length}} characters wide instead of 400 (lines {{lines}}); the extra characters are blanks at the end of the line and were left out.',
    // [S] what real CNAB 240 files do, tolerated (docs/cnab-240.md, “Real files”).
    header_shape:
      'The file header (line 1) has {{length}} characters and its fields are not at the layout’s positions; Quita reads only the bank code from it, so its date was left out and the file was read.',
    batch_header_shape:
      'The batch header (line {{lines}}) has {{length}} characters instead of 240; Quita reads only its first 11 positions (batch, operation, service), which are in place, so the file was read.',
    no_batch_header:
      'This return file has no batch header before line {{line}}; its total records count that record, so it is the only one missing, and Quita reads nothing from it. The boletos were read.',
    no_credit_date:
      'The bank did not give the credit date of {{count}} paid boletos (lines {{lines}}); the payment date is used.',
    no_credit_date_one:
      'The bank did not give the credit date of {{count}} paid boleto (line {{lines}}); the payment date is used.',
    no_titles: 'This return file holds no boleto: the bank had nothing to report in it.',
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
