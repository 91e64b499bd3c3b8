/**
 * Short names of the banks and wallets Brazilian gyms' accounts are at, and of the banks and cooperatives that
 * issue boletos (their return files name them by code), by FEBRABAN (COMPE) code.
 */
export const BANK_NAMES: Readonly<Record<number, string>> = {
  1: 'Banco do Brasil',
  3: 'Banco da Amazônia',
  4: 'Banco do Nordeste',
  21: 'Banestes',
  33: 'Santander',
  37: 'Banpará',
  41: 'Banrisul',
  47: 'Banese',
  70: 'BRB',
  77: 'Inter',
  84: 'Uniprime',
  85: 'Ailos',
  97: 'CrediSIS',
  104: 'Caixa',
  133: 'Cresol',
  136: 'Unicred',
  197: 'Stone',
  208: 'BTG Pactual',
  212: 'Original',
  224: 'Fibra',
  237: 'Bradesco',
  246: 'ABC Brasil',
  260: 'Nubank',
  290: 'PagBank',
  323: 'Mercado Pago',
  336: 'C6 Bank',
  341: 'Itaú',
  364: 'Efí',
  389: 'Mercantil do Brasil',
  399: 'HSBC',
  403: 'Cora',
  422: 'Safra',
  435: 'Delbank',
  630: 'Smartbank',
  633: 'Rendimento',
  643: 'Pine',
  655: 'Votorantim',
  707: 'Daycoval',
  712: 'Ourinvest',
  748: 'Sicredi',
  756: 'Sicoob',
};

/** “Itaú (341)”: the bank's name and its three-digit code; the code alone when the name is not known. */
export function bankLabel(code: string | number): string {
  const n = Number(code);
  const padded = String(code).padStart(3, '0');
  const name = Number.isInteger(n) ? BANK_NAMES[n] : undefined;
  return name ? `${name} (${padded})` : padded;
}
