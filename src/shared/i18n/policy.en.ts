import type { policyPtBR } from './policy.pt-BR';

/** English texts of the send policy and of reminders held for money in flight (see policy.pt-BR.ts). */
export const policyEn: typeof policyPtBR = {
  heading: 'Schedule and send policy',
  title: 'Automatic send policy',
  explain:
    'Which proposals Quita may approve and send to EVO without your click. Switched off, nothing is approved on its own. Each automatic approval is in the audit log as “aprovado pela regra de envio automático N” and in the day’s summary.',
  on: 'On (version {{version}})',
  off: 'Off',
  textTitle: 'What the policy does, condition by condition (in Portuguese, as audited)',
  savedBy: 'Version {{version}}, saved by {{who}} on {{when}}.',
  neverSaved: 'Never saved: default values.',
  form: {
    channels: 'Credit channels',
    channel: { pix: 'Pix', ted: 'TED/transfer', boleto: 'Boleto', deposit: 'Deposit' },
    identity: 'How the payer is identified',
    identityDocument: 'Only by a confirmed document (CPF/CNPJ) or the receivable’s code',
    identityName: 'Document, code, a confirmed name or the full name',
    minNamePercent: 'Full name: minimum similarity (%)',
    dueWithinDays: 'Due within how many days of the credit',
    maxAmount: 'Maximum amount per credit (R$)',
    allowManyToOne: 'Allow one credit paying several receivables of one payer',
    cardWithAcquirerFile: 'Allow card deposits explained by the acquirer’s file',
  },
  save: 'Save conditions',
  saved: 'Conditions saved (version {{version}}).',
  dryRun: 'Simulate the last 30 days',
  dryRunning: 'Simulating…',
  switchOn: 'Switch the policy on',
  switchOff: 'Switch the policy off',
  needDryRun:
    'To switch it on, simulate these conditions first: you will see what the policy would have approved.',
  confirmOn:
    'Switch the policy on? From the next cycle on, Quita approves and sends {{count}} kind of credit like the simulation’s to EVO by itself.',
  confirmOnShort:
    'Switch the policy on? From the next cycle on, Quita approves and sends to EVO, without your click, the credits that meet every condition.',
  confirm: 'Yes, switch on',
  cancel: 'Cancel',
  switchedOn: 'Policy on (version {{version}}).',
  switchedOff: 'Policy off (version {{version}}): nothing is approved without your click any more.',
  dry: {
    title: 'Simulation from {{from}} to {{to}}',
    summary:
      'Of the period’s {{considered}} credits, the policy would have approved {{would}} ({{amount}}). Where a person already decided: {{agreed}} agreed, {{disagreed}} disagreed, {{left}} approved by a person that the policy would leave to you.',
    disagreeWarn:
      'For {{count}} credits the policy would have approved something a person did not: check them in the table before switching on.',
    nothing: 'No credit of the period would be approved by the policy.',
    refusalsTitle: 'Why the others would be left to you',
    refusal: '{{text}}: {{count}}',
    col: {
      date: 'Date',
      description: 'Statement description',
      payer: 'Member',
      amount: 'Amount',
      verdict: 'Policy × person',
      why: 'Reason',
    },
    verdict: {
      agreed: 'agreed',
      disagreed: 'disagreed',
      left_to_person: 'left to you',
      would_approve: 'would approve',
    },
    person: {
      approved: 'approved',
      rejected: 'rejected',
      set_aside: 'set aside',
      overridden: 'chosen by hand',
      to_review: 'to review',
    },
    more: 'Showing {{shown}} of {{total}} lines.',
  },
  hold: {
    state: 'held',
    badge: 'reminder held',
    badgeTitle: 'The reminder was not sent: money from this member is on its way.',
    sendAnyway: 'Send anyway',
    reason: {
      pair_approved: 'Held: a payment of {{amount}} already approved or sent to EVO.',
      return_title:
        'Held: the bank’s return file says boleto {{nossoNumero}} was paid ({{amount}}, credited on {{date}}).',
      card_settling: 'Held: a card sale of {{amount}} to be paid by the acquirer on {{date}}.',
      credit_undecided: 'Held: a credit of {{amount}} on {{date}} (“{{payer}}”) not reconciled yet.',
    },
  },
};
