import { actionText, actorText } from '../../shared/i18n/audit-words';
import { createSay } from '../../shared/i18n/say';

/**
 * The catalogue's Portuguese, for the files Quita hands to a branch ([T]): an exported audit log or reconciliation
 * report says who did it and what the verification found in the same words as the Auditoria screen.
 */
const pt = createSay('pt-BR');

export const tPt = (key: string | string[], params?: Record<string, unknown>): string => pt.t(key, params);
export const existsPt = (key: string): boolean => pt.exists(key);

/** “root, pelo navegador”, “ciclo automático”: the log's `root (browser)` as the screen says it. */
export const actorPt = (actor: string): string => actorText(tPt, actor);

/** “Sugestão aprovada”, “Arquivo retorno importado”: an action as the screen says it; an unknown one as written. */
export const actionPt = (action: string, subject: string | null): string =>
  actionText(tPt, existsPt, action, subject);
