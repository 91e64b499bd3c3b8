import type { TFunction } from 'i18next';
import { addDays, formatBrasilia as formatBrasiliaAt, formatDate, formatMoney } from '../../format';
import { maskSecrets } from '../../../../shared/mask-secrets';
import { bankLabel } from '../../../../shared/banks';

/**
 * The audit log stores UTC timestamps; the screen's period is Brasília days, inclusive. Brasília has kept
 * UTC−03:00 all year since 2019, so a day starts at 03:00 UTC (the core's exports use the same rule).
 */
export function brasiliaDayBounds(from: string, to: string): { from?: string; to?: string } {
  const start = (day: string) => new Date(`${day}T00:00:00-03:00`).toISOString();
  return {
    ...(from ? { from: start(from) } : {}),
    ...(to ? { to: start(addDays(to, 1)) } : {}),
  };
}

// What was done, who did it and what the verification found: one wording for the screen and the exported files ([T]).
export { actionText, actorText, subjectText, verifyReasonText } from '../../../../shared/i18n/audit-words';

/** Times on this screen are Brasília's, like its period and the exported files, whatever the computer's zone. */
export const formatBrasilia = (iso: string | null, locale: string): string =>
  formatBrasiliaAt(iso, locale, { dateStyle: 'short', timeStyle: 'medium' });

/** Same rule as the core's exports (src/shared/mask-secrets.ts): a secret-looking field is never shown. */
export const mask = maskSecrets;

/** before/after as readable JSON; nothing to show becomes null. */
export function prettyJson(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return JSON.stringify(mask(value), null, 2);
}

const LIST_MAX = 8;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** What an id stands for, where the screen knows it (a bank account's name): said instead of the number. */
export interface Names {
  accounts?: ReadonlyMap<number, string>;
}

/** One value of a before/after record in words: money, dates, yes/no, known states; lists shortened. */
function valueText(
  t: TFunction,
  exists: (key: string) => boolean,
  key: string,
  value: unknown,
  locale: string,
  names: Names = {},
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (key === 'bankAccountId' && typeof value === 'number' && names.accounts?.has(value))
    return names.accounts.get(value)!;
  if (typeof value === 'boolean') return value ? t('audit.list.yes') : t('audit.list.no');
  if (typeof value === 'number') return /Cents$/.test(key) ? formatMoney(value, locale) : String(value);
  if (typeof value === 'string') {
    if (ISO_DAY.test(value)) return formatDate(value, locale);
    if (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))) return formatBrasilia(value, locale);
    // [T] what a return or card file's entry stores: the bank by name, the file's format in words.
    if (key === 'bankCode' && /^\d{1,3}$/.test(value)) return bankLabel(value);
    if (key === 'layout') {
      const layoutKey = `acquirerFile.layouts.${value.replace(/\./g, '_')}`;
      if (exists(layoutKey)) return t(layoutKey);
      if (/^\d+$/.test(value)) return t('audit.values.lineWidth', { n: value });
    }
    // A stored value or phrase (“cnab_return”, “all received”) said in words when the catalogue knows it.
    const phrase = /^[a-z][a-z _:.-]*$/.test(value) ? value.replace(/[^a-z]+/g, '_').replace(/_$/, '') : null;
    if (phrase && exists(`audit.values.${phrase}`)) return t(`audit.values.${phrase}`);
    return value;
  }
  if (Array.isArray(value)) {
    const shown = value.slice(0, LIST_MAX).map((v) => valueText(t, exists, key, v, locale, names));
    return value.length > LIST_MAX
      ? `${shown.join(', ')} ${t('audit.list.more', { count: value.length - LIST_MAX })}`
      : shown.join(', ');
  }
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${keyText(t, exists, k)}: ${valueText(t, exists, k, v, locale, names)}`)
    .join(', ');
}

function keyText(t: TFunction, exists: (key: string) => boolean, key: string): string {
  return exists(`audit.keys.${key}`) ? t(`audit.keys.${key}`) : key;
}

/** A before/after record as label/value pairs in the screen's language (secrets masked); null when empty. */
export function changeRows(
  t: TFunction,
  exists: (key: string) => boolean,
  value: unknown,
  locale: string,
  names: Names = {},
): { label: string; text: string }[] | null {
  if (value === null || value === undefined) return null;
  const masked = mask(value);
  if (typeof masked !== 'object' || masked === null || Array.isArray(masked))
    return [{ label: '', text: valueText(t, exists, '', masked, locale, names) }];
  return Object.entries(masked as Record<string, unknown>).map(([k, v]) => ({
    label: keyText(t, exists, k),
    text: valueText(t, exists, k, v, locale, names),
  }));
}
