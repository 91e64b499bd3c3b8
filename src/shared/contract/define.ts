import type { z } from 'zod';

export interface CommandDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** One line for `quita commands` and the docs. */
  summary: string;
  input: I;
  output: O;
}

export const defineCommand = <I extends z.ZodType, O extends z.ZodType>(def: CommandDef<I, O>) => def;
