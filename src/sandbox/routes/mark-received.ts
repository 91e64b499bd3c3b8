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

/**
 * PUT /api/v1/receivables/mark-received: atomic; by default 200 with an empty body. Every valid request is journaled
 * with what became of it; a test may hold one open (mark-received-hold.ts).
 */
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
  const watch = ctx.markReceivedWatch;
  const apply = (): HandlerResult => {
    // A network's branch key acts for its own branch only; the admin key for the whole network (assumed).
    const branch = ctx.network && ctx.key === 'branch' ? ctx.network.branchKeyBranch : undefined;
    const result = ctx.store.markReceived(idsReceivables, idBankAccount, ctx.clock.local(), branch);
    watch.record({ ids: idsReceivables, idBankAccount, outcome: result.ok ? 'applied' : 'refused' });
    return result.ok ? success(answer) : badRequest(result.messages);
  };
  const gate = watch.take();
  if (!gate) return apply();
  // A test holds this request open (mark-received-hold.ts): applied now or later, or never.
  const early = gate.applyFirst ? apply() : null;
  const socket = ctx.req.socket;
  const clientGone = new Promise<void>((resolve) => {
    if (socket.destroyed) resolve();
    else socket.once('close', () => resolve());
  });
  const decision = await gate.arrive({ ids: idsReceivables, idBankAccount }, clientGone);
  if (decision === 'drop') {
    if (!early) watch.record({ ids: idsReceivables, idBankAccount, outcome: 'dropped' });
    gate.done(early?.applied ? 'applied' : early ? 'refused' : 'dropped');
    return { status: 0, dropConnection: true };
  }
  const result = early ?? apply();
  gate.done(result.applied ? 'applied' : 'refused');
  return result;
}
