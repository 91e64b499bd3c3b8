import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile, Settings } from '../../shared/contract';
import { call } from './api/client';
import { Nav } from './components/Nav';
import { Preferences } from './components/Preferences';
import type { ScreenId } from './screens';
import { AuditScreen } from './screens/AuditScreen';
import { DebtorsScreen } from './screens/DebtorsScreen';
import { FirstRun } from './screens/FirstRun';
import { GeographyScreen } from './screens/GeographyScreen';
import { HomeScreen } from './screens/HomeScreen';
import { ImportScreen } from './screens/ImportScreen';
import { ReconcileScreen } from './screens/ReconcileScreen';
import { SendScreen } from './screens/SendScreen';
import { SettingsScreen } from './screens/SettingsScreen';
import { SyncScreen } from './screens/SyncScreen';

export function App({
  initialSettings,
  initialProfiles,
}: {
  initialSettings: Settings;
  initialProfiles: Profile[];
}) {
  const { t } = useTranslation();
  const [settings, setSettings] = useState(initialSettings);
  const [profiles, setProfiles] = useState<Profile[]>(initialProfiles);
  const [screen, setScreen] = useState<ScreenId>('home');

  const reloadProfiles = useCallback(async () => {
    const list = await call('profiles.list', {});
    setProfiles(list.profiles);
    setSettings((s) => ({ ...s, activeProfileId: list.activeProfileId }));
  }, []);

  const prefs = <Preferences settings={settings} onChange={setSettings} />;
  if (profiles.length === 0) {
    return <FirstRun preferences={prefs} onConnected={() => void reloadProfiles()} />;
  }
  const active = profiles.find((p) => p.id === settings.activeProfileId) ?? profiles[0]!;

  return (
    <div className="frame">
      <aside className="sidebar">
        <div className="brand">
          <strong>{t('app.name')}</strong>
          <span className="brand-branch" title={active.baseUrl}>
            {active.name}
          </span>
        </div>
        <Nav current={screen} onSelect={setScreen} />
        <div className="sidebar-foot">{prefs}</div>
      </aside>
      <main className="content" aria-live="polite">
        {renderScreen(screen, active, profiles, () => void reloadProfiles())}
      </main>
    </div>
  );
}

/** One screen per navigation entry; `key` remounts a screen when the branch (profile) changes. */
function renderScreen(screen: ScreenId, active: Profile, profiles: Profile[], onProfilesChanged: () => void) {
  switch (screen) {
    case 'home':
      return <HomeScreen key={active.id} />;
    case 'sync':
      return <SyncScreen key={active.id} />;
    case 'import':
      return <ImportScreen key={active.id} demo={active.demo} />;
    case 'reconcile':
      return <ReconcileScreen key={active.id} />;
    case 'send':
      return <SendScreen key={active.id} />;
    case 'audit':
      return <AuditScreen key={active.id} />;
    case 'debtors':
      return <DebtorsScreen key={active.id} />;
    case 'geography':
      return <GeographyScreen key={active.id} />;
    case 'settings':
      return <SettingsScreen profiles={profiles} activeId={active.id} onChanged={onProfilesChanged} />;
  }
}
