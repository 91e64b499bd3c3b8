import { z } from 'zod';
import { isoDateSchema } from '../domain';
import { defineCommand } from './define';
import { errorInfoSchema } from './envelope';

/**
 * [U] Bank feeds: statement lines read from a bank's API (core/feeds/). The first connector is the Banco Central's
 * standard Pix API (`pix-api`). Secrets (client secret, certificate password, private key) go in, never out.
 */
export const FEED_KINDS = ['pix-api'] as const;

const httpsUrl = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .refine((s) => URL.canParse(s), 'not an address')
  .refine((s) => {
    const u = new URL(s);
    // Plain http only on this computer (the sandbox); a bank is always https.
    return u.protocol === 'https:' || (u.protocol === 'http:' && u.hostname === '127.0.0.1');
  }, 'the address must start with https://');

/** The company's certificate: a .pfx/.p12 with its password, or a PEM certificate and its private key. */
export const feedCertificateInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pfx'), uploadId: z.string().min(1), password: z.string().max(200) }),
  z.object({
    kind: z.literal('pem'),
    certUploadId: z.string().min(1),
    keyUploadId: z.string().min(1),
    /** Of an encrypted private key; empty when the key is not encrypted. */
    password: z.string().max(200).default(''),
  }),
]);

/** What Quita shows of a stored certificate: its public facts only. */
export const feedCertificateInfoSchema = z.object({
  kind: z.enum(['pfx', 'pem']),
  subject: z.string(),
  issuer: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
});
export type FeedCertificateInfo = z.infer<typeof feedCertificateInfoSchema>;

export const feedRunResultSchema = z.object({
  feedId: z.number().int(),
  label: z.string(),
  bankAccountId: z.number().int(),
  from: z.string(),
  to: z.string(),
  fetched: z.number().int(),
  added: z.number().int(),
  known: z.number().int(),
  /** Items the bank sent that could not be read (an amount or a time in no known form): in the log, and said. */
  rejected: z.number().int(),
  requests: z.number().int(),
  /** Statements that received lines (their matching was refreshed). */
  statementIds: z.array(z.number().int()),
  error: errorInfoSchema.nullable(),
});

export const feedRunSchema = z.object({
  trigger: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  fetched: z.number().int(),
  added: z.number().int(),
  known: z.number().int(),
  rejected: z.number().int(),
  requests: z.number().int(),
  error: errorInfoSchema.nullable(),
});

export const feedSchema = z.object({
  id: z.number().int(),
  kind: z.enum(FEED_KINDS),
  label: z.string(),
  bankAccountId: z.number().int(),
  preset: z.string().nullable(),
  tokenUrl: z.string(),
  baseUrl: z.string(),
  clientId: z.string(),
  enabled: z.boolean(),
  startDate: isoDateSchema,
  /** Read up to this instant (ISO); null before the first run that succeeded. */
  readThrough: z.string().nullable(),
  certificate: feedCertificateInfoSchema.nullable(),
  /** The client secret and certificate are stored for these addresses (false: type them again). */
  secretsStored: z.boolean(),
  lastRun: feedRunSchema.nullable(),
});
export type FeedDto = z.infer<typeof feedSchema>;

export const feedPresetSchema = z.object({
  id: z.string(),
  name: z.string(),
  tokenUrl: z.string(),
  baseUrl: z.string(),
  /** The branch's account this API belongs to, when the preset knows it (the sandbox's). */
  bankAccountId: z.number().int().nullable(),
  /** Where the addresses were published (docs/feeds.md); null for the sandbox. */
  source: z.string().nullable(),
  /** The demonstration branch's test certificate, to try the screen with (the sandbox only). */
  demoCertificate: z
    .object({ path: z.string(), password: z.string(), clientId: z.string(), clientSecret: z.string() })
    .nullable(),
});

export const feedsCommands = {
  'feeds.list': defineCommand({
    summary:
      'Bank feeds of the active branch (addresses, certificate facts, last run) and the known bank presets',
    input: z.object({}),
    output: z.object({ feeds: z.array(feedSchema), presets: z.array(feedPresetSchema) }),
  }),
  'feeds.save': defineCommand({
    summary:
      'Add or change a bank feed (Pix API): addresses, client id and secret, company certificate, the account it feeds',
    input: z.object({
      id: z.number().int().positive().optional(),
      kind: z.enum(FEED_KINDS).default('pix-api'),
      label: z.string().trim().min(1).max(80),
      bankAccountId: z.number().int().positive(),
      preset: z.string().max(40).nullable().default(null),
      tokenUrl: httpsUrl,
      baseUrl: httpsUrl,
      clientId: z.string().trim().min(1).max(200),
      /** Required when adding, or when an address or the client id changes; absent: keep the stored one. */
      clientSecret: z.string().min(1).max(500).optional(),
      certificate: feedCertificateInputSchema.optional(),
      /**
       * The certificate of the authority that signed the bank's server certificate (PEM or DER, a chain allowed), for
       * a bank whose API is signed by an authority computers do not trust by default (ICP-Brasil, a bank's own):
       * then only it is trusted for this feed. Absent: keep the stored one; null: trust the usual authorities.
       */
      serverCa: z
        .object({ uploadId: z.string().min(1) })
        .nullable()
        .optional(),
      enabled: z.boolean().default(true),
      /** First day to read (Brasília); default: 7 days before today. */
      startDate: isoDateSchema.optional(),
    }),
    output: feedSchema,
  }),
  'feeds.remove': defineCommand({
    summary: 'Remove a bank feed and its stored secrets (the lines it read stay)',
    input: z.object({ id: z.number().int().positive() }),
    output: z.object({ removed: z.boolean() }),
  }),
  'feeds.test': defineCommand({
    summary: "Test a bank feed: the certificate, a token with scope pix.read, and one page of today's Pix",
    input: z.object({ id: z.number().int().positive() }),
    output: z.object({
      requests: z.number().int(),
      /** Pix received today so far, as the bank counts them. */
      todayCount: z.number().int(),
      certificate: feedCertificateInfoSchema.nullable(),
    }),
  }),
  'feeds.run': defineCommand({
    summary: 'Read a bank feed now (or every enabled feed), store the new lines and suggest matches for them',
    input: z.object({ id: z.number().int().positive().optional() }),
    output: z.object({ results: z.array(feedRunResultSchema) }),
  }),
};
