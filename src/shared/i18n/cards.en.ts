import type { cardsPtBR } from './cards.pt-BR';

/** English texts of card deposits ([J]); keys as in cards.pt-BR.ts. */
export const cardsEn: typeof cardsPtBR = {
  sales: {
    caption: 'Sales of this card deposit ({{count}})',
    caption_one: 'Sale of this card deposit ({{count}})',
    member: 'Member',
    saleDate: 'Sale',
    card: 'Card',
    gross: 'Gross',
    fee: 'Fee',
    net: 'Net',
    total: 'Total',
    noName: 'no name',
    installment: 'installment {{installment}}',
    feeSummary: 'Acquirer fee: {{amount}} ({{percent}} of the gross)',
  },
  products: {
    debit: 'Debit',
    credit: 'Credit',
    anticipated: 'Credit paid early',
  },
  fees: {
    title: 'Learned card fees',
    explain:
      'The fee each acquirer charges, learned from the card deposits you approved. Quita uses it to check the next deposits.',
    none: 'No fee learned yet: approve a few card deposits in Reconcile.',
    acquirer: 'Acquirer',
    flag: 'Brand',
    product: 'Product',
    percent: 'Fee',
    samples: 'Deposits',
    updated: 'Updated',
    allFlags: 'all',
    samplesCount: '{{count}} deposits',
    samplesCount_one: '{{count}} deposit',
  },
};
