import type { settingsPtBR } from './settings.pt-BR';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** English texts of the connection test, first run and Configurações (settings.pt-BR.ts is the source). */
export const settingsEn: Widen<typeof settingsPtBR> = {
  errors: {
    not_api:
      'The address answered, but not as the EVO integration API: instead of the list of bank accounts it sent $t(connectionCheck.received.{{received}}). Check the API address (normally https://evo-integracao-api.w12app.com.br).',
    key_not_guid:
      'The API refused the user or the key, and the key is not shaped like an integration key (a code such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301). Check that no other password was pasted instead.',
  },
  connectionCheck: {
    received: {
      html: 'a web page',
      text: 'plain text',
      empty: 'an empty answer',
      json: 'other data',
    },
    notices: {
      key_not_guid:
        'The key is not shaped like an integration key (a code such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301), but the API accepted it.',
      key_sees_branches:
        'This key sees {{count}} branches (codes {{branches}}): it looks like a general-administrator key, not a branch key. Saved as a branch key, Quita would mix in other branches’ receivables. Choose “General administrator key” to reconcile the network branch by branch, or ask for the branch key.',
    },
    adminHint:
      'If this is a general-administrator key: the vendor documents it as valid only on calls that carry the branch code. Check the user and the key; if they are right, save anyway and add the branches by their numbers in Configurações → Unidades, or ask for the branch key.',
    failed: 'The connection test failed, so the connection was not saved yet:',
    warned: 'The connection answered, but something is wrong, so it was not saved yet:',
    question: 'Save it anyway? You can test and correct it later in Settings.',
    saveAnyway: 'Save anyway',
    dontSave: 'Don’t save',
    notSaved: 'The connection was not saved. Correct it and try again.',
    testingBeforeSave: 'Testing before saving…',
  },
  profileRemove: {
    ask: 'Remove the connection of branch “{{name}}”? Its key stored on this computer is deleted; the branch’s database stays in the data folder. The removal is recorded in the audit log.',
    yes: 'Yes, remove “{{name}}”',
    no: 'Cancel',
    failed: 'The connection was not removed:',
  },
  notifyAgain: {
    period: 'Ask before notifying again anyone notified less than this many days ago',
    periodHint: '0: never ask. Applies to this branch.',
    periodSaved: 'Period saved: {{days}} days.',
    periodSaved_one: 'Period saved: {{days}} day.',
    ask: '{{count}} of these members were already notified in the last {{days}} days:',
    ask_one: '{{count}} of these members was already notified in the last {{days}} days:',
    item: '{{name}}, on {{when}} ({{state}})',
    question: 'Notify them again?',
    all: 'Notify everyone anyway',
    others: 'Only the others ({{count}})',
    cancel: 'Cancel',
    lastNotified: 'notified on {{date}}',
    lastNotifiedTitle: 'Last notification: {{when}} ({{state}})',
  },
};
