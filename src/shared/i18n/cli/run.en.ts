import type { cliRunPtBR } from './run.pt-BR';

export const cliRunEn: typeof cliRunPtBR = {
  run: {
    summary: 'Run one automatic cycle now (for the system scheduler), or print the scheduler entry',
    help: 'quita run --cycle [--json]\nquita run --print-schedule windows|systemd',
  },
  audit: {
    summary: 'Export the audit log or the reconciliation report (CSV, XLSX, PDF); verify the chain',
    help: 'quita audit export --format csv|xlsx|pdf --out FILE [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--kind log|reconciliation] [--action PREFIX] [--json]\nquita audit verify [--json]',
  },
};
