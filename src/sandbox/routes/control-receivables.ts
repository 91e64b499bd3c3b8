import { z } from 'zod';
import { readJsonBody } from '../http/body';
import { badRequest, statusError, type HandlerResult } from '../http/respond';
import { validate } from '../http/validation';
import type { SandboxStore } from '../state/store';
import type { Clock } from './context';
import type { IncomingMessage } from 'node:http';

/** A control route: its JSON body, validated by `schema`, handed to `act`; a bad body is answered 400 first. */
function controlRoute<S extends z.ZodType>(
  schema: S,
  act: (input: z.output<S>, store: SandboxStore, clock: Clock) => HandlerResult,
) {
  return async (req: IncomingMessage, store: SandboxStore, clock: Clock): Promise<HandlerResult> => {
    const body = await readJsonBody(req);
    if (!body.ok) return body.result;
    const parsed = validate(schema, body.value);
    if (!parsed.ok) return badRequest(parsed.messages);
    return act(parsed.value, store, clock);
  };
}

const addLikeSchema = z.object({ likeId: z.int().positive(), idMember: z.int().positive().optional() });

/**
 * POST /__sandbox/receivables {likeId, idMember?} (admin key; no real API has it): a test builds the shape of data
 * it needs, e.g. two members owing the same amount on the same day (a tie only the clerk can settle), instead of
 * hoping the generated branch holds one on the day the test runs. Answers the new receivable's id.
 */
export const addReceivableLike = controlRoute(addLikeSchema, ({ likeId, idMember }, store, clock) => {
  const r = store.addLike(likeId, idMember, clock.local());
  if (!r) return statusError(404, 'Not Found');
  return { status: 201, json: { idReceivable: r.idReceivable } };
});

const reopenSchema = z.object({ ids: z.array(z.int().positive()).min(1).max(100) });

/**
 * POST /__sandbox/reopen {ids} (admin key; no real API has it): received receivables become open again, as if the
 * gym's clerk had not reconciled them yet — e.g. the titles of a boleto credit that a return file explains, so a
 * test has one to propose on any day. 200 {reopened}, or 422 naming the ids that are unknown or not received.
 */
export const reopenReceivables = controlRoute(reopenSchema, ({ ids }, store, clock) => {
  const r = store.reopen(ids, clock.today(), clock.local());
  if (!r.ok) return { status: 422, json: { errors: r.messages } };
  return { status: 200, json: { reopened: new Set(ids).size } };
});
