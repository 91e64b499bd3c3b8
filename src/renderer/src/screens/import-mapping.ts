import type { CommandOutput } from '../../../shared/contract';

type Preview = CommandOutput<'import.preview'>;
export type Mapping = Preview['mapping'];
export type TableMapping = Extract<Mapping, { kind: 'table' }>;
export type ColumnRole = Preview['columns'][number]['role'];

/** Column roles as the screen shows them, derived from a table mapping. */
export function rolesOf(mapping: TableMapping, columnCount: number): ColumnRole[] {
  const roles: ColumnRole[] = Array.from({ length: columnCount }, () => 'ignore');
  const set = (i: number | null, r: ColumnRole) => {
    if (i !== null && i < columnCount) roles[i] = r;
  };
  for (const i of mapping.descriptionColumns) set(i, 'description');
  set(mapping.dateColumn, 'date');
  set(mapping.amountColumn, 'amount');
  set(mapping.creditColumn, 'credit');
  set(mapping.debitColumn, 'debit');
  set(mapping.directionColumn, 'direction');
  set(mapping.documentColumn, 'document');
  set(mapping.balanceColumn, 'balance');
  return roles;
}

/** The mapping after the clerk gave column `index` the role `role` (single-column roles move, not copy). */
export function withRole(
  mapping: TableMapping,
  columnCount: number,
  index: number,
  role: ColumnRole,
): TableMapping {
  const roles = rolesOf(mapping, columnCount);
  const single: ColumnRole[] = ['date', 'amount', 'credit', 'debit', 'direction', 'document', 'balance'];
  if (single.includes(role)) roles.forEach((r, i) => (r === role ? (roles[i] = 'ignore') : undefined));
  roles[index] = role;
  const find = (r: ColumnRole) => {
    const i = roles.indexOf(r);
    return i === -1 ? null : i;
  };
  const descriptions = roles.flatMap((r, i) => (r === 'description' ? [i] : []));
  return {
    ...mapping,
    dateColumn: find('date') ?? mapping.dateColumn,
    descriptionColumns: descriptions.length ? descriptions.slice(0, 4) : mapping.descriptionColumns,
    amountColumn: find('amount'),
    creditColumn: find('credit'),
    debitColumn: find('debit'),
    directionColumn: find('direction'),
    documentColumn: find('document'),
    balanceColumn: find('balance'),
  };
}
