import type { TFunction } from 'i18next';
import type { ReviewConflict } from '../../../../shared/contract/review';
import { formatBrasilia, todayIso } from '../../format';

/** How many of a batch's conflicts are named one by one (the rest are only counted). */
const NAMED = 3;

/**
 * [W] What Conciliar says when a decision met lines someone else changed first (docs/concurrency.md): one line
 * decided alone — "Esta linha já foi aprovada por ana às 10:42 — a lista foi atualizada."; several — how many, and
 * who and when for the first few. Times in Brasília; the day too when it was not today.
 */
export function conflictText(
  conflicts: readonly ReviewConflict[],
  /** How many lines the clerk decided at once: one alone is "esta linha". */
  asked: number,
  t: TFunction,
  locale: string,
  now = new Date(),
): string {
  const what = (c: ReviewConflict) =>
    t(`review.meanwhile.what.${c.state}`, { defaultValue: t('review.meanwhile.what.suggested') });
  const time = (c: ReviewConflict) => formatBrasilia(c.at, locale, { timeStyle: 'short' });
  if (conflicts.length === 1 && asked === 1) {
    const c = conflicts[0]!;
    if (!c.by || !c.at) return t('review.meanwhile.oneUnknown');
    const today = todayIso(now) === todayIso(new Date(c.at));
    return t(today ? 'review.meanwhile.one' : 'review.meanwhile.oneOtherDay', {
      what: what(c),
      by: c.by,
      time: time(c),
      date: formatBrasilia(c.at, locale, { dateStyle: 'short' }),
    });
  }
  const named = conflicts
    .slice(0, NAMED)
    .map((c) =>
      c.by && c.at
        ? t('review.meanwhile.who', { by: c.by, time: time(c), what: what(c) })
        : t('review.meanwhile.whoUnknown', { what: what(c) }),
    );
  const who = conflicts.length > NAMED ? [...named, '…'].join('; ') : named.join('; ');
  return t('review.meanwhile.many', { count: conflicts.length, who });
}
