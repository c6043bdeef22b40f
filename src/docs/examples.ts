/**
 * Puts the recorded examples (./examples.data.ts) into a generated document:
 * the request body's and the success response's `example`, and an `example`
 * on each query parameter a recorded request used.
 */
import { operationsOf } from './error-responses.js';
import { OPERATION_EXAMPLES } from './examples.data.js';

type Json = Record<string, unknown>;

function withExample(content: unknown, example: unknown): void {
  for (const media of Object.values((content ?? {}) as Record<string, Json>)) media.example = example;
}

export function addExamples(document: Json): void {
  for (const { operation, shape } of operationsOf(document)) {
    const example = OPERATION_EXAMPLES[shape.operationId];
    if (!example) continue;
    const body = operation.requestBody as Json | undefined;
    if (body && example.request !== undefined) withExample(body.content, example.request);
    for (const parameter of (operation.parameters as Json[] | undefined) ?? []) {
      const value = example.query?.[String(parameter.name)];
      if (parameter.in === 'query' && value !== undefined) parameter.example = parameter.schema && (parameter.schema as Json).type === 'array' ? value.split(',') : coerce(value, parameter.schema as Json | undefined);
    }
    const response = (operation.responses as Record<string, Json> | undefined)?.[String(example.status)];
    if (response?.content) withExample(response.content, example.response);
  }
}

/** A query value as the parameter's type: the document says `limit: 10`, not `'10'`. */
function coerce(value: string, schema: Json | undefined): unknown {
  const type = schema?.type;
  if (type === 'integer' || type === 'number') return Number(value);
  if (type === 'boolean') return value === 'true';
  return value;
}
