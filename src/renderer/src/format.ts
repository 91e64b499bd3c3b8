/** Formatting at the edge: cents and ISO dates become pt-BR (or English) text only here. */
export function formatMoney(cents: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(cents / 100);
}

export function formatDate(isoDate: string | null, locale: string): string {
  if (!isoDate) return '—';
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC' }).format(new Date(Date.UTC(y!, m! - 1, d)));
}

export function formatDateTime(iso: string | null, locale: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
}

/** "3 min", "12 s": for ETAs and waits. */
export function formatDuration(ms: number, locale: string): string {
  const s = Math.round(ms / 1000);
  if (s < 60)
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'second', unitDisplay: 'short' }).format(s);
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'minute',
    unitDisplay: 'short',
    maximumFractionDigits: 0,
  }).format(Math.round(s / 60));
}

/** How long ago, in words ("há 5 minutos" / "5 minutes ago"). */
export function formatAge(iso: string | null, locale: string, now = Date.now()): string {
  if (!iso) return '—';
  const minutes = Math.round((new Date(iso).getTime() - now) / 60000);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (Math.abs(minutes) < 60) return rtf.format(minutes, 'minute');
  if (Math.abs(minutes) < 60 * 24) return rtf.format(Math.round(minutes / 60), 'hour');
  return rtf.format(Math.round(minutes / 1440), 'day');
}

export { addDays, todayInBrasilia as todayIso } from '../../shared/dates';
