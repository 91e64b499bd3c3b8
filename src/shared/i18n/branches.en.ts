import type { branchesPtBR } from './branches.pt-BR';

/** English texts of a network's branches (same keys as branches.pt-BR.ts). */
export const branchesEn: typeof branchesPtBR = {
  title: 'Branches',
  explain:
    "This connection sees several branches of the network. Give each branch the name the office uses, choose which are reconciled here and say which branch each bank account belongs to: one branch's money never marks another branch's receivable paid unless someone confirms it.",
  unnamed: 'Branch {{id}}',
  count: '{{count}} branches',
  count_one: '{{count}} branch',
  chosenCount: '{{count}} reconciled here',
  chosenCount_one: '{{count}} reconciled here',
  summary: '{{branches}}, {{chosen}}',
  table: {
    caption: "The network's branches",
    id: 'Number in EVO',
    name: 'Name',
    open: 'Open receivables',
    accounts: 'Bank accounts',
    chosen: 'Reconcile this branch',
  },
  nameLabel: 'Name of branch {{id}}',
  namePlaceholder: 'Branch {{id}}',
  chosenLabel: 'Reconcile branch {{name}}',
  chosenLabelNumber: 'Reconcile branch {{id}}',
  renamed: 'Name saved: {{name}}.',
  nameCleared: 'Branch {{id}} is called “Branch {{id}}” again.',
  nameTooLong: "A branch's name can be up to 80 letters long.",
  chosenOn: '{{name}} will be reconciled here.',
  chosenOff: '{{name}} will no longer be reconciled here; its data stays stored.',
  add: {
    title: 'Add a branch',
    hint: 'Only needed when a branch does not appear after syncing. The number is the branch’s number in EVO.',
    id: "The branch's number in EVO",
    name: 'Name (optional)',
    submit: 'Add branch',
    badId: "Enter the branch's number in EVO: a whole number greater than zero.",
    added: '{{name}} added. Sync to bring its receivables.',
  },
  accounts: {
    title: 'Bank accounts',
    hint: 'A central network account receives for several branches. For an account no one placed, Quita uses what the API says or the history of received payments.',
    none: 'No bank account stored yet: sync first.',
    caption: 'Which branch each bank account belongs to',
    account: 'Account',
    place: 'The account is',
    change: 'Change to',
    changeLabel: 'Which branch account {{account}} belongs to',
    inactive: 'inactive',
    choose: 'Choose…',
    network: 'Network (central account)',
    clear: 'Undo: let the sync decide',
    moved: 'Account {{account}} is now {{place}}.',
    cleared:
      'Account {{account}} is decided by the sync again (by the API or by the history of received payments).',
  },
  place: {
    branch: 'branch {{name}}’s',
    branchNumber: 'branch {{id}}’s',
    network: "the network's (central account)",
    unknown: 'not known yet which branch’s',
    by: {
      api: 'by the API',
      history: 'by the history of received payments',
      office: 'by the office',
    },
    said: '{{place}} (set {{by}})',
  },
  errors: {
    not_found: 'Branch {{id}} is not in this connection’s list: sync first, or add it by its number in EVO.',
    last_chosen: 'At least one branch must stay reconciled here: choose another before leaving this one out.',
    exists: 'Branch {{id}} is already in the list; to change its name, edit the name in the table.',
    account_not_found:
      'Bank account {{accountId}} is not known here yet: sync to fetch the accounts from EVO and try again.',
    place_missing: 'Say which branch the account belongs to, or that it is the network’s central account.',
    sync_again:
      'The API answers this key only branch by branch; Quita has just learned it. Sync again to read each branch.',
    ids_needed:
      'The API answers this key only branch by branch, and no branch is known yet: add the branches by their numbers in EVO (Configurações → Unidades, or quita branches adicionar) and sync again.',
    api_refuses:
      'The API refuses this key both with a branch number and without one: check the general-administrator key’s permissions with EVO support.',
  },
};
