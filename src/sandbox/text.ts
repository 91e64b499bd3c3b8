/** Lower case without accents: "Conceição" -> "conceicao". */
export function foldText(s: string): string {
  return stripAccents(s).toLowerCase();
}

export function stripAccents(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}
