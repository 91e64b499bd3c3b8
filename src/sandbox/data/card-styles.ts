/**
 * How the demo branch's acquirers settle card sales ([J] item 2), selectable with `--card-style NAME`
 * (`npm run sandbox`, docs/sandbox.md) or `cardStyle` of the generator. The field does all of these:
 * - how credits are grouped: per brand and product ("REDE VISA CD"), consolidated per product for all
 *   brands ("CIELO DEBITO"), or one credit per acquirer and day ("STONE PAGAMENTOS");
 * - what the text says: acquirer, brand and product; only the acquirer; or nothing useful ("CRED CARTAO");
 * - what the receivable's `dueDate` means: the forecast credit day (EVO's card receivables, the default),
 *   or the member's own date (the charge day), the money then arriving D+1 (GetNet D+2) for debit and D+30
 *   per installment for credit;
 * - automatic anticipation: credit sales paid at once arrive D+1 with a discount of 1.8 % a month for the
 *   days paid early, while `dueDate` still says D+30;
 * - whether the gym system records the fee (`fees`): usually it does not;
 * - `plan-sale-due-lag` (issue [S] item 5): the due date is the charge day, `chargeDate` is absent and `saleDate`
 *   is the plan's sale about a month before (25–35 days); the acquirer pays a fixed number of business days
 *   after the due date, its own per product (`dueLag`: 0–3), credit sales paid at once with the anticipation
 *   discount, installments on their month's day plus the same lag; one credit per acquirer and day.
 * `classic` is what the sandbox always wrote (the engine's first assumption): kept as the default so every
 * earlier number stays reproducible.
 */
export interface CardStyle {
  /**
   * `forecast`: the due date is the acquirer's forecast credit day. `member`: the charge day, money D+1/D+2
   * (debit) or D+30 per installment (credit). `charge-lag`: the charge day with no `chargeDate`, `saleDate` the
   * plan's sale 25–35 days before, money `dueLag` business days after the due date.
   */
  dueDate: 'forecast' | 'member' | 'charge-lag';
  anticipation: boolean;
  feesRecorded: boolean;
  credits: 'brand' | 'product' | 'day';
  text: 'full' | 'acquirer' | 'generic';
}

export const CARD_STYLES = {
  classic: { dueDate: 'forecast', anticipation: false, feesRecorded: true, credits: 'brand', text: 'full' },
  brand: { dueDate: 'forecast', anticipation: false, feesRecorded: false, credits: 'brand', text: 'full' },
  product: {
    dueDate: 'forecast',
    anticipation: false,
    feesRecorded: false,
    credits: 'product',
    text: 'full',
  },
  day: { dueDate: 'forecast', anticipation: false, feesRecorded: false, credits: 'day', text: 'acquirer' },
  'acquirer-text': {
    dueDate: 'forecast',
    anticipation: false,
    feesRecorded: false,
    credits: 'brand',
    text: 'acquirer',
  },
  generic: {
    dueDate: 'forecast',
    anticipation: false,
    feesRecorded: false,
    credits: 'product',
    text: 'generic',
  },
  'member-due': {
    dueDate: 'member',
    anticipation: false,
    feesRecorded: false,
    credits: 'brand',
    text: 'full',
  },
  anticipation: {
    dueDate: 'forecast',
    anticipation: true,
    feesRecorded: false,
    credits: 'brand',
    text: 'full',
  },
  'plan-sale-due-lag': {
    dueDate: 'charge-lag',
    anticipation: false,
    feesRecorded: false,
    credits: 'day',
    text: 'acquirer',
  },
} as const satisfies Record<string, CardStyle>;

export type CardStyleName = keyof typeof CARD_STYLES;
export const CARD_STYLE_NAMES = Object.keys(CARD_STYLES) as CardStyleName[];

export function cardStyle(name: CardStyleName | undefined): CardStyle {
  return CARD_STYLES[name ?? 'classic'];
}

/** Business days from the charge to a debit credit when the due date is the member's: GetNet pays D+2. */
export const debitLag = (acquirer: string | null) => (acquirer === 'GetNet' ? 2 : 1);

/**
 * `charge-lag` style: business days from the due date to the credit, per acquirer and product (assumed, not
 * any acquirer's published term: a spread over 0–3 so that every lag the engine reads is exercised).
 */
export const dueLag = (acquirer: string | null, credit: boolean): number =>
  ({ Cielo: [1, 2], Rede: [1, 3], Stone: [0, 1], GetNet: [2, 2] })[acquirer ?? '']?.[credit ? 1 : 0] ?? 1;

/** Anticipation discount: 1.8 % a month, pro rata for the days paid early. */
export const ANTICIPATION_MONTHLY_PERCENT = 1.8;

/** What an acquirer writes on a consolidated credit ("STONE PAGAMENTOS"); generic texts name no acquirer. */
export function cardText(
  style: CardStyle,
  acquirer: string,
  credit: boolean | null,
  full: () => string,
  pick: number,
): string {
  const acq = acquirer.toUpperCase();
  if (style.text === 'generic') return ['CRED CARTAO', 'VENDAS CARTAO', 'RECEBIMENTO CARTAO'][pick % 3]!;
  if (style.text === 'acquirer' || credit === null)
    return (
      { CIELO: 'CIELO S.A.', REDE: 'REDE S.A.', STONE: 'STONE PAGAMENTOS', GETNET: 'GETNET S.A.' }[acq] ?? acq
    );
  if (style.credits === 'brand') return full();
  return `${acq} ${credit ? 'CREDITO' : 'DEBITO'}`;
}
