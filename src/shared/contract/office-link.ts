import { z } from 'zod';
import { defineCommand } from './define';

/** The office server's address as the desktop app keeps it: https only, no user or password in it. */
const serverUrl = z
  .string()
  .trim()
  .max(300)
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'https:' && !u.username && !u.password && u.hostname !== '';
    } catch {
      return false;
    }
  }, 'must be an https:// address with no user or password');

/** A certificate's SHA-256 as `quita server` prints it and browsers show it: 32 pairs of hex digits with colons. */
const fingerprint = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .refine(
    (s) => /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/.test(s),
    'must be the SHA-256 fingerprint (AA:BB:…, 32 pairs)',
  );

export const officeLinkSchema = z.object({
  url: z.string(),
  /** Pinned: the server's own certificate (one `quita server` made); null: checked against the system's authorities. */
  fingerprint: z.string().nullable(),
});
export type OfficeLink = z.infer<typeof officeLinkSchema>;

export const officeLinkCommands = {
  'office.link.get': defineCommand({
    summary: 'The office server this desktop app opens instead of its own data, if any',
    input: z.object({}),
    output: officeLinkSchema.nullable(),
  }),
  'office.link.test': defineCommand({
    summary:
      "Reach an office server: its certificate's fingerprint, whether it is trusted or pinned, and its health",
    input: z.object({ url: serverUrl, fingerprint: fingerprint.optional() }),
    output: z.object({
      /** The SHA-256 of the certificate the server showed (compare it with what the office's IT gave). */
      fingerprint: z.string(),
      /** Signed by an authority this computer trusts, or equal to the fingerprint given. */
      trusted: z.boolean(),
      /** /health answered ok. */
      healthy: z.boolean(),
    }),
  }),
  'office.link.set': defineCommand({
    summary:
      'Open an office server instead of this computer’s own data (desktop app; takes effect at the next start), or null to go back',
    input: z.object({ url: serverUrl, fingerprint: fingerprint.nullable() }).or(z.object({ url: z.null() })),
    output: officeLinkSchema.nullable(),
  }),
};
