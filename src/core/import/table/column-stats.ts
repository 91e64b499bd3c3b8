import { looksLikeDate, serialToIso } from '../dates';
import { parseDirection } from '../money';
import { cellText, isDateCell, isNumberCell, type Cell, type Row } from './cells';

export interface ColumnStats {
  index: number;
  nonEmpty: number;
  /** Shares of the non-empty cells. */
  date: number;
  money: number;
  negative: number;
  direction: number;
  id: number;
  text: number;
  avgLength: number;
  samples: string[];
  /**
   * What each sample is ([P]): `text` as the file wrote it; a spreadsheet's typed cells as values, `date` (the
   * sample is then YYYY-MM-DD, not Excel's serial) or `number` (JavaScript's plain notation), for the screen
   * to show in the clerk's language.
   */
  sampleTypes: SampleType[];
  /** Text values of numeric-looking cells, for the decimal separator. */
  moneyTexts: string[];
  dateTexts: string[];
}

/** Amount text: optional sign, currency, digits with separators, optional trailing C/D or sign. */
const MONEY =
  /^\(?\s*[-+\u2212]?\s*(R\$)?\s*[-+\u2212]?\s*\d{1,3}([.,\s]?\d{3})*([.,]\d{1,2})?\s*\)?\s*([-+]|[CD]|CR|DB)?$/i;
const HAS_DECIMALS_OR_SIGN = /[.,]\d{1,2}\s*\)?\s*([-+]|[CD]|CR|DB)?$|^\s*[-(\u2212]|R\$|[-+]$|\s[CD]$/i;

export type SampleType = 'text' | 'number' | 'date';

/** A sample as the screen should show it: a date cell as its day, a number as a number, text as written. */
function sample(cell: Cell, text: string, date1904: boolean) {
  if (isNumberCell(cell)) {
    if (isDateCell(cell)) {
      const d = serialToIso(cell.v, date1904);
      if (d.ok) return { text: d.date, type: 'date' as const };
    } else return { text: String(cell.v), type: 'number' as const };
  }
  return { text: text.slice(0, 60), type: 'text' as const };
}

/** What each column holds, from the rows below the header: the content half of detection. */
export function columnStats(rows: Row[], width: number, date1904 = false): ColumnStats[] {
  const stats: ColumnStats[] = [];
  for (let c = 0; c < width; c++) {
    const s: ColumnStats = {
      index: c,
      nonEmpty: 0,
      date: 0,
      money: 0,
      negative: 0,
      direction: 0,
      id: 0,
      text: 0,
      avgLength: 0,
      samples: [],
      sampleTypes: [],
      moneyTexts: [],
      dateTexts: [],
    };
    let length = 0;
    for (const row of rows) {
      const cell = row?.[c];
      // A cell longer than this is text whatever it holds; classifying less keeps giant cells cheap.
      const t = cellText(cell).slice(0, 300).trim();
      if (t === '') continue;
      s.nonEmpty++;
      length += Math.min(t.length, 200);
      if (s.samples.length < 5) {
        const shown = sample(cell, t, date1904);
        s.samples.push(shown.text);
        s.sampleTypes.push(shown.type);
      }
      if (isNumberCell(cell)) {
        if (isDateCell(cell)) s.date++;
        else {
          s.money++;
          if (cell.v < 0) s.negative++;
          if (Number.isInteger(cell.v) && cell.v > 0) s.id++;
        }
        continue;
      }
      if (looksLikeDate(t)) {
        s.date++;
        if (s.dateTexts.length < 300) s.dateTexts.push(t);
      } else if (MONEY.test(t) && HAS_DECIMALS_OR_SIGN.test(t)) {
        s.money++;
        if (/^\s*[-(\u2212]|[-]$|\sD$/i.test(t)) s.negative++;
        if (s.moneyTexts.length < 300) s.moneyTexts.push(t);
      } else if (parseDirection(t)) s.direction++;
      else if (/^[A-Za-z0-9./_-]{3,}$/.test(t) && /\d/.test(t)) s.id++;
      else if (/\p{L}{2}/u.test(t)) s.text++;
    }
    const n = s.nonEmpty || 1;
    s.date /= n;
    s.money /= n;
    s.negative /= n;
    s.direction /= n;
    s.id /= n;
    s.text /= n;
    s.avgLength = length / n;
    stats.push(s);
  }
  return stats;
}
