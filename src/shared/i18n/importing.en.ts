import type { importingPtBR } from './importing.pt-BR';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** English texts of Importar's [P] additions (importing.pt-BR.ts is the source). */
export const importingEn: Widen<typeof importingPtBR> = {
  errors: {
    statement_sent:
      'Statement {{fileName}} cannot be removed: {{count}} of its receivables were already queued or sent to EVO as paid. What was (or may have been) sent must stay explained.',
    statement_sent_one:
      'Statement {{fileName}} cannot be removed: {{count}} of its receivables was already queued or sent to EVO as paid. What was (or may have been) sent must stay explained.',
    statement_not_found:
      'This statement is no longer there (it may have been removed already). The list was refreshed.',
  },
  linesShown: 'Showing {{shown}} of {{count}} lines of the file.',
  linesShown_one: 'Showing {{shown}} of {{count}} line of the file.',
  chooseColumns: 'Choose the columns by hand',
  chooseColumnsHint:
    'Say which column is the date, which is the amount (or credit and debit) and which is the description; the preview updates with each choice.',
  prefsLost: 'The account used last time could not be remembered: check the account chosen.',
  adjustBelow: 'Adjust the columns just below.',
  sentKept_one: '{{count}} receivable sent to EVO: kept',
  sentKept: '{{count}} receivables sent to EVO: kept',
  remove: 'Remove…',
  removeLabel: 'Remove statement {{file}}',
  removeAsk:
    'Remove statement {{file}} ({{period}}, {{credits}})? Its lines and their suggestions and approvals not yet sent are discarded; nothing was sent to EVO. The removal is recorded in the audit log.',
  nCredits: '{{count}} credits',
  nCredits_one: '{{count}} credit',
  removeYes: 'Yes, remove',
  removeNo: 'Cancel',
  removed: 'Statement {{file}} removed: {{lines}} and {{approved}} discarded.',
  nLines: '{{count}} lines',
  nLines_one: '{{count}} line',
  nApproved: '{{count}} approvals',
  nApproved_one: '{{count}} approval',
  overlapping:
    'Statements {{files}} covered some of the same days and relied on lines only this one held: import those files again to bring them back (only what is missing goes in).',
  rejects: {
    no_date: 'the line has no date',
    no_amount: 'the line has no amount',
    incomplete: 'the entry is incomplete (the file ends in the middle of it)',
    foreign_currency: 'the amount is in {{currency}}, not in reais',
    bad_date: {
      implausible: '“{{value}}” does not look like a statement date (its year is out of the ordinary)',
      not_calendar: '“{{value}}” is not a date on the calendar',
      not_date: '“{{value}}” is not a date',
      no_result:
        'the date is a formula without a saved result (open the file in Excel, save it and import again)',
    },
    bad_amount: {
      too_large: 'the amount is too large',
      decimals: 'the amount has more than two decimal places',
      not_amount: '“{{value}}” is not an amount',
      not_number: 'the amount is not a number',
      no_result:
        'the amount is a formula without a saved result (open the file in Excel, save it and import again)',
      credit_and_debit: 'the line has both a credit and a debit',
    },
    other: 'the line could not be read',
  },
  problems: {
    cut: 'the description was cut to {{count}} characters',
    rounded: 'the amount had a fraction of a cent and was rounded',
  },
  col: { actions: 'Actions' },
  notices: {
    same_credit_ambiguous:
      '{{count}} credits in the file have the same day and amount as more than one Pix already read from the bank, and there is no telling which is which: all were kept. Check Conciliar for doubles.',
    same_credit_ambiguous_one:
      '{{count}} credit in the file has the same day and amount as more than one Pix already read from the bank, and there is no telling which it is: all were kept. Check Conciliar for doubles.',
  },
};
