import {
  distinctMemberStatuses,
  groupDebtors,
  notifiedSince,
  ptBR,
  queryDebtors,
  type DebtorRow,
} from '../cache/debtors.repo';
import { getSyncState } from '../cache/sync-state.repo';
import { toCsv, toXlsx, type Column } from '../export/table-export';
import type { HandlerGroup } from '../handlers';
import { todayInBrasilia } from '../sync/dates';

/** Column titles are Portuguese: the file goes to the branch's manager as it is. */
const COLUMNS: Column<DebtorRow>[] = [
  { header: 'Aluno (id)', kind: 'int', value: (r) => r.memberId },
  { header: 'Nome', kind: 'text', value: (r) => r.name },
  { header: 'Valor', kind: 'money', value: (r) => r.debtAmountCents },
  { header: 'Dias de atraso', kind: 'int', value: (r) => r.daysLate },
  { header: 'Vencimento', kind: 'date', value: (r) => r.dueDate },
  { header: 'Vencimento original', kind: 'date', value: (r) => r.originalDueDate },
  { header: 'Forma de pagamento', kind: 'text', value: (r) => r.paymentType },
  { header: 'Situação do aluno', kind: 'text', value: (r) => r.memberStatus },
  { header: 'Recebível', kind: 'int', value: (r) => r.receivableId },
];

export const debtorsHandlers: HandlerGroup<'debtors.list' | 'debtors.export'> = (ctx) => ({
  'debtors.list': async (filters) =>
    // One read transaction: the list, its filter choices and the notifications are of one moment.
    ctx.store().read(async (tx) => {
      const { rows, totalCents } = await queryDebtors(tx, filters);
      const memberStatuses = (await distinctMemberStatuses(tx)).sort(ptBR.compare);
      const memberIds = [...new Set(rows.flatMap((r) => (r.memberId === null ? [] : [r.memberId])))];
      // Today in Brasília starts at 03:00 UTC (UTC−03:00 all year since 2019).
      const since = new Date(`${todayInBrasilia()}T00:00:00-03:00`).toISOString();
      const ever = await notifiedSince(tx, memberIds, '');
      const today = await notifiedSince(tx, memberIds, since);
      const members = groupDebtors(rows, filters, today).map((m) => {
        const last = m.memberId === null ? undefined : ever.get(m.memberId);
        return {
          ...m,
          lastNotifiedAt: last?.notifiedAt ?? null,
          lastNotifiedState: last?.notifiedState ?? null,
        };
      });
      return {
        rows,
        count: rows.length,
        members,
        memberCount: members.length,
        totalCents,
        memberStatuses,
        syncedAt: (await getSyncState(tx, 'debtors')).lastSuccessAt,
      };
    }),
  'debtors.export': async ({ format, ...filters }) => {
    const { rows } = await ctx.store().read((tx) => queryDebtors(tx, filters));
    const base = `inadimplentes-${todayInBrasilia()}`;
    return format === 'csv'
      ? { fileName: `${base}.csv`, mediaType: 'text/csv', base64: toCsv(COLUMNS, rows).toString('base64') }
      : {
          fileName: `${base}.xlsx`,
          mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          base64: toXlsx(COLUMNS, rows, 'Inadimplentes').toString('base64'),
        };
  },
});
