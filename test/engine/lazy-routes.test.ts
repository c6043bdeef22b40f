/** Placeholders for routes whose code loads on first use (src/core/lazy-routes.ts), on a small app of their own. */
import { OpenAPIHono } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../../src/core/env.js';
import { registerLazyRoutes, routeList, type LazyRouteGroup } from '../../src/core/lazy-routes.js';
import { lazyModule } from '../../src/core/lazy-module.js';

const router = () => new OpenAPIHono() as unknown as AppRouter;

function groupsWithLoads() {
  const loads: string[] = [];
  const things: LazyRouteGroup = {
    name: 'things',
    routes: ['GET /things/special', 'GET /things/:id', 'POST /things'],
    register: (api) => {
      loads.push('things');
      api.get('/things/special', (c) => c.text('special'));
      api.get('/things/:id', (c) => c.text(`thing ${c.req.param('id')}`));
      api.post(
        '/things',
        async (c, next) => {
          await next();
          c.res.headers.set('x-after', 'set after the handler');
        },
        async (c, next) => {
          if (c.req.header('x-refuse')) return c.text('refused', 403);
          await next();
        },
        (c) => c.text('created', 201),
      );
    },
  };
  const others: LazyRouteGroup = {
    name: 'others',
    routes: ['GET /others'],
    register: (api) => {
      loads.push('others');
      api.get('/others', (c) => c.json({ others: true }));
    },
  };
  return { loads, groups: [things, others] };
}

function appWith(groups: readonly LazyRouteGroup[]) {
  const app = router();
  app.onError((err, c) => c.text(err.message, 500));
  registerLazyRoutes(app, groups, router);
  return app;
}

describe('lazily loaded routes', () => {
  it('register no group until one of its routes is requested, then each group once', async () => {
    const { loads, groups } = groupsWithLoads();
    const app = appWith(groups);
    expect(loads).toEqual([]);
    expect(await (await app.request('/things/7')).text()).toBe('thing 7');
    expect(loads).toEqual(['things']);
    expect(await (await app.request('/things/special')).text()).toBe('special');
    expect(await (await app.request('/things/8')).text()).toBe('thing 8');
    expect(loads).toEqual(['things']);
    expect(await (await app.request('/others')).json()).toEqual({ others: true });
    expect(loads).toEqual(['things', 'others']);
  });

  it('match in the listed order: a static segment listed first wins over a parameter', async () => {
    const app = appWith(groupsWithLoads().groups);
    const res = await app.request('/things/special');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('special');
  });

  it("run a route's middleware in order: one answers for the route, one changes the answer after it", async () => {
    const app = appWith(groupsWithLoads().groups);
    const created = await app.request('/things', { method: 'POST' });
    expect(created.status).toBe(201);
    expect(await created.text()).toBe('created');
    expect(created.headers.get('x-after')).toBe('set after the handler');
    const refused = await app.request('/things', { method: 'POST', headers: { 'x-refuse': '1' } });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe('refused');
    expect(refused.headers.get('x-after')).toBe('set after the handler');
  });

  it('fall through to what the app has after the route when the last handler calls next()', async () => {
    const app = router();
    registerLazyRoutes(app, [{ name: 'passing', routes: ['GET /pass'], register: (api) => api.get('/pass', async (_c, next) => next()) }], router);
    app.get('/pass', (c) => c.text('after the group'));
    expect(await (await app.request('/pass')).text()).toBe('after the group');
  });

  it('answer 404 for a route whose handlers answer nothing, as Hono does for its own routes', async () => {
    const app = router();
    registerLazyRoutes(app, [{ name: 'silent', routes: ['GET /silent'], register: (api) => api.get('/silent', (() => undefined) as never) }], router);
    const res = await app.request('/silent');
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('404 Not Found');
  });

  it('say which list is out of date when a listed route is not registered', async () => {
    const app = appWith([{ name: 'stale', routes: ['GET /gone'], register: () => {} }]);
    const res = await app.request('/gone');
    expect(res.status).toBe(500);
    expect(await res.text()).toBe('stale registers no route GET /gone: its route list is out of date');
  });

  it('list a router\'s routes once each, in order', () => {
    const api = router();
    groupsWithLoads().groups[0]!.register(api);
    expect(routeList(api)).toEqual(['GET /things/special', 'GET /things/:id', 'POST /things']);
  });
});

describe('a lazy module getter', () => {
  it('loads on its first call, once, and answers the module every time', () => {
    let loads = 0;
    const module = { name: 'the module' };
    const get = lazyModule(() => {
      loads++;
      return module;
    });
    expect(loads).toBe(0);
    expect(get()).toBe(module);
    expect(get()).toBe(module);
    expect(loads).toBe(1);
  });
});
