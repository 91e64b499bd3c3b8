import { createContext, useContext, type ReactNode } from 'react';
import type { ScreenId } from './screens';

/**
 * Conciliar's list filters a screen may open it with, by the bucket Início counts each line in
 * (core/dashboard/line-buckets.ts): `todo` to decide, `approved` approved to send or sent, `recorded` already in
 * EVO, `set_aside` set aside; `all`: every line.
 */
export const RECONCILE_FILTERS = ['todo', 'approved', 'recorded', 'set_aside', 'all'] as const;
export type ReconcileFilter = (typeof RECONCILE_FILTERS)[number];

/** What each screen may be opened with (screens not listed take nothing). */
export interface ScreenParams {
  /**
   * Conciliar opens this statement (default: the latest, the one Início's "Extrato atual" counts) with this
   * filter. A statement that no longer exists falls back to the latest.
   */
  reconcile: { filter?: ReconcileFilter; statementId?: number };
  /** `batches`: the list of sends (lotes) rather than what is approved to send. */
  send: { view?: 'to_send' | 'batches' };
}
export type ParamsOf<S extends ScreenId> = S extends keyof ScreenParams ? ScreenParams[S] : undefined;

/** The screen shown and what it was opened with (undefined: opened from the menu, its defaults). */
export type Destination = { [S in ScreenId]: { screen: S; params: ParamsOf<S> | undefined } }[ScreenId];

export interface Navigation {
  current: Destination;
  /** Show a screen, optionally with its initial filter or view. The menu opens screens without params. */
  open: <S extends ScreenId>(
    screen: S,
    ...params: S extends keyof ScreenParams ? [ScreenParams[S]?] : []
  ) => void;
}

const NavigationContext = createContext<Navigation | null>(null);

export function NavigationProvider({ value, children }: { value: Navigation; children: ReactNode }) {
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

/** The app's navigation: which screen is shown, and a typed way to open another with a filter. */
export function useNavigation(): Navigation {
  const nav = useContext(NavigationContext);
  if (!nav) throw new Error('useNavigation outside NavigationProvider');
  return nav;
}

/**
 * What the given screen was opened with, read once when the screen mounts (a screen is remounted each time it
 * is opened, so a later open with another filter is seen). Undefined when opened from the menu.
 */
export function useScreenParams<S extends ScreenId>(screen: S): ParamsOf<S> | undefined {
  const { current } = useNavigation();
  return current.screen === screen ? (current.params as ParamsOf<S> | undefined) : undefined;
}
