import { z } from 'zod';
import { readJsonBody } from '../http/body';
import { badRequest, statusError, type HandlerResult } from '../http/respond';
import { validate } from '../http/validation';
import type { SandboxStore } from '../state/store';
import type { Clock } from './context';
import type { IncomingMessage } from 'node:http';

const addLikeSchema = z.object({ likeId: z.int().positive(), idMember: z.int().positive().optional() });

/**
 * POST /__sandbox/receivables {likeId, idMember?} (admin key; no real API has it): a test builds the shape of data
 * it needs, e.g. two members owing the same amount on the same day (a tie only the clerk can settle), instead of
 * hoping the generated branch holds one on the day the test runs. Answers the new receivable's id.
 */
export async function addReceivableLike(
  req: IncomingMessage,
  store: SandboxStore,
  clock: Clock,
): Promise<HandlerResult> {
  const body = await readJsonBody(req);
  if (!body.ok) return body.result;
  const parsed = validate(addLikeSchema, body.value);
  if (!parsed.ok) return badRequest(parsed.messages);
  const r = store.addLike(parsed.value.likeId, parsed.value.idMember, clock.local());
  if (!r) return statusError(404, 'Not Found');
  return { status: 201, json: { idReceivable: r.idReceivable } };
}
