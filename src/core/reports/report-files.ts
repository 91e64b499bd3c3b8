import { toCsv, toXlsx, type Column } from '../export/table-export';
import {
  actionLabelPt,
  anchorSentence,
  subjectPt,
  verificationSentence,
  type AuditLogReport,
  type AuditLogRow,
} from './audit-log.report';
import { OUTBOX_STATE_PT, ZONE_PT, clip, countPt, datePt, dateTimePt, moneyPt } from './format-pt';
import { renderPdfTable, type PdfColumn } from './pdf-table';
import { actorPt } from './words-pt';
import { periodLabel, periodSlug, type Period } from './period';
import type { ReconciliationReport, ReconciliationRow } from './reconciliation.report';

export type ReportFormat = 'csv' | 'xlsx' | 'pdf';

export interface ReportMeta {
  /** The branch / connection profile the data belongs to, e.g. "Academia Centro (centro.w12app)". */
  branch: string;
  generatedAt: Date;
  /** Today in Brasília, for file names of open-ended periods. */
  today: string;
}

export interface ReportFile {
  fileName: string;
  mediaType: string;
  bytes: Buffer;
}

const MEDIA: Record<ReportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/**
 * pdf-lib builds the whole document in memory (measured: about 130 MB and 3–5 s per 10,000 audit entries), so
 * a PDF stops here and says so; CSV and XLSX always hold every row.
 */
export const MAX_PDF_ROWS = 20_000;

export function capped<T>(rows: T[], max = MAX_PDF_ROWS): { rows: T[]; note: string[] } {
  if (rows.length <= max) return { rows, note: [] };
  const n = (v: number) => v.toLocaleString('pt-BR');
  return {
    rows: rows.slice(0, max),
    note: [
      `Este PDF mostra as primeiras ${n(max)} de ${n(rows.length)} linhas; exporte em CSV ou XLSX para ter todas, ou escolha um período menor.`,
    ],
  };
}

/** Enough to tell entries apart and to compare with the database; the full hash is in the database. */
export const HASH_PREFIX = 16;

// Column titles are Portuguese: the files go to the branch's manager or accountant as they are.
const AUDIT_COLUMNS: Column<AuditLogRow>[] = [
  { header: 'Nº', kind: 'int', value: (r) => r.seq },
  { header: 'Data e hora (Brasília)', kind: 'datetime', value: (r) => r.at },
  { header: 'Quem', kind: 'text', value: (r) => actorPt(r.actor) },
  { header: 'Perfil', kind: 'text', value: (r) => r.profileId },
  { header: 'Ação', kind: 'text', value: (r) => r.action },
  { header: 'Descrição', kind: 'text', value: (r) => actionLabelPt(r.action, r.subject) ?? '' },
  { header: 'Assunto', kind: 'text', value: (r) => r.subject },
  { header: 'Antes', kind: 'text', value: (r) => clip(r.before) },
  { header: 'Depois', kind: 'text', value: (r) => clip(r.after) },
  {
    header: 'Código de conferência (hash, início)',
    kind: 'text',
    value: (r) => r.hash.slice(0, HASH_PREFIX),
  },
];

const EVO_EXPECTED = 'prevista (dia do envio)';

const RECON_COLUMNS: Column<ReconciliationRow>[] = [
  { header: 'Recebível', kind: 'int', value: (r) => r.receivableId },
  { header: 'Aluno (id)', kind: 'int', value: (r) => r.memberId },
  { header: 'Pagador', kind: 'text', value: (r) => r.payerName },
  { header: 'Valor do recebível', kind: 'money', value: (r) => r.receivableCents },
  { header: 'Valor creditado', kind: 'money', value: (r) => r.amountCents },
  { header: 'Vencimento', kind: 'date', value: (r) => r.dueDate },
  { header: 'Conta bancária', kind: 'text', value: (r) => r.bankAccountName ?? `#${r.bankAccountId}` },
  { header: 'Data no banco', kind: 'date', value: (r) => r.lineDate },
  { header: 'Data registrada no EVO', kind: 'date', value: (r) => r.evoDate },
  {
    header: 'Situação da data no EVO',
    kind: 'text',
    value: (r) => (r.evoDate === null ? null : r.evoDateExpected ? EVO_EXPECTED : 'confirmada'),
  },
  { header: 'Mês diferente do banco', kind: 'text', value: (r) => (r.monthsDiffer ? 'sim' : null) },
  { header: 'Descrição no extrato', kind: 'text', value: (r) => r.lineDescription },
  { header: 'Valor no extrato', kind: 'money', value: (r) => r.lineAmountCents },
  { header: 'Extrato (arquivo)', kind: 'text', value: (r) => r.statementFile },
  { header: 'Pontuação', kind: 'int', value: (r) => r.score },
  { header: 'Faixa', kind: 'text', value: (r) => (r.zone ? (ZONE_PT[r.zone] ?? r.zone) : null) },
  { header: 'Aprovado por', kind: 'text', value: (r) => (r.approvedBy ? actorPt(r.approvedBy) : null) },
  { header: 'Aprovado em', kind: 'datetime', value: (r) => r.approvedAt },
  { header: 'Na fila por', kind: 'text', value: (r) => (r.queuedBy ? actorPt(r.queuedBy) : null) },
  { header: 'Na fila em', kind: 'datetime', value: (r) => r.queuedAt },
  { header: 'Enviado em', kind: 'datetime', value: (r) => r.sentAt },
  { header: 'Confirmado em', kind: 'datetime', value: (r) => r.confirmedAt },
  { header: 'Lote', kind: 'int', value: (r) => r.batchId },
  {
    header: 'Situação do envio',
    kind: 'text',
    value: (r) => OUTBOX_STATE_PT[r.outboxState] ?? r.outboxState,
  },
  { header: 'Motivo da revisão', kind: 'text', value: (r) => r.reviewReason },
];

/**
 * A boleto credit explained by a CNAB return file ([K]): each receivable's title; the rows of one credit list
 * them all. Added only when some row has one, so a branch without return files gets the same file as before.
 */
const BOLETO_COLUMNS: Column<ReconciliationRow>[] = [
  { header: 'Boleto (nosso número)', kind: 'text', value: (r) => r.boleto?.nossoNumero ?? null },
  { header: 'Boletos no crédito', kind: 'int', value: (r) => r.boleto?.titlesInCredit ?? null },
  { header: 'Pago no boleto', kind: 'money', value: (r) => r.boleto?.paidCents ?? null },
  { header: 'Pago em (boleto)', kind: 'date', value: (r) => r.boleto?.paidDate ?? null },
  { header: 'Tarifa do boleto', kind: 'money', value: (r) => r.boleto?.feeCents ?? null },
  { header: 'Diferença do boleto', kind: 'money', value: (r) => r.boleto?.differenceCents ?? null },
];

/**
 * [V] A network's file says whose account took each credit and whose receivable it paid (they differ for a member
 * who paid at another unit); a single branch's file is as before.
 */
const branchLabel = (id: number | null | undefined, name: string | null | undefined) =>
  id === null || id === undefined ? 'Rede' : (name ?? `Unidade ${id}`);
const BRANCH_COLUMNS: Column<ReconciliationRow>[] = [
  { header: 'Unidade da conta', kind: 'text', value: (r) => branchLabel(r.branchId, r.branchName) },
  {
    header: 'Unidade do recebível',
    kind: 'text',
    value: (r) =>
      r.receivableBranchId == null ? null : branchLabel(r.receivableBranchId, r.receivableBranchName),
  },
];

const reconColumns = (r: ReconciliationReport) => [
  ...(r.rows.some((x) => x.branchId !== undefined) ? BRANCH_COLUMNS : []),
  ...RECON_COLUMNS,
  ...(r.rows.some((x) => x.boleto) ? BOLETO_COLUMNS : []),
];

function headerLines(period: Period, meta: ReportMeta, extra: string[] = []): string[] {
  return [
    `Período: ${periodLabel(period)}`,
    `Filial / perfil: ${meta.branch}`,
    `Gerado em: ${dateTimePt(meta.generatedAt.toISOString(), true)} (horário de Brasília)`,
    ...extra,
  ];
}

const receivables = (n: number) => countPt(n, 'recebível', 'recebíveis');

export function reconciliationTotals(r: ReconciliationReport): string[] {
  const differ = r.rows.filter((x) => x.monthsDiffer);
  return [
    `Total: ${receivables(r.count)}, ${moneyPt(r.totalCents)}.`,
    `Confirmados pela API: ${receivables(r.confirmedCount)}, ${moneyPt(r.confirmedCents)}.`,
    `Com data no EVO em mês diferente da data no banco: ${receivables(differ.length)}, ${moneyPt(
      differ.reduce((s, x) => s + x.amountCents, 0),
    )}.`,
  ];
}

/**
 * Why "Data no banco" and "Data registrada no EVO" can differ: mark-received carries no date, and the EVO
 * records the day of the request (Brasília) as the receiving date. The CSV/XLSX and the PDF mark a change of
 * month and an expected date differently (a column vs. words in the cell), hence `flag` and `expected`.
 */
export function evoDateLegend(flag: string, expected: string): string[] {
  return [
    'Nota: ao marcar como pago, a API do EVO não recebe a data do crédito. O EVO registra como data de recebimento ' +
      'o dia do envio (horário de Brasília). Por isso a “Data registrada no EVO” pode ser diferente da “Data no ' +
      `banco”: um crédito de 28/10 enviado em 03/11 fica no EVO como recebido em 03/11. ${flag}`,
    `${expected}: enviado, mas o recebimento ainda não foi confirmado pela leitura de volta. A data é a do envio. ` +
      'Data no EVO em branco: ainda não enviado, ou recusado pela API.',
  ];
}

function pack(
  kind: string,
  format: ReportFormat,
  period: Period,
  meta: ReportMeta,
  bytes: Buffer,
): ReportFile {
  return {
    fileName: `${kind}-${periodSlug(period, meta.today)}.${format}`,
    mediaType: MEDIA[format],
    bytes,
  };
}

/** The audit log as a file: one row per entry, then the verification result of the whole chain. */
export async function auditLogFile(
  report: AuditLogReport,
  format: ReportFormat,
  period: Period & { action?: string | undefined },
  meta: ReportMeta,
): Promise<ReportFile> {
  const verification = verificationSentence(report.verification);
  const anchor = anchorSentence(report.verification);
  const filter = period.action ? [`Ações começando por: ${period.action}`] : [];
  const n = report.rows.length;
  const footer = [`${n} ${n === 1 ? 'registro' : 'registros'} no período.`, verification, anchor];
  if (format === 'csv')
    return pack('auditoria', format, period, meta, toCsv(AUDIT_COLUMNS, report.rows, { footer }));
  if (format === 'xlsx')
    return pack(
      'auditoria',
      format,
      period,
      meta,
      toXlsx(AUDIT_COLUMNS, report.rows, 'Auditoria', { footer }),
    );
  const columns: PdfColumn[] = [
    { header: 'Nº', width: 4, align: 'right' },
    { header: 'Data e hora', width: 9 },
    { header: 'Quem', width: 11 },
    { header: 'Perfil', width: 6 },
    { header: 'Ação', width: 13 },
    { header: 'Assunto', width: 9 },
    { header: 'Antes', width: 20 },
    { header: 'Depois', width: 20 },
    { header: 'Código de conferência', width: 8 },
  ];
  const { rows: shown, note } = capped(report.rows);
  const rows = shown.map((r) => [
    String(r.seq),
    dateTimePt(r.at, true),
    actorPt(r.actor),
    r.profileId,
    // [T] the action in words for the reader of the PDF; the code stays in the CSV/XLSX's “Ação” for a script.
    actionLabelPt(r.action, r.subject) ?? r.action,
    subjectPt(r),
    r.before ?? '',
    r.after ?? '',
    r.hash.slice(0, 12),
  ]);
  const bytes = await renderPdfTable({
    title: 'Quita: registro de auditoria',
    meta: headerLines(period, meta, [...filter, verification, anchor, ...note]),
    columns,
    rows,
    totals: [...footer, ...note],
    footer: `Quita · auditoria · ${meta.branch}`,
  });
  return pack('auditoria', format, period, meta, Buffer.from(bytes));
}

/** The reconciliation report as a file: what was marked paid, into which account, from which line, by whom. */
export async function reconciliationFile(
  report: ReconciliationReport,
  format: ReportFormat,
  period: Period,
  meta: ReportMeta,
): Promise<ReportFile> {
  const totals = reconciliationTotals(report);
  // [V] One branch's file says so, in the totals (CSV, XLSX) and the header (PDF).
  const only =
    report.branch == null
      ? []
      : [
          report.branch === 'network'
            ? 'Só as contas da rede (contas centrais e contas ainda sem unidade).'
            : `Só as contas da unidade ${report.branchName ?? report.branch}.`,
        ];
  const footer = [
    ...only,
    ...totals,
    '',
    ...evoDateLegend(
      'Quando as duas caem em meses diferentes, a coluna “Mês diferente do banco” traz “sim”.',
      `“${EVO_EXPECTED}”`,
    ),
  ];
  if (format === 'csv')
    return pack('conciliacao', format, period, meta, toCsv(reconColumns(report), report.rows, { footer }));
  if (format === 'xlsx')
    return pack(
      'conciliacao',
      format,
      period,
      meta,
      toXlsx(reconColumns(report), report.rows, 'Conciliação', { footer }),
    );
  const columns: PdfColumn[] = [
    // Widths measured so that headers break between words, a date, "mês diferente" and R$ 100.000,00 fit.
    { header: 'Recebível', width: 5.5, align: 'right' },
    { header: 'Pagador', width: 11 },
    { header: 'Valor (creditado)', width: 7, align: 'right' },
    { header: 'Vencimento', width: 6.5 },
    { header: 'Conta', width: 8 },
    { header: 'Data no banco', width: 6 },
    { header: 'Data registrada no EVO', width: 7 },
    { header: 'Descrição no extrato', width: 11 },
    { header: 'Valor no extrato', width: 7, align: 'right' },
    { header: 'Extrato', width: 8 },
    { header: 'Pont. / faixa', width: 5.5 },
    { header: 'Aprovado por', width: 10 },
    { header: 'Enviado / confirmado', width: 11.5 },
    { header: 'Situação', width: 7 },
  ];
  const { rows: shown, note } = capped(report.rows);
  const rows = shown.map((r) => [
    String(r.receivableId),
    r.payerName ?? '',
    // The receivable's value, and under it what the bank credited for it when that differs (a card's fee).
    r.receivableCents !== null && r.receivableCents !== r.amountCents
      ? `${moneyPt(r.receivableCents)}\n(${moneyPt(r.amountCents)})`
      : moneyPt(r.amountCents),
    datePt(r.dueDate),
    r.bankAccountName ?? `#${r.bankAccountId}`,
    datePt(r.lineDate),
    [
      datePt(r.evoDate),
      r.evoDate && r.evoDateExpected ? 'prevista' : '',
      r.monthsDiffer ? 'mês diferente' : '',
    ]
      .filter(Boolean)
      .join('\n'),
    [
      r.lineDescription ?? '',
      r.boleto
        ? `boleto ${r.boleto.nossoNumero} (${r.boleto.titlesInCredit} no crédito): pago ${moneyPt(r.boleto.paidCents)}, tarifa ${moneyPt(r.boleto.feeCents)}${r.boleto.differenceCents ? `, diferença ${moneyPt(r.boleto.differenceCents)}` : ''}`
        : '',
    ]
      .filter(Boolean)
      .join('\n'),
    moneyPt(r.lineAmountCents),
    r.statementFile ?? '',
    r.score === null ? '' : `${r.score} ${r.zone ? (ZONE_PT[r.zone] ?? r.zone) : ''}`.trim(),
    r.approvedBy ? `${actorPt(r.approvedBy)}\n${dateTimePt(r.approvedAt)}` : '',
    [
      r.sentAt ? `env. ${dateTimePt(r.sentAt)}` : '',
      r.confirmedAt ? `conf. ${dateTimePt(r.confirmedAt)}` : '',
    ]
      .filter(Boolean)
      .join('\n'),
    OUTBOX_STATE_PT[r.outboxState] ?? r.outboxState,
  ]);
  const bytes = await renderPdfTable({
    title: 'Quita: relatório de conciliação',
    meta: headerLines(period, meta, [
      'Período pela data do crédito no extrato (Data no banco).',
      ...only,
      ...note,
    ]),
    columns,
    rows,
    totals: [...totals, ...note],
    notes: evoDateLegend(
      'Quando as duas caem em meses diferentes, a célula da data no EVO traz “mês diferente”.',
      '“prevista”',
    ),
    footer: `Quita · conciliação · ${meta.branch}`,
  });
  return pack('conciliacao', format, period, meta, Buffer.from(bytes));
}
