/**
 * What the served OpenAPI documents say of each error code: its status, its
 * reason (the code table of its status's schema) and the operations that
 * declare it, the operations folded into the catalogue's shape rules where
 * they cover them all. Read over HTTP, from /openapi.json and
 * /__admin/openapi.json.
 */
type Json = Record<string, any>;

export interface CodeView {
  status: number;
  reason: string;
  /** A shape rule when exactly the operations it picks declare the code, else the sorted operationIds. */
  raisedBy: 'EVERY_OPERATION' | 'OPERATIONS_WITH_INPUT' | 'OPERATIONS_WITH_BODY' | 'WRITES' | string[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function deref(document: Json, schema: Json | undefined): Json | undefined {
  const ref = schema?.$ref;
  return typeof ref === 'string' ? deref(document, document.components?.schemas?.[ref.replace('#/components/schemas/', '')]) : schema;
}

/** The codes an error response's schema allows: the narrowest enum on `code` along an allOf. */
function codesOf(document: Json, schema: Json | undefined): string[] {
  const resolved = deref(document, schema);
  if (!resolved) return [];
  if (Array.isArray(resolved.allOf)) {
    const narrowed = resolved.allOf.map((member: Json) => deref(document, member)).filter((member: Json | undefined) => member?.properties?.code?.enum);
    const inline = resolved.allOf.find((member: Json) => !member.$ref && member?.properties?.code?.enum);
    return (inline ?? narrowed[0])?.properties?.code?.enum ?? [];
  }
  return resolved.properties?.code?.enum ?? [];
}

export function catalogueView(documents: Json[]): Record<string, CodeView> {
  const ops: Array<{ id: string; method: string; hasInput: boolean; hasBody: boolean; codes: Map<string, number> }> = [];
  const reasons = new Map<string, string>();
  for (const document of documents) {
    for (const schema of Object.values((document.components?.schemas ?? {}) as Record<string, Json>)) {
      const table = schema?.properties?.code?.description;
      if (typeof table !== 'string' || !table.startsWith('| Code | Meaning |')) continue;
      for (const line of table.split('\n').slice(2)) {
        const [, code, reason] = /^\| ([A-Z0-9_]+) \| (.*) \|$/.exec(line) ?? [];
        if (code) reasons.set(code, reason!);
      }
    }
    for (const item of Object.values((document.paths ?? {}) as Record<string, Json>)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const codes = new Map<string, number>();
        for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Json>)) {
          if (Number(status) < 400) continue;
          for (const code of codesOf(document, response?.content?.['application/json']?.schema)) codes.set(code, Number(status));
        }
        const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])];
        ops.push({ id: operation.operationId, method, hasInput: parameters.length > 0 || operation.requestBody !== undefined, hasBody: operation.requestBody !== undefined, codes });
      }
    }
  }
  const rules = {
    EVERY_OPERATION: () => true,
    OPERATIONS_WITH_INPUT: (op: (typeof ops)[number]) => op.hasInput,
    OPERATIONS_WITH_BODY: (op: (typeof ops)[number]) => op.hasBody,
    WRITES: (op: (typeof ops)[number]) => op.method !== 'get',
  } as const;
  const view: Record<string, CodeView> = {};
  const allCodes = new Set([...reasons.keys(), ...ops.flatMap((op) => [...op.codes.keys()])]);
  for (const code of [...allCodes].sort()) {
    const declaring = ops.filter((op) => op.codes.has(code));
    const statuses = new Set(declaring.map((op) => op.codes.get(code)!));
    const ids = declaring.map((op) => op.id).sort();
    const rule = (Object.keys(rules) as Array<keyof typeof rules>).find((name) => ops.filter(rules[name]).map((op) => op.id).sort().join() === ids.join());
    view[code] = { status: statuses.size === 1 ? [...statuses][0]! : -1, reason: reasons.get(code) ?? '', raisedBy: rule ?? ids };
  }
  return view;
}
