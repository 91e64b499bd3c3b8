import type { ValidationErrors } from '../http/problem';

export type Conversion<T> = { ok: true; value: T } | { ok: false; message: string };

/** How one query parameter is bound, in the manner of ASP.NET Core's model binding. */
export interface Binder<T> {
  /**
   * A documented comma list: repeated values are joined with commas. Otherwise the parameter is
   * single-valued and, like ASP.NET's simple-type binder, binds the FIRST value and ignores the rest.
   */
  readonly joinRepeated?: boolean;
  /** Gets the raw value (never empty or blank). */
  convert(raw: string): Conversion<T>;
}

export type BinderShape = Record<string, Binder<unknown>>;
export type Bound<S extends BinderShape> = { [K in keyof S]?: S[K] extends Binder<infer T> ? T : never };
export type BindResult<S extends BinderShape> =
  { ok: true; value: Bound<S> } | { ok: false; errors: ValidationErrors };

/** ASP.NET's message for a value its binder cannot convert (a parameter, not a model property). */
export const notValid = (raw: string): Conversion<never> => ({
  ok: false,
  message: `The value '${raw}' is not valid.`,
});

/**
 * Binds the query string: names are case-insensitive (as ASP.NET's), unknown names and names in
 * `ignore` are skipped, an empty value means "not given" (a nullable parameter binds null). Every
 * failure is collected under the parameter's documented name, as ModelState does.
 */
export function bindQuery<S extends BinderShape>(
  url: URL,
  shape: S,
  ignore: ReadonlySet<string> = new Set(),
): BindResult<S> {
  const canonical = new Map(Object.keys(shape).map((n) => [n.toLowerCase(), n]));
  const raws = new Map<string, string[]>();
  for (const [key, value] of url.searchParams) {
    const name = canonical.get(key.toLowerCase());
    if (name === undefined || ignore.has(name)) continue;
    raws.set(name, [...(raws.get(name) ?? []), value]);
  }
  const value: Record<string, unknown> = {};
  const errors: ValidationErrors = {};
  for (const [name, binder] of Object.entries(shape)) {
    const values = raws.get(name);
    if (values === undefined) continue;
    const raw = binder.joinRepeated ? values.filter((v) => v.trim() !== '').join(',') : values[0]!;
    if (raw.trim() === '') continue;
    const converted = binder.convert(raw);
    if (converted.ok) value[name] = converted.value;
    else errors[name] = [converted.message];
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: value as Bound<S> };
}
