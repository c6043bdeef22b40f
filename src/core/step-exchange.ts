/**
 * The request a fixture's step sends to the app in process, and the answer
 * c.json gives it. Each reads as its fetch counterpart (`instanceof
 * Request` / `Response`, every member), but a fetch Request or Response
 * costs more to build than most operations cost to run: a body stream (and
 * a request's abort signal), each made transferable between threads. These
 * hold what the app reads on every request (a request's method, URL,
 * headers and body text; an answer's status, headers and JSON text) and
 * build the fetch object only when something asks for what only it has
 * (a body stream, a signal, a clone), as @hono/node-server does for the
 * requests it serves and the responses it sends.
 */

type Parts<T> = { made?: T };
type StandIn<P> = Record<symbol, P>;

/** The members of a fetch Request or Response that a stand-in reads from the fetch object it builds. */
const FETCHED_MEMBERS = ['body', 'bodyUsed', 'signal', 'cache', 'credentials', 'destination', 'integrity', 'keepalive', 'mode', 'redirect', 'referrer', 'referrerPolicy', 'duplex', 'redirected', 'type', 'url', 'statusText'];
const FETCHED_METHODS = ['arrayBuffer', 'blob', 'bytes', 'clone', 'formData', 'json', 'text'];

/**
 * A prototype for stand-ins of `base`'s instances, which keep their parts
 * under `held`: the `own` members read from the parts, every other from the
 * fetch object `make` builds on first use.
 */
function standInPrototype<P extends Parts<T>, T extends object>(base: object, held: symbol, make: (parts: P) => T, own: Record<string, (parts: P) => unknown>): object {
  const prototype: object = Object.create(base);
  const fetched = (standIn: StandIn<P>): Record<string, unknown> => {
    const parts = standIn[held]!;
    return (parts.made ??= make(parts)) as unknown as Record<string, unknown>;
  };
  for (const name of FETCHED_MEMBERS.filter((member) => !(member in own))) {
    Object.defineProperty(prototype, name, {
      get(this: StandIn<P>) {
        return fetched(this)[name];
      },
    });
  }
  for (const name of FETCHED_METHODS) {
    Object.defineProperty(prototype, name, {
      value(this: StandIn<P>) {
        const target = fetched(this) as Record<string, () => unknown>;
        return target[name]!.call(target);
      },
    });
  }
  for (const [name, read] of Object.entries(own)) {
    Object.defineProperty(prototype, name, {
      get(this: StandIn<P>) {
        return read(this[held]!);
      },
    });
  }
  return prototype;
}

/**
 * Stand-in prototypes made for each class the global Request (Response) is
 * when one is asked for: the Node server puts its own classes in their
 * place, and `instanceof` must hold for the one in place.
 */
function prototypesByClass(make: (base: object) => object): (base: object) => object {
  const made = new WeakMap<object, object>();
  return (base) => {
    let prototype = made.get(base);
    if (!prototype) made.set(base, (prototype = make(base)));
    return prototype;
  };
}

/** What a step's request is made of. */
export interface StepRequestInit {
  method: string;
  /** Absolute, as a fetch Request's. */
  url: string;
  headers: Record<string, string>;
  /** The body's text (JSON); absent for a bodiless request. */
  body?: string | undefined;
}

const request = Symbol('paysandbox.stepRequest');

interface RequestParts extends Parts<Request> {
  method: string;
  url: string;
  headers: Headers;
  text: string | undefined;
}

const requestPrototype = prototypesByClass((base) =>
  standInPrototype(base, request, (parts: RequestParts) => new Request(parts.url, { method: parts.method, headers: parts.headers, ...(parts.text !== undefined ? { body: parts.text } : {}) }), {
    method: (parts) => parts.method,
    url: (parts) => parts.url,
    headers: (parts) => parts.headers,
  }),
);

/** fetch upper-cases these methods and keeps any other as written. */
const NORMALISED_METHODS = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);

export function stepRequest(init: StepRequestInit): Request {
  const upper = init.method.toUpperCase();
  const req = Object.create(requestPrototype(Request.prototype)) as StandIn<RequestParts>;
  // The URL and the headers as a fetch Request holds them: the URL serialised (dot segments resolved, spaces encoded), bad header names refused.
  req[request] = { method: NORMALISED_METHODS.has(upper) ? upper : init.method, url: new URL(init.url).href, headers: new Headers(init.headers), text: init.body };
  return req as unknown as Request;
}

const response = Symbol('paysandbox.stepResponse');

interface ResponseParts extends Parts<Response> {
  text: string;
  head: Response;
}

/** The head's status and headers are the answer's (the fetch Response, once built, takes them as they are then). */
const responsePrototype = prototypesByClass((base) =>
  standInPrototype(base, response, (parts: ResponseParts) => new Response(parts.text, { status: parts.head.status, statusText: parts.head.statusText, headers: parts.head.headers }), {
    status: (parts) => (parts.made ?? parts.head).status,
    ok: (parts) => (parts.made ?? parts.head).ok,
    headers: (parts) => (parts.made ?? parts.head).headers,
  }),
);

/**
 * A step's answer: `text` as the body of the Response `respond` makes
 * (`respond(null)` gives its status and headers). A stand-in only for the
 * fetch Response itself: where the global Response is a lighter subclass
 * (the Node server's), that is what `respond` makes, and a stand-in given to
 * its constructor (as Hono does when a response replaces one already set)
 * would not be one of its own.
 */
export function stepResponse(text: string, respond: (body: string | null) => Response): Response {
  const head = respond(null);
  const type = Object.getPrototypeOf(head) as object;
  if (Object.getPrototypeOf(type) !== Object.prototype) return respond(text);
  const res = Object.create(responsePrototype(type)) as StandIn<ResponseParts>;
  res[response] = { text, head };
  return res as unknown as Response;
}
