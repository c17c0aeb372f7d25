/**
 * Small guards for data that arrives from outside (SSE events, error bodies, the models list). Everything the
 * API sends is `unknown` until one of these says otherwise.
 */

export type UnknownRecord = Readonly<Record<string, unknown>>;

export function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value[key]` when `value` is an object, else `undefined`. */
export function field(value: unknown, key: string): unknown {
  return isRecord(value) ? value[key] : undefined;
}

export function stringField(value: unknown, key: string): string | undefined {
  const v = field(value, key);
  return typeof v === 'string' ? v : undefined;
}

export function numberField(value: unknown, key: string): number | undefined {
  const v = field(value, key);
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

export function booleanField(value: unknown, key: string): boolean | undefined {
  const v = field(value, key);
  return typeof v === 'boolean' ? v : undefined;
}

/** Reads a header from a `Headers` object or a plain record, case-insensitively. */
export function headerValue(headers: unknown, name: string): string | undefined {
  if (headers === null || headers === undefined) return undefined;
  if (typeof Headers !== 'undefined' && headers instanceof Headers) return headers.get(name) ?? undefined;
  if (isRecord(headers)) {
    if (typeof headers.get === 'function') {
      const got: unknown = (headers.get as (n: string) => unknown).call(headers, name);
      return typeof got === 'string' ? got : undefined;
    }
    const lower = name.toLowerCase();
    for (const [key, value] of Object.entries(headers)) {
      if (key.toLowerCase() === lower && typeof value === 'string') return value;
    }
  }
  return undefined;
}

export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${String(value)}`);
}
