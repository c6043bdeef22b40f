/**
 * The app's routers: OpenAPIHono, with each operation's query and path
 * parameters checked in one synchronous step built when the route is
 * registered. zod-openapi gives every part its own validator: an async
 * frame, an async parse and an async hook on every request, and the query
 * parsed twice. Bodies and headers keep zod-openapi's validators (and its
 * media-type checks); the route is documented exactly as it is declared.
 */
import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { Env, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { checkParameters, emptyJsonIsNoBody } from './validation.js';

type Options<E extends Env> = ConstructorParameters<typeof OpenAPIHono<E>>[0];

/** An operation whose body is optional takes an empty JSON body as no body (ahead of zod-openapi's body validator). */
function optionalBodyMayBeEmpty(route: RouteConfig): RouteConfig {
  const body = route.request?.body;
  if (!body || body.required === true) return route;
  const before = route.middleware === undefined ? [] : Array.isArray(route.middleware) ? route.middleware : [route.middleware];
  return { ...route, middleware: [emptyJsonIsNoBody, ...before] } as RouteConfig;
}

export class ApiRouter<E extends Env> extends OpenAPIHono<E> {
  constructor(options: Options<E>) {
    super(options);
    const register = this.openapi;
    const openapi = (declared: RouteConfig, handler: never, hook?: never) => {
      const route = optionalBodyMayBeEmpty(declared);
      const { query, params, ...request } = route.request ?? {};
      if (!query && !params) return register(route as never, handler, hook);
      const { middleware, hide, ...documented } = route;
      if (!hide) this.openAPIRegistry.registerPath(documented);
      const check: MiddlewareHandler = (c, next) => {
        checkParameters(c, query as z.ZodType | undefined, params as z.ZodType | undefined);
        return next();
      };
      const before = middleware === undefined ? [] : Array.isArray(middleware) ? middleware : [middleware];
      return register({ ...route, hide: true, request, middleware: [...before, check] } as never, handler, hook);
    };
    this.openapi = openapi as unknown as OpenAPIHono<E>['openapi'];
  }
}
