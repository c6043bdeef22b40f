/**
 * Several middlewares registered as one. Hono gives each registered
 * middleware its own async frame, try/catch and promise on every request;
 * run in series, a group costs one. An error a member throws leaves the
 * group, so a member that must see the answer to an error thrown after it
 * (by the route, or a later member) belongs in a group of its own.
 */
import type { Env, MiddlewareHandler } from 'hono';

export function series<E extends Env>(...members: MiddlewareHandler<E>[]): MiddlewareHandler<E> {
  return (c, next) => {
    const run = (i: number): Promise<Response | void> => (i === members.length ? next() : members[i]!(c, () => run(i + 1) as Promise<void>));
    return run(0) as Promise<void>;
  };
}
