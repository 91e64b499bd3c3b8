/**
 * Texts of card deposits ([J]): a deposit as its sales (`cards.sales.*`, components/reconcile/CardSales.tsx)
 * and the fees learned from confirmed deposits (`cards.fees.*`, components/settings/CardFees.tsx).
 */
export const cardsPtBR = {
  sales: {
    caption: 'Vendas deste depósito de cartão ({{count}})',
    caption_one: 'Venda deste depósito de cartão ({{count}})',
    member: 'Sócio',
    saleDate: 'Venda',
    card: 'Cartão',
    gross: 'Bruto',
    fee: 'Taxa',
    net: 'Líquido',
    total: 'Total',
    noName: 'sem nome',
    installment: 'parcela {{installment}}',
    feeSummary: 'Taxa do adquirente: {{amount}} ({{percent}} do bruto)',
  },
  products: {
    debit: 'Débito',
    credit: 'Crédito',
    anticipated: 'Crédito antecipado',
  },
  fees: {
    title: 'Taxas de cartão aprendidas',
    explain:
      'A taxa que cada adquirente cobra, aprendida dos depósitos de cartão que você aprovou. O Quita a usa para conferir os próximos depósitos.',
    none: 'Nenhuma taxa aprendida ainda: aprove alguns depósitos de cartão em Conciliar.',
    acquirer: 'Adquirente',
    flag: 'Bandeira',
    product: 'Produto',
    percent: 'Taxa',
    samples: 'Depósitos',
    updated: 'Atualizada em',
    allFlags: 'todas',
    samplesCount: '{{count}} depósitos',
    samplesCount_one: '{{count}} depósito',
  },
};
