/** The card companies' names as the clerk knows them, by Quita's acquirer key (core/import/acquirer/types.ts). */
const ACQUIRER_NAMES: Readonly<Record<string, string>> = {
  cielo: 'Cielo',
  rede: 'Rede',
  stone: 'Stone',
  getnet: 'Getnet',
  pagseguro: 'PagBank',
};

/** “Cielo”, “PagBank”…; an unknown key capitalised. */
export function acquirerName(key: string): string {
  return ACQUIRER_NAMES[key] ?? key.charAt(0).toUpperCase() + key.slice(1);
}
