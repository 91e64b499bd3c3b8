import { stripAccents } from '../text';

const PARTICLES = new Set(['de', 'da', 'das', 'do', 'dos', 'e']);

export type NameMode = 'initials' | 'first-last' | 'full';

/**
 * How banks mangle a payer's name: upper case, no accents, particles dropped, middle names reduced to
 * initials ("Maria Aparecida de Souza Lima" -> "MARIA A S LIMA"), then cut to the field's width.
 */
export function bankName(fullName: string, mode: NameMode, maxLen: number): string {
  const words = stripAccents(fullName)
    .toUpperCase()
    .replace(/[^A-Z0-9&/ .-]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !PARTICLES.has(w.toLowerCase()));
  let out: string;
  if (words.length <= 2 || mode === 'full') out = words.join(' ');
  else if (mode === 'first-last') out = `${words[0]} ${words[words.length - 1]}`;
  else out = [words[0], ...words.slice(1, -1).map((w) => w[0]), words[words.length - 1]].join(' ');
  return out.slice(0, maxLen).trim();
}

/** Banks print the full text in upper case without accents. */
export function bankText(s: string): string {
  return stripAccents(s).toUpperCase();
}

/** "•••.456.789-••", the way some banks mask a CPF in a Pix line. */
export function maskedCpf(cpf: string): string {
  return `•••.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-••`;
}

export function formatCpf(cpf: string): string {
  return `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9, 11)}`;
}
