/**
 * The titles of a boleto credit explained by a CNAB return file ([K]), for `match.lines` and the report: the
 * `return_file` reason of a match names its titles and the receivable each was tied to (return-files.ts);
 * here they are read back from `return_titles` with the receivables' face values.
 */
import type { ReturnTitleDto } from '../../shared/contract/matching';
import { receivableFaceValues, returnTitlesByIds } from '../import/return-file/return-titles.store';
import type { Tx } from '../store/store';
import { parseTitleRefs } from './return-files';
import type { Reason } from './types';

/** Match id → its titles, for the matches whose reasons hold a `return_file` reason (read in the caller's tx). */
export async function returnTitlesOf(
  tx: Tx,
  rows: readonly { matchId: number; reasons: string }[],
): Promise<Map<number, ReturnTitleDto[]>> {
  const refsByMatch = new Map<number, { titleId: number; receivableId: number | null }[]>();
  for (const r of rows) {
    if (!r.reasons.includes('"return_file"')) continue;
    const reason = (JSON.parse(r.reasons) as Reason[]).find((x) => x.code === 'return_file');
    const refs = parseTitleRefs(reason?.params?.titles);
    if (refs.length) refsByMatch.set(r.matchId, refs);
  }
  const out = new Map<number, ReturnTitleDto[]>();
  if (refsByMatch.size === 0) return out;
  const all = [...refsByMatch.values()].flat();
  const titles = new Map(
    (await returnTitlesByIds(tx, [...new Set(all.map((x) => x.titleId))])).map((t) => [t.id, t]),
  );
  const recIds = [...new Set(all.flatMap((x) => (x.receivableId ? [x.receivableId] : [])))];
  const faces = await receivableFaceValues(tx, recIds);
  for (const [matchId, refs] of refsByMatch) {
    const list: ReturnTitleDto[] = [];
    for (const ref of refs) {
      const t = titles.get(ref.titleId);
      if (!t) continue; // a return file deleted since: the reason still says what it was
      const face = ref.receivableId !== null ? faces.get(ref.receivableId) : undefined;
      list.push({
        titleId: t.id,
        receivableId: ref.receivableId,
        occurrence: t.occurrence,
        nossoNumero: t.nossoNumero,
        seuNumero: t.seuNumero,
        payerName: t.payerName,
        payerDocument: t.payerDocument,
        dueDate: t.dueDate,
        paidDate: t.paidDate,
        creditDate: t.creditDate,
        faceCents: t.faceCents,
        paidCents: t.paidCents,
        interestFineCents: t.interestFineCents,
        discountCents: t.discountCents,
        feeCents: t.feeCents,
        creditedCents: t.creditedCents,
        differenceCents: face !== undefined && t.paidCents !== null ? t.paidCents - face : null,
      });
    }
    out.set(matchId, list);
  }
  return out;
}
