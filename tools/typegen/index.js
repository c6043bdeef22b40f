/**
 * Types for an OpenAPI document, as openapi-typescript writes them.
 *
 * openapi-typescript needs the TypeScript 5 compiler API, which the
 * project's TypeScript 7 no longer has, so it lives in this small private
 * package with its own TypeScript 5 (see docs/decisions/0002-openapi-documents.md).
 */
import openapiTS, { astToString } from 'openapi-typescript';

/** The .d.ts text openapi-typescript generates for `document` (an object, a YAML or JSON string, or a URL). */
export async function generateTypes(document) {
  // A field with a default is optional to send: clients need not repeat defaults.
  const ast = await openapiTS(document, { alphabetize: false, exportType: false, defaultNonNullable: false });
  return astToString(ast);
}
