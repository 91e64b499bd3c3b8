/**
 * Brand and product codes of each layout → the names the matching engine uses for card flags
 * (core/matching/text.ts normalizeFlag: visa, mastercard, elo, amex, hipercard, diners, ...). A code a table does not
 * know is kept as `code N` and said in a notice, never guessed.
 */
import type { CardProduct } from './types';

/** Cielo EDI v15 “código da bandeira” (records D and E, 3 digits). */
export const CIELO_BRANDS: Record<string, string> = {
  '001': 'visa',
  '002': 'mastercard',
  '003': 'amex',
  '006': 'sorocred',
  '007': 'elo',
  '009': 'diners',
  '011': 'agiplan',
  '015': 'banescard',
  '023': 'cabal',
  '029': 'credsystem',
  '035': 'esplanada',
  '040': 'hipercard',
  '060': 'jcb',
  '064': 'credz',
  '072': 'hipercard',
  '075': 'ourocard',
};

/** Cielo EDI v15 “tipo de liquidação” (records D and E). */
export const CIELO_PRODUCTS: Record<string, CardProduct> = {
  '001': 'debit',
  '002': 'credit',
  '004': 'voucher',
};

/** Stone XML BrandId (Stone's reference table). */
export const STONE_BRANDS: Record<string, string> = {
  '1': 'visa',
  '2': 'mastercard',
  '3': 'amex',
  '4': 'cabal',
  '5': 'unionpay',
  '9': 'hipercard',
  '171': 'elo',
};

/** Stone XML AccountType: 1 debit, 2 credit, 3 prepaid debit, 4 prepaid credit, 5 voucher. */
export const STONE_PRODUCTS: Record<string, CardProduct> = {
  '1': 'debit',
  '2': 'credit',
  '3': 'debit',
  '4': 'credit',
  '5': 'voucher',
};

/** A code looked up in a table; unknown codes come back as `code N` and are collected for one notice. */
export function lookup(
  table: Record<string, string>,
  code: string | null,
  unknown: Set<string>,
): string | null {
  if (code === null) return null;
  const hit = table[code] ?? table[code.replace(/^0+(?=.)/, '')];
  if (hit) return hit;
  unknown.add(code);
  return `code ${code}`;
}

/**
 * Cielo's 250-position layout (manuals 13 and 14), record 1 (RO) 233–235 “código do produto” (Table IV of
 * Cielo's published manual, DeveloperCielo/EDI source/extrato-edi.md) → debit, credit or voucher. Products that
 * are none of these (agro, crediário, saque, pedágio…) and codes not listed are left without a product (null).
 */
export const CIELO_250_PRODUCTS: Record<string, CardProduct> = {
  // Credit, à vista and “parcelado loja”.
  ...Object.fromEntries(
    [
      '001',
      '002',
      '003',
      '004',
      '005',
      '006',
      '007',
      '008',
      '010',
      '012',
      '019',
      '020',
      '021',
      '033',
      '038',
      '039',
      '040',
      '043',
      '061',
      '062',
      '070',
      '072',
      '080',
      '096',
      '098',
      '380',
    ].map((c) => [c, 'credit' as const]),
  ),
  // Debit: Maestro, Visa Electron, Elo débito, Banescard débito, Cabal débito.
  ...Object.fromEntries(['011', '041', '071', '094', '097'].map((c) => [c, 'debit' as const])),
  // Meal, food and other benefit cards (Alelo, Visa Vale).
  ...Object.fromEntries(
    ['037', '045', '046', '059', '065', '066', '069'].map((c) => [c, 'voucher' as const]),
  ),
};
