import { z } from 'zod';

/** Money is always integer cents inside Quita; format only at the edge. */
export const centsSchema = z.number().int();
export type Cents = number;

/** A calendar date as `YYYY-MM-DD` (Brasília time when it comes from the API). */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'not a real calendar date');
export type IsoDate = string;

export * from './constants';
