/**
 * The dashboard at /__admin: three static files (plain HTML, CSS and one
 * script, no build step, no CDN) that drive the control plane and the API
 * with the credentials the person signs in with. Served without
 * credentials; every call it makes carries them.
 */
import { readFileSync } from 'node:fs';
import type { Env, Hono } from 'hono';
import { ADMIN_BASE_PATH } from '../core/version.js';

const ASSETS = { 'app.js': 'text/javascript; charset=utf-8', 'app.css': 'text/css; charset=utf-8' } as const;
/** Nothing but the sandbox itself: no inline script, no third-party origin. */
const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'";

/** The assets sit beside this module in the sources; the compiled module finds them in the package's src/ folder. */
function readAsset(name: string): string {
  for (const base of ['./assets/', '../../../src/dashboard/assets/']) {
    try {
      return readFileSync(new URL(base + name, import.meta.url), 'utf8');
    } catch {
      // try the next place
    }
  }
  throw new Error(`dashboard asset ${name} is missing`);
}

export function registerDashboard<E extends Env>(app: Hono<E>): void {
  const files = new Map<string, string>();
  const asset = (name: string) => {
    if (!files.has(name)) files.set(name, readAsset(name));
    return files.get(name)!;
  };
  app.get(ADMIN_BASE_PATH, (c) => {
    c.header('Content-Security-Policy', CSP);
    c.header('Cache-Control', 'no-cache');
    return c.html(asset('index.html'));
  });
  for (const [name, type] of Object.entries(ASSETS)) {
    app.get(`${ADMIN_BASE_PATH}/ui/${name}`, (c) => {
      c.header('Content-Type', type);
      c.header('Cache-Control', 'no-cache');
      return c.body(asset(name));
    });
  }
}
