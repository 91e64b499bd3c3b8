import { z } from 'zod';

const TYPE_NAMES: Record<string, string> = {
  number: 'número',
  int: 'número inteiro',
  string: 'texto',
  array: 'lista',
  object: 'objeto',
  boolean: 'verdadeiro/falso',
};

/** Portuguese messages, passed per parse so the app's own zod setup (same process in demo mode) is untouched. */
const ptBrErrors: z.core.$ZodErrorMap = (iss) => {
  switch (iss.code) {
    case 'invalid_type':
      return iss.input === undefined
        ? 'campo obrigatório'
        : `tipo inválido (esperado ${TYPE_NAMES[iss.expected] ?? iss.expected})`;
    case 'too_small':
      return iss.origin === 'array'
        ? `deve ter ao menos ${String(iss.minimum)} item(ns)`
        : iss.origin === 'string'
          ? 'não pode ser vazio'
          : `deve ser maior ou igual a ${String(iss.minimum)}`;
    case 'too_big':
      return iss.origin === 'array'
        ? `deve ter no máximo ${String(iss.maximum)} itens`
        : iss.origin === 'string'
          ? `deve ter no máximo ${String(iss.maximum)} caracteres`
          : `deve ser menor ou igual a ${String(iss.maximum)}`;
    default:
      return undefined;
  }
};

function fieldName(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out || 'corpo';
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; messages: string[] };

/** Validates and returns messages like "idsReceivables[1]: tipo inválido (esperado número inteiro)". */
export function validate<S extends z.ZodType>(schema: S, input: unknown): Parsed<z.output<S>> {
  const result = schema.safeParse(input, { error: ptBrErrors });
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, messages: result.error.issues.map((i) => `${fieldName(i.path)}: ${i.message}`) };
}

export const INT32_MAX = 2147483647;
/** A positive int32 id. */
export const idSchema = z.int().min(1).max(INT32_MAX);
