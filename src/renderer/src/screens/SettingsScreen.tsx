import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput, Profile } from '../../../shared/contract';
import { call } from '../api/client';
import { ConnectionForm } from '../components/ConnectionForm';

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

  useEffect(() => {
    void call('app.info', {}).then(setInfo);
  }, []);

  const act = async (fn: () => Promise<unknown>) => {
    await fn();
    onChanged();
  };

  return (
    <section className="screen">
      <h1>{t('settings.title')}</h1>
      <h2>{t('settings.connections')}</h2>
      <ul className="profiles">
        {profiles.map((p) => (
          <li key={p.id} className="profile">
            <div>
              <strong>{p.name}</strong>{' '}
              {p.id === activeId && <span className="badge">{t('settings.active')}</span>}{' '}
              {p.demo && <span className="badge">{t('settings.demo')}</span>}{' '}
              {!p.hasSecret && <span className="badge warn">{t('settings.noSecret')}</span>}
              <div className="muted">
                {p.username} · {p.baseUrl} · {t(`connection.keyKinds.${p.keyKind}`)}
              </div>
            </div>
            <div className="actions">
              {p.id !== activeId && (
                <button type="button" onClick={() => void act(() => call('profiles.activate', { id: p.id }))}>
                  {t('settings.activate')}
                </button>
              )}
              <button type="button" onClick={() => void act(() => call('profiles.remove', { id: p.id }))}>
                {t('settings.remove')}
              </button>
            </div>
          </li>
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
      {info && (
        <dl className="info">
          <dt>{t('settings.version')}</dt>
          <dd>{info.version}</dd>
          <dt>{t('settings.dataDir')}</dt>
          <dd>
            <code>{info.dataDir}</code>
          </dd>
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
