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
 * - whether the gym system records the fee (`fees`): usually it does not.
 * `classic` is what the sandbox always wrote (the engine's first assumption): kept as the default so every
 * earlier number stays reproducible.
 */
export interface CardStyle {
  dueDate: 'forecast' | 'member';
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
} as const satisfies Record<string, CardStyle>;

export type CardStyleName = keyof typeof CARD_STYLES;
export const CARD_STYLE_NAMES = Object.keys(CARD_STYLES) as CardStyleName[];

export function cardStyle(name: CardStyleName | undefined): CardStyle {
  return CARD_STYLES[name ?? 'classic'];
}

/** Business days from the charge to a debit credit when the due date is the member's: GetNet pays D+2. */
export const debitLag = (acquirer: string | null) => (acquirer === 'GetNet' ? 2 : 1);

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
