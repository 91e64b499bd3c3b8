import { z } from 'zod';
import { centsSchema, isoDateSchema } from '../domain';
import { defineCommand } from './define';

/** The layouts Quita reads ([J]); docs/import.md, “Acquirer settlement files”. */
export const ACQUIRER_LAYOUTS = [
  'cielo-edi-13',
  'cielo-edi-14',
  'cielo-edi-15',
  'rede-eevc',
  'rede-eevd',
  'rede-eefi',
  'stone-xml-2.2',
  'getnet-v10',
  'pagseguro-edi-json',
] as const;

/**
 * An acquirer settlement file (Cielo EDI v13/v14/v15, Rede EEVC/EEVD/EEFI, Stone XML 2.2, Getnet v10, PagBank EDI JSON) read by `import.preview` /
 * `import.commit`. Not a statement: its sales and payment batches are stored for the account and explain its
 * card credits when matching (a credit is matched as the set of its sales). `id` is null in a preview.
 */
export const acquirerFileSummarySchema = z.object({
  id: z.number().int().nullable(),
  acquirer: z.enum(['cielo', 'rede', 'stone', 'getnet', 'pagseguro']),
  layout: z.enum(ACQUIRER_LAYOUTS),
  /** The acquirer's name for the file (“04 pagamentos”, “EEVC”, “conciliação”). */
  fileKind: z.string(),
  fileDate: isoDateSchema.nullable(),
  merchant: z.string().nullable(),
  /** Sales (and installments) in the file, and the other rows (adjustments, cancellations, rent, summaries). */
  sales: z.number().int(),
  otherRows: z.number().int(),
  grossCents: centsSchema,
  feeCents: centsSchema,
  netCents: centsSchema,
  /** Payment batches: how many, how many the file says were paid, their net total and date range. */
  payments: z.number().int(),
  settledPayments: z.number().int(),
  paymentsCents: centsSchema,
  paymentFrom: isoDateSchema.nullable(),
  paymentTo: isoDateSchema.nullable(),
  /** With a bank account: rows new for it and rows an earlier file already brought. */
  inserted: z.number().int().nullable(),
  known: z.number().int().nullable(),
  sameFile: z.boolean(),
});
export type AcquirerFileSummary = z.infer<typeof acquirerFileSummarySchema>;

export const acquirerPaymentSchema = z.object({
  id: z.number().int(),
  paymentDate: isoDateSchema,
  netCents: centsSchema,
  brand: z.string().nullable(),
  product: z.string().nullable(),
  settled: z.boolean(),
  /** Its sales (and other rows) as stored: gross, fee, net per row. */
  rows: z.array(
    z.object({
      kind: z.string(),
      nsu: z.string().nullable(),
      authorization: z.string().nullable(),
      saleDate: isoDateSchema.nullable(),
      installment: z.number().int().nullable(),
      installments: z.number().int().nullable(),
      grossCents: centsSchema,
      feeCents: centsSchema,
      netCents: centsSchema,
      description: z.string().nullable(),
    }),
  ),
});

export const acquirerCommands = {
  'acquirer.files': defineCommand({
    summary:
      'List the imported acquirer settlement files (Cielo, Rede, Stone, Getnet, PagBank), newest first',
    input: z.object({ bankAccountId: z.number().int().positive().optional() }),
    output: z.object({
      files: z.array(
        acquirerFileSummarySchema.extend({
          id: z.number().int(),
          bankAccountId: z.number().int(),
          fileName: z.string(),
          importedAt: z.string(),
        }),
      ),
    }),
  }),
  'acquirer.payments': defineCommand({
    summary: "An imported acquirer file's payment batches with their sales",
    input: z.object({ fileId: z.number().int().positive() }),
    output: z.object({ payments: z.array(acquirerPaymentSchema) }),
  }),
};
