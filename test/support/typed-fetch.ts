/**
 * The fetch a generated openapi-fetch client uses in the tests: it answers
 * from an in-process sandbox app and checks every response against the
 * served documents, like the shared test client does.
 */
import { assertConforms, type RequestTarget } from './conformance.js';

export function checkedFetch(app: RequestTarget, authorization: string): (input: Request) => Promise<Response> {
  return async (input: Request) => {
    const headers = new Headers(input.headers);
    headers.set('authorization', authorization);
    const url = new URL(input.url);
    const init: RequestInit = { method: input.method, headers };
    if (input.method !== 'GET' && input.method !== 'HEAD') init.body = await input.arrayBuffer();
    const res = await app.request(`${url.pathname}${url.search}`, init);
    const text = await res.clone().text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    await assertConforms(app, { method: input.method, path: url.pathname, status: res.status, contentType: res.headers.get('content-type'), body, headers: Object.fromEntries(res.headers) });
    return res;
  };
}

export function basic(clientId: string, secret = 'secret'): string {
  return `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
}
