/** Plain constants shared by every process; no runtime dependencies, so the renderer can import them cheaply. */
export const LOCALES = ['pt-BR', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const KEY_KINDS = ['branch', 'admin'] as const;
export type KeyKind = (typeof KEY_KINDS)[number];

/** Payment type ids of the integration API (never key logic on their names, which vary by language). */
export const PAYMENT_TYPES = {
  0: 'balance_due',
  1: 'cash',
  2: 'credit_card',
  3: 'debit_card',
  4: 'check',
  5: 'boleto',
  6: 'online_gateway',
  7: 'deposit',
  8: 'account_debit',
  9: 'internet',
  11: 'sale_credits',
  12: 'online_credit_card',
  13: 'transfer',
  18: 'pix',
} as const;

/** The same ids by name (`PAYMENT_TYPE.boleto` is 5), for code that keys logic on a payment type. */
export const PAYMENT_TYPE = Object.fromEntries(
  Object.entries(PAYMENT_TYPES).map(([id, name]) => [name, Number(id)]),
) as { [K in keyof typeof PAYMENT_TYPES as (typeof PAYMENT_TYPES)[K]]: K };

/** Account status ids of the integration API. */
export const ACCOUNT_STATUS = { open: 1, received: 2, cancelled: 3, overdue: 4 } as const;
