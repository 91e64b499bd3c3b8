import i18next, { type TFunction } from 'i18next';
import { resources } from '../../shared/i18n/resources';
import { actionText, actorText } from '../../shared/i18n/audit-words';

/**
 * The catalogue's Portuguese, for the files Quita hands to a branch ([T]): an exported audit log or reconciliation
 * report says who did it and what the verification found in the same words as the Auditoria screen.
 */
const pt = i18next.createInstance();
// Synchronous: the resources are in memory, nothing to load.
void pt.init({
  resources,
  lng: 'pt-BR',
  fallbackLng: 'pt-BR',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export const tPt: TFunction = pt.t.bind(pt);
export const existsPt = (key: string): boolean => pt.exists(key);

/** “root, pelo navegador”, “ciclo automático”: the log's `root (browser)` as the screen says it. */
export const actorPt = (actor: string): string => actorText(tPt, actor);

/** “Sugestão aprovada”, “Arquivo retorno importado”: an action as the screen says it; an unknown one as written. */
export const actionPt = (action: string, subject: string | null): string =>
  actionText(tPt, existsPt, action, subject);
