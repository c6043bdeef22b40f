/**
 * The dashboard at /__admin: a few static files (plain HTML, CSS and
 * script modules, no build step, no CDN) that drive the control plane and the API
 * with the credentials the person signs in with. Served without
 * credentials; every call it makes carries them. Loaded on the first request
 * for it, never at start-up.
 */
import { readFileSync } from 'node:fs';
import type { Context } from 'hono';
import { pageSecurityHeaders } from '../core/page-security.js';
import { packagePath } from '../core/package-files.js';

const SCRIPT = 'text/javascript; charset=utf-8';
const STYLE = 'text/css; charset=utf-8';
/** history.js (with svg-charts.js and history.css) draws the history pages; app.js imports it when one is first opened. */
const ASSETS: Record<string, string> = { 'app.js': SCRIPT, 'app.css': STYLE, 'history.js': SCRIPT, 'svg-charts.js': SCRIPT, 'history.css': STYLE };
/** Nothing but the sandbox itself: no inline script, no third-party origin. */
const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
const HEADERS = pageSecurityHeaders(CSP);

/** The assets ship in the package's src/dashboard/assets, whether this runs from the sources, dist/ or the bundle. */
function readAsset(name: string): string {
  try {
    return readFileSync(packagePath('src', 'dashboard', 'assets', name), 'utf8');
  } catch {
    throw new Error(`dashboard asset ${name} is missing`);
  }
}

export interface DashboardUi {
  page(c: Context): Response;
  asset(c: Context): Response | Promise<Response>;
}

export function dashboardUi(): DashboardUi {
  const files = new Map<string, string>();
  const read = (name: string) => {
    if (!files.has(name)) files.set(name, readAsset(name));
    return files.get(name)!;
  };
  return {
    page: (c) => c.html(read('index.html'), 200, HEADERS),
    asset: (c) => {
      const name = c.req.param('file') ?? '';
      const type = ASSETS[name];
      if (!type) return c.notFound();
      return c.body(read(name), 200, { ...HEADERS, 'Content-Type': type });
    },
  };
}
