/**
 * The edges of the credential checks: the exact refusals, the shape of a
 * Basic header (anchored at both ends), and the length limits of a client id
 * and a secret, at and just over each limit.
 */
import { describe, expect, it } from 'vitest';
import { makeSandbox, refusal } from '../helpers.js';

const CUSTOMERS = '/2025-10-13/customers';
const HOW = 'Send HTTP Basic credentials: your client id as the user name and your client secret as the password';
const basic = (clientId: string, secret: string) => `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
/** A 401 carries no details. */
const unauthorized = (reason: string) => ({ status: 401, code: 'UNAUTHORIZED', message: reason, reason });

async function answer(app: ReturnType<typeof makeSandbox>['app'], authorization: string | undefined, path = CUSTOMERS) {
  const res = await app.request(path, { headers: authorization === undefined ? {} : { authorization } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('the refusals, whole', () => {
  it('a request without credentials: 401 saying how to send them', async () => {
    const { app } = makeSandbox();
    expect(await answer(app, undefined)).toEqual({ status: 401, body: unauthorized(`Missing credentials. ${HOW}`) });
  });

  it('a wrong secret for a pinned client id, or an unknown client id: one reason for both', async () => {
    const { app } = makeSandbox({ credentials: { ci: 'pinned-secret' } });
    expect((await answer(app, basic('ci', 'pinned-secret'))).status).toBe(200);
    for (const header of [basic('ci', 'other'), basic('stranger', 'pinned-secret')]) {
      expect(await answer(app, header)).toEqual({ status: 401, body: unauthorized('Unknown client id or wrong client secret') });
    }
  });

  it('an API token without the permission an operation needs: 403 naming the permission and what the token holds', async () => {
    const sandbox = makeSandbox();
    const platform = sandbox.client('token-owner', 'secret');
    const token = (await platform.post('/tokens', { name: 'reader', permissions: ['VIEW'] })).body;
    const reader = sandbox.client(token.clientId, token.clientSecret);
    expect((await reader.get('/customers')).status).toBe(200);
    const res = await reader.post('/tokens', { name: 'another', permissions: ['VIEW'] });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 403,
      body: refusal(403, 'FORBIDDEN', 'This credential lacks the MANAGE permission this operation needs', { requiredPermission: 'MANAGE', permissions: ['VIEW'] }),
    });
  });
});

describe('the shape of a Basic header', () => {
  const malformed = { status: 401, body: unauthorized(`Malformed Authorization header. ${HOW}`) };

  it('is anchored at its start: nothing may come before the scheme', async () => {
    const { app } = makeSandbox();
    expect((await answer(app, basic('anchored', 'secret'))).status).toBe(200);
    expect(await answer(app, `Token ${basic('anchored', 'secret')}`)).toEqual(malformed);
    expect(await answer(app, `X${basic('anchored', 'secret')}`)).toEqual(malformed);
  });

  it('is anchored at its end: nothing may follow the credentials', async () => {
    const { app } = makeSandbox();
    expect((await answer(app, basic('anchored', 'secret'))).status).toBe(200);
    expect(await answer(app, `${basic('anchored', 'secret')} junk`)).toEqual(malformed);
    expect(await answer(app, `${basic('anchored', 'secret')}!`)).toEqual(malformed);
  });

  it('ignores white space around the credentials that HTTP itself keeps (a no-break space)', async () => {
    const { app } = makeSandbox();
    // The Fetch Headers API trims only spaces, tabs and line breaks: a trailing U+00A0 reaches the check.
    expect((await answer(app, `${basic('nbsp', 'secret')}\u00a0`)).status).toBe(200);
    expect(await answer(app, `${basic('nbsp', 'other')}\u00a0`)).toEqual({ status: 401, body: unauthorized('Wrong client secret for client id nbsp') });
  });

  it('reads a Bearer token with a trailing no-break space as a token, not as malformed Basic', async () => {
    const { app } = makeSandbox();
    expect(await answer(app, 'Bearer not-a-token\u00a0')).toEqual({ status: 401, body: unauthorized('Unknown, expired or revoked access token') });
  });
});

describe('length limits', () => {
  it('a client id of 400 characters is well formed (then too long for a platform); 401 is malformed', async () => {
    const { app } = makeSandbox();
    const at = 'c'.repeat(400);
    expect(await answer(app, basic(at, 'secret'))).toEqual({ status: 401, body: unauthorized(`Wrong client secret for client id ${at}`) });
    expect(await answer(app, basic(`${at}c`, 'secret'))).toEqual({ status: 401, body: unauthorized(`Malformed Authorization header. ${HOW}`) });
  });

  it('a secret of 500 characters is accepted; 501 is malformed', async () => {
    const { app } = makeSandbox();
    const at = 's'.repeat(500);
    expect((await answer(app, basic('long-secret', at))).status).toBe(200);
    expect((await answer(app, basic('long-secret', at))).status).toBe(200);
    expect(await answer(app, basic('long-secret', `${at}s`))).toEqual({ status: 401, body: unauthorized(`Malformed Authorization header. ${HOW}`) });
    expect(await answer(app, basic('other-client', `${at}s`))).toEqual({ status: 401, body: unauthorized(`Malformed Authorization header. ${HOW}`) });
  });
});
