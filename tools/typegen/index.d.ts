/** The .d.ts text openapi-typescript generates for `document` (an object, a YAML or JSON string, or a URL). */
export function generateTypes(document: object | string | URL): Promise<string>;
