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
  // Mercado Pago: the “Extrato de conta” (account_statement) downloaded from the panel, CSV or XLSX. Layout
  // from public readers of that file: a TypeScript reader documenting `INITIAL_BALANCE;CREDITS;DEBITS;
  // FINAL_BALANCE` / values / blank / `RELEASE_DATE;TRANSACTION_TYPE;REFERENCE_ID;TRANSACTION_NET_AMOUNT;
  // PARTIAL_BALANCE`, dates `01-08-2026`, amounts `5.909,40`; an XLSX importer skipping those 3 rows;
  // Mercado Pago's own report glossary (devsite-docs) for the field meanings.
  {
    bankCode: 323,
    bankName: 'Mercado Pago',
    format: 'xls',
    notes:
      'English titles in capitals under a balance summary block; dd-mm-yyyy; REFERENCE_ID is the payment id.',
    candidate: {
      source: 'starter',
      kind: 'table-by-header',
      name: 'Mercado Pago — extrato de conta',
      headers: [
        'release date',
        'transaction type',
        'reference id',
        'transaction net amount',
        'partial balance',
      ],
      roles: {
        date: 'release date',
        description: ['transaction type'],
        document: 'reference id',
        amount: 'transaction net amount',
        balance: 'partial balance',
      },
      dateOrder: 'dmy',
    },
  },
  // PagBank (PagSeguro): CSV (Latin-1, “;”) and XLSX with the same titles. Layout from public code: a
  // Python importer reading `CODIGO DA TRANSACAO`, `DATA`, `TIPO`, `DESCRICAO`, `VALOR` with
  // `csv.DictReader(delimiter=';')` over Latin-1 and `1.234,56` amounts, and an ERP's import guide
  // (JulianoSaroba123/erp_OBPC, GUIA_IMPORTACAO_EXTRATOS.md) showing the same five columns.
  {
    bankCode: 290,
    bankName: 'PagBank',
    format: 'csv',
    notes: 'TIPO says what happened (“Pix recebido”), DESCRICAO who; a UUID per transaction.',
    candidate: {
      source: 'starter',
      kind: 'table-by-header',
      name: 'PagBank — extrato',
      headers: ['codigo da transacao', 'data', 'tipo', 'descricao', 'valor'],
      roles: {
        date: 'data',
        description: ['tipo', 'descricao'],
        document: 'codigo da transacao',
        amount: 'valor',
      },
      dateOrder: 'dmy',
      decimalSeparator: ',',
    },
  },
  // Stone: the columns of Stone's account statement as public parsing code reads them from its PDF
  // (`DATA`, `TIPO` = Crédito/Débito or Entrada/Saída, `DESCRIÇÃO`, `VALOR` as `- R$ 10.000,00`, `SALDO`,
  // `CONTRAPARTE`). The spreadsheet export is assumed to carry the same columns: **not verified against a
  // real CSV/XLSX**. If it differs, the starter does not fit and detection runs.
  {
    bankCode: 197,
    bankName: 'Stone',
    format: 'csv',
    notes: 'Type column (Crédito/Débito), amounts with R$, the counterparty in its own column.',
    candidate: {
      source: 'starter',
      kind: 'table-by-header',
      name: 'Stone — extrato',
      headers: ['data', 'tipo', 'descricao', 'valor', 'saldo', 'contraparte'],
      roles: {
        date: 'data',
        direction: 'tipo',
        description: ['descricao', 'contraparte'],
        amount: 'valor',
        balance: 'saldo',
      },
      dateOrder: 'dmy',
      decimalSeparator: ',',
    },
  },
  // C6 Bank: account CSV, UTF-8 with BOM, “,”, 8 preamble lines (“EXTRATO DE CONTA CORRENTE C6 BANK”,
  // “Agência: 1 / Conta: 12345678”, “Extrato gerado em …”, “Extrato de … a …”), then `Data Lançamento,Data
  // Contábil,Título,Descrição,Entrada(R$),Saída(R$),Saldo do Dia(R$)`, dot decimals, both amounts positive.
  // From several public importers of the file (a NestJS parser, a Go importer's checklist, Python readers
  // and their masked fixtures); one of them also shows the shorter `Entrada,Saída,Saldo` titles.
  {
    bankCode: 336,
    bankName: 'C6 Bank',
    format: 'csv',
    notes:
      'Separate Entrada and Saída columns, both positive; Título is the kind, Descrição the counterparty.',
    candidate: {
      source: 'starter',
      kind: 'table-by-header',
      name: 'C6 — extrato CSV',
      headers: [
        'data lancamento',
        'data contabil',
        'titulo',
        'descricao',
        'entrada',
        'saida',
        'saldo do dia',
      ],
      roles: {
        date: 'data lancamento',
        description: ['titulo', 'descricao'],
        credit: 'entrada',
        debit: 'saida',
        balance: 'saldo do dia',
      },
      dateOrder: 'dmy',
      decimalSeparator: '.',
    },
  },
  {
    bankCode: 336,
    bankName: 'C6 Bank',
    format: 'csv',
    notes: 'The same export with shorter titles (Entrada, Saída, Saldo).',
    candidate: {
      source: 'starter',
      kind: 'table-by-header',
      name: 'C6 — extrato CSV (títulos curtos)',
      headers: ['data lancamento', 'data contabil', 'titulo', 'descricao', 'entrada', 'saida', 'saldo'],
      roles: {
        date: 'data lancamento',
        description: ['titulo', 'descricao'],
        credit: 'entrada',
        debit: 'saida',
        balance: 'saldo',
      },
      dateOrder: 'dmy',
      decimalSeparator: '.',
    },
  },
  // Sicoob: the statement exported from Sicoob's internet banking as an HTML table (often saved “.xls”):
  // a header table (issue date, Cooperativa, Conta), then `Data | Documento | Histórico | Valor` with
  // amounts like `150,00C` / `45,00D` and SALDO DO DIA rows. From a public Python reader of that export
  // (BeautifulSoup over `home-extrato-exportar-table-html`); the titles' exact spelling is assumed.
  {
    bankCode: 756,
    bankName: 'Sicoob',
    format: 'xls',
    notes: 'Amounts carry a trailing C/D; the cooperative is the agency.',
    candidate: {
      source: 'starter',
      kind: 'table-by-header',
      name: 'Sicoob — extrato exportado',
      headers: ['data', 'documento', 'historico', 'valor'],
      roles: { date: 'data', document: 'documento', description: ['historico'], amount: 'valor' },
      dateOrder: 'dmy',
      decimalSeparator: ',',
    },
  },
  // Sicredi: `Data | Descrição | Documento | Valor (R$) | Saldo (R$)`, the layout public parsers of
  // Sicredi statements read (a Python `parse_sicredi`, a TypeScript “Sicredi 2” parser), with
  // “Cooperativa … Conta …” above; the XLS ends with a “Lançamentos futuros” section (left out).
  {
    bankCode: 748,
    bankName: 'Sicredi',
    format: 'xls',
    notes: 'Signed amounts and a running balance; scheduled entries listed at the end.',
    candidate: {
      source: 'starter',
      kind: 'table-by-header',
      name: 'Sicredi — extrato Excel',
      headers: ['data', 'descricao', 'documento', 'valor', 'saldo'],
      roles: {
        date: 'data',
        description: ['descricao'],
        document: 'documento',
        amount: 'valor',
        balance: 'saldo',
      },
      dateOrder: 'dmy',
    },
  },
  // Cora: CSV `Data,Transação,Tipo Transação,Identificação,Valor`, signed dot-decimal amounts, no id. From
  // a public Python reader of bank CSVs “written looking at each bank's real file” (its Cora layout).
  {
    bankCode: 403,
    bankName: 'Cora',
    format: 'csv',
    notes: 'Transação is the kind, Identificação the counterparty.',
    candidate: {
      source: 'starter',
      kind: 'table-by-header',
      name: 'Cora — extrato CSV',
      headers: ['data', 'transacao', 'tipo transacao', 'identificacao', 'valor'],
      roles: { date: 'data', description: ['transacao', 'identificacao'], amount: 'valor' },
      decimalSeparator: '.',
    },
  },
];

export const startersForBank = (bankCode: number | null | undefined): ProfileCandidate[] =>
  bankCode === null || bankCode === undefined
    ? []
    : STARTER_PROFILES.filter((p) => p.bankCode === bankCode).map((p) => p.candidate);
