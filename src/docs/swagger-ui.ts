/**
 * Interactive API docs at /docs: Swagger UI's compiled bundle, shipped in the
 * package's vendor/ folder (no install step, no CDN), so they work offline
 * and never call another host (the online validator badge is off). The page
 * shows the API document, or the control plane's with ?doc=control; both are
 * linked at the top. Every asset the page names is served; any other asset
 * path is 404. Loaded on the first request for the docs, never at start-up.
 */
import { readFileSync } from 'node:fs';
import type { Context } from 'hono';
import { packagePath } from '../core/package-files.js';

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

/** The dashboard's icon (src/dashboard/assets/index.html), inline: without one the browser asks for /favicon.ico, a 404 in the console. Its SVG namespace is percent-encoded: the page names no URL of another host. */
const ICON = "data:image/svg+xml,%3Csvg xmlns='http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='3' fill='%23245'/%3E%3Ctext x='8' y='12' font-size='10' text-anchor='middle' fill='%23fff' font-family='sans-serif'%3Ep%3C/text%3E%3C/svg%3E";

/**
 * Swagger UI resolves each part of an OpenAPI 3.1 document it draws with ApiDOM, which takes about 5 s of a
 * browser's CPU for our API document; its 3.0 resolver does the same for our documents in under a second. Only the
 * resolution is handed a 3.0 label: the page still reads the document as 3.1 (webhooks, type lists), and draws the
 * same text.
 */
const RESOLVE_WITHOUT_APIDOM = `function resolveWithoutApiDOM(system) {
  var resolveSubtree = system.fn.resolveSubtree;
  return { fn: {
    resolveSubtree: function (spec, path, options) {
      var as30 = spec && /^3\\.1\\./.test(spec.openapi) ? Object.assign({}, spec, { openapi: '3.0.3' }) : spec;
      return resolveSubtree(as30, path, options);
    }
  } };
}`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>paysandbox API</title>
<link rel="icon" href="${ICON}">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<style>
nav.documents { font-family: sans-serif; padding: 12px 20px; border-bottom: 1px solid #ddd; display: flex; gap: 20px; }
nav.documents a { color: #3b4151; text-decoration: none; }
nav.documents a[aria-current="page"] { font-weight: bold; text-decoration: underline; }
</style>
</head>
<body>
<nav class="documents" aria-label="Documents">
<a id="doc-api" href="/docs">API (/openapi.json)</a>
<a id="doc-control" href="/docs?doc=control">Control plane (/__admin/openapi.json)</a>
</nav>
<div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script>
var control = new URLSearchParams(location.search).get('doc') === 'control';
document.getElementById(control ? 'doc-control' : 'doc-api').setAttribute('aria-current', 'page');
${RESOLVE_WITHOUT_APIDOM}
window.ui = SwaggerUIBundle({ url: control ? '/__admin/openapi.json' : '/openapi.json', dom_id: '#swagger-ui', deepLinking: true, persistAuthorization: true, tryItOutEnabled: true, validatorUrl: null, docExpansion: 'none', plugins: [resolveWithoutApiDOM] });
</script>
</body>
</html>`;

/** vendor/ is at the package root. */
function readVendored(name: string): string {
  try {
    return readFileSync(packagePath('vendor', 'swagger-ui', name), 'utf8');
  } catch {
    throw new Error(`docs asset ${name} is missing from vendor/swagger-ui`);
  }
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
