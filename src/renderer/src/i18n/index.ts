import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { ErrorInfo } from '../../../shared/contract';
import type { Locale } from '../../../shared/constants';
import { resources } from './resources';
import { storedMessageText } from './stored-message';

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
  const t = i18next.t.bind(i18next);
  // A code the renderer words itself comes first: its text is written for the clerk, in their language.
  if (error.code && i18next.exists(`errors.${error.code}`)) {
    return t(`errors.${error.code}`, error.params ?? {});
  }
  if (error.kind === 'validation' && error.field) {
    return t('errors.field', { field: error.field, detail: error.params?.detail ?? error.message });
  }
  return `${t(`errors.kind.${error.kind}`)} ${error.message}`;
}

/** A sync's stored English error ("Cannot reach the API at …") in the current language. */
export function describeStoredMessage(message: string): string {
  return storedMessageText(i18next.t.bind(i18next) as (key: string, params?: object) => string, message);
}
