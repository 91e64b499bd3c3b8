import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile, Settings } from '../../shared/contract';
import { call } from './api/client';
import { Nav } from './components/Nav';
import { Preferences } from './components/Preferences';
import { WhoIsIn } from './components/WhoIsIn';
import { MeProvider, type Me } from './me';
import { BranchFilterProvider } from './branch-filter';
import { NavigationProvider, type Destination, type Navigation } from './navigation';
import type { ScreenId } from './screens';
import { AuditScreen } from './screens/AuditScreen';
import { DebtorsScreen } from './screens/DebtorsScreen';
import { FirstRun } from './screens/FirstRun';
import { GeographyScreen } from './screens/GeographyScreen';
import { HelpScreen } from './screens/HelpScreen';
import { HomeScreen } from './screens/HomeScreen';
import { ImportScreen } from './screens/ImportScreen';
import { ReconcileScreen } from './screens/ReconcileScreen';
import { SendScreen } from './screens/SendScreen';
import { SettingsScreen } from './screens/SettingsScreen';
import { SyncScreen } from './screens/SyncScreen';

export function App({
  initialSettings,
  initialProfiles,
  me,
}: {
  initialSettings: Settings;
  initialProfiles: Profile[];
  /** [W] Who is logged in on the office server; null at a desk of its own (nothing of logins is shown). */
  me: Me | null;
}) {
  const { t } = useTranslation();
  const [settings, setSettings] = useState(initialSettings);
  const [profiles, setProfiles] = useState<Profile[]>(initialProfiles);
  // `opened` counts opens with params: opening the screen already shown with another filter remounts it.
  const [current, setCurrent] = useState<{ to: Destination; opened: number }>({
    to: { screen: 'home', params: undefined },
    opened: 0,
  });
  const navigation = useMemo<Navigation>(
    () => ({
      current: current.to,
      open: (screen: ScreenId, params?: unknown) =>
        setCurrent((c) => ({
          to: { screen, params } as Destination,
          opened: params === undefined ? c.opened : c.opened + 1,
        })),
    }),
    [current.to],
  );
  const screen = current.to.screen;

  const reloadProfiles = useCallback(async () => {
    const list = await call('profiles.list', {});
    setProfiles(list.profiles);
    setSettings((s) => ({ ...s, activeProfileId: list.activeProfileId }));
  }, []);

  const prefs = <Preferences settings={settings} onChange={setSettings} />;
  if (profiles.length === 0) {
    return (
      <MeProvider me={me}>
        <FirstRun preferences={prefs} onConnected={() => void reloadProfiles()} />
      </MeProvider>
    );
  }
  const active = profiles.find((p) => p.id === settings.activeProfileId) ?? profiles[0]!;

  return (
    <MeProvider me={me}>
      <div className="frame">
        <aside className="sidebar">
          <div className="brand">
            <strong>{t('app.name')}</strong>
            <span className="brand-branch" title={active.baseUrl}>
              {active.name}
            </span>
          </div>
          {me && <WhoIsIn me={me} />}
          <Nav current={screen} onSelect={(s) => navigation.open(s)} />
          <div className="sidebar-foot">{prefs}</div>
        </aside>
        <main className="content" aria-live="polite">
          <NavigationProvider value={navigation}>
            {/* [V] The branch Conciliar and Enviar show, kept across screens; another connection starts on all. */}
            <BranchFilterProvider key={active.id}>
              {renderScreen(current.to, active, profiles, () => void reloadProfiles(), current.opened)}
            </BranchFilterProvider>
          </NavigationProvider>
        </main>
      </div>
    </MeProvider>
  );
}

/**
 * One screen per navigation entry; `key` remounts a screen when the branch (profile) changes, and when it is
 * opened again with params (`opened`), so it reads its new initial filter.
 */
function renderScreen(
  to: Destination,
  active: Profile,
  profiles: Profile[],
  onProfilesChanged: () => void,
  opened: number,
) {
  const key = `${active.id}:${opened}`;
  switch (to.screen) {
    case 'home':
      return <HomeScreen key={key} profile={active} />;
    case 'sync':
      return <SyncScreen key={key} />;
    case 'import':
      return <ImportScreen key={key} demo={active.demo} />;
    case 'reconcile':
      return (
        <ReconcileScreen
          key={key}
          initialFilter={to.params?.filter}
          initialStatementId={to.params?.statementId}
        />
      );
    case 'send':
      return <SendScreen key={key} />;
    case 'audit':
      return <AuditScreen key={key} />;
    case 'debtors':
      return <DebtorsScreen key={key} />;
    case 'geography':
      return <GeographyScreen key={key} />;
    case 'settings':
      return <SettingsScreen profiles={profiles} activeId={active.id} onChanged={onProfilesChanged} />;
    case 'help':
      return <HelpScreen />;
  }
}
