import type { TFunction } from 'i18next';
import type { CommandOutput } from '../../../shared/contract';
import { formatDate, formatMoney } from '../format';

type Queued = CommandOutput<'notify.queue'>['items'][number];

/** Why a debtor reminder is held (money from the member in flight), in the clerk's language; '' when not held. */
export function holdReasonText(
  t: TFunction,
  q: Pick<Queued, 'holdReason' | 'holdParams'>,
  locale: string,
): string {
  if (!q.holdReason) return '';
  const p = q.holdParams ?? {};
  const num = (k: string) => (typeof p[k] === 'number' ? p[k] : null);
  const str = (k: string) => (typeof p[k] === 'string' ? p[k] : '');
  const amount = num('amountCents');
  return t(`policy.hold.reason.${q.holdReason}`, {
    amount: amount === null ? '' : formatMoney(amount, locale),
    date: formatDate(str('date') || str('creditDate') || str('paymentDate') || null, locale),
    nossoNumero: str('nossoNumero'),
    payer: str('payer'),
  });
}
