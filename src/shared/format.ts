import { BRASILIA_TIME_ZONE } from './dates';

/**
 * One Intl formatter per locale (and options), made on first use: building one costs tens of microseconds,
 * and a screen of 10,000 lines or a report formats the same way thousands of times ([X] item 4). Only
 * formatters whose options fix the time zone (or have none) are kept: one reading the computer's zone is
 * made at each call, as before.
 */
function perLocale<T>(make: (locale: string) => T): (locale: string) => T {
  const made = new Map<string, T>();
  return (locale) => {
    let f = made.get(locale);
    if (f === undefined) {
      f = make(locale);
      made.set(locale, f);
    }
    return f;
  };
}

const moneyFormat = perLocale((l) => new Intl.NumberFormat(l, { style: 'currency', currency: 'BRL' }));
const percentFormat = perLocale(
  (l) => new Intl.NumberFormat(l, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);
const dateFormat = perLocale((l) => new Intl.DateTimeFormat(l, { timeZone: 'UTC' }));

/** Formatting at the edge: cents and ISO dates become pt-BR (or English) text only here. */
export function formatMoney(cents: number, locale: string): string {
  return moneyFormat(locale).format(cents / 100);
}

/** "2,99%" / "2.99%": a fee percent in the clerk's language. */
export function formatPercent(value: number, locale: string): string {
  return `${percentFormat(locale).format(value)}%`;
}

export function formatDate(isoDate: string | null, locale: string): string {
  if (!isoDate) return '—';
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number);
  return dateFormat(locale).format(new Date(Date.UTC(y!, m! - 1, d)));
}

export function formatDateTime(iso: string | null, locale: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * An instant as Brasília's wall clock shows it, whatever the computer's zone (audit entries, notifications,
 * debtors' dates): `style` picks the parts, date and time in short form by default.
 */
export function formatBrasilia(
  iso: string | null,
  locale: string,
  style: Pick<Intl.DateTimeFormatOptions, 'dateStyle' | 'timeStyle'> = {
    dateStyle: 'short',
    timeStyle: 'short',
  },
): string {
  if (!iso) return '—';
  return brasiliaFormat(`${locale}|${style.dateStyle ?? ''}|${style.timeStyle ?? ''}`).format(new Date(iso));
}
const brasiliaFormat = perLocale((key) => {
  const [locale, dateStyle, timeStyle] = key.split('|') as [string, string, string];
  return new Intl.DateTimeFormat(locale, {
    ...(dateStyle ? { dateStyle: dateStyle as Intl.DateTimeFormatOptions['dateStyle'] } : {}),
    ...(timeStyle ? { timeStyle: timeStyle as Intl.DateTimeFormatOptions['timeStyle'] } : {}),
    timeZone: BRASILIA_TIME_ZONE,
  });
});

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

export { addDays, todayInBrasilia as todayIso } from './dates';

/** "2026-01-31" → "31/01/2026": what a date field shows, whatever the browser's locale. */
export function isoToDmy(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/**
 * What the clerk typed in a date field ("31/01/2026", "31/1/26", "31-01-2026", "31012026") as an ISO date, or
 * null when it is not a real day. Two-digit years are 20yy.
 */
export function parseDmy(text: string): string | null {
  const s = text.trim();
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(s) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(s);
  if (!m) return null;
  const day = Number(m[1]);
  const month = Number(m[2]);
  const year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  if (year < 1900 || year > 2199 || month < 1 || month > 12 || day < 1) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const collators = new Map<string, Intl.Collator>();
/** Names in the order a Brazilian reader expects ("Pará, Paraíba, Paraná"; "São Paulo, Sergipe"). */
export function collator(locale = 'pt-BR'): Intl.Collator {
  let c = collators.get(locale);
  if (!c) {
    c = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
    collators.set(locale, c);
  }
  return c;
}

/** "outubro", or "dezembro de 2025" when the month ("2025-12") is not in the current year (as Enviar says it). */
export function monthName(month: string, currentYear: string, locale: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, {
    month: 'long',
    ...(month.slice(0, 4) === currentYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y!, m! - 1, 1)));
}

/** "setembro e outubro" / "September and October". */
export const listOf = (items: string[], locale: string): string =>
  new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items);
