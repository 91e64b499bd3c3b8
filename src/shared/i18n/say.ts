import i18next from 'i18next';
import type { Locale } from '../constants';
import type { ErrorInfo } from '../contract';
import { brasiliaDateTime } from '../dates';
import { formatDate, formatDuration, formatMoney } from '../format';
import { describeErrorWith } from './describe-error';
import { resources } from './resources';

/**
 * What the `quita` command says, in the profile's language, from the screens' own catalogue
 * (src/shared/i18n: the `cli.*` texts are the command's own, everything else is the screens' words):
 * a refusal, a state, an amount reads the same at the desk and at the command line.
 */
export interface Say {
  readonly locale: Locale;
  /** A text of the catalogue (`cli.send.sent`, `errors.api.unreachable`…) with its parameters. */
  t: (key: string | string[], params?: Record<string, unknown>) => string;
  /** "R$ 1.398,70" (pt-BR) / "R$1,398.70" (en), with an ordinary space a terminal and grep both read. */
  money: (cents: number) => string;
  /** "27/11/2026" / "11/27/2026" from an ISO date ("2026-11-27", or the date of an instant). */
  date: (iso: string | null | undefined) => string;
  /** "27/11/2026 08:15" in Brasília's time, from an instant. */
  dateTime: (iso: string | null | undefined) => string;
  /** A whole number as the language writes it ("1.234"). */
  n: (value: number) => string;
  /** "12 s", "3 min", as the screens say a wait. */
  duration: (ms: number) => string;
  /** A core error as the screens word it. */
  error: (info: ErrorInfo) => string;
  /** Whether the catalogue has this text (for codes worded when known, said as written otherwise). */
  exists: (key: string) => boolean;
}

/** A `--lang` value as a language ("pt", "pt-BR", "en", "en-US", any case); null for anything else. */
export function localeOf(text: string): Locale | null {
  const l = text.toLowerCase();
  if (l === 'pt-br' || l === 'pt') return 'pt-BR';
  if (l === 'en' || l.startsWith('en-')) return 'en';
  return null;
}

export function createSay(locale: Locale): Say {
  const i18n = i18next.createInstance();
  // Synchronous: the resources are in memory, nothing to load.
  void i18n.init({
    resources,
    lng: locale,
    fallbackLng: 'pt-BR',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  const t = (key: string | string[], params?: Record<string, unknown>): string =>
    String(i18n.t(key, params ?? {}));
  const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
  return {
    locale,
    t,
    money: (cents) => plain(formatMoney(cents, locale)),
    date: (iso) => (iso ? formatDate(iso, locale) : '—'),
    dateTime: (iso) => {
      if (!iso) return '—';
      const [d, time] = brasiliaDateTime(new Date(iso)).split('T');
      return `${formatDate(d!, locale)} ${time!.slice(0, 5)}`;
    },
    n: (value) => plain(new Intl.NumberFormat(locale).format(value)),
    duration: (ms) => plain(formatDuration(ms, locale)),
    exists: (key) => i18n.exists(key),
    error: (info) =>
      describeErrorWith(
        { t: (k, p) => t(k, p as Record<string, unknown>), exists: (k) => i18n.exists(k) },
        info,
      ),
  };
}
