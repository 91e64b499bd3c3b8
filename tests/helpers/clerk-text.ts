import { checkCodes, checkEnglish, checkJson, checkPlurals } from '../e2e/screen-text';

/**
 * What a Brazilian clerk must never read in Quita's pt-BR text at the command line: the screen-text check's own
 * rules (tests/e2e/screen-text.ts), applied to the prose of the CLI's output (tests/unit/cli-speaks-portuguese.test.ts).
 * Each returns the offending snippets, so a failure names them.
 */

/**
 * The prose of a text: what is left once the things a person types are taken out (`quita send`, `--json`,
 * `ofx|csv|xlsx`, QUITA_DATA_DIR, a backup's file name, backquoted text, URLs and the paths the check is told
 * about). The IT helper types those as they are; everything else is read.
 */
export function prose(text: string, allowed: string[] = []): string {
  let s = text;
  for (const a of allowed) s = s.split(a).join(' ');
  return s
    .replace(/^ {2}[a-z][a-z-]*(?= {2,}\S)/gm, ' ') // a command listing's name column ("  sync  Atualiza…")
    .replace(/`[^`]*`/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\bquita(?: [a-z][a-z-]*){1,2}/g, ' ')
    .replace(/(?<![\w-])-{1,2}[a-z][\w-]*(=\S*)?/g, ' ')
    .replace(/\bQUITA_[A-Z_]+\b/g, ' ') // an environment variable, typed as it is
    .replace(/[\w.-]+\.(?:db|log|json|ofx|csv|xlsx|pdf|xml|service|timer)\b/g, ' ') // a file's name (a backup's, the log's)
    .replace(/\b[\w-]+(?:[|,][\w-]+)+\b/g, ' ')
    .replace(/\bnpm run \w+/g, ' ');
}

/** English words, as the screen-text check finds them (tests/e2e/screen-text.ts: one list for screens and CLI). */
export function englishWords(text: string, allowed: string[] = []): string[] {
  return checkEnglish(prose(text, allowed)).map((h) => h.text);
}

/** "receivable(s)", "linha(s)", "batch(es)": a plural written as a guess. */
export function guessedPlurals(text: string, allowed: string[] = []): string[] {
  return checkPlurals(prose(text, allowed)).map((h) => h.text);
}

/** Money or numbers in a machine's format ("1398.70", "1,398.70"), where pt-BR writes "R$ 1.398,70". */
export function machineMoney(text: string, allowed: string[] = []): string[] {
  return [...prose(text, allowed).matchAll(/(?<![\d.,/:-])\d{1,3}(?:,\d{3})*\.\d{2}(?![\d.,])/g)].map(
    (m) => m[0],
  );
}

/** Codes a clerk cannot read (`import.notices.x_y`, `return_file:1`, snake_case, camelCase) and raw JSON. */
export function codes(text: string, allowed: string[] = []): string[] {
  const p = prose(text, allowed);
  return [...checkCodes(p), ...checkJson(p)].map((h) => h.text);
}
