import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../../shared/contract';
import { formatDate, formatMoney } from '../../format';
import { lineProblemText, rejectedText } from '../../../../shared/i18n/rejected-text';

type Preview = CommandOutput<'import.preview'>;

/**
 * Spreadsheets and CSV: the file's row, which the clerk finds in Excel. OFX, return and card files: a line number of
 * the file means nothing to the clerk (40, 48, 56…), so the lines are counted 1, 2, 3… ([T] item 7).
 */
const ROW_FORMATS: ReadonlySet<Preview['format']> = new Set(['csv', 'xlsx', 'xls', 'ods', 'html']);

/** The preview's first lines as the file will be read (credits plain, the rest muted), and the rows refused. */
export function PreviewLines({ preview }: { preview: Preview }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  // The core's reasons are codes with parameters ([T]): worded here, never its English.
  const translator = {
    t: t as unknown as (key: string, params?: object) => string,
    exists: (k: string) => i18n.exists(k),
  };
  return (
    <>
      {preview.lines.length > 0 && (
        <p className="muted">
          {t('importing.linesShown', { shown: preview.lines.length, count: preview.counts.lines })}
        </p>
      )}
      {preview.lines.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>{t(ROW_FORMATS.has(preview.format) ? 'import.col.line' : 'import.col.number')}</th>
              <th>{t('import.col.date')}</th>
              <th>{t('import.col.description')}</th>
              <th className="num">{t('import.col.amount')}</th>
              <th>{t('import.col.kind')}</th>
              <th>{t('import.col.problems')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.lines.map((l, i) => (
              <tr key={l.position} className={l.kind === 'credit' ? '' : 'muted'}>
                <td className="num">{ROW_FORMATS.has(preview.format) ? l.position : i + 1}</td>
                <td>{formatDate(l.date, locale)}</td>
                <td className="ellipsis" title={l.description}>
                  {l.description}
                </td>
                <td className="num">{formatMoney(l.amountCents, locale)}</td>
                <td>
                  <span className="badge">{t(`import.kind.${l.kind}`)}</span>{' '}
                  {l.known && <span className="badge">{t('import.alreadyKnown')}</span>}
                </td>
                <td className="warn">{l.problems.map((p) => lineProblemText(translator, p)).join('; ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {preview.rejected.length > 0 && (
        <details>
          <summary className="warn">{t('import.rejected', { count: preview.rejected.length })}</summary>
          <ul>
            {preview.rejected.map((r) => (
              <li key={r.line}>
                {t('import.rejectedLine', { line: r.line, reason: rejectedText(translator, r) })}
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
