import { fold, stripAccents } from '../shared/text';

/** Lower case without accents: "Conceição" -> "conceicao" (the app's own rule, src/shared/text.ts). */
export const foldText = fold;

export { stripAccents };
