import type { Theme } from '../../shared/constants';

/** Light and dark come from CSS variables; 'system' follows prefers-color-scheme (see styles.css). */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
}
