/**
 * Routes registered before their code is loaded: each is a placeholder at
 * its own method and path, so a request matches exactly the route it would
 * match were the real routes registered there, and the first request to any
 * of a group's routes registers the whole group, on a router of its own,
 * then runs the matched route's handlers. The schemas and handlers of a
 * group nobody calls are never built.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, AppRouter } from './env.js';

type Handler = (c: Context<AppEnv>, next: () => Promise<void>) => unknown;

/** A group's routes, `METHOD /path/:param` as Hono registers them, in order, and what registers them. */
export interface LazyRouteGroup {
  readonly name: string;
  readonly routes: readonly string[];
  readonly register: (api: AppRouter) => void;
}

/** A registered route as a group's route list names it. */
const routeKey = (route: { method: string; path: string }): string => `${route.method} ${route.path}`;

/** Registers a group on a router of its own: each route's handlers (middleware, validators, handler) in order, by `METHOD path`. */
function handlersOf(group: LazyRouteGroup, router: () => AppRouter): Map<string, Handler[]> {
  const api = router();
  group.register(api);
  const routes = new Map<string, Handler[]>();
  for (const route of api.routes) {
    const key = routeKey(route);
    const handlers = routes.get(key) ?? [];
    handlers.push(route.handler as Handler);
    routes.set(key, handlers);
  }
  return routes;
}

/**
 * Runs a route's handlers inside the placeholder the request matched, as
 * Hono's compose runs them: a handler's Response becomes the answer unless
 * one was already set; the last handler's next() is the placeholder's.
 */
function chain(handlers: readonly Handler[]): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const step = async (i: number): Promise<void> => {
      const handler = handlers[i];
      if (handler === undefined) return next();
      const answer = await handler(c, () => step(i + 1));
      if (answer instanceof Response && !c.finalized) c.res = answer;
    };
    return step(0);
  };
}

/** Registers each group's routes on `api` as placeholders, in order; `router()` makes the router a group is loaded into. */
export function registerLazyRoutes(api: AppRouter, groups: readonly LazyRouteGroup[], router: () => AppRouter): void {
  for (const group of groups) {
    let loaded: Map<string, Handler[]> | undefined;
    for (const route of group.routes) {
      const space = route.indexOf(' ');
      let run: MiddlewareHandler<AppEnv> | undefined;
      api.on(route.slice(0, space), route.slice(space + 1), (c, next) => {
        // Stryker disable next-line ConditionalExpression: only keeps the chain; making it again runs the same handlers
        if (run === undefined) {
          loaded ??= handlersOf(group, router);
          const handlers = loaded.get(route);
          if (handlers === undefined) throw new Error(`${group.name} registers no route ${route}: its route list is out of date`);
          run = chain(handlers);
        }
        return run(c, next);
      });
    }
  }
}

/** Each route of a router, `METHOD path` once, in the order they were registered (what a group's route list holds). */
export function routeList(api: AppRouter): string[] {
  return [...new Set(api.routes.map(routeKey))];
}
