import { encodeLatin1 } from './encoding';
import { brAmount, brDate } from './format-br';
import { sheetRows } from './rows';
import type { GroundTruthLine, StatementPlan } from './types';

const field = (s: string) => (/[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/**
 * Itaú-style CSV: Latin-1 bytes, `;` separators, a preamble before the header, balance rows mixed in,
 * dates dd/mm/yyyy and amounts like -1.234,56.
 */
export function writeCsvItau(plan: StatementPlan): { bytes: Buffer; lines: GroundTruthLine[] } {
  const out = [
    'Extrato de Conta Corrente',
    `Agência;${plan.agency};Conta;${plan.account}`,
    `Período;${brDate(plan.from)} a ${brDate(plan.to)}`,
    `Emitido em;${brDate(plan.generatedOn)} 08:00`,
    '',
    'Data;Lançamento;Ag./Origem;Valor (R$);Saldos (R$)',
  ];
  const lines: GroundTruthLine[] = [];
  sheetRows(plan, true, 'SALDO TOTAL DISPONÍVEL').forEach((r, index) => {
    out.push(
      [
        brDate(r.date),
        field(r.description),
        '',
        r.amountCents === null ? '' : brAmount(r.amountCents),
        r.balanceCents === null ? '' : brAmount(r.balanceCents),
      ].join(';'),
    );
    lines.push({
      index,
      row: out.length,
      fitid: null,
      date: r.date,
      amountCents: r.amountCents ?? r.balanceCents ?? 0,
      description: r.description,
      kind: r.kind,
      receivableIds: r.receivableIds,
    });
  });
  return { bytes: encodeLatin1(`${out.join('\r\n')}\r\n`), lines };
}
