/** English texts of CNAB return files ([K]); keys as in cnab.pt-BR.ts. */
export const cnabEn = {
  errors: {
    control_character:
      'Line {{line}}: this return file from bank {{bankShort}} is damaged (a stray character in the middle of the line); nothing was imported, download the file from the bank again.',
    line_length:
      'Line {{line}}: the line is cut short or has extra characters ({{length}} instead of {{expected}}), so this return file from bank {{bankShort}} cannot be read safely; nothing was imported, download the file from the bank again.',
    sequence:
      'Line {{line}}: a line is missing before this one, or it is repeated or out of order, in this return file from bank {{bankShort}}; nothing was imported, download the file from the bank again.',
    record_count:
      'Line {{line}}: the bank says this return file has {{declared}} lines, but it has {{found}} (some are missing or repeated); nothing was imported, download the file from bank {{bankShort}} again.',
    batch_count:
      'Line {{line}}: the bank says this return file has {{declared}} groups of boletos, but it has {{found}} (some are missing or repeated); nothing was imported, download the file from bank {{bankShort}} again.',
    not_cnab: 'This file is not a boleto return file: its first line is not that of any bank’s return file.',
    unknown_header:
      'This file seems to come from a bank (every line {{length}} characters long, like a return file), but Quita does not recognise its first line; download the collection return file from the bank again.',
    remessa:
      'This is a remessa file of bank {{bankShort}}: what the gym sends to the bank to register its boletos; import the return file the bank sends back instead.',
    unsupported_bank:
      'This return file is from bank {{bankShort}}, in a format Quita cannot read yet. Ask the bank for the return file in FEBRABAN’s “CNAB 240” standard, which Quita reads.',
    unsupported_layout:
      'This file from bank {{bankShort}} is not a boleto return file Quita can read (it belongs to another of the bank’s services, such as payments, or another kind of collection); ask the bank for the collection return file.',
    bad_line:
      'Line {{line}} of this return file from bank {{bankShort}} is damaged and cannot be read, so nothing was imported; download the file from the bank again.',
    truncated:
      'This return file from bank {{bankShort}} ends too early (its last line, with the totals, is missing), so it is incomplete; download it from the bank again.',
    // [S] a CNAB 240 statement (extrato), not a return file.
    statement:
      'This is a bank statement from bank {{bankShort}}, not a boleto return file; Quita does not read statements in this format yet, import the statement as OFX or a spreadsheet.',
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
      'The date the bank wrote this return file (“{{value}}”) is not a valid date; the file was read without it.',
    skipped_segments:
      '{{count}} lines of this return file carry other information from the bank, not boletos (lines {{lines}}), and were left out.',
    skipped_segments_one:
      'Line {{lines}} of this return file carries other information from the bank, not a boleto, and was left out.',
    no_file_trailer:
      'The last line of this return file, with the grand total, is missing; the total of boletos the bank gave matches them, so the file was read.',
    no_trailers:
      'This return file carries no totals from the bank, so Quita cannot confirm it is complete; compare its total with the bank.',
    assumed_layout:
      'Bank {{bankShort}} is not among the banks Quita knows; the file was read in the banks’ common standard, every boleto checked. Compare the totals with the bank.',
    // [S] what was tolerated while reading a CNAB 400 return (docs/cnab-400.md); header_date is shared with 240.
    header_name:
      'The company name at the start of the return file holds characters that cannot be read; it is not used, and the file was read.',
    extra_records:
      '{{count}} lines of this return file carry other information from the bank, not boletos (lines {{lines}}), and were left out.',
    extra_records_one:
      'Line {{lines}} of this return file carries other information from the bank, not a boleto, and was left out.',
    wide_records:
      '{{count}} lines of this return file end in extra blank spaces (lines {{lines}}); the blanks were ignored.',
    wide_records_one:
      'Line {{lines}} of this return file ends in extra blank spaces; the blanks were ignored.',
    // [S] what real CNAB 240 files do, tolerated (docs/cnab-240.md, “Real files”).
    header_shape:
      'The first line of this return file is out of the standard; Quita read only the bank from it, without the date the file was written, and the boletos were read.',
    batch_header_shape:
      'Line {{lines}}, which opens the list of boletos, is shorter or longer than it should be; what Quita needs from it is in place, so the file was read.',
    no_batch_header:
      'This return file lacks the line that opens the list of boletos (before line {{line}}); the bank’s totals count it, so only that line is missing. The boletos were read.',
    no_credit_date:
      'The bank sent {{count}} paid boletos without the credit date (lines {{lines}}); the payment date is used.',
    no_credit_date_one:
      'The bank sent {{count}} paid boleto without the credit date (line {{lines}}); the payment date is used.',
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
