import type { cliBranchesPtBR } from './branches.pt-BR';

export const cliBranchesEn: typeof cliBranchesPtBR = {
  branches: {
    summary:
      "List the network's branches, choose which are reconciled and which branch each account belongs to",
    help: [
      'quita branches [--json]',
      'quita branches name <number> <name>',
      'quita branches reconcile <number>',
      'quita branches ignore <number>',
      'quita branches add <number> [name]',
      'quita branches account <account> <branch number, network or undo>',
      '  (no action)  list the branches (number in EVO, name, whether reconciled, open receivables, accounts) and',
      '               then which branch each bank account belongs to',
      '  name         give the branch the name the office uses (an empty name, "", goes back to “Branch <number>”)',
      '  reconcile    reconcile the branch here',
      '  ignore       leave the branch out of reconciliation (its data stays stored)',
      '  add          put a branch that did not appear on sync in the list, by its number in EVO',
      '  account      say which branch a bank account belongs to (the number quita accounts shows): the branch',
      "               number, network for the network's central account, or undo to let the sync decide",
      'The Portuguese actions (nomear, conciliar, ignorar, adicionar, conta; rede, desfazer) work too.',
    ].join('\n'),
    empty: 'No branch stored yet: sync first (quita sync).',
    col: {
      id: 'Number',
      name: 'Name',
      chosen: 'Reconciled',
      open: 'Open',
      accounts: 'Accounts',
    },
    yes: 'yes',
    no: 'no',
    accountsTitle: 'Bank accounts:',
    noAccounts: 'No bank account stored yet: sync first (quita sync).',
    accountLine: '{{id}}  {{account}}: {{place}}',
    badAction: 'unknown action: “{{action}}” (use name, reconcile, ignore, add or account)',
    badId: 'the branch number must be a whole number greater than zero, not “{{value}}”',
    badAccount: 'the account number must be a whole number greater than zero, not “{{value}}”',
    badPlace: 'give the branch number, network (the network’s central account) or undo, not “{{value}}”',
    longName: "a branch's name can be up to 80 letters long, without line breaks",
    missing: {
      nomear: 'give the branch number and the name: quita branches name <number> <name>',
      conciliar: 'give the branch number: quita branches reconcile <number>',
      ignorar: 'give the branch number: quita branches ignore <number>',
      adicionar: 'give the branch number: quita branches add <number> [name]',
      conta:
        'give the account number and whose it is: quita branches account <account> <branch number, network or undo>',
    },
    status: {
      noStatement:
        'no imported statement is of an account of “{{value}}” (see quita branches and quita import)',
      receivablesNetwork: 'a receivable belongs to a branch: give its number or name in --branch, not “rede”',
      debtorsNetwork: 'a debtor belongs to a branch: give its number or name in --branch, not “rede”',
      title: 'Branches:',
      network: 'Network (central accounts and accounts with no branch)',
      unnamed: 'Branch {{id}}',
      line: '  {{name}}: {{states}} · open receivables: {{open}} · overdue: {{overdue}}',
      notNetwork: 'this connection is one branch: --branch is for a network (a general-administrator key)',
      unknown:
        'no branch of this network has the number or name “{{value}}” (see quita branches; network = the network’s own accounts)',
    },
  },
};
