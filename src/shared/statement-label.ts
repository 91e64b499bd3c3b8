/**
 * How the screens name an imported statement ([T] item 5): the way a clerk knows it, by its account and its
 * period ("Itaú - Conta Movimento · 27/10 a 26/11/2026"), never by the machine file name the bank gave it
 * ("extrato_1_3263_679230_2026-10-27_…"), which stays as secondary text or a tooltip. Conciliar's picker,
 * Início and Importar's history all call `statementLabel`, and so does `quita match`.
 */
import { formatDate, formatDateTime } from './format';

type T = (key: string, params?: Record<string, unknown>) => string;

export interface NamedStatement {
  id: number;
  fileName: string;
  periodFrom: string | null;
  periodTo: string | null;
}

/** A statement of a list: with its account's name, and its kind of file and import time (to tell twins apart). */
export type ListedStatement = NamedStatement & {
  accountName: string | null | undefined;
  format: string;
  importedAt: string;
};

/** "27/10 a 26/11/2026" (one year), "28/12/2025 a 03/01/2026", "03/11/2026" (one day); null without dates. */
export function periodText(from: string | null, to: string | null, locale: string, t: T): string | null {
  if (!from && !to) return null;
  if (!from || !to || from === to) return formatDate(from ?? to, locale);
  const dayMonth = (iso: string) => {
    const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
    return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(
      new Date(Date.UTC(y!, m! - 1, d)),
    );
  };
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return t('workspace.statementLabel.range', {
    from: sameYear ? dayMonth(from) : formatDate(from, locale),
    to: formatDate(to, locale),
  });
}

/**
 * A statement as the clerk knows it: "<account> · <period>". Without the account's name (not in the cache any
 * more), the period alone says which statement it is; with neither, the file name is all there is.
 */
export function statementLabel(
  s: NamedStatement,
  accountName: string | null | undefined,
  locale: string,
  t: T,
): string {
  const period = periodText(s.periodFrom, s.periodTo, locale, t);
  if (accountName && period) return t('workspace.statementLabel.label', { account: accountName, period });
  if (accountName) return accountName;
  if (period) return t('workspace.statementLabel.noAccount', { period });
  return s.fileName;
}

/**
 * Labels for a list of statements (Conciliar's picker): two statements of one account over the same days
 * (the same days imported again from another file) are told apart by their kind of file ("(CSV)"), short enough
 * to show in the picker, or by when each was imported when they are of one kind.
 */
export function statementLabels(list: readonly ListedStatement[], locale: string, t: T): Map<number, string> {
  const base = new Map(list.map((s) => [s.id, statementLabel(s, s.accountName, locale, t)]));
  const twins = new Map<string, ListedStatement[]>();
  for (const s of list) twins.set(base.get(s.id)!, [...(twins.get(base.get(s.id)!) ?? []), s]);
  return new Map(
    list.map((s) => {
      const label = base.get(s.id)!;
      const group = twins.get(label)!;
      if (group.length < 2) return [s.id, label];
      const formats = new Set(group.map((x) => x.format));
      return [
        s.id,
        formats.size === group.length
          ? t('workspace.statementLabel.twin', { label, which: s.format.toUpperCase() })
          : t('workspace.statementLabel.imported', { label, when: formatDateTime(s.importedAt, locale) }),
      ];
    }),
  );
}
