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

const reopenSchema = z.object({ ids: z.array(z.int().positive()).min(1).max(100) });

/**
 * POST /__sandbox/reopen {ids} (admin key; no real API has it): received receivables become open again, as if the
 * gym's clerk had not reconciled them yet — e.g. the titles of a boleto credit that a return file explains, so a
 * test has one to propose on any day. 200 {reopened}, or 422 naming the ids that are unknown or not received.
 */
export async function reopenReceivables(
  req: IncomingMessage,
  store: SandboxStore,
  clock: Clock,
): Promise<HandlerResult> {
  const body = await readJsonBody(req);
  if (!body.ok) return body.result;
  const parsed = validate(reopenSchema, body.value);
  if (!parsed.ok) return badRequest(parsed.messages);
  const r = store.reopen(parsed.value.ids, clock.today(), clock.local());
  if (!r.ok) return { status: 422, json: { errors: r.messages } };
  return { status: 200, json: { reopened: new Set(parsed.value.ids).size } };
}
