import type { z } from 'zod';
import type { CommandName, CommandOutput, Commands } from '../shared/contract';
import type { CoreContext } from './context';
import { appHandlers } from './app/app.handlers';
import { connectionHandlers } from './connection/connection.handlers';
import { cycleHandlers } from './cycle/cycle.handlers';
import { demoHandlers } from './demo/demo.handlers';
import { auditHandlers } from './audit/audit.handlers';
import { backupHandlers } from './db/backup.handlers';
import { branchesHandlers } from './branches/branches.handlers';
import { dashboardHandlers } from './dashboard/dashboard.handlers';
import { debtorsHandlers } from './debtors/debtors.handlers';
import { feedsHandlers } from './feeds/feeds.handlers';
import { geographyHandlers } from './geography/geography.handlers';
import { importHandlers } from './import/import.handlers';
import { returnFileHandlers } from './import/return-file/return-file.handlers';
import { acquirerHandlers } from './acquirer/acquirer.handlers';
import { cardFeesHandlers } from './matching/card-fees.handlers';
import { matchingHandlers } from './matching/matching.handlers';
import { notifyHandlers } from './notify/notify.handlers';
import { officeLinkHandlers } from './office-link/office-link.handlers';
import { policyHandlers } from './policy/policy.handlers';
import { reportsHandlers } from './reports/reports.handlers';
import { reviewHandlers } from './review/review.handlers';
import { sendHandlers } from './outbox/send.handlers';
import { syncHandlers } from './sync/sync.handlers';
import { updateHandlers } from './update/update.handlers';
import { usersHandlers } from './users/users.handlers';

/** A handler receives input already validated by the command's zod schema. */
export type Handler<K extends CommandName> = (
  input: z.output<Commands[K]['input']>,
) => Promise<CommandOutput<K>>;
export type Handlers = { [K in CommandName]: Handler<K> };
export type HandlerGroup<K extends CommandName> = (ctx: CoreContext) => { [P in K]: Handler<P> };

/** The one map from command name to handler; the compiler checks that every command has one. */
export function createHandlers(ctx: CoreContext): Handlers {
  // The cycle runs the other commands through a dispatch of its own over this very map.
  const handlers: Handlers = {
    ...appHandlers(ctx),
    ...connectionHandlers(ctx),
    ...demoHandlers(ctx),
    ...syncHandlers(ctx),
    ...importHandlers(ctx),
    ...returnFileHandlers(ctx),
    ...acquirerHandlers(ctx),
    ...matchingHandlers(ctx),
    ...cardFeesHandlers(ctx),
    ...geographyHandlers(ctx),
    ...debtorsHandlers(ctx),
    ...branchesHandlers(ctx),
    ...notifyHandlers(ctx),
    ...officeLinkHandlers(ctx),
    ...policyHandlers(ctx),
    ...auditHandlers(ctx),
    ...reviewHandlers(ctx),
    ...sendHandlers(ctx),
    ...reportsHandlers(ctx),
    ...dashboardHandlers(ctx),
    ...backupHandlers(ctx),
    ...updateHandlers(ctx),
    ...feedsHandlers(ctx),
    ...usersHandlers(ctx),
    ...cycleHandlers(ctx, () => handlers),
  };
  return handlers;
}
