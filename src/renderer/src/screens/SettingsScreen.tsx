import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput, Profile } from '../../../shared/contract';
import { call, CommandError } from '../api/client';
import { BackupsPanel } from '../components/BackupsPanel';
import { BankFeeds } from '../components/settings/BankFeeds';
import { CardFees } from '../components/settings/CardFees';
import { SendPolicy } from '../components/settings/SendPolicy';
import { Schedule } from '../components/settings/Schedule';
import { ConnectionForm } from '../components/ConnectionForm';
import { ProfileCard } from '../components/ProfileCard';
import { UpdatePanel } from '../components/UpdatePanel';
import { describeError } from '../i18n';

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
  const [info, setInfo] = useState<Info | null>(null);
  const [adding, setAdding] = useState(false);

  const [infoError, setInfoError] = useState<string | null>(null);

  useEffect(() => {
    // Never dropped: a failure to read the version and folders says so where they would be.
    call('app.info', {}).then(setInfo, (e: unknown) =>
      setInfoError(e instanceof CommandError ? describeError(e.info) : String(e)),
    );
  }, []);

  return (
    <section className="screen">
      <h1>{t('settings.title')}</h1>
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
      <BackupsPanel key={activeId} />
      <BankFeeds key={`feeds-${activeId}`} />
      <CardFees key={`fees-${activeId}`} />
      <section className="card" aria-labelledby="settings-schedule">
        <h2 id="settings-schedule">{t('cycle.schedule.heading')}</h2>
        <Schedule key={`schedule-${activeId}`} />
        <SendPolicy key={`policy-${activeId}`} />
      </section>
      <UpdatePanel />
      {infoError && (
        <p role="alert" className="status error">
          {infoError}
        </p>
      )}
      {info && (
        <dl className="info">
          <dt>{t('settings.version')}</dt>
          <dd>{info.version}</dd>
          <dt>{t('settings.dataDir')}</dt>
          <dd>
            <code>{info.dataDir}</code>
          </dd>
          {info.logFile && (
            <>
              <dt>{t('settings.logFile')}</dt>
              <dd>
                <code>{info.logFile}</code>
              </dd>
            </>
          )}
          <dt>{t('settings.secretScheme.' + info.secretProtection.scheme)}</dt>
          <dd className="warn">
            {info.secretProtection.warning && info.secretProtection.scheme !== 'passphrase'
              ? t(`settings.secretWarning.${info.secretProtection.scheme}`)
              : ''}
          </dd>
        </dl>
      )}
    </section>
  );
}
