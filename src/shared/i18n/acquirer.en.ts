/** English texts of acquirer settlement files ([J]); keys as in acquirer.pt-BR.ts. */
export const acquirerEn = {
  errors: {
    summary_total:
      'Line {{line}}: this {{acquirer}} file ($t(acquirerFile.layouts.{{layoutKey}})) states a total of {{declared}} where its records add up to {{found}} (a record missing, repeated or damaged); nothing was imported, download the file again from {{acquirer}}.',
    control_character:
      'Line {{line}}: this {{acquirer}} file ($t(acquirerFile.layouts.{{layoutKey}})) holds a control character ({{byte}}) at position {{position}}, so it is damaged; nothing was imported, download it again from {{acquirer}}.',
    line_length:
      'Line {{line}}: the record has {{length}} characters instead of {{expected}} in this {{acquirer}} file ($t(acquirerFile.layouts.{{layoutKey}})) (its fields would be shifted); nothing was imported, download the file again from {{acquirer}}.',
    record_count:
      'Line {{line}}: the trailer counts {{declared}} records and this {{acquirer}} file ($t(acquirerFile.layouts.{{layoutKey}})) holds {{found}}; records are missing or repeated, nothing was imported: download the file again from {{acquirer}}.',
    unsupported:
      "This file is not a sales or payments statement of Cielo, Rede, Stone, Getnet or PagBank that Quita reads; on your acquirer's site, download the electronic statement (EDI) of sales or of payments.",
    unsupported_version:
      'This {{acquirer}} file is written in version {{value}} of its electronic statement layout (the format of the file), which Quita does not read (versions it reads: {{readable}}); ask {{acquirer}} for the electronic statement (EDI) in a version Quita reads.',
    unsupported_option:
      "This {{acquirer}} file is a statement of option {{value}}, neither sales nor payments; on {{acquirer}}'s site, under Extrato Eletrônico (EDI), download the sales file (03) or the payments file (04).",
    cielo_open_balance:
      "This Cielo file is the open balance statement (option {{value}}), which holds no sales; on Cielo's site, under Extrato Eletrônico (EDI), download the sales file (03) or the payments file (04).",
    cielo_negotiation:
      "This Cielo file is the receivables negotiation statement (option {{value}}), which holds no sales; on Cielo's site, under Extrato Eletrônico (EDI), download the sales file (03) or the payments file (04).",
    cielo_pix:
      "This Cielo file is the Pix statement (option {{value}}), which holds no card sales; on Cielo's site, under Extrato Eletrônico (EDI), download the sales file (03) or the payments file (04).",
    cielo_anticipation:
      "This Cielo file is the anticipation or assignment statement (option {{value}}), which holds no sales; on Cielo's site, under Extrato Eletrônico (EDI), download the sales file (03) or the payments file (04).",
    cielo_pending:
      "This Cielo file is the pending installments statement (option {{value}}), sent once when the service starts; on Cielo's site, under Extrato Eletrônico (EDI), download the sales file (03) or the payments file (04).",
    stone_no_header:
      "This Stone XML file has no conciliation header, so it is not a whole conciliation file; on Stone's portal, download the conciliation file (XML) again.",
    bad_line:
      'Line {{line}} of this {{acquirer}} file ($t(acquirerFile.layouts.{{layoutKey}})) cannot be read ({{reason}}), so nothing was imported; download the file again from {{acquirer}}.',
    truncated:
      'This {{acquirer}} file ($t(acquirerFile.layouts.{{layoutKey}})) is incomplete ({{detail}}), so nothing was imported; download it again from {{acquirer}}.',
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
    fee_apportioned:
      "In this layout Cielo gives the commission per sales summary (RO), not per sale: the fee of each of {{count}} sales is its RO's commission shared in proportion to the amounts.",
    summary_without_sales:
      '{{count}} sales summaries come without their sales in this file; each is listed as one row, and its credit is not explained sale by sale.',
    rejected_sales: '{{count}} sales were rejected by Cielo (they will not be paid) and were left out.',
    getnet_product_codes:
      "Getnet's product codes ({{codes}}) are not translated (their table was not in the source used); this file's sales are matched by NSU, authorization, amount and date, not by brand.",
    pagbank_installments_at_net:
      "{{count}} installments of installment sales are listed at their net amount: PagBank's file does not give the fee of each installment.",
    other_bank:
      "This file's payments go to {{bankNames}}, which is not the chosen account’s bank ({{accountBankName}}): check the account.",
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
    /** The acquirer with its article in pt-BR (`of`, `to`); in English the name alone. */
    of: {
      Cielo: 'Cielo',
      Rede: 'Rede',
      Stone: 'Stone',
      Getnet: 'Getnet',
      PagBank: 'PagBank',
      acquirer: 'the acquirer',
    },
    to: {
      Cielo: 'Cielo',
      Rede: 'Rede',
      Stone: 'Stone',
      Getnet: 'Getnet',
      PagBank: 'PagBank',
      acquirer: 'the acquirer',
    },
  },
  /** The file's layout in words (summary title and refusals: `$t(acquirerFile.layouts.{{layoutKey}})`). */
  layouts: {
    'cielo-edi-13': 'electronic statement (EDI), layout version 13',
    'cielo-edi-14': 'electronic statement (EDI), layout version 14',
    'cielo-edi-15': 'electronic statement (EDI), layout version 15',
    'rede-eevc': 'credit sales statement (EEVC)',
    'rede-eevd': 'debit sales statement (EEVD)',
    'rede-eefi': 'financial statement (EEFI)',
    'stone-xml-2_2': 'conciliation file XML 2.2',
    'getnet-v10': 'electronic statement, layout version 10',
    'pagseguro-edi-json': 'EDI statement in JSON',
  },
};
