import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../shared/contract';
import { COLUMN_ROLES } from '../../../shared/contract/import';
import { formatDate } from '../format';
import type { ColumnRole, TableMapping } from '../screens/import-mapping';

type Column = CommandOutput<'import.preview'>['columns'][number];
/** The roles a column can take, "ignore" first (the contract's list is the one source). */
const ROLES: ColumnRole[] = ['ignore', ...COLUMN_ROLES.filter((r) => r !== 'ignore')];

const MONEY_ROLES: ColumnRole[] = ['amount', 'credit', 'debit', 'balance'];

/**
 * A sample as the clerk reads it: a spreadsheet's date cell as dd/mm/aaaa (not Excel's serial, 46318), its
 * numbers in the screen's language (1.234,56 in an amount column); text exactly as the file wrote it.
 */
export function sampleText(
  value: string,
  type: 'text' | 'number' | 'date' | undefined,
  role: ColumnRole,
  locale: string,
): string {
  if (type === 'date') return formatDate(value, locale);
  if (type === 'number' && value.trim() !== '' && Number.isFinite(Number(value))) {
    const n = Number(value);
    if (MONEY_ROLES.includes(role))
      return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 6 }).format(n);
    return Number.isInteger(n)
      ? String(n)
      : new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 6 }).format(n);
  }
  return value;
}

/**
 * A column's first two values that say something, as the clerk reads them; '' when the rows read hold none (a
 * column the bank leaves blank, as Itaú's "Ag./Origem" on most lines): said in words, not as nothing after the dot.
 */
function examplesOf(c: Column, role: ColumnRole, locale: string): string {
  return c.samples
    .map((v, i) => ({ v, type: c.sampleTypes?.[i] }))
    .filter(({ v }) => v.trim() !== '')
    .slice(0, 2)
    .map(({ v, type }) => sampleText(v, type, role, locale))
    .join(' | ');
}

/** The detected columns of a spreadsheet with their confidence, and the controls to correct the mapping. */
export function MappingEditor({
  columns,
  mapping,
  roles,
  onRole,
  onChange,
}: {
  columns: Column[];
  mapping: TableMapping;
  roles: ColumnRole[];
  onRole: (index: number, role: ColumnRole) => void;
  onChange: (patch: Partial<TableMapping>) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className="mapping">
      <h3>{t('import.columns')}</h3>
      <div className="mapping-columns">
        {columns.map((c) => (
          <div key={c.index} className="mapping-column">
            <label>
              <span className="ellipsis" title={c.header ?? ''}>
                {c.header ?? t('import.column', { n: c.index + 1 })}
              </span>
              <select value={roles[c.index]} onChange={(e) => onRole(c.index, e.target.value as ColumnRole)}>
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {t(`import.role.${r}`)}
                  </option>
                ))}
              </select>
            </label>
            <span className="muted small">
              {t('import.confidence', { pct: Math.round(c.confidence * 100) })} ·{' '}
              {examplesOf(c, roles[c.index] ?? c.role, i18n.language) || t('import.emptyColumn')}
            </span>
          </div>
        ))}
      </div>
      <div className="field-row">
        <label>
          {t('import.headerRow')}{' '}
          <input
            type="number"
            min={1}
            value={mapping.headerRow ?? ''}
            onChange={(e) => onChange({ headerRow: e.target.value === '' ? null : Number(e.target.value) })}
          />
        </label>
        <label>
          {t('import.dateOrder')}{' '}
          <select
            value={mapping.dateOrder}
            onChange={(e) => onChange({ dateOrder: e.target.value as 'dmy' })}
          >
            <option value="dmy">{t('import.dateFormats.dmy')}</option>
            <option value="mdy">{t('import.dateFormats.mdy')}</option>
            <option value="ymd">{t('import.dateFormats.ymd')}</option>
          </select>
        </label>
        <label>
          {t('import.decimal')}{' '}
          <select
            value={mapping.decimalSeparator}
            onChange={(e) => onChange({ decimalSeparator: e.target.value as ',' })}
          >
            <option value=",">1.234,56</option>
            <option value=".">1,234.56</option>
          </select>
        </label>
      </div>
    </div>
  );
}
