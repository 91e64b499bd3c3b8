import { z } from 'zod';
import { ROLES } from '../roles';
import { defineCommand } from './define';

/** The three roles of an office, from the least to the most allowed (issue 34). */
export const roleSchema = z.enum(ROLES);

/** A login as typed: any case, stored lower-cased; letters, digits, dot, underscore and hyphen. */
export const loginSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3)
  .max(40)
  .regex(/^[a-z0-9._-]+$/, 'letters, digits, dot, underscore or hyphen');

const userName = z
  .string()
  .trim()
  .min(1)
  .max(80)
  // Shown on one line (the users' list, "Quem" in the audit).
  .refine((s) => ![...s].some((c) => c.charCodeAt(0) < 32), 'no control characters');

/** The length is checked by the office (users/passwords.ts), which words the refusal for the clerk. */
const password = z.string().max(1000);

export const officeUserSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  name: z.string(),
  role: roleSchema,
  active: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type OfficeUserDto = z.infer<typeof officeUserSchema>;

export const usersCommands = {
  'users.me': defineCommand({
    summary: 'Who is logged in on the office server (null outside the server)',
    input: z.object({}),
    output: z.object({ login: z.string(), name: z.string(), role: roleSchema }).nullable(),
  }),
  'users.list': defineCommand({
    summary: "The office server's users and their roles",
    input: z.object({}),
    output: z.array(officeUserSchema),
  }),
  'users.add': defineCommand({
    summary: 'Add a user to the office server, with a role and a first password',
    input: z.object({ login: loginSchema, name: userName, role: roleSchema, password }),
    output: officeUserSchema,
  }),
  'users.update': defineCommand({
    summary: 'Rename a user, change their role, or (de)activate them (their sessions end)',
    input: z
      .object({
        login: loginSchema,
        name: userName.optional(),
        role: roleSchema.optional(),
        active: z.boolean().optional(),
      })
      .refine(
        (v) => v.name !== undefined || v.role !== undefined || v.active !== undefined,
        'nothing to change',
      ),
    output: officeUserSchema,
  }),
  'users.setPassword': defineCommand({
    summary: "Set another user's password (an administrator); their sessions end",
    input: z.object({ login: loginSchema, password }),
    output: officeUserSchema,
  }),
  'users.changePassword': defineCommand({
    summary: 'Change your own password, giving the current one; your sessions end',
    input: z.object({ current: password, next: password }),
    output: officeUserSchema,
  }),
};
