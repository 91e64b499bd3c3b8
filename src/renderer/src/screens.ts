/** The app's screens, in navigation order. */
export const SCREENS = [
  'home',
  'sync',
  'import',
  'reconcile',
  'send',
  'audit',
  'debtors',
  'geography',
  'settings',
  'help',
] as const;
export type ScreenId = (typeof SCREENS)[number];
