import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { call, canLogout, CommandError } from './api/client';
import { App } from './App';
import { describeError, initI18n } from './i18n';
import { readMe } from './me';
import './styles.css';
import { withOwnPrefs } from './own-prefs';
import { applyTheme } from './theme';

async function boot(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  try {
    const [office, { profiles }, me] = await Promise.all([
      call('settings.get', {}),
      call('profiles.list', {}),
      readMe(),
    ]);
    // On the office server each person's language and theme live in their own browser.
    const settings = canLogout() ? withOwnPrefs(office) : office;
    applyTheme(settings.theme);
    await initI18n(settings.locale);
    root.render(
      <StrictMode>
        <App initialSettings={settings} initialProfiles={profiles} me={me} />
      </StrictMode>,
    );
  } catch (e) {
    const i18n = await initI18n(navigator.language.startsWith('pt') ? 'pt-BR' : 'en');
    const msg = e instanceof CommandError ? describeError(e.info) : String(e);
    root.render(
      <main className="boot-error" role="alert">
        <h1>{i18n.t('app.name')}</h1>
        <p>{i18n.t('boot.failed')}</p>
        <p>{msg}</p>
      </main>,
    );
  }
}

void boot();
