import { AppError } from '../../core';
import { commands, type CommandInput, type CommandName } from '../../shared/contract';
import type { ErrorKind } from '../../shared/contract/envelope';
import { parseDmy } from '../../shared/format';
import type { Say } from '../i18n';
import { UsageError } from '../types';

/**
 * Small pieces several commands (sync, receivables, debtors, audit…) say alike: when the local copy was last
 * synced, a day given as an option, an option's value in either language.
 */

/** "(sincronizado em 27/11/2026 08:15)", or "(nunca sincronizado)". */
export const syncedText = (say: Say, iso: string | null | undefined): string =>
  iso ? say.t('cli.dataWords.synced', { when: say.dateTime(iso) }) : say.t('cli.dataWords.neverSynced');

/**
 * A day given to an option: AAAA-MM-DD (what scripts write) or dd/mm/aaaa (what the clerk writes), as the ISO day
 * the core takes; anything else, or a day that does not exist (2026-02-30), is bad usage.
 */
export function dayOption(say: Say, option: string, value: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.test(value) ? parseDmy(value.split('-').reverse().join('/')) : null;
  const day = iso ?? (/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(value) ? parseDmy(value) : null);
  if (!day) throw new UsageError(say.t('cli.dataWords.badDate', { option, value }));
  return day;
}

/** The period's two ends, refused when it ends before it starts (the core's own check, said first here). */
export function checkPeriod(say: Say, from: string | undefined, to: string | undefined): void {
  if (from && to && to < from)
    throw new UsageError(say.t('cli.dataWords.badRange', { from: say.date(from), to: say.date(to) }));
}

/**
 * The core's own check of a command's input (the contract's schema), run before the command so that a value it
 * refuses is said in the clerk's words, naming the option, as bad usage (exit 2, as the core's refusal is). A
 * field with no sentence here is left to the core.
 */
export function checkInput<K extends CommandName>(
  name: K,
  input: CommandInput<K>,
  sentences: Partial<Record<string, () => string>>,
): void {
  const checked = commands[name].input.safeParse(input);
  if (checked.success) return;
  for (const issue of checked.error.issues) {
    const sentence = sentences[String(issue.path[0] ?? '')];
    if (sentence) throw new UsageError(sentence());
  }
}

/** "Conciliação" → "conciliacao": option values are matched without case or accents. */
const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/**
 * An option's value among its names in both languages (`{ cancelled: ['cancelado', 'canceled'] }`): the English
 * name the core takes, or undefined. The English names stay accepted, so scripts written before keep working
 * (`exactKeys: false`: the keys are not names themselves, only what the names stand for).
 */
export function choiceOf<K extends string>(
  value: string,
  names: Record<K, readonly string[]>,
  { exactKeys = true }: { exactKeys?: boolean } = {},
): K | undefined {
  const wanted = plain(value);
  for (const [key, others] of Object.entries(names) as [K, readonly string[]][])
    if ((exactKeys && plain(key) === wanted) || others.some((o) => plain(o) === wanted)) return key;
  return undefined;
}

/**
 * A failure the command words itself (already in the clerk's language), for exit code 1: an AppError, so it is
 * said in one sentence and not taken for a fault of Quita's own. Its code is in the `cli.` namespace, which the
 * catalogue's `errors.*` does not word: the kind's general sentence ("Confira os dados informados.") is said
 * before it today (describeErrorWith); a `cli.` code marks the message as already worded, should main say it as is.
 */
export const failure = (kind: ErrorKind, sentence: string): AppError =>
  new AppError(kind, sentence, { code: 'cli.worded' });
