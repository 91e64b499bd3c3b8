import { z } from 'zod';
import { isValidIsoDate, saoPauloDateTime } from '../dates';

/** `1,4` or `1, 4`: a comma-separated list of integers. */
export const intListParam = z
  .string()
  .regex(/^\s*\d{1,10}\s*(,\s*\d{1,10}\s*)*$/, {
    error: (iss) => `deve ser uma lista de inteiros separados por vírgula (recebido '${String(iss.input)}')`,
  })
  .transform((s) => s.split(',').map((x) => Number(x.trim())));

export const intParam = z
  .string()
  .regex(/^\d{1,10}$/, { error: (iss) => `deve ser um número inteiro (recebido '${String(iss.input)}')` })
  .transform(Number);

/** `take`: a positive integer; anything above 50 is clamped to 50 (the real API's maximum). */
export const takeParam = z
  .string()
  .regex(/^\d{1,15}$/, { error: (iss) => `deve ser um inteiro positivo (recebido '${String(iss.input)}')` })
  .transform(Number)
  .refine((n) => n >= 1, { error: 'deve ser um inteiro positivo (1 a 50)' })
  .transform((n) => Math.min(n, 50));

export const skipParam = z
  .string()
  .regex(/^\d{1,15}$/, {
    error: (iss) => `deve ser um inteiro maior ou igual a zero (recebido '${String(iss.input)}')`,
  })
  .transform(Number);

/** `99.90` or `99,90` in reais, to integer cents. */
export const amountParam = z
  .string()
  .regex(/^\d{1,12}([.,]\d{1,2})?$/, {
    error: (iss) => `valor inválido (recebido '${String(iss.input)}'; use 99.90)`,
  })
  .transform((s) => {
    const [int, frac = ''] = s.replace(',', '.').split('.');
    return Number(int) * 100 + Number(frac.padEnd(2, '0'));
  });

const DATE_PARAM =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,7})?)?(Z|[+\- ]\d{2}:?\d{2})?)?$/;

/** A bound as a comparable local `yyyy-mm-ddTHH:MM:SS`; a bare end date covers its whole day. */
export function parseDateBound(value: string, end: boolean): string | null {
  const m = DATE_PARAM.exec(value);
  if (!m || !isValidIsoDate(m[1]!)) return null;
  const [, date, hh, mm, ss, zone] = m;
  if (hh === undefined) return `${date}T${end ? '23:59:59' : '00:00:00'}`;
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? '0') > 59) return null;
  const local = `${date}T${hh}:${mm}:${ss ?? '00'}`;
  if (!zone) return local;
  // An unencoded '+' in a query string arrives as a space.
  const z0 = zone.startsWith(' ') ? `+${zone.slice(1)}` : zone;
  // An explicit offset names an instant; records are Brasília local time.
  const instant = new Date(`${local}${z0.length === 5 ? `${z0.slice(0, 3)}:${z0.slice(3)}` : z0}`);
  return Number.isNaN(instant.getTime()) ? null : saoPauloDateTime(instant);
}

export const dateParam = (end: boolean) =>
  z.string().transform((s, ctx) => {
    const bound = parseDateBound(s, end);
    if (bound === null) {
      ctx.addIssue({ code: 'custom', message: `data inválida '${s}' (use yyyy-mm-dd)` });
      return z.NEVER;
    }
    return bound;
  });
