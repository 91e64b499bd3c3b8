import { AppError } from '../errors';

/** The API does not document a limit; 1,000 characters keeps a message readable in the member's app. */
export const MAX_MESSAGE_LENGTH = 1000;
export const PLACEHOLDERS = ['nome', 'primeiro_nome', 'valor', 'vencimento', 'dias_atraso'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

export interface MemberFacts {
  name: string | null;
  amountCents: number | null;
  dueDate: string | null;
  daysLate: number | null;
}

const money = (cents: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
    .format(cents / 100)
    .replace(/\u00a0/g, ' ');
const date = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

/** The placeholders a template uses, in order of first appearance. */
export function placeholdersIn(template: string): string[] {
  return [...new Set([...template.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]!))];
}

/** Check a template before anything is queued: known placeholders only. */
export function checkTemplate(template: string): void {
  const unknown = placeholdersIn(template).filter((p) => !(PLACEHOLDERS as readonly string[]).includes(p));
  if (unknown.length) {
    throw new AppError(
      'validation',
      `Unknown placeholder(s): ${unknown.map((u) => `{${u}}`).join(', ')}. Use ${PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.`,
      {
        code: 'notify.unknown_placeholder',
        field: 'template',
        params: { placeholders: unknown.join(', ') },
      },
    );
  }
}

/**
 * Fill a template for one member. Returns the message, or the reason it cannot be sent (a placeholder with
 * no data for this member, or a result that is empty or too long).
 */
export function renderTemplate(
  template: string,
  facts: MemberFacts,
): { message: string } | { problem: string } {
  const values: Record<Placeholder, string | null> = {
    nome: facts.name,
    primeiro_nome: facts.name ? (facts.name.trim().split(/\s+/)[0] ?? null) : null,
    valor: facts.amountCents === null ? null : money(facts.amountCents),
    vencimento: facts.dueDate === null ? null : date(facts.dueDate),
    dias_atraso: facts.daysLate === null ? null : String(facts.daysLate),
  };
  const missing: string[] = [];
  const message = template.replace(/\{([a-z_]+)\}/g, (whole, key: string) => {
    const v = values[key as Placeholder];
    if (v === undefined) return whole;
    if (v === null) missing.push(`{${key}}`);
    return v ?? '';
  });
  if (missing.length)
    return { problem: `no data for ${missing.join(', ')} for this member (not in the debtors list)` };
  const trimmed = message.trim();
  if (!trimmed) return { problem: 'the message is empty' };
  if (trimmed.length > MAX_MESSAGE_LENGTH)
    return { problem: `the message has ${trimmed.length} characters; the limit is ${MAX_MESSAGE_LENGTH}` };
  return { message: trimmed };
}
