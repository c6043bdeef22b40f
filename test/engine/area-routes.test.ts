/**
 * src/areas/routes.ts lists each area's routes so the app can route a
 * request before it loads the area: the list must be what the areas
 * register, route by route and in order, or a request would match another
 * route than it does once the area is loaded. With UPDATE_AREA_ROUTES=1 this
 * test writes the list.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OpenAPIHono } from '@hono/zod-openapi';
import { AREA_NAMES, registerArea } from '../../src/areas/index.js';
import { AREA_ROUTES } from '../../src/areas/routes.js';
import { CONTROL_ROUTES } from '../../src/control/routes.js';
import { registerControl } from '../../src/control/control.index.js';
import { STORE_SCHEMA } from '../../src/server.js';
import type { AppRouter } from '../../src/core/env.js';
import { routeList } from '../../src/core/lazy-routes.js';

const FILE = new URL('../../src/areas/routes.ts', import.meta.url);
const CONTROL_FILE = new URL('../../src/control/routes.ts', import.meta.url);

/** Each area's routes, `METHOD path` once each, in the order it registers them. */
function registered(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const name of AREA_NAMES) {
    const api = new OpenAPIHono() as unknown as AppRouter;
    registerArea(name, api);
    out[name] = routeList(api);
  }
  return out;
}

function fileText(routes: Record<string, string[]>): string {
  const head = readFileSync(FILE, 'utf8').split('export const AREA_ROUTES')[0]!;
  const body = Object.entries(routes)
    .map(([name, list]) => `  '${name}': [\n${list.map((r) => `    '${r}',\n`).join('')}  ],\n`)
    .join('');
  return `${head}export const AREA_ROUTES = {\n${body}} as const satisfies Record<string, readonly string[]>;\n\nexport type AreaName = keyof typeof AREA_ROUTES;\n`;
}

function controlText(routes: readonly string[]): string {
  const head = readFileSync(CONTROL_FILE, 'utf8').split('export const CONTROL_ROUTES')[0]!;
  return `${head}export const CONTROL_ROUTES: readonly string[] = [\n${routes.map((r) => `  '${r}',\n`).join('')}];\n`;
}

function controlRegistered(): string[] {
  const api = new OpenAPIHono() as unknown as AppRouter;
  registerControl(api, STORE_SCHEMA, () => []);
  return routeList(api);
}

describe('the route lists of what loads on first use', () => {
  const routes = registered();
  const control = controlRegistered();
  if (process.env.UPDATE_AREA_ROUTES === '1') {
    writeFileSync(FILE, fileText(routes));
    writeFileSync(CONTROL_FILE, controlText(control));
  }

  it('is the control plane\'s routes, in the order it registers them', () => {
    expect([...CONTROL_ROUTES]).toEqual(control);
    expect(control.length).toBeGreaterThan(20);
  });

  it('is every area\'s routes, in the order each registers them', () => {
    expect(Object.fromEntries(Object.entries(AREA_ROUTES).map(([name, list]) => [name, [...list]]))).toEqual(routes);
    expect(Object.keys(AREA_ROUTES)).toEqual([...AREA_NAMES]);
  });

  it('names each route once, in one area', () => {
    const all = Object.values(routes).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThan(150);
  });
});
