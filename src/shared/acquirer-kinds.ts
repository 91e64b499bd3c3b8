/**
 * What a card company's file is, as a catalogue key (`acquirerFile.kinds.*`, [T]): the core keeps the company's own
 * name of it (`fileKind`: “04 pagamentos”, “EEVC”, “financeiro”), which is a format code, not the clerk's words.
 */
const KIND_KEYS: Readonly<Record<string, string>> = {
  '03 vendas': 'sales',
  '04 pagamentos': 'payments',
  EEVC: 'creditSales',
  EEVD: 'debitSales',
  EEFI: 'financial',
  transacional: 'sales',
  financeiro: 'payments',
  conciliação: 'reconciliation',
  'extrato eletrônico': 'statement',
};

/** `acquirerFile.kinds.<key>` for a file's `fileKind`; `other` for one Quita has no words for. */
export function acquirerKindKey(fileKind: string): string {
  return KIND_KEYS[fileKind] ?? 'other';
}
