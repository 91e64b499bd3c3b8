import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ShortcutList } from './shortcuts';

/** The keyboard shortcuts of Conciliar, shown with `?` (and closed with `?` or Esc). */
export function ShortcutsPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  return (
    <section
      className="card shortcuts"
      role="dialog"
      aria-labelledby="shortcuts-title"
      onKeyDown={(e) => {
        if (e.key === 'Escape' || e.key === '?') {
          e.preventDefault();
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="notify-head">
        <h2 id="shortcuts-title">{t('reconcile.shortcuts.title')}</h2>
        <button type="button" ref={closeRef} onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <ShortcutList />
    </section>
  );
}
