import type { cliFlowPtBR } from './flow.pt-BR';

export const cliFlowEn: typeof cliFlowPtBR = {
  import: {
    summary: 'Import a bank statement, a boleto return file or a card sales file',
    help: 'quita import FILE --bank-account ID [--statement N] [--confirm-account] [--dry-run] [--json]',
  },
  match: {
    summary: 'Propose receivables for each credit of a statement and show what needs a decision',
    help: 'quita match [--statement ID] [--all] [--json]',
  },
  approve: {
    summary: 'Approve suggestions: every green one of a statement, or the given lines',
    help: 'quita approve --green [--statement ID] [--json]\nquita approve --line ID [--line ID...] [--json]',
  },
  send: {
    summary: 'Mark the approved receivables as paid in EVO (queue, send, read back) and wait for the outcome',
    help: 'quita send [--chunk-size N] [--json]',
  },
  status: {
    summary: 'Where things stand: local copy, statements, suggestions and sends',
    help: 'quita status [--json]',
  },
  demo: {
    summary: 'Start the demonstration branch, or write one of its sample statements',
    help: 'quita demo start [--json]\nquita demo statement [--format ofx|csv|xlsx] [--account ID] [--out FILE] [--json]',
  },
};
