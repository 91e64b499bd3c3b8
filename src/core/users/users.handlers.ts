import type { CoreContext } from '../context';
import { AppError } from '../errors';
import type { HandlerGroup } from '../handlers';
import type { Office } from './office';

/** The users' commands exist on the office server only: elsewhere there is one desk and no login. */
function officeOf(ctx: CoreContext): Office {
  if (!ctx.office)
    throw new AppError('conflict', 'Users exist only on the office server (quita server).', {
      code: 'users.no_server',
    });
  return ctx.office;
}

function requesterOf(ctx: CoreContext) {
  const who = ctx.requester();
  if (!who) throw new AppError('auth', 'Log in to the office server first.', { code: 'users.no_login' });
  return who;
}

/**
 * Changing users is the administrator's. Dispatch checks each command's role at the one door; this check stays
 * here too, so that a command reaching the handler some other way still cannot change users.
 */
function administrator(ctx: CoreContext) {
  const who = requesterOf(ctx);
  if (who.role !== 'administrador')
    throw new AppError('forbidden', 'Only an administrator manages the users.', {
      code: 'users.admin_only',
    });
  return who;
}

export const usersHandlers: HandlerGroup<
  'users.me' | 'users.list' | 'users.add' | 'users.update' | 'users.setPassword' | 'users.changePassword'
> = (ctx) => ({
  'users.me': async () => {
    if (!ctx.office) return null;
    const who = ctx.requester();
    return who ? { login: who.login, name: who.name, role: who.role } : null;
  },

  'users.list': async () => {
    const office = officeOf(ctx);
    administrator(ctx);
    return office.list();
  },

  'users.add': async (input) => {
    const office = officeOf(ctx);
    const by = administrator(ctx).login;
    return office.addUser(input, by);
  },

  'users.update': async ({ login, ...change }) => {
    const office = officeOf(ctx);
    const by = administrator(ctx).login;
    return office.update(login, change, by);
  },

  'users.setPassword': async ({ login, password }) => {
    const office = officeOf(ctx);
    const by = administrator(ctx).login;
    return office.setPassword(login, password, by);
  },

  'users.changePassword': async ({ current, next }) => {
    const office = officeOf(ctx);
    const who = requesterOf(ctx);
    return office.changePassword(who.login, current, next);
  },
});
