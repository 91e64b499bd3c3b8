import {
  BB_CBR643,
  BRADESCO_400,
  CAIXA_400,
  ITAU_400,
  SANTANDER_400,
  SICOOB_400,
  SICREDI_400,
  type OccurrenceTable,
} from './occurrences';
import type { DateFormat } from './cnab-records';
import type { CnabVariant } from './types';

/** 1-based inclusive positions [start, end], as the banks' manuals number them. */
export type Span = readonly [number, number];

/**
 * Where each field sits in one bank's CNAB 400 return. Positions and sources: docs/import.md, “CNAB return
 * files”. Common to every bank here: header 1 “0”, 2 operation (“2” retorno, “1” remessa), 3–9 literal,
 * 77–79 bank code; detail 109–110 occurrence, 111–116 occurrence date (DDMMAA), 117–126 seu número, 147–152
 * due date, 153–165 face value, 228–240 abatimento, 241–253 desconto, 254–266 amount paid, 267–279 juros/mora,
 * 280–292 multa or outros créditos; trailer 1 “9”.
 */
export interface Layout400 {
  variant: CnabVariant;
  bankCode: string;
  /** Record type of a title (first character): “1”, or “7” for BB's CBR643. */
  detailType: string;
  /** Record types that are not titles and are skipped (listed), e.g. Itaú's Pix record “3”. */
  skipTypes: Record<string, string>;
  /** Record types that mean another layout of this bank (refused with `cnab.unsupported_layout`). */
  otherLayoutTypes: Record<string, string>;
  headerDate: readonly [number, number, DateFormat];
  nossoNumero: Span;
  fee: Span;
  creditDate: readonly [number, number, DateFormat];
  payerName: Span | null;
  occurrences: OccurrenceTable;
}

const base = { skipTypes: {}, otherLayoutTypes: {}, payerName: null, detailType: '1' } as const;

export const LAYOUTS_400: Record<string, Layout400> = {
  '341': {
    ...base,
    variant: 'itau-400',
    bankCode: '341',
    skipTypes: { '3': 'Itaú Pix record (QR code of the previous title), not a title' },
    headerDate: [95, 100, 'ddmmyy'],
    nossoNumero: [86, 94],
    fee: [176, 188],
    creditDate: [296, 301, 'ddmmyy'],
    payerName: [325, 354],
    occurrences: ITAU_400,
  },
  '237': {
    ...base,
    variant: 'bradesco-400',
    bankCode: '237',
    headerDate: [95, 100, 'ddmmyy'],
    nossoNumero: [71, 82],
    fee: [176, 188],
    creditDate: [296, 301, 'ddmmyy'],
    occurrences: BRADESCO_400,
  },
  '001': {
    ...base,
    variant: 'bb-cbr643',
    bankCode: '001',
    detailType: '7',
    otherLayoutTypes: {
      '1': 'detail records of type 1, a convênio of 4 or 6 digits; only CBR643 (type 7) is read',
    },
    headerDate: [95, 100, 'ddmmyy'],
    nossoNumero: [64, 80],
    fee: [182, 188],
    creditDate: [176, 181, 'ddmmyy'],
    occurrences: BB_CBR643,
  },
  '033': {
    ...base,
    variant: 'santander-400',
    bankCode: '033',
    headerDate: [95, 100, 'ddmmyy'],
    nossoNumero: [63, 70],
    fee: [176, 188],
    creditDate: [296, 301, 'ddmmyy'],
    occurrences: SANTANDER_400,
  },
  '104': {
    ...base,
    variant: 'caixa-400',
    bankCode: '104',
    headerDate: [95, 100, 'ddmmyy'],
    nossoNumero: [57, 73],
    fee: [176, 188],
    creditDate: [294, 299, 'ddmmyy'],
    occurrences: CAIXA_400,
  },
  '756': {
    ...base,
    variant: 'sicoob-400',
    bankCode: '756',
    headerDate: [95, 100, 'ddmmyy'],
    nossoNumero: [63, 73],
    fee: [182, 188],
    creditDate: [176, 181, 'ddmmyy'],
    occurrences: SICOOB_400,
  },
  '748': {
    ...base,
    variant: 'sicredi-400',
    bankCode: '748',
    headerDate: [95, 102, 'yyyymmdd'],
    nossoNumero: [48, 62],
    fee: [176, 188],
    creditDate: [329, 336, 'yyyymmdd'],
    occurrences: SICREDI_400,
  },
};
