import type { ColumnRole, TableMapping } from '../../../shared/contract/import';
import { detectDateOrder } from '../dates';
import { HEADER_SCAN_ROWS, MAX_COLUMNS, SAMPLE_ROWS } from '../limits';
import type { ColumnGuess } from '../types';
import { cellText, isEmptyRow, type Row } from './cells';
import { columnStats, type ColumnStats } from './column-stats';
import { headerScores } from './header-rules';
import { detectDecimal, runningBalanceRatio } from './values';

export type DetectedLayout = Omit<TableMapping, 'kind' | 'sheet' | 'encoding' | 'delimiter'>;

export interface TableDetection {
  layout: DetectedLayout;
  columns: ColumnGuess[];
  confidence: number;
}

type Role = Exclude<ColumnRole, 'ignore'>;
const MONEY_ROLES = ['amount', 'credit', 'debit', 'balance'] as const;
const clamp = (x: number) => Math.max(0, Math.min(1, Math.round(x * 100) / 100));

export function tableWidth(rows: Row[]): number {
  let w = 0;
  for (let r = 0; r < Math.min(rows.length, 2_000); r++) w = Math.max(w, rows[r]?.length ?? 0);
  return Math.min(w, MAX_COLUMNS);
}

/** The row of column titles: the one naming most roles, and at least a date and an amount. */
export function findHeaderRow(rows: Row[]): number | null {
  let best: { index: number; score: number } | null = null;
  for (let r = 0; r < Math.min(rows.length, HEADER_SCAN_ROWS); r++) {
    const found: Partial<Record<Role, number>> = {};
    for (const cell of rows[r] ?? []) {
      for (const [role, s] of Object.entries(headerScores(cellText(cell))) as [Role, number][]) {
        found[role] = Math.max(found[role] ?? 0, s);
      }
    }
    const money = Math.max(found.amount ?? 0, found.credit ?? 0, found.debit ?? 0);
    if ((found.date ?? 0) < 0.6 || money < 0.6) continue;
    const score = Object.values(found).reduce((a, b) => a + b, 0);
    if (!best || score > best.score) best = { index: r, score };
  }
  return best?.index ?? null;
}

/** Without titles: the first row that holds both a date and an amount starts the data. */
function firstDataRow(rows: Row[], width: number): number | null {
  for (let r = 0; r < Math.min(rows.length, HEADER_SCAN_ROWS); r++) {
    const stats = columnStats([rows[r]], width);
    if (stats.some((s) => s.date === 1) && stats.some((s) => s.money === 1)) return r;
  }
  return null;
}

function sampleRows(rows: Row[], from: number): Row[] {
  const out: Row[] = [];
  for (let r = from; r < rows.length && out.length < SAMPLE_ROWS; r++)
    if (!isEmptyRow(rows[r])) out.push(rows[r]);
  return out;
}

/**
 * Guess the layout of a statement sheet: where the titles are (after any preamble), which column is the
 * date, the description, the amount (or a credit/debit pair, or an amount with a C/D column), the document
 * and the balance, and how dates and numbers are written. Titles and contents each vote; without titles,
 * contents alone decide and a running-balance check tells the amount from the balance.
 */
export function detectTable(rows: Row[], date1904 = false): TableDetection | null {
  const width = tableWidth(rows);
  if (width === 0) return null;
  const header = findHeaderRow(rows);
  const start = header !== null ? header + 1 : firstDataRow(rows, width);
  if (start === null) return null;
  const sample = sampleRows(rows, start);
  if (sample.length === 0) return null;
  const stats = columnStats(sample, width, date1904);
  const titles = header !== null ? (rows[header] ?? []).map((c) => cellText(c).trim()) : [];
  const h = (c: number, role: Role) => (header !== null ? (headerScores(titles[c] ?? '')[role] ?? 0) : 0);
  const vote = (c: number, role: Role, content: number) =>
    clamp(header !== null ? 0.5 * h(c, role) + 0.5 * content : 0.85 * content);
  const taken = new Map<number, { role: Role; confidence: number }>();
  const free = (s: ColumnStats) => !taken.has(s.index);

  const dateCol = stats
    .filter((s) => s.date >= 0.5)
    .sort((a, b) => vote(b.index, 'date', b.date) - vote(a.index, 'date', a.date) || a.index - b.index)[0];
  if (!dateCol) return null;
  taken.set(dateCol.index, { role: 'date', confidence: vote(dateCol.index, 'date', dateCol.date) });

  const moneyTexts = stats.filter((s) => s.index !== dateCol.index).flatMap((s) => s.moneyTexts);
  // Numeric cells (workbooks) need no separator: only amounts written as text make it matter.
  const decimal = moneyTexts.length > 0 ? detectDecimal(moneyTexts) : { sep: ',' as const, confidence: 1 };
  const moneyContent = (s: ColumnStats) => (s.nonEmpty === 0 ? 0.5 : s.money);
  if (header !== null) {
    for (const role of MONEY_ROLES) {
      const pick = stats
        .filter((s) => free(s) && h(s.index, role) >= 0.6 && (s.money >= 0.3 || s.nonEmpty === 0))
        .filter((s) => MONEY_ROLES.every((other) => h(s.index, other) <= h(s.index, role)))
        .sort((a, b) => vote(b.index, role, moneyContent(b)) - vote(a.index, role, moneyContent(a)))[0];
      if (pick) taken.set(pick.index, { role, confidence: vote(pick.index, role, moneyContent(pick)) });
    }
    const roles = [...taken.values()].map((t) => t.role);
    if (roles.includes('amount')) {
      for (const [c, t] of taken) if (t.role === 'credit' || t.role === 'debit') taken.delete(c);
    }
  } else {
    const money = stats.filter((s) => free(s) && s.money >= 0.6);
    let done = false;
    for (const a of money) {
      for (const b of money) {
        if (done || a.index === b.index) continue;
        if (runningBalanceRatio(sample, a.index, b.index, decimal.sep) >= 0.6) {
          taken.set(a.index, { role: 'amount', confidence: vote(a.index, 'amount', a.money) });
          taken.set(b.index, { role: 'balance', confidence: vote(b.index, 'balance', b.money) });
          done = true;
        }
      }
    }
    const [first, second] = money;
    if (!done && first && second && exclusive(sample, first.index, second.index)) {
      taken.set(first.index, { role: 'credit', confidence: vote(first.index, 'credit', first.money) * 0.8 });
      taken.set(second.index, { role: 'debit', confidence: vote(second.index, 'debit', second.money) * 0.8 });
    } else if (!done && first) {
      taken.set(first.index, { role: 'amount', confidence: vote(first.index, 'amount', first.money) });
    }
  }
  const has = (role: Role) => [...taken.entries()].find(([, t]) => t.role === role)?.[0] ?? null;
  const amountCol = has('amount');
  if (amountCol === null && has('credit') === null && has('debit') === null) return null;

  const balanceCol = has('balance');
  if (
    balanceCol !== null &&
    amountCol !== null &&
    runningBalanceRatio(sample, amountCol, balanceCol, decimal.sep) >= 0.8
  ) {
    taken.set(balanceCol, { role: 'balance', confidence: Math.max(taken.get(balanceCol)!.confidence, 0.95) });
  }

  const dir = stats
    .filter((s) => free(s) && ((h(s.index, 'direction') >= 0.6 && s.direction >= 0.5) || s.direction >= 0.9))
    .sort((a, b) => b.direction - a.direction)[0];
  if (dir && amountCol !== null) {
    taken.set(dir.index, { role: 'direction', confidence: vote(dir.index, 'direction', dir.direction) });
  }
  const doc = stats
    .filter((s) => free(s) && h(s.index, 'document') >= 0.6)
    .sort((a, b) => h(b.index, 'document') - h(a.index, 'document'))[0];
  if (doc)
    taken.set(doc.index, {
      role: 'document',
      confidence: vote(doc.index, 'document', Math.min(1, doc.id + doc.money + doc.text)),
    });

  let desc = stats.filter((s) => free(s) && h(s.index, 'description') >= 0.6).slice(0, 4);
  if (desc.length === 0) {
    const best = stats
      .filter((s) => free(s) && s.nonEmpty > 0)
      .sort((a, b) => b.text * b.avgLength - a.text * a.avgLength)[0];
    desc = best ? [best] : [];
  }
  if (desc.length === 0) return null;
  for (const s of desc) {
    const content = Math.max(s.text, s.avgLength > 3 ? 0.6 : 0);
    taken.set(s.index, { role: 'description', confidence: vote(s.index, 'description', content) });
  }

  const order = detectDateOrder(dateCol.dateTexts);
  const columns: ColumnGuess[] = stats.map((s) => {
    const t = taken.get(s.index);
    return {
      index: s.index,
      header: header !== null ? titles[s.index] || null : null,
      role: t?.role ?? 'ignore',
      confidence: t?.confidence ?? 1,
      samples: s.samples,
      sampleTypes: s.sampleTypes,
    };
  });
  const required = columns.filter((c) =>
    ['date', 'amount', 'credit', 'debit', 'description'].includes(c.role),
  );
  const confidence = clamp(
    Math.min(
      ...required.map((c) => c.confidence),
      dateCol.dateTexts.length > 0 ? order.confidence : 1,
      decimal.confidence,
    ),
  );
  return {
    layout: {
      headerRow: header !== null ? header + 1 : null,
      dateColumn: dateCol.index,
      descriptionColumns: desc.map((s) => s.index),
      amountColumn: amountCol,
      creditColumn: has('credit'),
      debitColumn: has('debit'),
      directionColumn: has('direction'),
      documentColumn: has('document'),
      balanceColumn: balanceCol,
      dateOrder: order.order,
      decimalSeparator: decimal.sep,
    },
    columns,
    confidence,
  };
}

/** Two number columns that are never filled on the same row: a credit column and a debit column. */
function exclusive(rows: Row[], a: number, b: number): boolean {
  let both = 0;
  let either = 0;
  for (const row of rows) {
    const x = cellText(row?.[a]).trim() !== '';
    const y = cellText(row?.[b]).trim() !== '';
    if (x && y) both++;
    if (x || y) either++;
  }
  return either > 0 && both / either < 0.05;
}
