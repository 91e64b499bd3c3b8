import { parseReceivedNames } from '../received-names';
import { arrivalWindow } from '../arrival-window';
import { acquirerName } from '../acquirers';
import type { ReasonDto } from '../contract/matching';

/**
 * The matching reasons in English. The core words them in Portuguese (that text is shown as is in pt-BR);
 * here the same codes and params are worded for the English UI. Unknown codes fall back to the core's text.
 */
type Params = Record<string, string | number>;
const TYPES: Record<number, string> = {
  1: 'cash',
  2: 'credit card',
  3: 'debit card',
  4: 'cheque',
  5: 'boleto',
  7: 'deposit',
  12: 'online credit card',
  13: 'transfer',
  18: 'Pix',
};
const CHANNELS: Record<string, string> = {
  pix: 'Pix',
  ted: 'a transfer',
  boleto: 'a boleto',
  deposit: 'a deposit',
  card: 'a card payment',
};

export function englishReason(
  r: ReasonDto,
  money: (cents: number) => string,
  date: (iso: string) => string,
): string {
  const p: Params = r.params ?? {};
  const num = (k: string) => Number(p[k] ?? 0);
  const str = (k: string) => String(p[k] ?? '');
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const type = (k: string) => TYPES[num(k)] ?? `type ${num(k)}`;
  switch (r.code) {
    case 'key':
      return `the receivable's code ${str('key')} appears on the line`;
    case 'alias':
      return `payer recognised: learned on ${date(str('learnedAt'))}`;
    case 'amount_equal':
      return 'same amount';
    case 'amount_with_charges':
      return `amount with late fine and interest (+${money(num('extraCents'))})`;
    case 'amount_rounded':
      return `amount rounded up (+${money(num('extraCents'))})`;
    case 'amount_different':
      return `different amount: ${money(Math.abs(num('diffCents')))} ${num('diffCents') < 0 ? 'less (partial payment?)' : 'more'}`;
    case 'amount_sum':
      return `${n(num('count'), 'receivable adds', 'receivables add')} up to the amount`;
    case 'amount_net_fees':
      return `net amount equals the sum less the acquirer's fees (${money(num('feeCents'))}; ${num('percent')}%)`;
    case 'amount_fee_tolerance':
      return `amount within the card fee tolerance (${money(num('feeCents'))}; ${num('percent')}%)`;
    case 'lag': {
      const d = num('days');
      const when =
        d === 0
          ? 'paid on the due date'
          : d > 0
            ? `paid ${n(d, 'day', 'days')} after the due date`
            : `paid ${n(-d, 'day', 'days')} before the due date`;
      return `${when} (${usualArrivalEn(type('paymentType'), str('expected'))})`;
    }
    case 'name_similarity':
      return `name ${num('percent')}% similar`;
    case 'date_outside': {
      const d = num('days');
      const when =
        d >= 0
          ? `paid ${n(d, 'day', 'days')} after the due date`
          : `paid ${n(-d, 'day', 'days')} before the due date`;
      return `${when}: outside the usual time (${usualArrivalEn(type('paymentType'), str('expected'))})`;
    }
    case 'name_different':
      return `a different payer name (${num('percent')}% similar)`;
    case 'surname':
      return `only the surname matches (${str('surname').toUpperCase()})`;
    case 'no_payer_name':
      return 'the line does not name the payer';
    case 'type_consistent':
      return `payment type matches (${type('paymentType')})`;
    case 'type_mismatch':
      return `the line looks like ${CHANNELS[str('channel')] ?? str('channel')}, the receivable is ${type('paymentType')}`;
    case 'card_lump':
      return `${str('acquirer').toUpperCase() || 'card'} ${str('flag').toUpperCase()} ${num('credit') === 2 ? 'credit and debit' : num('credit') ? 'credit' : 'debit'} deposit: ${n(num('count'), 'sale', 'sales')}`.replace(
        /\s+/g,
        ' ',
      );
    case 'in_proposal':
      return num('count') > 1
        ? `in this line's proposal with ${n(num('count') - 1, 'other receivable', 'other receivables')}`
        : "this line's proposal";
    case 'lump_received': {
      const said = `${n(num('count'), 'receivable of this deposit was', 'receivables of this deposit were')} already marked paid`;
      const who = parseReceivedNames(str('names')).map((x) => `${x.name} (${money(x.cents)})`);
      if (who.length === 0) return said;
      const more = num('count') - who.length;
      return `${said}: ${who.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
    }
    case 'lump_excluded':
      return `${n(num('count'), 'sale of the day was', 'sales of the day were')} left out`;
    case 'boleto_lump':
      return `aggregated collection credit (${n(num('count'), 'boleto', 'boletos')})`;
    case 'many_to_one':
      return `${num('count')} receivables of the same payer add up to the amount`;
    case 'others_same_amount':
      return `${n(num('others'), 'other candidate', 'other candidates')} with the same amount`;
    case 'paired_by_date':
      return `${num('others') + 1} lines certainly pay these ${num('others') + 1} receivables; who paid which is unknown: paired in date order`;
    case 'runner_up':
      return `the second best candidate is only ${num('gap')} points behind`;
    case 'duplicate_line':
      return `${str('date') ? `the ${money(num('amountCents'))} line of ${date(str('date'))}` : 'another line'} competes for the same receivable (paid twice?)`;
    case 'manual':
      return p.at ? `chosen by hand on ${date(str('at'))}` : 'chosen by hand';
    case 'tie':
      return `tie with ${n(num('others'), 'other equally good candidate', 'other equally good candidates')}: nothing proposed`;
    case 'no_candidates':
      return 'no open receivable fits this amount and date';
    case 'name_mismatch':
      return `${n(num('candidates'), 'receivable', 'receivables')} with this amount in the period, but no payer like “${str('payer')}”`;
    case 'weak':
      return `the best candidate is too weak (score ${num('score')})`;
    case 'claimed':
      return `the candidate was already given to ${str('date') ? `the ${money(num('amountCents'))} line of ${date(str('date'))}` : 'another line'}`;
    case 'held':
      return str('date')
        ? `the candidate already goes with the ${money(num('amountCents'))} line of ${date(str('date'))}${str('account') ? ` in ${str('account')}` : ''}`
        : 'the candidate already goes with a line of another statement';
    case 'possible_duplicate':
      return `same payment as ${str('date') ? `the ${money(num('amountCents'))} line of ${date(str('date'))}` : 'another line'} (paid twice?): nothing proposed`;
    case 'lump_no_fit':
      return `no combination of the ${num('candidates')} candidates makes the amount`;
    case 'lump_ambiguous':
    case 'combination_ambiguous':
      return `${num('combinations')} or more combinations make the amount: nothing proposed`;
    case 'duplicate_import':
      return str('from')
        ? `same transaction already imported in this account's statement of ${date(str('from'))} to ${date(str('to'))} (period imported twice?): nothing proposed`
        : `same transaction already imported in another statement of this account (period imported twice?): nothing proposed`;
    case 'already_received':
      return `already reconciled: receivable ${num('receivableId')}${str('name') ? ` of ${str('name')}` : ''} was marked paid on ${date(str('date'))}`;
    case 'return_file':
      return `${str('bankCode') ? `bank ${str('bankCode')}'s` : 'the'} return file (CNAB ${str('layout')}): ${n(num('count'), 'boleto', 'boletos')} settled, credited on ${date(str('date'))}, ${num('count') === 1 ? 'is' : 'add up to'} the amount${num('net') ? `, net of the bank's fees (${money(num('feeCents'))})` : ''}`;
    case 'return_title_difference': {
      const d = num('diffCents');
      return `boleto ${str('nossoNumero')} paid ${money(Math.abs(d))} ${d < 0 ? 'less' : 'more'} than receivable ${num('receivableId')}: check before approving`;
    }
    case 'return_title_unresolved':
      return `${num('count')} of ${n(num('of'), 'boleto', 'boletos')} of the return file without a receivable found`;
    case 'card_settlement': {
      const scope = {
        brand: 'per brand and product',
        product: 'consolidated per product',
        day: 'consolidated per day',
      }[str('scope')];
      const models = str('model')
        .split('+')
        .map(
          (m) =>
            ({
              forecast: 'on the receivable’s forecast date',
              d1: 'debit D+1',
              d2: 'debit D+2',
              c30: 'credit D+30 per installment',
              a1: 'anticipated D+1',
              a2: 'anticipated D+2',
              due1: '1 business day after the due date',
              due2: '2 business days after the due date',
              due3: '3 business days after the due date',
            })[m] ?? m,
        )
        .join(' and ');
      const late = num('late') > 0 ? `, ${n(num('late'), 'day', 'days')} after the forecast` : '';
      return `credit ${scope ?? ''}, ${models}${late}`;
    }
    case 'card_fee_learned':
      return `fee learned from confirmed reconciliations: ${num('percent')}% (${n(num('samples'), 'deposit', 'deposits')})`;
    case 'by_elimination':
      return `decided together with line ${num('lineId')}: the other candidate is hers`;
    case 'acquirer_file': {
      const batches = num('batches') > 1 ? ` (${num('batches')} batches of the day)` : '';
      const fee = num('feeCents') ? `, fee ${money(num('feeCents'))} on ${money(num('grossCents'))}` : '';
      const forecast = num('forecast') ? ' (forecast of the sales file)' : '';
      return `${acquirerName(str('acquirer'))}'s file: the payment of ${date(str('date'))}${forecast}${batches} with ${n(num('count'), 'sale', 'sales')}${fee} makes the amount`;
    }
    case 'acquirer_sale_difference': {
      const d = num('diffCents');
      return `sale ${str('nsu')} is ${money(Math.abs(d))} ${d < 0 ? 'less' : 'more'} than receivable ${num('receivableId')}: check before approving`;
    }
    case 'acquirer_adjustments':
      return `${n(num('count'), 'row that is not a sale', 'rows that are not sales')} (cancellation, chargeback, rent, adjustment) in the payment: ${money(num('amountCents'))}`;
    case 'acquirer_sale_unresolved':
      return `${num('count')} of ${n(num('of'), 'sale', 'sales')} of the acquirer's file without a receivable found`;
    case 'acquirer_batch_tie':
      return `${num('count')} payments of the acquirer's file make this amount: nothing proposed`;
    case 'other_branch':
      if (p.tie === 1)
        return `paid into the account of ${str('accountBranch') || `branch ${num('accountBranchId')}`}; the candidates that fit belong to ${str('receivableBranch') || `branch ${num('receivableBranchId')}`}: choose in the list`;
      if (p.recorded === 1)
        return `paid into the account of ${str('accountBranch') || `branch ${num('accountBranchId')}`}; the receivable belongs to ${str('receivableBranch') || `branch ${num('receivableBranchId')}`}`;
      return `paid into the account of ${str('accountBranch') || `branch ${num('accountBranchId')}`}; the receivable belongs to ${str('receivableBranch') || `branch ${num('receivableBranchId')}`}: check before approving`;
    default:
      return r.text;
  }
}

/** "by boleto, the credit usually arrives 1 to 3 days after the due date" (reasons-pt.ts's usualArrival). */
function usualArrivalEn(type: string, expected: string): string {
  const after = (d: number) => (d === 1 ? '1 day after the due date' : `${d} days after the due date`);
  const w = arrivalWindow(expected);
  const window =
    w.kind === 'due'
      ? 'on the due date'
      : w.kind === 'dueOrNext'
        ? 'on the due date or the day after'
        : w.kind === 'upTo'
          ? `up to ${after(w.days)}`
          : w.kind === 'after'
            ? after(w.days)
            : w.kind === 'range'
              ? `${w.from} to ${after(w.to)}`
              : `in ${w.text} days`;
  return `by ${type}, the credit usually arrives ${window}`;
}
