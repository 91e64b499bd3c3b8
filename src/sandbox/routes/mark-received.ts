import { z } from 'zod';
import { readJsonBody } from '../http/body';
import { badRequest, type HandlerResult } from '../http/respond';
import { idSchema, validate } from '../http/validation';
import type { MarkReceivedAnswer } from '../types';
import type { RouteContext } from './context';

const markReceivedBody = z.object({
  idsReceivables: z.array(idSchema).min(1).max(1000),
  idBankAccount: idSchema,
});

/** A proxy's maintenance page answering in place of the API (lenient markReceivedAnswer 'html'). */
export const MAINTENANCE_PAGE = '<html><body>Manutenção programada</body></html>';

/** The success answer: nothing is declared, so the real body is unknown (evo-api.md). */
function success(answer: MarkReceivedAnswer): HandlerResult {
  switch (answer) {
    case 'true':
      return { status: 200, json: true, applied: true };
    case 'object':
      return { status: 200, json: { success: true }, applied: true };
    default:
      return { status: 200, applied: true };
  }
}

/** PUT /api/v1/receivables/mark-received: atomic; by default 200 with an empty body. */
export async function markReceived(ctx: RouteContext): Promise<HandlerResult> {
  const answer = ctx.lenient.markReceivedAnswer ?? 'empty';
  if (answer === 'html') {
    // The API never saw the request: nothing is validated or applied, yet the status is 200.
    ctx.req.resume();
    return { status: 200, text: MAINTENANCE_PAGE, contentType: 'text/html; charset=utf-8' };
  }
  const body = await readJsonBody(ctx.req);
  if (!body.ok) return body.result;
  const parsed = validate(markReceivedBody, body.value);
  if (!parsed.ok) return badRequest(parsed.messages);
  const { idsReceivables, idBankAccount } = parsed.value;
  const result = ctx.store.markReceived(idsReceivables, idBankAccount, ctx.clock.local());
  return result.ok ? success(answer) : badRequest(result.messages);
}
