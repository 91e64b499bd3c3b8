import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { call, CommandError } from '../api/client';
import { ConnectionForm } from '../components/ConnectionForm';
import { WhoIsIn } from '../components/WhoIsIn';
import { describeError } from '../i18n';
import { useAllowed, useMe } from '../me';

export function FirstRun({ preferences, onConnected }: { preferences: ReactNode; onConnected: () => void }) {
  const { t } = useTranslation();
  const [demoBusy, setDemoBusy] = useState(false);
  const [demoError, setDemoError] = useState<string | null>(null);
  // [W] On the office server only an administrator connects it to EVO; the others are told so, and can leave.
  const me = useMe();
  const connecting = useAllowed('profiles.save', 'settings');

  const startDemo = async () => {
    setDemoBusy(true);
    setDemoError(null);
    try {
      await call('demo.start', {});
      onConnected();
    } catch (e) {
      setDemoError(e instanceof CommandError ? describeError(e.info) : String(e));
    } finally {
      setDemoBusy(false);
    }
  };

  return (
    <main className="first-run">
      <header className="first-run-head">
        <div>
          <h1>{t('firstRun.title')}</h1>
          {connecting.allowed && <p>{t('firstRun.intro')}</p>}
        </div>
        <div>
          {me && <WhoIsIn me={me} />}
          {preferences}
        </div>
      </header>
      {!connecting.allowed ? (
        <section className="card" role="status">
          <p>{t('users.noConnectionYet')}</p>
        </section>
      ) : (
        <div className="first-run-cards">
          <section className="card" aria-labelledby="connect-title">
            <h2 id="connect-title">{t('firstRun.connectTitle')}</h2>
            <ConnectionForm onSaved={onConnected} />
          </section>
          <section className="card" aria-labelledby="demo-title">
            <h2 id="demo-title">{t('firstRun.demoTitle')}</h2>
            <p>{t('firstRun.demoText')}</p>
            <button type="button" onClick={() => void startDemo()} disabled={demoBusy}>
              {demoBusy ? t('common.working') : t('firstRun.useDemo')}
            </button>
            {demoError && (
              <p role="alert" className="status error">
                {demoError}
              </p>
            )}
          </section>
        </div>
      )}
    </main>
  );
}
