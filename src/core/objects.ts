/** The members of `value` that are set: a PATCH merges only what the caller sent. */
export function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Sets `object[key]` as an own member whatever the key: a client-chosen id
 * such as `__proto__` would otherwise replace the object's prototype and be
 * stored nowhere.
 */
export function setOwn<T>(object: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

/** A JSON object: not null, not a list. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const MAX_PLAIN_DEPTH = 64;

/**
 * A deep copy equal to structuredClone's, made directly for plain data (objects of Object's or no prototype,
 * dense arrays, primitives), which structuredClone serialises and reads back, several times slower on the
 * small records events and challenges carry. Anything else (a Date, a Map, a sparse array, a deeper nest: a
 * cycle) is copied by structuredClone from there down.
 */
export function clonePlain<T>(value: T): T {
  return copyPlain(value, 0) as T;
}

function copyPlain(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null) return typeof value === 'function' || typeof value === 'symbol' ? structuredClone(value) : value;
  if (depth > MAX_PLAIN_DEPTH) return structuredClone(value);
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === Array.prototype) {
    const list = value as unknown[];
    const copy: unknown[] = new Array<unknown>(list.length);
    for (let i = 0; i < list.length; i++) {
      if (!(i in list)) return structuredClone(value);
      copy[i] = copyPlain(list[i], depth + 1);
    }
    return Object.keys(list).length === list.length ? copy : structuredClone(value);
  }
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) setOwn(copy, key, copyPlain((value as Record<string, unknown>)[key], depth + 1));
  return copy;
}
