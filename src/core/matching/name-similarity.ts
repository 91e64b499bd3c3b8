/**
 * How alike the bank's payer text and a receivable's payer name are, from 0 to 1, on folded tokens.
 *
 * Banks keep the order of the words but drop particles, cut middle names to initials and truncate the end
 * ("Maria Aparecida de Souza Lima" → "MARIA A S LIMA", "GABRIEL S A GUIMAR"). So the tokens are aligned in
 * order (a small dynamic programme; names have a handful of tokens), and an initial or a prefix counts as
 * a near match. A bank token that matches nothing is a contradiction, not just a gap, and costs extra:
 * "MARIA C SILVA" is not "Maria Souza Silva". Leaving out name tokens is normal (first-last styles), so
 * coverage of the receivable's name weighs little. A first word that does not line up (a spouse paying:
 * "ANA SOUZA" for "Carlos Souza") lowers the result further.
 */

const W_EXACT = 1;
const W_PREFIX = 0.9;
const W_INITIAL = 0.8;
const W_TYPO = 0.6;

/** Optimal string alignment distance ≤ 1 (one substitution, insertion, deletion or swap). */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === a.length && i === b.length) return true;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Weight of matching bank token `l` to name token `n`; 0 when they do not match. */
export function tokenWeight(l: string, n: string, last = false): number {
  if (l === n) return W_EXACT;
  if (l.length === 1) return n.startsWith(l) ? W_INITIAL : 0;
  // The bank cut the word: anywhere from 3 letters, and the text's last word from 2 ("CONSTRUTORA H LT").
  if ((l.length >= 3 || last) && n.startsWith(l)) return W_PREFIX;
  if (n.length >= 3 && l.startsWith(n)) return W_PREFIX; // the gym system cut it
  if (l.length >= 4 && n.length >= 4 && l[0] === n[0] && withinOneEdit(l, n)) return W_TYPO;
  return 0;
}

export interface NameMatch {
  /** 0..1 */
  similarity: number;
  /** The bank's last token equals the name's last token (same surname). */
  sameSurname: boolean;
}

/** Reusable DP rows: names are short, and this runs for every candidate pair. */
let rowA = new Float64Array(16);
let rowB = new Float64Array(16);
let cntA = new Int32Array(16);
let cntB = new Int32Array(16);

export function nameSimilarity(line: readonly string[], name: readonly string[]): NameMatch {
  const L = line.length;
  const N = name.length;
  if (L === 0 || N === 0) return { similarity: 0, sameSurname: false };
  if (rowA.length < N + 1) {
    rowA = new Float64Array(N + 1);
    rowB = new Float64Array(N + 1);
    cntA = new Int32Array(N + 1);
    cntB = new Int32Array(N + 1);
  }
  // best[i][j]: best weight aligning line[0..i) with name[0..j); cnt: tokens aligned on that path.
  let prev = rowA;
  let cur = rowB;
  let prevCnt = cntA;
  let curCnt = cntB;
  prev.fill(0, 0, N + 1);
  prevCnt.fill(0, 0, N + 1);
  let firstAligned = false;
  for (let i = 1; i <= L; i++) {
    cur[0] = 0;
    curCnt[0] = 0;
    const l = line[i - 1]!;
    for (let j = 1; j <= N; j++) {
      let best = prev[j]!;
      let cnt = prevCnt[j]!;
      if (cur[j - 1]! > best) {
        best = cur[j - 1]!;
        cnt = curCnt[j - 1]!;
      }
      const w = tokenWeight(l, name[j - 1]!, i === L);
      if (w > 0 && prev[j - 1]! + w > best) {
        best = prev[j - 1]! + w;
        cnt = prevCnt[j - 1]! + 1;
      }
      cur[j] = best;
      curCnt[j] = cnt;
    }
    if (i === 1) firstAligned = tokenWeight(l, name[0]!) > 0;
    [prev, cur] = [cur, prev];
    [prevCnt, curCnt] = [curCnt, prevCnt];
  }
  const weight = prev[N]!;
  const aligned = prevCnt[N]!;
  const precision = Math.max(0, (weight - 0.5 * (L - aligned)) / L);
  const coverage = Math.min(1, aligned / N);
  let similarity = 0.9 * precision + 0.1 * coverage;
  if (!firstAligned) similarity *= 0.8;
  const lastL = line[L - 1]!;
  const lastN = name[N - 1]!;
  // Banks always keep the surname (only truncation cuts it, leaving a prefix): a whole last word that is
  // one of the name's middle words ("CECILIA LEAO" for "Cecília Leão Estêvão") is probably someone else.
  if (
    lastL.length >= 3 &&
    !lastN.startsWith(lastL) &&
    name.indexOf(lastL) >= 0 &&
    name.indexOf(lastL) < N - 1
  ) {
    similarity *= 0.85;
  }
  return {
    similarity: Math.round(similarity * 1000) / 1000,
    sameSurname: lastL.length >= 3 && (lastL === lastN || (lastL.length >= 4 && lastN.startsWith(lastL))),
  };
}

/**
 * How well the words a clerk typed (or the bank's abbreviated text) find a name, 0 when they do not: every
 * search token must match one of the name's tokens, in order — an initial its first letter ("F" →
 * Fernandes), a prefix of two letters or more the word it starts ("FERN", "LOP"), a whole word itself, a
 * word of four letters or more one typo away. Tokens in `optional` (the bank's boilerplate) may match
 * nothing. In-order matches score 0.5–1 (more for whole words and for covering more of the name); when the
 * order differs but every token matches a distinct word, 0.05–0.45. Both sides are folded tokens without
 * particles (see `nameTokens`).
 */
export function searchNameScore(
  query: readonly string[],
  name: readonly string[],
  optional: ReadonlySet<string> = new Set(),
): number {
  const required = query.filter((q) => !optional.has(q));
  if (required.length === 0 || name.length === 0) return 0;
  const weight = (q: string, n: string) =>
    q === n
      ? W_EXACT
      : q.length === 1
        ? n.startsWith(q)
          ? W_INITIAL
          : 0
        : n.startsWith(q)
          ? W_PREFIX
          : q.length >= 4 && n.length >= 4 && q[0] === n[0] && withinOneEdit(q, n)
            ? W_TYPO
            : 0;
  // In order: the earliest word each token can take leaves the most room for the rest.
  let j = 0;
  let sum = 0;
  let matched = 0;
  let inOrder = true;
  for (const q of query) {
    let k = j;
    while (k < name.length && weight(q, name[k]!) === 0) k++;
    if (k < name.length) {
      sum += weight(q, name[k]!);
      matched++;
      j = k + 1;
    } else if (!optional.has(q)) {
      inOrder = false;
      break;
    }
  }
  if (inOrder && matched > 0) {
    const coverage = matched / name.length;
    return Math.round((0.5 + 0.4 * (sum / matched) + 0.1 * coverage) * 1000) / 1000;
  }
  // Any order, each token a distinct word (initials too): "LOPES FELIPE".
  const used = new Set<number>();
  let total = 0;
  for (const q of required) {
    let best = -1;
    for (let k = 0; k < name.length; k++)
      if (
        !used.has(k) &&
        weight(q, name[k]!) > 0 &&
        (best < 0 || weight(q, name[k]!) > weight(q, name[best]!))
      )
        best = k;
    if (best < 0) return 0;
    used.add(best);
    total += weight(q, name[best]!);
  }
  return Math.round((0.05 + 0.4 * (total / required.length)) * 1000) / 1000;
}
