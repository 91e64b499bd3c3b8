/**
 * Where each bank writes the fields of its CNAB 240 collection return (segments T and U). Most banks follow
 * FEBRABAN's “Layout padrão CNAB 240” (v08.x); Itaú (341) and Santander (033) move fields of segment T, so
 * they have their own spans. Positions are 1-based and inclusive, as the manuals number them. Every bank, its
 * source and whether its positions are documented or assumed: docs/cnab-240.md.
 */
import type { FixedSpans } from './line-shape';
import { FEBRABAN_240, ITAU_240, type OccurrenceTable } from './occurrences';
import type { CnabVariant } from './types';

type Span = readonly [number, number];

/** Segment T: where the title's identity and its face value and fee are. Segment U is FEBRABAN's for all. */
export interface SegmentT240 {
  nossoNumero: Span;
  seuNumero: Span;
  dueDate: Span;
  faceValue: Span;
  payerKind: number;
  payerDocument: Span;
  payerName: Span;
  fee: Span;
  /** Spans that the bank leaves empty (blanks or zeros): a number there means the file has another layout. */
  empty: readonly Span[];
  /** Fixed fields (numbers, dates, codes) a stripped line cannot end inside (line-shape.ts). */
  fixed: FixedSpans;
  /**
   * The fee may be written as zeros then blanks (BTG: “0000000000000  ”), read as no fee; any other digits in
   * that shape are refused, since where its decimals are cannot be known.
   */
  feeZerosThenBlanks?: boolean;
}

export interface Layout240 {
  /** FEBRABAN code; the bank's name for messages is `bankLabel` (src/shared/banks.ts). */
  bankCode: string;
  variant: Extract<CnabVariant, 'febraban-240' | 'itau-240' | 'santander-240'>;
  /**
   * `documented`: a published reader or manual gives these positions for this bank; `assumed`: the bank is read
   * with FEBRABAN's positions because nothing published says it differs (docs/cnab-240.md names the source).
   */
  basis: 'documented' | 'assumed';
  t: SegmentT240;
  occurrences: OccurrenceTable;
  /**
   * `not-records`: the bank's trailers write at 18–23 / 24–29 something smaller than the records (BTG: 1 in a
   * batch of 6 and a file of 8). A count smaller than the records cannot hide a lost record, so it is read as no
   * count (notice `cnab.no_trailers`); a count larger than the records is still refused. Default: FEBRABAN's.
   */
  trailerCounts?: 'not-records';
}

/** FEBRABAN 240 v08.x segment T (return). */
export const FEBRABAN_T: SegmentT240 = {
  nossoNumero: [38, 57],
  seuNumero: [59, 73],
  dueDate: [74, 81],
  faceValue: [82, 96],
  payerKind: 133,
  payerDocument: [134, 148],
  payerName: [149, 188],
  fee: [199, 213],
  empty: [],
  fixed: [
    [74, 81],
    [82, 96],
    [97, 99],
    [100, 104],
    [131, 132],
    [134, 148],
    [189, 198],
    [199, 213],
    [214, 215],
    [216, 217],
    [218, 219],
    [220, 221],
    [222, 223],
  ],
};

/**
 * Itaú's own segment T: carteira 38–40, nosso número 41–48 and its DAC 49 (read together, 41–49, as Itaú's 400
 * reads 8 digits + DAC), nothing at 50–57, seu número 59–68, then FEBRABAN's due date, value, payer and fee;
 * occurrence reasons 214–221. Sources: kivanio/brcobranca `lib/brcobranca/retorno/cnab240/itau.rb`,
 * eduardokum/laravel-boleto `src/Cnab/Retorno/Cnab240/Banco/Itau.php`.
 */
export const ITAU_T: SegmentT240 = {
  nossoNumero: [41, 49],
  seuNumero: [59, 68],
  dueDate: [74, 81],
  faceValue: [82, 96],
  payerKind: 133,
  payerDocument: [134, 148],
  payerName: [149, 188],
  fee: [199, 213],
  empty: [[50, 57]],
  fixed: [
    [38, 40],
    [41, 49],
    [74, 81],
    [82, 96],
    [131, 132],
    [134, 148],
    [199, 213],
    [214, 221],
  ],
};

/**
 * Santander's own segment T: nosso número 41–53 (with its check digit), carteira 54, seu número 55–69, due date
 * 70–77, face value 78–92, banco cobrador 93–95, agência 96–100, payer kind 128, document 129–143, name
 * 144–183, fee 194–208, reasons 209–218. Sources: laravel-boleto `src/Cnab/Retorno/Cnab240/Banco/Santander.php`
 * and brcobranca `lib/brcobranca/retorno/cnab240/santander.rb` (0-based ranges there), which agree.
 */
export const SANTANDER_T: SegmentT240 = {
  nossoNumero: [41, 53],
  seuNumero: [55, 69],
  dueDate: [70, 77],
  faceValue: [78, 92],
  payerKind: 128,
  payerDocument: [129, 143],
  payerName: [144, 183],
  fee: [194, 208],
  empty: [],
  fixed: [
    [41, 53],
    [70, 77],
    [78, 92],
    [93, 95],
    [96, 100],
    [126, 127],
    [129, 143],
    [194, 208],
    [209, 218],
  ],
};

/**
 * BTG Pactual's segment T: FEBRABAN's positions (laravel-boleto `Cnab240/Banco/Btg.php` reads exactly these), but
 * its one published return (laravel-boleto `exemplos/arquivos/btg.ret`, `tests/Retorno/files/cnab240/btg.ret`)
 * writes the fee at 199–213 as 13 zeros and 2 blanks, as it does “outros créditos” at U 123–137, while every other
 * amount has its 15 digits. Read as no fee; a fee of other digits in that shape is refused (docs/cnab-240.md).
 */
export const BTG_T: SegmentT240 = { ...FEBRABAN_T, feeZerosThenBlanks: true };

const febraban = (bankCode: string, basis: Layout240['basis']): Layout240 => ({
  bankCode,
  variant: 'febraban-240',
  basis,
  t: FEBRABAN_T,
  occurrences: FEBRABAN_240,
});

/** The banks whose CNAB 240 collection return Quita reads, by FEBRABAN code. */
export const LAYOUTS_240: Record<string, Layout240> = Object.fromEntries(
  [
    febraban('001', 'documented'), // Banco do Brasil
    febraban('004', 'assumed'), // Banco do Nordeste
    febraban('021', 'assumed'), // Banestes
    {
      bankCode: '033',
      variant: 'santander-240',
      basis: 'documented',
      t: SANTANDER_T,
      occurrences: FEBRABAN_240,
    } satisfies Layout240,
    febraban('041', 'documented'), // Banrisul
    febraban('070', 'assumed'), // BRB
    febraban('077', 'assumed'), // Inter
    febraban('084', 'documented'), // Uniprime
    febraban('085', 'documented'), // Ailos
    febraban('097', 'assumed'), // CrediSIS
    febraban('104', 'documented'), // Caixa
    febraban('133', 'documented'), // Cresol
    febraban('136', 'assumed'), // Unicred
    {
      ...febraban('208', 'documented'), // BTG Pactual
      t: BTG_T,
      trailerCounts: 'not-records',
    } satisfies Layout240,
    febraban('212', 'assumed'), // Original
    febraban('224', 'assumed'), // Fibra
    febraban('237', 'documented'), // Bradesco
    febraban('246', 'assumed'), // ABC Brasil
    febraban('336', 'assumed'), // C6 Bank
    {
      bankCode: '341',
      variant: 'itau-240',
      basis: 'documented',
      t: ITAU_T,
      occurrences: ITAU_240,
    } satisfies Layout240,
    febraban('389', 'assumed'), // Mercantil do Brasil
    febraban('399', 'assumed'), // HSBC
    febraban('403', 'assumed'), // Cora
    febraban('422', 'assumed'), // Safra
    febraban('435', 'assumed'), // Delbank
    febraban('630', 'assumed'), // Smartbank
    febraban('643', 'assumed'), // Pine
    febraban('707', 'assumed'), // Daycoval
    febraban('712', 'assumed'), // Ourinvest
    febraban('748', 'documented'), // Sicredi
    febraban('756', 'documented'), // Sicoob
  ].map((l) => [l.bankCode, l]),
);

/**
 * The layout to read a bank's 240 return with: its own, or — for a bank not in the table — FEBRABAN's,
 * marked `unknown` so the reader checks the titles harder and tells the clerk (docs/cnab-240.md).
 */
export function layout240(bankCode: string): { layout: Layout240; known: boolean } {
  const own = LAYOUTS_240[bankCode];
  if (own) return { layout: own, known: true };
  return { layout: febraban(bankCode, 'assumed'), known: false };
}
