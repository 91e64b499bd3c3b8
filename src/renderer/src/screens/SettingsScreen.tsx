import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput, Profile } from '../../../shared/contract';
import { bridgeMode, call, CommandError } from '../api/client';
import { BackupsPanel } from '../components/BackupsPanel';
import { BankFeeds } from '../components/settings/BankFeeds';
import { Branches } from '../components/settings/Branches';
import { CardFees } from '../components/settings/CardFees';
import { MyAccount } from '../components/settings/MyAccount';
import { OfficeLink } from '../components/settings/OfficeLink';
import { SendPolicy } from '../components/settings/SendPolicy';
import { Schedule } from '../components/settings/Schedule';
import { Users } from '../components/settings/Users';
import { ConnectionForm } from '../components/ConnectionForm';
import { ProfileCard } from '../components/ProfileCard';
import { UpdatePanel } from '../components/UpdatePanel';
import { describeError } from '../i18n';
import { useAllowed, useMe } from '../me';
import { useNavigation } from '../navigation';

type Info = CommandOutput<'app.info'>;

export function SettingsScreen({
  profiles,
  activeId,
  onChanged,
}: {
  profiles: Profile[];
  activeId: string;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { open } = useNavigation();
  const [info, setInfo] = useState<Info | null>(null);
  const [adding, setAdding] = useState(false);

  const [infoError, setInfoError] = useState<string | null>(null);
  const me = useMe();
  // [W] Connections, branches, bank feeds and users are the administrator's (roles.ts): on the office server the
  // others see one sentence instead of panels whose every button the core would refuse them.
  const connections = useAllowed('profiles.save', 'settings').allowed;
  const branches = useAllowed('branches.update', 'settings').allowed;
  const feeds = useAllowed('feeds.save', 'settings').allowed;
  const usersShown = useAllowed('users.list', 'settings').allowed;

  useEffect(() => {
    // Never dropped: a failure to read the version and folders says so where they would be.
    call('app.info', {}).then(setInfo, (e: unknown) =>
      setInfoError(e instanceof CommandError ? describeError(e.info) : String(e)),
    );
  }, []);

  return (
    <section className="screen">
      <h1>{t('settings.title')}</h1>
      {me && <MyAccount me={me} />}
      {me && usersShown && <Users />}
      {connections ? (
        <>
          <h2>{t('settings.connections')}</h2>
          <ul className="profiles">
            {profiles.map((p) => (
              <ProfileCard key={p.id} profile={p} active={p.id === activeId} onChanged={onChanged} />
            ))}
          </ul>
          {adding ? (
            <div className="card">
              <ConnectionForm
                onSaved={() => {
                  setAdding(false);
                  onChanged();
                }}
              />
            </div>
          ) : (
            <button type="button" onClick={() => setAdding(true)}>
              {t('settings.addConnection')}
            </button>
          )}
        </>
      ) : (
        <p className="muted">{t('users.settingsAdminOnly')}</p>
      )}
      {/* Only for a network's connection (more than one branch): it renders nothing otherwise. */}
      {branches && <Branches key={`branches-${activeId}`} />}
      <BackupsPanel key={activeId} />
      {feeds && <BankFeeds key={`feeds-${activeId}`} />}
      <CardFees key={`fees-${activeId}`} />
      <section className="card" aria-labelledby="settings-schedule">
        <h2 id="settings-schedule">{t('cycle.schedule.heading')}</h2>
        <Schedule key={`schedule-${activeId}`} />
        <SendPolicy key={`policy-${activeId}`} />
      </section>
      <UpdatePanel />
      {/* [W] Only the installed app can open the office's server in place of this computer's data. */}
      {bridgeMode() === 'desktop' && <OfficeLink />}
      {infoError && (
        <p role="alert" className="status error">
          {infoError}
        </p>
      )}
      {info && (
        <div className="settings-foot">
          <p>
            {t('settings.version')} {info.version}. {t('settings.whereInHelp')}
          </p>
          {/* The data folder, the log file and the keys' protection are said once, in Ajuda (for support). */}
          <button type="button" onClick={() => open('help')}>
            {t('settings.openHelp')}
          </button>
        </div>
      )}
    </section>
  );
}
