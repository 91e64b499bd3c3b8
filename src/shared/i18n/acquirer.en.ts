/** English texts of acquirer settlement files ([J]); keys as in acquirer.pt-BR.ts. */
export const acquirerEn = {
  errors: {
    summary_total:
      'Line {{line}}: this {{acquirer}} file ($t(acquirerFile.layouts.{{layoutKey}})) says its total is {{declared}}, but its lines add up to {{found}} (a line missing, repeated or damaged); nothing was imported, download the file again from {{acquirer}}.',
    control_character:
      'Line {{line}}: this {{acquirer}} file ($t(acquirerFile.layouts.{{layoutKey}})) is damaged (a stray character in the middle of the line); nothing was imported, download it again from {{acquirer}}.',
    line_length:
      'Line {{line}}: the line is cut short or has extra characters ({{length}} instead of {{expected}}) in this {{acquirer}} file ($t(acquirerFile.layouts.{{layoutKey}})); nothing was imported, download the file again from {{acquirer}}.',
    record_count:
      'Line {{line}}: this {{acquirer}} file ($t(acquirerFile.layouts.{{layoutKey}})) says it has {{declared}} lines, but it has {{found}} (some are missing or repeated); nothing was imported, download the file again from {{acquirer}}.',
    unsupported:
      "This file is not a sales or payments statement of Cielo, Rede, Stone, Getnet or PagBank that Quita reads; on your card company's site, download the electronic statement (EDI) of sales or of payments.",
    unsupported_version:
      'This {{acquirer}} file is in a version of the electronic statement ({{value}}) that Quita does not read (it reads versions {{readable}}); ask {{acquirer}} for the electronic statement (EDI) in one of those versions.',
    unsupported_option:
      "This {{acquirer}} file is neither the sales nor the payments statement (it is option {{value}}); on {{acquirer}}'s site, under Extrato Eletrônico (EDI), download the sales file (03) or the payments file (04).",
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
      "This Stone file is incomplete: the start of the conciliation file is missing; on Stone's portal, download the conciliation file (XML) again.",
    bad_line:
      'Line {{line}} of this {{acquirer}} file ($t(acquirerFile.layouts.{{layoutKey}})) is damaged and cannot be read, so nothing was imported; download the file again from {{acquirer}}.',
    truncated:
      'This {{acquirer}} file ($t(acquirerFile.layouts.{{layoutKey}})) ends too early, it is incomplete, so nothing was imported; download it again from {{acquirer}}.',
    unsafe_xml:
      "This file holds hidden instructions a Stone conciliation file never holds; for safety it was not read. Download the file again from Stone's portal.",
  },
  notices: {
    already_imported:
      'This file was already imported on {{date}} (as “{{fileName}}”); importing it again stores nothing.',
    unknown_brand:
      'Quita does not know the card brand of some sales (the file writes it as {{codes}}); those sales are matched without their brand.',
    rede_brand_codes:
      'This Rede file writes the card brand of its sales in codes Quita does not know ({{codes}}); the sales are matched by NSU, authorization, amount and date, not by brand.',
    detail_without_batch:
      '{{count}} sales name a payment that is not in this file; the launch date the card company gave was taken as the payment date.',
    installments_not_detailed:
      '{{count}} installment sales come without their installments; each was taken as one credit, on the first installment’s date.',
    adjustment_unlinked:
      '{{count}} adjustments or debits could not be tied to one credit of their day; they are listed, not used to explain a credit.',
    total_mismatch:
      "The credit totals Rede gives for {{dates}} differ from the sum of that day's credits; check the file with Rede.",
    count_mismatch:
      'Stone says, at the end of the file, that it holds {{declared}} sales, and Quita read {{read}}; check the file with Stone.',
    chargebacks:
      '{{count}} installments were disputed by the customer (chargeback); they are listed with the payment that discounts them.',
    rows_skipped: '{{count}} lines of this file are not sales or payments and were left out.',
    eevd_amounts_assumed:
      "In this Rede debit sales statement the amounts have no decimal comma; Quita read the last two digits as cents: check one sale's amount on Rede's portal.",
    eefi_no_trailer:
      "Quita cannot tell whether this Rede financial statement came whole or cut short: check that each day's credit totals are all there.",
    fee_apportioned:
      'In this file Cielo gives the fee of each group of sales, not of each sale: the fee of each of {{count}} sales is its group’s, shared in proportion to the amounts.',
    summary_without_sales:
      '{{count}} sales totals come without the sales they add up; each is listed as one row, and its credit is not explained sale by sale.',
    rejected_sales: '{{count}} sales were refused by Cielo (they will not be paid) and were left out.',
    getnet_product_codes:
      'This Getnet file writes the kind of each sale in codes Quita does not know ({{codes}}); the sales are matched by NSU, authorization, amount and date, not by brand.',
    pagbank_installments_at_net:
      "{{count}} installments of installment sales are listed at their net amount: PagBank's file does not give the fee of each installment.",
    other_bank:
      "This file's payments go to {{bankNames}}, which is not the chosen account’s bank, {{accountBankName}}: check the account.",
  },
  summary: {
    title: '{{acquirer}} $t(acquirerFile.kinds.{{kindKey}})',
    kinds: {
      sales: 'sales file',
      payments: 'payments file',
      creditSales: 'credit sales file',
      debitSales: 'debit sales file',
      financial: 'financial statement',
      reconciliation: 'conciliation file',
      statement: 'sales and payments statement',
      other: 'file',
    },
    format: 'card company file (card sales and payments)',
    merchant: 'the gym’s code: {{merchant}}',
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
      acquirer: 'the card company',
    },
    to: {
      Cielo: 'Cielo',
      Rede: 'Rede',
      Stone: 'Stone',
      Getnet: 'Getnet',
      PagBank: 'PagBank',
      acquirer: 'the card company',
    },
  },
  /** The file's layout in words (summary title and refusals: `$t(acquirerFile.layouts.{{layoutKey}})`). */
  layouts: {
    'cielo-edi-13': 'electronic statement, version 13',
    'cielo-edi-14': 'electronic statement, version 14',
    'cielo-edi-15': 'electronic statement, version 15',
    'rede-eevc': 'credit sales statement',
    'rede-eevd': 'debit sales statement',
    'rede-eefi': 'financial statement',
    'stone-xml-2_2': 'conciliation file',
    'getnet-v10': 'electronic statement, version 10',
    'pagseguro-edi-json': 'electronic statement',
  },
};
