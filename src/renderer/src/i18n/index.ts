import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { ErrorInfo } from '../../../shared/contract';
import type { Locale } from '../../../shared/constants';
import { resources } from '../../../shared/i18n/resources';
import { describeErrorWith } from '../../../shared/i18n/describe-error';
import { storedMessageText } from '../../../shared/i18n/stored-message';

export { resources };

export async function initI18n(locale: Locale): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: 'pt-BR',
    // React escapes already.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = locale;
  return i18next;
}

export async function changeLocale(locale: Locale): Promise<void> {
  await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
}

/** A clerk-facing sentence for an error that crossed the bridge, in the current language. */
export function describeError(error: ErrorInfo): string {
  return describeErrorWith(
    {
      t: i18next.t.bind(i18next) as (key: string, params?: object) => string,
      exists: (k) => i18next.exists(k),
    },
    error,
  );
}

/** A sync's stored English error ("Cannot reach the API at …") in the current language. */
export function describeStoredMessage(message: string): string {
  return storedMessageText(i18next.t.bind(i18next), message);
}
