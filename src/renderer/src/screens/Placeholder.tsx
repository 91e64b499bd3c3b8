import { useTranslation } from 'react-i18next';
import type { ScreenId } from '../screens';

/** A screen whose work is not built yet: says what it will do, and that it is not there yet. */
export function Placeholder({
  screen,
}: {
  screen: Exclude<
    ScreenId,
    'settings' | 'sync' | 'debtors' | 'geography' | 'import' | 'reconcile' | 'send' | 'audit'
  >;
}) {
  const { t } = useTranslation();
  return (
    <section className="screen">
      <h1>{t(`nav.${screen}`)}</h1>
      <p>{t(`screens.${screen}`)}</p>
      <p className="badge">{t('screens.comingSoon')}</p>
    </section>
  );
}
