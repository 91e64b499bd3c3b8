import { z } from 'zod';
import type { IgnorableFilter, LenientOptions, MarkReceivedAnswer } from './types';

export const IGNORABLE_FILTERS = [
  'accountStatus',
  'paymentTypes',
  'idReceivable',
  'receivingDate',
  'updateDate',
  'dueDate',
] as const satisfies readonly IgnorableFilter[];

export const MARK_RECEIVED_ANSWERS = [
  'empty',
  'true',
  'object',
  'html',
] as const satisfies readonly MarkReceivedAnswer[];

export const lenientOptionsSchema = z.strictObject({
  idLists: z.boolean().optional(),
  ignoreFilters: z.array(z.enum(IGNORABLE_FILTERS)).optional(),
  singleValueLists: z.boolean().optional(),
  dateOnlyFilters: z.boolean().optional(),
  markReceivedAnswer: z.enum(MARK_RECEIVED_ANSWERS).optional(),
});

/**
 * The current lenient switches. Replaced as a whole (like the faults), so a test that turns one switch
 * on never inherits another one from an earlier test; every request reads them once, at its start.
 */
export function createLenientSwitches(initial: LenientOptions) {
  let current: LenientOptions = {};
  const set = (l: LenientOptions) => {
    const parsed = lenientOptionsSchema.safeParse(l);
    if (!parsed.success) throw new Error(`invalid lenient options: ${parsed.error.message}`);
    current = parsed.data;
  };
  set(initial);
  return { set, get: (): LenientOptions => current };
}

export type LenientSwitches = ReturnType<typeof createLenientSwitches>;
