/**
 * Interactive API docs at /docs: Swagger UI's compiled bundle, shipped in
 * the package's vendor/ folder (no install step, no CDN), so they work
 * offline. Loaded on the first request for them, never at start-up.
 */
import { readFileSync } from 'node:fs';
import type { Context } from 'hono';

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

// validatorUrl: null keeps the page from sending the document to an outside validator.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>paysandbox API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script>
window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true, persistAuthorization: true, tryItOutEnabled: true, validatorUrl: null });
</script>
</body>
</html>`;

/** vendor/ is at the package root: one level above src/, two above the compiled dist/src/. */
function readVendored(name: string): string {
  for (const base of ['../vendor/swagger-ui/', '../../vendor/swagger-ui/']) {
    try {
      return readFileSync(new URL(base + name, import.meta.url), 'utf8');
    } catch {
      // try the next place
    }
  }
  throw new Error(`docs asset ${name} is missing from vendor/swagger-ui`);
}

export interface DocsUi {
  page(c: Context): Response;
  asset(c: Context): Response | Promise<Response>;
}

export function docsUi(): DocsUi {
  const cache = new Map<string, string>();
  return {
    page: (c) => c.html(PAGE),
    asset: (c) => {
      const file = c.req.param('file') ?? '';
      const type = ASSETS[file];
      if (!type) return c.notFound();
      let body = cache.get(file);
      if (body === undefined) {
        body = readVendored(file);
        cache.set(file, body);
      }
      return c.body(body, 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' });
    },
  };
}
