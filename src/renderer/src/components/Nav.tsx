import { useTranslation } from 'react-i18next';
import { SCREENS, type ScreenId } from '../screens';

export function Nav({ current, onSelect }: { current: ScreenId; onSelect: (s: ScreenId) => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.label')}>
      <ul className="nav">
        {SCREENS.map((id) => (
          <li key={id}>
            <button
              type="button"
              className={id === current ? 'nav-item active' : 'nav-item'}
              aria-current={id === current ? 'page' : undefined}
              onClick={() => onSelect(id)}
            >
              {t(`nav.${id}`)}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
