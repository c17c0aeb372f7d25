/** Small building blocks for the guards in `validate*.ts`. */

/** What a guard returns: the typed value, or a sentence saying what was wrong. */
export type Parsed<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly problem: string };

export type Fields = Readonly<Record<string, unknown>>;

export function ok<T>(value: T): Parsed<T> {
  return { ok: true, value };
}

export function bad<T>(problem: string): Parsed<T> {
  return { ok: false, problem };
}

export function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isString(value: unknown): value is string {
  return typeof value === 'string';
}

export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function isOptional<T>(value: unknown, guard: (v: unknown) => v is T): boolean {
  return value === undefined || guard(value);
}

/** The names of the fields of `object` that fail their guard. */
export function wrongFields(
  object: Fields,
  guards: Readonly<Record<string, (v: unknown) => boolean>>,
): string[] {
  return Object.entries(guards)
    .filter(([name, guard]) => !guard(object[name]))
    .map(([name]) => name);
}

export function describeWrong(what: string, fields: readonly string[]): string {
  return `${what} has a missing or invalid ${fields.join(', ')}`;
}
