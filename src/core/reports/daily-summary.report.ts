/**
 * [U] item 7 — the daily summary of what Quita did on its own on one Brasília day: proposals approved by the send
 * policy, batches of those approvals sent and confirmed by read-back, debtor reminders held for money in flight.
 * For a person to read the next morning: every automatic act of the day, in one file.
 */
import type { DailySummaryDto } from '../../shared/contract/policy';
import { holdReasonPt } from '../notify/in-flight';
import { heldBetween } from '../notify/notify.repo';
import { policyRepo } from '../policy/policy.repo';
import { dailySummaryRepo } from './daily-summary.repo';
import { toXlsx, type Column } from '../export/table-export';
import { OUTBOX_STATE_PT, countPt, dateTimePt, datePt, moneyPt } from './format-pt';
import { renderPdfTable, type PdfColumn } from './pdf-table';
import { utcBounds } from './period';
import type { ReportFile, ReportMeta } from './report-files';
import type { Store, Tx } from '../store/store';

export function dailySummary(store: Store, day: string): Promise<DailySummaryDto> {
  return store.read((tx) => summaryIn(tx, day));
}

async function summaryIn(tx: Tx, day: string): Promise<DailySummaryDto> {
  const { fromUtc, toUtc } = utcBounds({ from: day, to: day }) as { fromUtc: string; toUtc: string };
  const approvals = await policyRepo.policyApprovals(tx, fromUtc, toUtc);
  const approved = [];
  for (const a of approvals) {
    const after = JSON.parse(a.afterJson ?? '{}') as { matchId: number; policyVersion: number };
    const lineId = Number((a.subject ?? '').replace('line:', ''));
    const line = await dailySummaryRepo.line(tx, lineId);
    const items = await dailySummaryRepo.items(tx, after.matchId);
    approved.push({
      at: a.at,
      lineId,
      lineDate: line?.date ?? null,
      amountCents: line?.amountCents ?? null,
      description: line?.description ?? null,
      receivableIds: items.map((i) => i.id),
      payerName: items[0]?.payerName ?? null,
      policyVersion: after.policyVersion,
    });
  }
  // Batches holding a pair the policy approved (any day), sent or confirmed on this day.
  const sent = await dailySummaryRepo.policyBatches(tx, fromUtc, toUtc);
  const held = (await heldBetween(tx, fromUtc, toUtc)).map((n) => ({
    queueId: n.id,
    at: n.heldAt ?? '',
    memberId: n.memberId,
    memberName: n.memberName,
    reason: n.holdReason ? holdReasonPt({ reason: n.holdReason, params: n.holdParams ?? {} }) : '',
  }));
  return {
    day,
    approved,
    sent,
    held,
    totals: {
      approved: approved.length,
      approvedCents: approved.reduce((s, a) => s + (a.amountCents ?? 0), 0),
      sentBatches: sent.length,
      confirmed: sent.filter((b) => b.state === 'confirmed').length,
      held: held.length,
    },
  };
}

/** One row per automatic act, in time order: what a person reads. */
interface SummaryRow {
  at: string;
  what: string;
  who: string | null;
  amountCents: number | null;
  detail: string;
}

function rowsOf(s: DailySummaryDto): SummaryRow[] {
  const rows: SummaryRow[] = [
    ...s.approved.map((a) => ({
      at: a.at,
      what: `Aprovado pela regra de envio automático ${a.policyVersion}`,
      who: a.payerName,
      amountCents: a.amountCents,
      detail: `${datePt(a.lineDate)} ${a.description ?? ''} → recebível ${a.receivableIds.join(', ')}`.trim(),
    })),
    ...s.sent.map((b) => ({
      at: b.confirmedAt ?? b.at,
      what: b.state === 'confirmed' ? 'Enviado ao EVO e confirmado pela leitura de volta' : 'Enviado ao EVO',
      who: null,
      amountCents: b.amountCents,
      detail: `lote ${b.batchId}: ${countPt(b.receivables, 'recebível', 'recebíveis')}; situação: ${OUTBOX_STATE_PT[b.state] ?? b.state}`,
    })),
    ...s.held.map((h) => ({
      at: h.at,
      what: 'Cobrança retida: dinheiro a caminho',
      who: h.memberName ?? `aluno ${h.memberId}`,
      amountCents: null,
      detail: h.reason,
    })),
  ];
  return rows.sort((a, b) => a.at.localeCompare(b.at));
}

function totalsPt(s: DailySummaryDto): string[] {
  const t = s.totals;
  return [
    `Aprovados pela regra: ${countPt(t.approved, 'crédito', 'créditos')}, ${moneyPt(t.approvedCents)}.`,
    `Lotes enviados: ${t.sentBatches}; confirmados pela leitura de volta: ${t.confirmed}.`,
    `Cobranças retidas por dinheiro a caminho: ${t.held}.`,
  ];
}

const COLUMNS: Column<SummaryRow>[] = [
  { header: 'Data e hora (Brasília)', kind: 'datetime', value: (r) => r.at },
  { header: 'O que foi feito', kind: 'text', value: (r) => r.what },
  { header: 'Aluno / pagador', kind: 'text', value: (r) => r.who },
  { header: 'Valor', kind: 'money', value: (r) => r.amountCents },
  { header: 'Detalhe', kind: 'text', value: (r) => r.detail },
];

/** The day's summary as XLSX or PDF, with the same machinery and header as the other reports. */
export async function dailySummaryFile(
  s: DailySummaryDto,
  format: 'xlsx' | 'pdf',
  meta: ReportMeta,
): Promise<ReportFile> {
  const rows = rowsOf(s);
  const totals = totalsPt(s);
  const fileName = `resumo-automatico-${s.day}.${format}`;
  if (format === 'xlsx')
    return {
      fileName,
      mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      bytes: toXlsx(COLUMNS, rows, 'Resumo do dia', { footer: totals }),
    };
  const columns: PdfColumn[] = [
    { header: 'Data e hora', width: 9 },
    { header: 'O que foi feito', width: 18 },
    { header: 'Aluno / pagador', width: 14 },
    { header: 'Valor', width: 8, align: 'right' },
    { header: 'Detalhe', width: 30 },
  ];
  const bytes = await renderPdfTable({
    title: `Quita: o que foi feito automaticamente em ${datePt(s.day)}`,
    meta: [
      `Dia: ${datePt(s.day)}`,
      `Filial / perfil: ${meta.branch}`,
      `Gerado em: ${dateTimePt(meta.generatedAt.toISOString(), true)} (horário de Brasília)`,
    ],
    columns,
    rows: rows.map((r) => [dateTimePt(r.at), r.what, r.who ?? '', moneyPt(r.amountCents), r.detail]),
    totals,
    footer: `Quita · resumo automático · ${meta.branch}`,
  });
  return { fileName, mediaType: 'application/pdf', bytes: Buffer.from(bytes) };
}
