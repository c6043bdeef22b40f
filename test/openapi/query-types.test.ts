/** The type of every query parameter an operation shares with the reference is the reference's type (a $ref resolved). */
import { describe, expect, it } from 'vitest';
import { makeSandbox } from '../helpers.js';
import { referenceDocument } from '../support/reference-document.js';

type Json = Record<string, any>;
const reference = await referenceDocument<Json>();
const ours = makeSandbox().openApiDocument() as Json;

function typeOf(doc: Json, schema: Json | undefined): string {
  if (!schema) return 'untyped';
  if (schema.$ref) return typeOf(doc, doc.components.schemas[String(schema.$ref).split('/').pop()!]);
  if (schema.allOf) return typeOf(doc, schema.allOf[0]);
  if (schema.anyOf) return schema.anyOf.map((s: Json) => typeOf(doc, s)).filter((t: string) => t !== 'null').join('|');
  return Array.isArray(schema.type) ? schema.type.filter((t: string) => t !== 'null').join('|') : (schema.type ?? 'untyped');
}

function queryTypes(doc: Json): Map<string, string> {
  const types = new Map<string, string>();
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method];
      if (!op) continue;
      for (const p of [...(item.parameters ?? []), ...(op.parameters ?? [])]) if (p.in === 'query') types.set(`${method.toUpperCase()} ${path} ?${p.name}`, typeOf(doc, p.schema));
    }
  }
  return types;
}

describe('query parameter types against the reference', () => {
  it('every query parameter both documents declare has the same type in ours', () => {
    const theirs = queryTypes(reference);
    const mine = queryTypes(ours);
    const shared = [...mine.keys()].filter((k) => theirs.has(k));
    expect(shared.length).toBeGreaterThan(50);
    const differing = shared.filter((k) => mine.get(k) !== theirs.get(k)).map((k) => `${k}: ours ${mine.get(k)}, reference ${theirs.get(k)}`);
    expect(differing).toEqual([]);
  });
});
