import type { Settings } from '../../shared/contract';
import { LOCALES, THEMES, type Locale, type Theme } from '../../shared/constants';

/**
 * [W] On the office server the language and the theme are each person's, in their own browser: the server's settings
 * are the office's, and one clerk's dark theme is not everyone's. At a desk of its own (desktop app, browser mode)
 * they stay in the core's settings, shared by every front door of that computer.
 */
const KEY = 'quita.prefs';
type Prefs = { locale?: Locale; theme?: Theme };

function read(): Prefs {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, unknown>;
    return {
      ...(LOCALES.includes(v.locale as Locale) ? { locale: v.locale as Locale } : {}),
      ...(THEMES.includes(v.theme as Theme) ? { theme: v.theme as Theme } : {}),
    };
  } catch {
    return {};
  }
}

/** The settings as this person sees them: the office's, with their own language and theme over them. */
export const withOwnPrefs = (settings: Settings): Settings => ({ ...settings, ...read() });

/** Keep this person's choice in their browser and give the settings as they now see them. */
export function saveOwnPrefs(settings: Settings, patch: Prefs): Settings {
  const next = { ...read(), ...patch };
  localStorage.setItem(KEY, JSON.stringify(next));
  return { ...settings, ...next };
}
