/**
 * A field that looks like a secret is never shown nor exported, even if one was written to the audit log by
 * mistake: the one rule for the audit screen and the audit exports. Writers are told never to log secrets;
 * this is the second line of defence.
 */
export const SECRET_FIELD = /pass(word)?|secret|token|api_?key|^key$|senha|chave/i;

/** The value with every secret-looking field's content replaced by `***`, at any depth. */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      SECRET_FIELD.test(k) && v !== null && v !== '' ? '***' : maskSecrets(v),
    ]),
  );
}
