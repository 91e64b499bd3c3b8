import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandName, CommandOutput } from '../../shared/contract';
import { roleAllows, roleNeeded } from '../../shared/roles';
import { call } from './api/client';

/** Who is logged in on the office server ([W]); null at a desk of its own (desktop app, browser mode). */
export type Me = NonNullable<CommandOutput<'users.me'>>;

/**
 * Reads `users.me` once, at start. A failure counts as nobody logged in: what a role may do is only shown here as a
 * courtesy (a button disabled, with why) — the core checks every command's role at its one door whatever the screen
 * shows, so a screen that offers too much is refused there, never obeyed.
 */
export async function readMe(): Promise<Me | null> {
  try {
    return await call('users.me', {});
  } catch {
    return null;
  }
}

const MeContext = createContext<Me | null>(null);

export function MeProvider({ me, children }: { me: Me | null; children: ReactNode }) {
  return <MeContext.Provider value={me}>{children}</MeContext.Provider>;
}

/** The person logged in on the office server, or null (no logins: the desk's owner may do everything). */
export function useMe(): Me | null {
  return useContext(MeContext);
}

/** What the shown screens may offer the person: the actions (from `users.action`) a tooltip names. */
export type Action =
  | 'send'
  | 'policy'
  | 'rules'
  | 'settings'
  | 'backup'
  | 'restore'
  | 'schedule'
  | 'folder'
  | 'cycle'
  | 'notify'
  | 'removeStatement'
  | 'aliases'
  | 'update'
  | 'asideRule';

export interface Allowed {
  allowed: boolean;
  /** Why not, in the clerk's words ("Só um supervisor pode enviar."); undefined when allowed. */
  why: string | undefined;
}

/**
 * Whether the person may run `command` (roles.ts, the table the core's door uses too: never a list in a screen) —
 * with `input` when the call's input raises the role it needs (a set-aside that makes a rule) — and, if not, the
 * sentence a disabled button's tooltip says.
 */
export function useAllowed(command: CommandName, action: Action, input?: unknown): Allowed {
  const { t } = useTranslation();
  const me = useMe();
  const need = roleNeeded(command, input);
  if (!me || roleAllows(me.role, need)) return { allowed: true, why: undefined };
  return { allowed: false, why: t(`users.need.${need}`, { action: t(`users.action.${action}`) }) };
}

/** What a button the person may not use carries besides `disabled`: why, as its tooltip, and a not-busy cursor. */
export const deniedProps = (a: Allowed): { title?: string; 'data-forbidden'?: '' } =>
  a.allowed ? {} : { title: a.why, 'data-forbidden': '' };
