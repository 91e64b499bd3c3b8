/**
 * [W] Texts of a decision refused because another clerk changed the line first (mounted under `review`;
 * docs/concurrency.md). `{{by}}` is the other clerk's login, times are Brasília's.
 */
export const reviewPtBR = {
  meanwhile: {
    one: 'Esta linha já foi {{what}} por {{by}} às {{time}} — a lista foi atualizada.',
    oneOtherDay: 'Esta linha já foi {{what}} por {{by}} em {{date}} às {{time}} — a lista foi atualizada.',
    oneUnknown: 'Esta linha mudou enquanto você a via — a lista foi atualizada.',
    many_one:
      '{{count}} linha já tinha sido mudada por outra pessoa e ficou como estava ({{who}}) — a lista foi atualizada.',
    many: '{{count}} linhas já tinham sido mudadas por outras pessoas e ficaram como estavam ({{who}}) — a lista foi atualizada.',
    /** One line of `many`'s list: "ana às 10:42, aprovada". */
    who: '{{by}} às {{time}}, {{what}}',
    whoUnknown: '{{what}}',
    what: {
      approved: 'aprovada',
      rejected: 'rejeitada',
      to_review: 'marcada para revisar',
      set_aside: 'deixada de lado',
      overridden: 'vinculada à mão',
      suggested: 'sugerida de novo',
      unmatched: 'sugerida de novo',
      recorded: 'sugerida de novo',
    },
  },
};
