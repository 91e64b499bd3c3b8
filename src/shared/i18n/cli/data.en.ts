import type { cliDataPtBR } from './data.pt-BR';

export const cliDataEn: typeof cliDataPtBR = {
  sync: {
    summary: 'Bring the local copy up to date with EVO (receivables, accounts, debtors)',
    help: 'quita sync [--due-from YYYY-MM-DD --due-to YYYY-MM-DD] [--geography] [--no-debtors] [--json]',
  },
  accounts: { summary: 'List the bank accounts in the local copy', help: 'quita accounts [--json]' },
  receivables: {
    summary: 'List receivables from the local copy',
    help: 'quita receivables [--status open,overdue,received,cancelled] [--limit N] [--json]',
  },
  connect: {
    summary: 'Connect to a branch’s EVO API (checks the key first) and use that connection',
    help: 'quita connect --base-url URL --username USER --key-kind branch|admin [--name NAME] [--password-stdin] [--anyway] [--json]',
  },
  debtors: {
    summary: 'List debtors from the local copy (run quita sync first)',
    help: 'quita debtors [--search TEXT] [--min-days-late N] [--sort name|amount|daysLate|dueDate] [--asc] [--json]',
  },
  geography: {
    summary: 'States, cities and neighbourhoods from the local copy (search ignores accents)',
    help: 'quita geography [--search TEXT] [--refresh] [--json]',
  },
  notify: {
    summary: 'Send a notification to one or more members through EVO and wait for the outcome',
    help: 'quita notify --member ID [--member ID...] --message TEXT [--again] [--json]',
  },
  backup: {
    summary: 'Back up the branch database now, or list its backups',
    help: 'quita backup [--list] [--json]',
  },
  restore: {
    summary: 'Put a backup in place of the branch database (the current file is kept aside)',
    help: 'quita restore (--latest | NAME) [--json]',
  },
};
