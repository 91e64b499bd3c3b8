import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../shared/contract';
import { LOCALES, THEMES, type Locale, type Theme } from '../../../shared/constants';
import { call, canLogout } from '../api/client';
import { changeLocale } from '../i18n';
import { saveOwnPrefs } from '../own-prefs';
import { applyTheme } from '../theme';

/**
 * Language and theme switches; saved through the core so every front door of this computer shares them — on the
 * office server, in this person's browser instead (own-prefs.ts).
 */
export function Preferences({ settings, onChange }: { settings: Settings; onChange: (s: Settings) => void }) {
  const { t } = useTranslation();
  const langId = useId();
  const themeId = useId();

  const update = async (patch: { locale?: Locale; theme?: Theme }) => {
    const next = canLogout() ? saveOwnPrefs(settings, patch) : await call('settings.update', patch);
    if (patch.locale) await changeLocale(next.locale);
    if (patch.theme) applyTheme(next.theme);
    onChange(next);
  };

  return (
    <div className="prefs">
      <label htmlFor={langId}>{t('settings.language')}</label>
      <select
        id={langId}
        value={settings.locale}
        onChange={(e) => void update({ locale: e.target.value as Locale })}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {t(`languages.${l}`)}
          </option>
        ))}
      </select>
      <label htmlFor={themeId}>{t('settings.theme')}</label>
      <select
        id={themeId}
        value={settings.theme}
        onChange={(e) => void update({ theme: e.target.value as Theme })}
      >
        {THEMES.map((th) => (
          <option key={th} value={th}>
            {t(`settings.themes.${th}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
