import type { cliDataPtBR } from './data.pt-BR';

export const cliDataEn: typeof cliDataPtBR = {
  dataWords: {
    synced: '(synced {{when}})',
    neverSynced: '(never synced)',
    badDate: '{{option}} needs a date (YYYY-MM-DD or dd/mm/yyyy), not “{{value}}”',
    badRange: 'the period ends before it starts: {{to}} is before {{from}}',
  },
  sync: {
    summary: 'Bring the local copy up to date with EVO (receivables, accounts, debtors)',
    help: [
      'quita sync [--due-from YYYY-MM-DD] [--due-to YYYY-MM-DD] [--geography] [--no-debtors] [--json]',
      '  --due-from    receivables due from this day on (default: 90 days ago)',
      '  --due-to      receivables due up to this day (default: 7 days from now)',
      '  --geography   also fetch the places (states, cities and neighbourhoods)',
      '  --no-debtors  do not refresh the list of debtors',
      'Dates may also be written dd/mm/yyyy. After the first time, only what changed is fetched.',
      'Progress (each phase, the requests, the wait for the API limit) goes to standard error.',
    ].join('\n'),
    windowBackwards:
      'The due-date window ends before it starts: without --due-to, it ends 7 days from now; without --due-from, it starts 90 days ago. Give both dates.',
    progress: '{{phase}}: {{requests}}',
    progressWaiting: '{{phase}}: {{requests}} · {{waiting}}',
    mode: {
      first: 'First sync: every receivable of the window was fetched.',
      incremental: 'Only what changed since the last sync was fetched.',
    },
    debtors: 'Debtors: {{count}}.',
    geography: 'Places: {{counts}}.',
  },
  accounts: {
    summary: 'List the bank accounts in the local copy',
    help: [
      'quita accounts [--json]',
      '  Each line: the account’s number (what quita import --bank-account takes) and its description.',
    ].join('\n'),
    none: 'No bank accounts stored: sync first (quita sync).',
  },
  receivables: {
    summary: 'List receivables from the local copy',
    help: [
      'quita receivables [--status open,overdue,received,cancelled] [--limit NUMBER] [--json]',
      '  --status  only receivables in these states, separated by commas',
      '  --limit   at most this many lines, 1 to 5000 (default: 5000)',
      'Each line: number, due date, amount, state and payer.',
    ].join('\n'),
    badStatus: 'unknown state “{{value}}” (use open, overdue, received or cancelled)',
    badLimit: '--limit must be a number from 1 to 5000',
    shown: 'Showing {{shown}} of {{count}} receivables',
    shown_one: 'Showing {{shown}} of {{count}} receivable',
  },
  connect: {
    summary: 'Connect to a branch’s EVO API (checks the key first) and use that connection',
    help: [
      'quita connect --base-url URL --username USER --key-kind branch|admin [--name NAME] [--password-stdin] [--anyway] [--json]',
      '  --base-url        the integration API’s address',
      '  --username        the user (the gym’s DNS)',
      '  --key-kind        branch (the branch’s key) or admin (a general administrator’s key)',
      '  --name            the connection’s name (default: the user)',
      '  --password-stdin  read the key from standard input; without it, the key comes from QUITA_PASSWORD',
      '  --anyway          save even if the test finds a problem with the key (recorded in the audit log)',
      'Nothing is saved if the API refuses the key. The key never appears in the output.',
    ].join('\n'),
    missing: '--base-url and --username are required',
    badKeyKind: '--key-kind takes branch or admin',
    noStdin: '--password-stdin needs a standard input',
    noKey: 'no key given: set QUITA_PASSWORD or pipe it with --password-stdin',
    badKey: 'the key given cannot be right: it is longer than 500 characters',
    invalid: '{{option}}: {{reason}}',
    notice: {
      key_sees_branches:
        'Warning: this key sees {{count}} branches (codes {{branches}}): it looks like a general administrator’s key, not the branch’s. Saved as a branch key, Quita would mix in other branches’ receivables. Use --key-kind admin to reconcile the network branch by branch (quita branches), or ask for the branch’s key.',
      key_not_guid:
        'The key is not shaped like an integration key (a code like 3f2504e0-4f89-11d3-9a0c-0305e82c3301), but the API accepted it.',
    },
    notSaved: '{{notice}} Nothing was saved; to save it anyway, add --anyway.',
    connected:
      'Connected to {{host}} as {{username}} ({{kind}}): {{accounts}}. The connection “{{name}}” is now the one in use.',
    accounts: '{{count}} bank accounts',
    accounts_one: '{{count}} bank account',
  },
  debtors: {
    summary: 'List debtors from the local copy (run quita sync first)',
    help: [
      'quita debtors [--search TEXT] [--min-days-late NUMBER] [--sort name|amount|daysLate|dueDate] [--asc] [--json]',
      '  --search         search by the member’s name or code',
      '  --min-days-late  only debts at least this many days late',
      '  --sort           the order: name, amount, daysLate (default) or dueDate',
      '  --asc            smallest first (default: largest first)',
      'Each line is a debt: member code, amount, days late and name.',
    ].join('\n'),
    badMinDays: '--min-days-late must be a whole number, 0 or more',
    badSort: '--sort takes name, amount, daysLate or dueDate',
    longSearch: '--search takes up to 100 characters',
    days: '{{count}} days',
    days_one: '{{count}} day',
    empty: 'No debtors with these filters. Run quita sync to refresh the list.',
  },
  geography: {
    summary: 'States, cities and neighbourhoods from the local copy (search ignores accents)',
    help: [
      'quita geography [--search TEXT] [--refresh] [--json]',
      '  --search   search states, cities and neighbourhoods (accents do not matter: “sao jose” finds “São José”)',
      '  --refresh  download the places from the API again first (one request)',
      'Without --search: each state, with how many cities and neighbourhoods it has.',
    ].join('\n'),
    empty: 'No places stored yet: run quita geography --refresh.',
    badSearch: '--search needs a text of 1 to 100 characters',
  },
  notify: {
    summary: 'Send a notification to one or more members through EVO and wait for the outcome',
    help: [
      'quita notify --member NUMBER [--member NUMBER...] --message TEXT [--again] [--json]',
      '  --member   the member’s code (repeat it for several; see quita debtors)',
      '  --message  the text, up to 1000 characters; `{nome}`, `{primeiro_nome}`, `{valor}`, `{vencimento}` and `{dias_atraso}` are filled in for each member',
      '  --again    notify again members notified recently (the period is in Settings)',
    ].join('\n'),
    badMember: '--member must be a member’s code (a whole number)',
    noMessage: '--message is required (the notification’s text)',
    emptyMessage: 'the message is empty',
    longMessage: 'the message has {{length}} characters; the limit is {{max}}',
    again: 'To notify them again, add --again.',
    unknownPlaceholder:
      'The message uses a placeholder Quita does not know ({{placeholders}}). The placeholders are {nome}, {primeiro_nome}, {valor}, {vencimento} and {dias_atraso}.',
    line: '{{member}}: {{state}}',
    lineDetail: '{{member}}: {{state}} — {{detail}}',
    sentDetail: '{{id}}, {{when}}',
    notSent: 'not sent',
    problem: {
      noData: 'no data for {{fields}} for this member (not in the debtors list)',
      empty: 'the message is empty',
      tooLong: 'the message has {{length}} characters; the limit is {{max}}',
    },
    nothingSent: 'nothing was sent',
  },
  backup: {
    summary: 'Back up the branch database now, or list its backups',
    help: [
      'quita backup [--list] [--json]',
      '  --list  list the backups kept (name, when, why, size), newest first',
      'Without --list: take a backup now. A backup’s name is what quita restore takes.',
    ].join('\n'),
    listTitle: 'Backups in {{folder}} (newest first):',
    done: 'Backed up: {{name}} ({{size}}).',
  },
  restore: {
    summary: 'Put a backup in place of the branch database (the current file is kept aside)',
    help: [
      'quita restore (--latest | NAME) [--json]',
      '  --latest  restore the newest backup',
      '  NAME      restore this backup (the name quita backup --list shows)',
      'The current database is not deleted: it is kept beside, under another name.',
    ].join('\n'),
    usage: 'give --latest or one backup’s name (one of the two)',
    badName: '“{{name}}” is not a backup’s name (the names are in quita backup --list)',
    movedAside: 'The replaced file was kept as {{file}}.',
  },
};
