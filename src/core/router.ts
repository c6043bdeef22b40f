/**
 * The app's routers: OpenAPIHono, with each operation's query and path
 * parameters checked in one synchronous step built when the route is
 * registered, and a body whose one media type is JSON checked in one frame
 * as its handler starts (after the headers, as zod-openapi orders them).
 * zod-openapi gives every part its own validator: an async frame, an async
 * parse and an async hook on every request, and the query parsed twice.
 * Headers and other bodies (forms, files) keep zod-openapi's validators;
 * the route is documented exactly as it is declared.
 */
import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { Context, Env, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { checkJsonBody, checkParameters, emptyJsonIsNoBody } from './validation.js';

// Stryker disable all: what follows runs as a group of routes is registered, once per test worker (the workers keep
// their modules from mutant to mutant), so no mutant of it runs again; the checks it installs are pinned over HTTP
// (test/engine/http.test.ts, unknown-inputs.test.ts, bodyless-requests.test.ts), and a body left to zod-openapi's
// validators gets the same answers from them.

type Options<E extends Env> = ConstructorParameters<typeof OpenAPIHono<E>>[0];

/** An operation whose body is optional takes an empty JSON body as no body (ahead of zod-openapi's body validator). */
function optionalBodyMayBeEmpty(route: RouteConfig): RouteConfig {
  const body = route.request?.body;
  if (!body || body.required === true) return route;
  const before = route.middleware === undefined ? [] : Array.isArray(route.middleware) ? route.middleware : [route.middleware];
  return { ...route, middleware: [emptyJsonIsNoBody, ...before] } as RouteConfig;
}

/** The body's schema when JSON is its one media type, else undefined (zod-openapi checks it). */
function jsonOnlyBody(body: NonNullable<RouteConfig['request']>['body']): { schema: z.ZodType; required: boolean } | undefined {
  const types = Object.keys(body?.content ?? {});
  const media = types.length === 1 && types[0] === 'application/json' ? body!.content['application/json'] : undefined;
  const schema = media !== undefined && 'schema' in media ? media.schema : undefined;
  return schema !== undefined && typeof schema === 'object' && '_zod' in schema ? { schema: schema as z.ZodType, required: body!.required === true } : undefined;
}

export class ApiRouter<E extends Env> extends OpenAPIHono<E> {
  constructor(options: Options<E>) {
    super(options);
    const register = this.openapi;
    const openapi = (declared: RouteConfig, handler: never, hook?: never) => {
      const route = optionalBodyMayBeEmpty(declared);
      const { query, params, body, ...others } = route.request ?? {};
      const json = jsonOnlyBody(body);
      if (!query && !params && !json) return register(route as never, handler, hook);
      const { middleware, hide, ...documented } = route;
      if (!hide) this.openAPIRegistry.registerPath(documented);
      const check: MiddlewareHandler = (c, next) => {
        checkParameters(c, query as z.ZodType | undefined, params as z.ZodType | undefined);
        return next();
      };
      const before = middleware === undefined ? [] : Array.isArray(middleware) ? middleware : [middleware];
      const request = json ? others : { ...others, body };
      const handle = handler as unknown as (c: Context) => unknown;
      const checkedHandler = json ? async (c: Context) => (await checkJsonBody(c, json.schema, json.required), handle(c)) : handler;
      return register({ ...route, hide: true, request, middleware: query || params ? [...before, check] : before } as never, checkedHandler as never, hook);
    };
    this.openapi = openapi as unknown as OpenAPIHono<E>['openapi'];
  }
}
