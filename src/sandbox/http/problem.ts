import { randomBytes } from 'node:crypto';
import type { HandlerResult } from './respond';

export const PROBLEM_JSON_TYPE = 'application/problem+json; charset=utf-8';

/** Parameter name -> messages, in the order the parameters are declared. */
export type ValidationErrors = Record<string, string[]>;

/**
 * ASP.NET Core's automatic 400 for a model-binding failure ([ApiController] + ValidationProblemDetails,
 * .NET 8 field order). The vendor's own `{"mensagens":[...]}` model never gets to run: binding fails
 * before the action. The traceId is W3C `traceparent` style; it is random (crypto, not the fault PRNG,
 * so validation errors never shift the faults).
 */
export function validationProblem(errors: ValidationErrors): HandlerResult {
  return {
    status: 400,
    contentType: PROBLEM_JSON_TYPE,
    json: {
      type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
      title: 'One or more validation errors occurred.',
      status: 400,
      errors,
      traceId: `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-00`,
    },
  };
}
