import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

const KEYS: [string[], string][] = [
  [['↑', '↓'], 'move'],
  [['Home', 'End', 'PgUp', 'PgDn'], 'jump'],
  [['Enter'], 'approve'],
  [['R'], 'reject'],
  [['V'], 'review'],
  [['1', '…', '9'], 'pick'],
  [['L'], 'link'],
  [['D'], 'aside'],
  [['E', 'P'], 'choose'],
  [['space'], 'select'],
  [['/'], 'search'],
  [['?'], 'help'],
  [['Esc'], 'close'],
];

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
      <dl>
        {KEYS.map(([keys, what]) => (
          <div key={what}>
            <dt>
              {keys.map((k) => (
                <kbd key={k}>{k === 'space' ? t('reconcile.shortcuts.space') : k}</kbd>
              ))}
            </dt>
            <dd>{t(`reconcile.shortcuts.${what}`)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
