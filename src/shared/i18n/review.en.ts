import type { reviewPtBR } from './review.pt-BR';

/** English of review.pt-BR.ts. */
export const reviewEn: typeof reviewPtBR = {
  meanwhile: {
    one: 'This line was already {{what}} by {{by}} at {{time}} — the list was refreshed.',
    oneOtherDay: 'This line was already {{what}} by {{by}} on {{date}} at {{time}} — the list was refreshed.',
    oneUnknown: 'This line changed while you were looking at it — the list was refreshed.',
    many_one:
      '{{count}} line had already been changed by someone else and was left as it was ({{who}}) — the list was refreshed.',
    many: '{{count}} lines had already been changed by others and were left as they were ({{who}}) — the list was refreshed.',
    who: '{{by}} at {{time}}, {{what}}',
    whoUnknown: '{{what}}',
    what: {
      approved: 'approved',
      rejected: 'rejected',
      to_review: 'marked for review',
      set_aside: 'set aside',
      overridden: 'matched by hand',
      suggested: 'suggested again',
      unmatched: 'suggested again',
      recorded: 'suggested again',
    },
  },
};
