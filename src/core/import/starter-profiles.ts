import type { ProfileCandidate } from './types';

export interface StarterProfile {
  bankCode: number;
  bankName: string;
  format: 'csv' | 'xls' | 'ofx';
  /** Where the layout comes from, and how sure we are of it. */
  notes: string;
  candidate: ProfileCandidate;
}

/**
 * Layouts of the statement exports of the banks gym branches use most, so a first import needs no column
 * choosing. Column titles are matched after normalization (case, accents, punctuation, “R$” ignored), and
 * a starter is only used when the file's title row is exactly this list; otherwise detection runs. They are
 * code, not database rows, so a corrected layout ships with the next Quita without a migration.
 * Sources are listed in docs/import.md.
 */
export const STARTER_PROFILES: StarterProfile[] = [
  {
    bankCode: 341,
    bankName: 'Itaú',
    format: 'csv',
    notes: 'Latin-1, “;”, preamble before the titles, SALDO rows mixed in, amounts like -1.234,56.',
    candidate: {
      source: 'starter',
      kind: 'table-by-header',
      name: 'Itaú — extrato CSV',
      headers: ['data', 'lancamento', 'ag origem', 'valor', 'saldos'],
      roles: { date: 'data', description: ['lancamento'], amount: 'valor', balance: 'saldos' },
      dateOrder: 'dmy',
      decimalSeparator: ',',
    },
  },
  {
    bankCode: 237,
    bankName: 'Bradesco',
    format: 'ofx',
    notes: 'Use the OFX export (the CSV is unusable). NAME holds only CREDITO/DEBITO; the payer is in MEMO.',
    candidate: {
      source: 'starter',
      kind: 'ofx',
      name: 'Bradesco — OFX',
      mapping: { kind: 'ofx', encoding: null, payerField: 'memo' },
    },
  },
  {
    bankCode: 1,
    bankName: 'Banco do Brasil',
    format: 'csv',
    notes:
      'Classic CSV export: “,”, Latin-1, Saldo Anterior and “S A L D O” rows carry the balance in Valor.',
    candidate: {
      source: 'starter',
      kind: 'table-by-header',
      name: 'Banco do Brasil — extrato CSV',
      headers: [
        'data',
        'dependencia origem',
        'historico',
        'data do balancete',
        'numero do documento',
        'valor',
      ],
      roles: { date: 'data', description: ['historico'], document: 'numero do documento', amount: 'valor' },
      dateOrder: 'dmy',
    },
  },
  {
    bankCode: 1,
    bankName: 'Banco do Brasil',
    format: 'ofx',
    notes:
      'Repeats the same FITID on different lines of one file: the fingerprint adds date, amount and occurrence.',
    candidate: {
      source: 'starter',
      kind: 'ofx',
      name: 'Banco do Brasil — OFX',
      mapping: { kind: 'ofx', encoding: null, payerField: 'auto' },
    },
  },
  {
    bankCode: 104,
    bankName: 'Caixa',
    format: 'csv',
    notes: 'Dates as yyyymmdd in Data_Mov, unsigned Valor with C/D in Deb_Cred.',
    candidate: {
      source: 'starter',
      kind: 'table-by-header',
      name: 'Caixa — extrato CSV',
      headers: ['conta', 'data mov', 'nr doc', 'historico', 'valor', 'deb cred'],
      roles: {
        date: 'data mov',
        description: ['historico'],
        document: 'nr doc',
        amount: 'valor',
        direction: 'deb cred',
      },
      dateOrder: 'ymd',
    },
  },
  {
    bankCode: 33,
    bankName: 'Santander',
    format: 'xls',
    notes: 'Spreadsheet export with separate Crédito and Débito columns and a Saldo column.',
    candidate: {
      source: 'starter',
      kind: 'table-by-header',
      name: 'Santander — extrato Excel',
      headers: ['data', 'descricao', 'docto', 'situacao', 'credito', 'debito', 'saldo'],
      roles: {
        date: 'data',
        description: ['descricao'],
        document: 'docto',
        credit: 'credito',
        debit: 'debito',
        balance: 'saldo',
      },
      dateOrder: 'dmy',
    },
  },
  {
    bankCode: 33,
    bankName: 'Santander',
    format: 'ofx',
    notes: 'Writes currency BRC instead of BRL; read as reais.',
    candidate: {
      source: 'starter',
      kind: 'ofx',
      name: 'Santander — OFX',
      mapping: { kind: 'ofx', encoding: null, payerField: 'auto' },
    },
  },
  {
    bankCode: 260,
    bankName: 'Nubank',
    format: 'csv',
    notes: 'Account CSV: Data,Valor,Identificador,Descrição; dd/mm/yyyy; dot decimals; a UUID per row.',
    candidate: {
      source: 'starter',
      kind: 'table-by-header',
      name: 'Nubank — conta CSV',
      headers: ['data', 'valor', 'identificador', 'descricao'],
      roles: { date: 'data', amount: 'valor', document: 'identificador', description: ['descricao'] },
      dateOrder: 'dmy',
      decimalSeparator: '.',
    },
  },
  {
    bankCode: 77,
    bankName: 'Inter',
    format: 'csv',
    notes: '“;”, about five preamble lines, Histórico and Descrição both describe the line.',
    candidate: {
      source: 'starter',
      kind: 'table-by-header',
      name: 'Inter — extrato CSV',
      headers: ['data lancamento', 'historico', 'descricao', 'valor', 'saldo'],
      roles: {
        date: 'data lancamento',
        description: ['historico', 'descricao'],
        amount: 'valor',
        balance: 'saldo',
      },
      dateOrder: 'dmy',
      decimalSeparator: ',',
    },
  },
];

export const startersForBank = (bankCode: number | null | undefined): ProfileCandidate[] =>
  bankCode === null || bankCode === undefined
    ? []
    : STARTER_PROFILES.filter((p) => p.bankCode === bankCode).map((p) => p.candidate);
