import type { z } from 'zod';
import type { CommandName, CommandOutput, Commands } from '../shared/contract';
import type { CoreContext } from './context';
import { appHandlers } from './services/app.handlers';
import { connectionHandlers } from './services/connection.handlers';
import { demoHandlers } from './services/demo.handlers';
import { auditHandlers } from './services/audit.handlers';
import { backupHandlers } from './services/backup.handlers';
import { dashboardHandlers } from './services/dashboard.handlers';
import { debtorsHandlers } from './services/debtors.handlers';
import { geographyHandlers } from './services/geography.handlers';
import { importHandlers } from './services/import.handlers';
import { returnFileHandlers } from './services/return-file.handlers';
import { acquirerHandlers } from './acquirer/acquirer.handlers';
import { cardFeesHandlers } from './services/card-fees.handlers';
import { matchingHandlers } from './services/matching.handlers';
import { notifyHandlers } from './services/notify.handlers';
import { reportsHandlers } from './services/reports.handlers';
import { reviewHandlers } from './services/review.handlers';
import { sendHandlers } from './services/send.handlers';
import { syncHandlers } from './services/sync.handlers';
import { updateHandlers } from './services/update.handlers';

/** A handler receives input already validated by the command's zod schema. */
export type Handler<K extends CommandName> = (
  input: z.output<Commands[K]['input']>,
) => Promise<CommandOutput<K>>;
export type Handlers = { [K in CommandName]: Handler<K> };
export type HandlerGroup<K extends CommandName> = (ctx: CoreContext) => { [P in K]: Handler<P> };

/** The one map from command name to handler; the compiler checks that every command has one. */
export function createHandlers(ctx: CoreContext): Handlers {
  return {
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
    ...notifyHandlers(ctx),
    ...auditHandlers(ctx),
    ...reviewHandlers(ctx),
    ...sendHandlers(ctx),
    ...reportsHandlers(ctx),
    ...dashboardHandlers(ctx),
    ...backupHandlers(ctx),
    ...updateHandlers(ctx),
  };
}
