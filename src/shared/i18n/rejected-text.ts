import type { Rejected } from '../contract/import';
import type { Translator } from './describe-error';

/**
 * A refused line's reason in the clerk's language ([T]): the core gives a code with its parameters
 * (`row.bad_date.not_calendar`, value “32/13/2026”), worded under `importing.rejects.*`; the core's English `reason`
 * is for the log only. A code without a text here (an older stored one) reads as “a linha não pôde ser lida”.
 */
export function rejectedText(
  { t, exists }: Translator,
  r: Pick<Rejected, 'code' | 'reason'> & { params?: Rejected['params'] | undefined },
): string {
  const key = `importing.rejects.${r.code.replace(/^row\./, '')}`;
  const text = exists(key) ? t(key, { ...r.params }) : null;
  // A family's key (`row.bad_date`) is an object of texts, not a text: the generic sentence then.
  return text && !text.startsWith("key '") ? text : t('importing.rejects.other');
}

/**
 * An error whose parameters carry a refused line (`import.all_rejected`: `reasonCode` and its parameters beside the
 * English `reason`): the same parameters with `reason` worded by `rejectedText`.
 */
export function withWordedReason(
  translator: Translator,
  params: Record<string, string | number>,
): Record<string, string | number> {
  const code = params.reasonCode;
  if (typeof code !== 'string') return params;
  return {
    ...params,
    reason: rejectedText(translator, { code, reason: String(params.reason ?? ''), params }),
  };
}

const CUT = /^the description was cut to (\d+) characters$/;
const ROUNDED = /^the amount had a fraction of a cent and was rounded$/;

/** A read line's remark (the core's English, stored with the line) in the clerk's language. */
export function lineProblemText({ t }: Translator, problem: string): string {
  const cut = CUT.exec(problem);
  if (cut) return t('importing.problems.cut', { count: Number(cut[1]) });
  if (ROUNDED.test(problem)) return t('importing.problems.rounded');
  return problem;
}
