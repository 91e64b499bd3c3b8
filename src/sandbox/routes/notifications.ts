import { z } from 'zod';
import { readJsonBody } from '../http/body';
import { badRequest, type HandlerResult } from '../http/respond';
import { idSchema, validate } from '../http/validation';
import type { RouteContext } from './context';

const notificationBody = z.object({
  idMember: idSchema,
  notificationMessage: z.string().trim().min(1).max(4000),
});

/** POST /api/v1/notifications: answers the seed's notification object. */
export async function createNotification(ctx: RouteContext): Promise<HandlerResult> {
  const body = await readJsonBody(ctx.req);
  if (!body.ok) return body.result;
  const parsed = validate(notificationBody, body.value);
  if (!parsed.ok) return badRequest(parsed.messages);
  const { idMember, notificationMessage } = parsed.value;
  if (!ctx.store.members.has(idMember)) return badRequest([`idMember: cliente ${idMember} não encontrado`]);
  return { status: 200, json: ctx.store.addNotification(idMember, notificationMessage, ctx.clock.utc()) };
}
