import type { SandboxData } from '../data/model';
import { writeCsvItau } from './csv-itau';
import { writeOfx } from './ofx';
import { planStatement } from './plan';
import { writeXlsx } from './xlsx';
import type { StatementFile, StatementOptions } from './types';

const MEDIA_TYPES = {
  ofx: 'application/x-ofx',
  csv: 'text/csv; charset=iso-8859-1',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * The bank statement of one account for a period, as the bank would export it, plus the ground truth
 * (which receivables each line pays). Pure: depends only on the generated data and the options.
 */
export function writeStatement(data: SandboxData, opts: StatementOptions): StatementFile {
  const plan = planStatement(data, opts);
  const written =
    opts.format === 'ofx' ? writeOfx(plan) : opts.format === 'csv' ? writeCsvItau(plan) : writeXlsx(plan);
  const account = plan.account.replace(/[^0-9A-Za-z]/g, '');
  return {
    fileName: `extrato_${plan.bankCode}_${plan.agency}_${account}_${plan.from}_${plan.to}.${opts.format}`,
    mediaType: MEDIA_TYPES[opts.format],
    bytes: written.bytes,
    groundTruth: {
      bankAccountId: plan.bankAccountId,
      bankCode: plan.bankCode,
      from: plan.from,
      to: plan.to,
      format: opts.format,
      noise: opts.noise ?? 'default',
      seed: (opts.seed ?? data.seed) >>> 0,
      openingBalanceCents: plan.openingBalanceCents,
      closingBalanceCents: plan.closingBalanceCents,
      lines: written.lines,
    },
  };
}
