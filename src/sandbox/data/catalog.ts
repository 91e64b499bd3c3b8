/** Fixed reference tables of the sandbox: codes from evo-api.md, names in pt-BR (and en for `culture: en-*`). */

export const STATUS = { open: 1, received: 2, cancelled: 3, overdue: 4 } as const;
export type StatusId = (typeof STATUS)[keyof typeof STATUS];

export const STATUS_NAMES: Record<number, { pt: string; en: string }> = {
  1: { pt: 'Em aberto', en: 'Opened' },
  2: { pt: 'Recebido', en: 'Received' },
  3: { pt: 'Cancelado', en: 'Canceled' },
  4: { pt: 'Vencido', en: 'Overdue' },
};

export const PAYMENT_TYPE_NAMES: Record<number, { pt: string; en: string }> = {
  0: { pt: 'Saldo devedor', en: 'Balance due' },
  1: { pt: 'Dinheiro', en: 'Money' },
  2: { pt: 'Cartão de crédito', en: 'Credit card' },
  3: { pt: 'Cartão de débito', en: 'Debit card' },
  4: { pt: 'Cheque', en: 'Check' },
  5: { pt: 'Boleto', en: 'Boleto' },
  6: { pt: 'PagSeguro', en: 'PagSeguro' },
  7: { pt: 'Depósito', en: 'Deposit' },
  8: { pt: 'Débito em conta', en: 'Account debit' },
  9: { pt: 'Internet', en: 'Internet' },
  11: { pt: 'Créditos de venda', en: 'Sale credits' },
  12: { pt: 'Cartão de crédito online', en: 'Online credit card' },
  13: { pt: 'Transferência', en: 'Transfer' },
  18: { pt: 'Pix', en: 'Pix' },
};

/** The payment types the generator uses, with the share of members preferring each. */
export const MEMBER_PAYMENT_TYPES: readonly (readonly [number, number])[] = [
  [18, 32],
  [5, 20],
  [2, 24],
  [3, 8],
  [1, 6],
  [13, 5],
  [7, 5],
];

export interface Plan {
  name: string;
  monthlyCents: number;
  /** Annual plans are sold once on a credit card in 12 installments. */
  annual: boolean;
  weight: number;
}

export const PLANS: readonly Plan[] = [
  { name: 'Plano Mensal', monthlyCents: 9990, annual: false, weight: 30 },
  { name: 'Plano Smart', monthlyCents: 8990, annual: false, weight: 20 },
  { name: 'Plano Black', monthlyCents: 12990, annual: false, weight: 18 },
  { name: 'Plano Premium', monthlyCents: 14990, annual: false, weight: 10 },
  { name: 'Plano Estudante', monthlyCents: 7990, annual: false, weight: 8 },
  { name: 'Plano Anual', monthlyCents: 8990, annual: true, weight: 9 },
  { name: 'Plano Anual Black', monthlyCents: 10990, annual: true, weight: 5 },
];

export const EXTRA_CHARGES: readonly { description: string; cents: number }[] = [
  { description: 'Taxa de matrícula', cents: 5000 },
  { description: 'Avaliação física', cents: 6000 },
  { description: 'Personal trainer - pacote 4 aulas', cents: 32000 },
  { description: 'Garrafa squeeze', cents: 3500 },
];

export interface BankInfo {
  code: number;
  name: string;
  /** ISPB, the 8 digits inside a Pix end-to-end id. */
  ispb: string;
}

export const BANKS: readonly BankInfo[] = [
  { code: 341, name: 'Itaú', ispb: '60701190' },
  { code: 237, name: 'Bradesco', ispb: '60746948' },
  { code: 1, name: 'Banco do Brasil', ispb: '00000000' },
  { code: 104, name: 'Caixa', ispb: '00360305' },
  { code: 260, name: 'Nubank', ispb: '18236120' },
  { code: 77, name: 'Inter', ispb: '00416968' },
  { code: 33, name: 'Santander', ispb: '90400888' },
  { code: 336, name: 'C6 Bank', ispb: '31872495' },
];

export const ACQUIRERS = ['Cielo', 'Rede', 'Stone', 'GetNet'] as const;
export const CARD_FLAGS: readonly (readonly [string, number])[] = [
  ['Visa', 40],
  ['Mastercard', 38],
  ['Elo', 14],
  ['Hipercard', 4],
  ['American Express', 4],
];

/** MDR in basis points by product; acquirers differ a little so equal sales net to different deposits. */
export function mdrBasisPoints(
  acquirer: string,
  flag: string,
  credit: boolean,
  installments: number,
): number {
  const base = credit ? (installments > 1 ? 389 : 299) : 149;
  const acq = { Cielo: 20, Rede: 0, Stone: -15, GetNet: 10 }[acquirer] ?? 0;
  const brand = flag === 'American Express' ? 80 : flag === 'Elo' || flag === 'Hipercard' ? 35 : 0;
  return base + acq + brand;
}

export const MEMBER_STATUS = { active: 1, inactive: 2, freeze: 3 } as const;
export const MEMBER_STATUS_NAMES: Record<number, string> = { 1: 'Active', 2: 'Inactive', 3: 'Freeze' };

export const BRANCH = { id: 1, name: 'Academia Quita Fit - Unidade Centro' } as const;
/** The employee id the integration user acts as (notifications' idFuncionario). */
export const INTEGRATION_EMPLOYEE_ID = 1;
export const COUNTRY_ID_BRAZIL = 1;
