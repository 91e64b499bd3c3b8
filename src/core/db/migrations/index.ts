import type { Migration } from '../migrate';
import { m001Cache } from './001-cache';
import { m002Statements } from './002-statements';

/** Every migration, in order. Add new ones at the end with the next number; never edit a released one. */
export const MIGRATIONS: readonly Migration[] = [m001Cache, m002Statements];
