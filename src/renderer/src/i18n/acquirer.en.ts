/** English texts of acquirer settlement files ([J]); keys as in acquirer.pt-BR.ts. */
export const acquirerEn = {
  errors: {
    summary_total:
      'Line {{line}}: this {{acquirer}} file ({{layout}}) states a total of {{declared}} where its records add up to {{found}} (a record missing, repeated or damaged); nothing was imported, download the file again.',
    control_character:
      'Line {{line}}: this {{acquirer}} file ({{layout}}) holds a control character ({{byte}}) at position {{position}}, so it is damaged; nothing was imported, download it again.',
    line_length:
      'Line {{line}}: the record has {{length}} characters instead of {{expected}} in this {{acquirer}} file ({{layout}}) (its fields would be shifted); nothing was imported, download the file again.',
    record_count:
      'Line {{line}}: the trailer counts {{declared}} records and this {{acquirer}} file ({{layout}}) holds {{found}}; nothing was imported, download the file again.',
    unsupported:
      'This {{acquirer}} file is not a sales or payments file Quita reads (Cielo EDI v15, Rede EEVC/EEVD/EEFI, Stone XML 2.2); download it again from the acquirer.',
    unsupported_version:
      'This {{acquirer}} file is in layout version “{{value}}”, which Quita does not read (Cielo: version 015; Stone: 2.2); ask the acquirer for the file in that version.',
    unsupported_option:
      'This {{acquirer}} file is of kind “{{value}}” (open balance, negotiation or Pix), not sales (03) or payments (04); download the sales or the payments file.',
    bad_line:
      'Line {{line}} of this {{acquirer}} file ({{layout}}) cannot be read ({{reason}}), so nothing was imported; download the file again.',
    truncated:
      'This {{acquirer}} file ({{layout}}) is incomplete ({{detail}}), so nothing was imported; download it again.',
    unsafe_xml:
      'This XML file declares a DOCTYPE or entities, which a Stone conciliation file never does, so it was not read; download the file from Stone again.',
  },
  notices: {
    already_imported:
      'This file was already imported on {{date}} (as “{{fileName}}”); importing it again stores nothing.',
    unknown_brand:
      "Brand codes {{codes}} are not in Quita's table; those sales are matched without their brand.",
    rede_brand_codes:
      "Rede's brand codes ({{codes}}) are not translated (their table was not in the layouts used); this file's sales are matched by NSU, authorization, amount and date, not by brand.",
    detail_without_batch:
      '{{count}} sales name a payment (UR) that is not in this file; their launch date was taken as the payment date.',
    installments_not_detailed:
      '{{count}} summaries of installment sales do not list their installments (record 014); each was taken as one credit on its first credit date.',
    adjustment_unlinked:
      '{{count}} adjustments or debits could not be tied to one credit of their day; they are listed, not used to explain a credit.',
    total_mismatch:
      "The credit totals of {{dates}} (record 037) differ from the sum of that day's credits; check the file with Rede.",
    count_mismatch:
      "The file's trailer counts {{declared}} captured transactions and Quita read {{read}}; check the file with Stone.",
    chargebacks:
      '{{count}} installments carry a chargeback; they are listed with the payment that discounts them.',
    rows_skipped: '{{count}} records of this file are not sales or payments and were left out.',
    eevd_amounts_assumed:
      "This EEVD writes its amounts without a decimal separator; Quita reads the last two digits as cents (the layout it was built from does not say): check one sale's amount against Rede's portal.",
    eefi_no_trailer:
      "Quita does not know the EEFI's closing record, so it cannot tell a file cut short from a whole one: check that the day's credit totals (record 037) are all there.",
    other_bank:
      "This file's payments go to bank {{banks}}, and the account chosen is of bank {{accountBank}}: check the account.",
  },
  summary: {
    title: '{{acquirer}} file · {{layout}} · {{kind}}',
    format: 'acquirer file (card sales and payments)',
    merchant: 'Merchant {{merchant}}',
    fileDate: 'written on {{date}}',
    sales: '{{count}} sales',
    sales_one: '{{count}} sale',
    others: '{{count}} other rows (cancellations, chargebacks, rent, adjustments)',
    others_one: '{{count}} other row (cancellation, chargeback, rent, adjustment)',
    money: 'Gross {{gross}} · fee {{fee}} ({{percent}}) · net {{net}}',
    payments: '{{count}} payments from {{from}} to {{to}}, {{total}}',
    payments_one: '{{count}} payment on {{from}}, {{total}}',
    paymentsOn: '{{count}} payments on {{from}}, {{total}}',
    settled: '{{count}} already paid',
    forecast: 'forecast (sales file): not paid yet',
    known: '{{count}} rows already came in another file and will not be repeated.',
    sameFile: 'This very file was already imported into this account.',
    explain: "The statement's card credits of the period will be matched with these sales.",
  },
  layouts: {
    'cielo-edi-15': 'EDI v15',
    'rede-eevc': 'EEVC (credit)',
    'rede-eevd': 'EEVD (debit)',
    'rede-eefi': 'EEFI (financial)',
    'stone-xml-2_2': 'XML 2.2',
  },
};
