import type { z } from 'zod';
import { acquirerCommands } from './acquirer';
import { appCommands } from './app';
import { connectionCommands } from './connection';
import { cycleCommands } from './cycle';
import { demoCommands } from './demo';
import { auditCommands } from './audit';
import { backupCommands } from './backup';
import { branchesCommands } from './branches';
import { dashboardCommands } from './dashboard';
import { feedsCommands } from './feeds';
import { debtorsCommands } from './debtors';
import { geographyCommands } from './geography';
import { importCommands } from './import';
import { matchingCommands } from './matching';
import { notifyCommands } from './notify';
import { officeLinkCommands } from './office-link';
import { policyCommands } from './policy';
import { reportsCommands } from './reports';
import { reviewCommands } from './review';
import { sendCommands } from './send';
import { syncCommands } from './sync';
import { updateCommands } from './update';
import { usersCommands } from './users';

/** Every command Quita's core serves, defined once. IPC, HTTP, the preload allowlist and the CLI derive from it. */
export const commands = {
  ...appCommands,
  ...connectionCommands,
  ...demoCommands,
  ...syncCommands,
  ...importCommands,
  ...acquirerCommands,
  ...matchingCommands,
  ...geographyCommands,
  ...debtorsCommands,
  ...notifyCommands,
  ...policyCommands,
  ...auditCommands,
  ...reviewCommands,
  ...sendCommands,
  ...reportsCommands,
  ...dashboardCommands,
  ...backupCommands,
  ...updateCommands,
  ...feedsCommands,
  ...cycleCommands,
  ...branchesCommands,
  ...officeLinkCommands,
  ...usersCommands,
};

export type Commands = typeof commands;
export type CommandName = keyof Commands;
export type CommandInput<K extends CommandName> = z.input<Commands[K]['input']>;
export type CommandOutput<K extends CommandName> = z.output<Commands[K]['output']>;
export const COMMAND_NAMES = Object.keys(commands).sort() as CommandName[];
export const isCommandName = (name: string): name is CommandName => Object.hasOwn(commands, name);

export * from './envelope';
export * from './events';
export type { Settings } from './app';
export type { Profile } from './connection';
export type { BranchDto, AccountPlaceDto, BranchesViewDto } from './branches';
