/** Snapshot building for the incremental JSON parser: only open containers are rebuilt, and only on change. */

/** An object or array the parser is inside of. Completed members are final, immutable values. */
export interface Container {
  readonly kind: 'object' | 'array';
  readonly members: Map<string, unknown>;
  readonly items: unknown[];
  /** Key of the member being read (objects only). */
  key: string | undefined;
  version: number;
  cache: { version: number; child: unknown; hasChild: boolean; value: unknown } | undefined;
}

export function createContainer(kind: 'object' | 'array'): Container {
  return { kind, members: new Map(), items: [], key: undefined, version: 0, cache: undefined };
}

function setMember(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/**
 * The snapshot of an open container with `child` (the value still being read) as its last member. Cached: an
 * unchanged container with the same child returns the same object, so unchanged parts keep their identity.
 */
export function snapshotOf(c: Container, child: unknown, hasChild: boolean): unknown {
  const cached = c.cache;
  if (cached && cached.version === c.version && cached.hasChild === hasChild && cached.child === child) {
    return cached.value;
  }
  let value: unknown;
  if (c.kind === 'array') {
    value = hasChild ? [...c.items, child] : c.items.slice();
  } else {
    const obj: Record<string, unknown> = {};
    for (const [k, v] of c.members) setMember(obj, k, v);
    if (hasChild && c.key !== undefined) setMember(obj, c.key, child);
    value = obj;
  }
  c.cache = { version: c.version, child, hasChild, value };
  return value;
}
