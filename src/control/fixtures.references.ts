/**
 * `${name.path}` references of a fixture: finding them in a step (to check
 * them before anything runs) and resolving them against earlier answers.
 */

const REFERENCE = /\$\{([^}]*)\}/g;
const WHOLE_REFERENCE = /^\$\{([^}]*)\}$/;

/** What a reference can read: earlier answers by name, the run number of a repeated step, the environment. */
export interface ReferenceScope {
  answers: ReadonlyMap<string, unknown>;
  i?: number;
  env: Readonly<Record<string, string | undefined>>;
}

/** A reference that cannot be resolved: names what it was and why. */
export class UnresolvedReference extends Error {
  constructor(
    readonly reference: string,
    why: string,
  ) {
    super(`\${${reference}}: ${why}`);
  }
}

/** Every reference in a value (strings anywhere inside it, object keys aside), as written between `${` and `}`. */
export function referencesIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') {
    // Most strings hold none: matchAll copies its pattern for every string.
    if (value.includes('${')) for (const m of value.matchAll(REFERENCE)) found.push(m[1]!);
  }
  else if (Array.isArray(value)) for (const v of value) referencesIn(v, found);
  else if (value && typeof value === 'object') for (const key in value) referencesIn((value as Record<string, unknown>)[key], found);
  return found;
}

/** `jane.data.0.id` -> ['jane', 'data', '0', 'id']. */
export function referenceParts(reference: string): string[] {
  return reference.trim().split('.');
}

function lookup(reference: string, scope: ReferenceScope): unknown {
  const [root, ...path] = referenceParts(reference);
  if (root === 'i' && path.length === 0) {
    if (scope.i === undefined) throw new UnresolvedReference(reference, 'only a repeated step has ${i}');
    return scope.i;
  }
  if (root === 'env') {
    const value = path.length === 1 ? scope.env[path[0]!] : undefined;
    if (value === undefined) throw new UnresolvedReference(reference, path.length === 1 ? `the environment has no ${path[0]}` : 'write ${env.NAME}');
    return value;
  }
  if (!scope.answers.has(root!)) throw new UnresolvedReference(reference, `no earlier step is named ${JSON.stringify(root)}`);
  let value = scope.answers.get(root!);
  for (const [n, part] of path.entries()) {
    const next = Array.isArray(value) && /^\d+$/.test(part) ? value[Number(part)] : value && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, part) ? (value as Record<string, unknown>)[part] : undefined;
    if (next === undefined) throw new UnresolvedReference(reference, `the answer of ${root} has nothing at ${[root, ...path.slice(0, n + 1)].join('.')}`);
    value = next;
  }
  return value;
}

/** A string's references filled in: a string that is one whole reference takes the value's own type (a number stays a number). */
function resolveString(text: string, scope: ReferenceScope): unknown {
  const whole = WHOLE_REFERENCE.exec(text);
  if (whole) return lookup(whole[1]!, scope);
  return text.replace(REFERENCE, (_, reference: string) => {
    const value = lookup(reference, scope);
    return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  });
}

/** `value` with every reference in its strings resolved: a copy of each array and object that holds one, the part that holds none as it is. */
export function resolveReferences(value: unknown, scope: ReferenceScope): unknown {
  if (typeof value === 'string') return value.includes('${') ? resolveString(value, scope) : value;
  if (Array.isArray(value)) {
    const resolved = value.map((v) => resolveReferences(v, scope));
    return resolved.every((v, n) => v === value[n]) ? value : resolved;
  }
  if (value && typeof value === 'object') {
    let copy: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(value)) {
      const resolved = resolveReferences(v, scope);
      if (resolved !== v) (copy ??= { ...value })[k] = resolved;
    }
    return copy ?? value;
  }
  return value;
}

/** A value's JSON text, cut around the strings that hold references: filled in per run without walking the value again. */
interface JsonTemplate {
  /** The text between the strings: one more than the strings. */
  parts: string[];
  strings: string[];
}

/** Stands in for a string with references while the template is cut: no JSON a fixture holds has it. */
const SLOT = '\u0000paysandbox-reference\u0000';
const QUOTED_SLOT = JSON.stringify(SLOT);

/** Templates of the values of checked fixtures, which are kept and run again (a suite loads one before each test). */
const templates = new WeakMap<object, JsonTemplate | null>();

function templateOf(value: object): JsonTemplate | null {
  let template = templates.get(value);
  if (template !== undefined) return template;
  const strings: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' && v.includes('${') ? (strings.push(v), SLOT) : v));
  const parts = text.split(QUOTED_SLOT);
  // A value holding the slot's own text cannot be cut: it is resolved whole each time.
  template = parts.length === strings.length + 1 ? { parts, strings } : null;
  templates.set(value, template);
  return template;
}

/** `value` with its references resolved, as JSON text: what resolveReferences gives, serialised. */
export function resolvedJson(value: unknown, scope: ReferenceScope): string {
  const template = value !== null && typeof value === 'object' ? templateOf(value) : null;
  if (!template) return JSON.stringify(resolveReferences(value, scope));
  let text = template.parts[0]!;
  for (const [n, string] of template.strings.entries()) text += JSON.stringify(resolveString(string, scope)) + template.parts[n + 1]!;
  return text;
}

/** A string with its references filled in, always as text (a path, a header). */
export function resolveText(text: string, scope: ReferenceScope): string {
  const value = resolveReferences(text, scope);
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

const ENV_REFERENCE = /\$\{\s*env\.([^}\s]*)\s*\}/g;

/**
 * A copy of `value` with only its `${env.NAME}` references filled in, from
 * `env` (a command that sends a fixture to a sandbox elsewhere reads its own
 * environment); the other references are left for the sandbox.
 */
export function resolveEnvReferences(value: unknown, env: Readonly<Record<string, string | undefined>>): unknown {
  if (typeof value === 'string') {
    return value.replace(ENV_REFERENCE, (_, name: string) => {
      const found = env[name];
      if (found === undefined) throw new UnresolvedReference(`env.${name}`, `the environment has no ${name}`);
      return found;
    });
  }
  if (Array.isArray(value)) return value.map((v) => resolveEnvReferences(v, env));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveEnvReferences(v, env)]));
  return value;
}
