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
    // One function for the whole group, not one per member: each member's next() runs the member after it.
    let i = 0;
    const step = (): Promise<void> => (i === members.length ? next() : (members[i++]!(c, step) as Promise<void>));
    return step();
  };
}
