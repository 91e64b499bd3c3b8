import { useTranslation } from 'react-i18next';

/**
 * Conciliar's keyboard shortcuts: the keys of each and the `reconcile.shortcuts.*` text that says what it does.
 * The one list of them: Conciliar's panel (ShortcutsPanel, opened with `?`) and Ajuda both show it.
 */
export const SHORTCUTS: readonly (readonly [keys: readonly string[], what: string])[] = [
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

/** The shortcuts as a list of keys and what each does, in the current language. */
export function ShortcutList() {
  const { t } = useTranslation();
  return (
    <dl className="shortcut-list">
      {SHORTCUTS.map(([keys, what]) => (
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
  );
}
