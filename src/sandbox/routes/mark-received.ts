import { z } from 'zod';
import { readJsonBody } from '../http/body';
import { badRequest, type HandlerResult } from '../http/respond';
import { idSchema, validate } from '../http/validation';
import type { RouteContext } from './context';

const markReceivedBody = z.object({
  idsReceivables: z.array(idSchema).min(1).max(1000),
  idBankAccount: idSchema,
});

/** PUT /api/v1/receivables/mark-received: atomic; 200 with an empty body (nothing is declared). */
export async function markReceived(ctx: RouteContext): Promise<HandlerResult> {
  const body = await readJsonBody(ctx.req);
  if (!body.ok) return body.result;
  const parsed = validate(markReceivedBody, body.value);
  if (!parsed.ok) return badRequest(parsed.messages);
  const { idsReceivables, idBankAccount } = parsed.value;
  const result = ctx.store.markReceived(idsReceivables, idBankAccount, ctx.clock.local());
  return result.ok ? { status: 200 } : badRequest(result.messages);
}
