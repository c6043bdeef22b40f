/**
 * Every operation whose body the reference declares optional: optional in our document too, and a JSON
 * Content-Type with an empty body is answered as no body at all (never "Malformed JSON").
 */
import { describe, expect, it } from 'vitest';
import { makeSandbox } from '../helpers.js';
import { referenceDocument } from '../support/reference-document.js';

type Operation = { requestBody?: { required?: boolean; $ref?: string } };
type Paths = Record<string, Record<string, Operation>>;
const METHODS = ['post', 'put', 'patch', 'delete'];

function optionalBodies(paths: Paths): string[] {
  const found: string[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const body = item[method]?.requestBody;
      if (body && !body.$ref && body.required !== true) found.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return found.sort();
}

const reference = await referenceDocument<{ paths: Paths }>();
const sandbox = makeSandbox();
const ours = sandbox.openApiDocument() as { paths: Paths };

describe('optional request bodies', () => {
  const referenceOptional = optionalBodies(reference.paths);

  it('the reference declares some, and ours declares each of them optional', () => {
    expect(referenceOptional.length).toBeGreaterThanOrEqual(9);
    const oursOptional = optionalBodies(ours.paths);
    expect(referenceOptional.filter((op) => !oursOptional.includes(op))).toEqual([]);
  });

  it.each(optionalBodies(ours.paths))('%s: an empty JSON body is answered exactly as no body', async (operation) => {
    const [method, template] = operation.split(' ') as [string, string];
    const path = template.replace(/\{[^}]+\}/g, (name) => (name === '{quoteId}' ? 'Quote:00000000-0000-0000-0000-000000000000' : 'X:missing'));
    const query = template.startsWith('/sca/') ? '?customerId=Customer:missing' : '';
    const client = makeSandbox().client();
    const none = await client.call(method, `${path}${query}`);
    const empty = await client.call(method, `${path}${query}`, '', { 'content-type': 'application/json' });
    const blank = await client.call(method, `${path}${query}`, '  ', { 'content-type': 'application/json; charset=utf-8' });
    expect(empty.status, JSON.stringify(empty.body)).toBe(none.status);
    expect(empty.body.code).toBe(none.body.code);
    expect(blank.status).toBe(none.status);
    expect(JSON.stringify(empty.body)).not.toContain('Malformed JSON');
  });
});
