import { en } from './en';
import { ptBR } from './pt-BR';
import { policyEn } from './policy.en';
import { policyPtBR } from './policy.pt-BR';
import { cycleEn, cycleErrorsEn } from './cycle.en';
import { cycleErrorsPtBR, cyclePtBR } from './cycle.pt-BR';
import { feedsEn } from './feeds.en';
import { feedsPtBR } from './feeds.pt-BR';
import { officeLinkEn, officeLinkErrorsEn } from './office-link.en';
import { officeLinkErrorsPtBR, officeLinkPtBR } from './office-link.pt-BR';
import { serverEn, serverErrorsEn } from './server.en';
import { serverErrorsPtBR, serverPtBR } from './server.pt-BR';
import { shellEn, usersEn } from './users.en';
import { shellPtBR, usersPtBR } from './users.pt-BR';

/**
 * Portuguese's plural rules put 0 with 1 ("0 item"), but a count of zero reads as plural in Brazil ("0 itens"):
 * wherever a text has a `_one` form and no `_zero`, its plural (base) form is used for zero too.
 */
export function withZeroForms<T extends object>(messages: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(messages)) {
    out[k] = typeof v === 'string' ? v : withZeroForms(v as object);
  }
  for (const k of Object.keys(out)) {
    const base = k.endsWith('_one') ? k.slice(0, -4) : null;
    if (base && typeof out[base] === 'string' && !(`${base}_zero` in out)) out[`${base}_zero`] = out[base];
  }
  return out as T;
}

export const resources = {
  'pt-BR': {
    translation: withZeroForms({
      ...ptBR,
      policy: policyPtBR,
      cycle: cyclePtBR,
      feeds: feedsPtBR,
      server: serverPtBR,
      officeLink: officeLinkPtBR,
      users: usersPtBR,
      shell: shellPtBR,
      errors: {
        ...ptBR.errors,
        intake: cycleErrorsPtBR,
        feeds: feedsPtBR.errors,
        access: serverErrorsPtBR.access,
        office: officeLinkErrorsPtBR,
        users: usersPtBR.errors,
      },
    }),
  },
  en: {
    translation: withZeroForms({
      ...en,
      policy: policyEn,
      cycle: cycleEn,
      feeds: feedsEn,
      server: serverEn,
      officeLink: officeLinkEn,
      users: usersEn,
      shell: shellEn,
      errors: {
        ...en.errors,
        intake: cycleErrorsEn,
        feeds: feedsEn.errors,
        access: serverErrorsEn.access,
        office: officeLinkErrorsEn,
        users: usersEn.errors,
      },
    }),
  },
} as const;
