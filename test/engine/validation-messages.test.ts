/**
 * The exact field errors of a 400 INVALID_INPUT, one zod issue kind at a time,
 * at, below and above each limit; and the exact Sandbox-Warning of unknown
 * inputs at the edges (how many are listed, which content types are read,
 * which requests never reached their operation).
 */
import { describe, expect, it } from 'vitest';
import { individual, makeSandbox, refusal, type Client } from '../helpers.js';

const WARNING = 'sandbox-warning';
const invalid = (errors: Array<Record<string, unknown>>, reason = errors.length === 1 ? `Invalid value for ${errors[0]!.field}` : `${errors.length} fields are invalid`) =>
  refusal(400, 'INVALID_INPUT', reason, { errors });

async function whole(reply: Promise<{ status: number; body: unknown }>) {
  const { status, body } = await reply;
  return { status, body };
}

describe('field errors of arrays', () => {
  it('an array below its minimum: how many items it needs, no constraint', async () => {
    const client = makeSandbox().client();
    expect(await whole(client.post('/tokens', { name: 'none', permissions: [] }))).toEqual({
      status: 400,
      body: invalid([{ field: 'permissions', message: 'Must contain at least 1 item(s)' }]),
    });
  });

  it('an array above its maximum: how many items it may have, no constraint; at the maximum it is accepted', async () => {
    const client = makeSandbox().client();
    expect(await whole(client.post('/tokens', { name: 'four', permissions: ['VIEW', 'TRANSACT', 'MANAGE', 'VIEW'] }))).toEqual({
      status: 400,
      body: invalid([{ field: 'permissions', message: 'Must contain at most 3 item(s)' }]),
    });
    const three = await client.post('/tokens', { name: 'three', permissions: ['VIEW', 'TRANSACT', 'MANAGE'] });
    expect(three.status).toBe(201);
    expect(three.body.permissions).toEqual(['VIEW', 'TRANSACT', 'MANAGE']);
  });
});

describe('the reason of an INVALID_INPUT', () => {
  it('names the field when one is invalid, counts them when more are', async () => {
    const client = makeSandbox().client();
    expect(await whole(client.post('/tokens', { name: '', permissions: ['VIEW'] }))).toEqual({
      status: 400,
      body: refusal(400, 'INVALID_INPUT', 'Invalid value for name', { errors: [{ field: 'name', message: 'Must not be empty', constraint: { minLength: 1 } }] }),
    });
    expect(await whole(client.post('/tokens', { name: '', permissions: [] }))).toEqual({
      status: 400,
      body: refusal(400, 'INVALID_INPUT', '2 fields are invalid', {
        errors: [
          { field: 'name', message: 'Must not be empty', constraint: { minLength: 1 } },
          { field: 'permissions', message: 'Must contain at least 1 item(s)' },
        ],
      }),
    });
  });

  it('calls a body that is not an object at all "(body)"', async () => {
    const client = makeSandbox().client();
    for (const body of ['"text"', '[]', '42']) {
      expect(await whole(client.post('/tokens', body)), body).toEqual({
        status: 400,
        body: refusal(400, 'INVALID_INPUT', 'Invalid value for (body)', { errors: [{ field: '(body)', message: 'Expected object' }] }),
      });
    }
  });
});

describe('field errors of numbers', () => {
  it('an exclusive minimum says "greater than": 0 is refused, just above it is accepted', async () => {
    const client = makeSandbox().client();
    expect(await whole(client.post('/__admin/clock/advance', { seconds: 0 }))).toEqual({
      status: 400,
      body: invalid([{ field: 'seconds', message: 'Must be greater than 0' }]),
    });
    expect(await whole(client.post('/__admin/clock/advance', { seconds: -1 }))).toEqual({
      status: 400,
      body: invalid([{ field: 'seconds', message: 'Must be greater than 0' }]),
    });
    expect((await client.post('/__admin/clock/advance', { seconds: 0.001 })).status).toBe(200);
  });
});

describe('field errors of formats and unions', () => {
  const consent = (ipAddress: unknown) => individual({ endUserTermsConsent: { acceptedAt: '2026-01-01T00:00:00Z', ipAddress, termsVersion: 'V1', acceptanceMethod: 'CHECKBOX' } });

  it('a value no branch of a union accepts: the error of the branch that got furthest, the first of equals', async () => {
    const client = makeSandbox().client();
    expect(await whole(client.post('/customers', consent('not-an-ip')))).toEqual({
      status: 400,
      body: invalid([{ field: 'endUserTermsConsent.ipAddress', message: 'Must be a valid ipv4', constraint: { format: 'ipv4' } }]),
    });
    expect(await whole(client.post('/customers', consent(5)))).toEqual({
      status: 400,
      body: invalid([{ field: 'endUserTermsConsent.ipAddress', message: 'Expected string' }]),
    });
  });

  it('a record no branch of a union accepts: the later branch when it got further', async () => {
    const client = makeSandbox().client();
    const at = '2026-03-02T10:00:00.000Z';
    // A card transaction short of its status and merchant: closer to the card branch than to the transfer branch before it.
    const card = { id: 'Transaction:x', type: 'CARD', direction: 'DEBIT', cardId: 'Card:x', customerId: 'Customer:x', accountId: 'InternalAccount:x', currencyCode: 'USD', authorizedAmount: 100, issuerTransactionToken: 'tok', authorizedAt: at, lastEventAt: at, createdAt: at, updatedAt: at };
    expect(await whole(client.call('PUT', '/__admin/snapshot', { transactions: { 'Transaction:x': card } }))).toEqual({
      status: 400,
      body: invalid(
        [
          { field: 'transactions.Transaction:x.status', message: 'Must be one of: AUTHORIZED, PARTIALLY_SETTLED, SETTLED, REFUNDED, EXCEPTION', constraint: { enum: ['AUTHORIZED', 'PARTIALLY_SETTLED', 'SETTLED', 'REFUNDED', 'EXCEPTION'] } },
          { field: 'transactions.Transaction:x.merchant', message: 'Required' },
        ],
        'The snapshot is invalid; nothing was changed',
      ),
    });
  });

  it('a format named differently in the spec than in zod: date-time', async () => {
    const client = makeSandbox().client();
    expect(await whole(client.get('/tokens?createdAfter=yesterday'))).toEqual({
      status: 400,
      body: invalid([{ field: 'createdAfter', message: 'Must be a valid date-time', constraint: { format: 'date-time' } }]),
    });
  });

  it('a format the spec has no name of its own for keeps zod’s (base64); a member of a strict object that it does not define is an unknown field', async () => {
    const client = makeSandbox().client();
    expect(await whole(client.call('PUT', '/__admin/snapshot', { files: { 'Document:x': 'not base64!' }, bogus: 1 }))).toEqual({
      status: 400,
      body: invalid(
        [
          { field: 'files.Document:x', message: 'Must be a valid base64', constraint: { format: 'base64' } },
          { field: 'bogus', message: 'Unknown field' },
        ],
        'The snapshot is invalid; nothing was changed',
      ),
    });
  });

  it('one field that breaks two rules, neither with a constraint: one entry, both messages, no constraint', async () => {
    const client = makeSandbox().client();
    const account = { currency: 'BDT', accountInfo: { accountType: 'BDT_ACCOUNT', accountNumber: 5, bankName: 'Bank', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Jane Doe' } } };
    expect(await whole(client.post('/platform/external-accounts', account))).toEqual({
      status: 400,
      body: invalid([{ field: 'accountInfo.accountNumber', message: 'Expected string; Provide at least one of: accountNumber, phoneNumber' }]),
    });
  });
});

/** Member names `prefix0`, `prefix1`, ... as an object. */
const members = (prefix: string, n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, i]));
const quotedList = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `"${prefix}${i}"`).join(', ');

async function journalOf(client: Client, path: string) {
  return (await client.get(`/__admin/requests?path=${encodeURIComponent(path)}&limit=1`)).body.data[0];
}

describe('unknown inputs at the edges', () => {
  // An operation with a path parameter and no body: everything in a JSON body is unknown to it.
  const NO_BODY = '/agents/Agent:nope/device-codes';

  it('a JSON body on an operation with parameters but no body: all its members are unknown', async () => {
    const client = makeSandbox().client();
    const res = await client.post(NO_BODY, { url: 'x', retries: 3 });
    expect(res.status).toBe(404);
    expect(res.headers.get(WARNING)).toBe('unknown body fields ignored: "url", "retries"');
  });

  it('a JSON array body has no members to name', async () => {
    const client = makeSandbox().client();
    const res = await client.post(NO_BODY, [1, 2]);
    expect(res.status).toBe(404);
    expect(res.headers.get(WARNING)).toBeNull();
  });

  it('reads JSON bodies of any application/…+json type, and only application/ ones', async () => {
    const client = makeSandbox().client();
    const vendor = await client.call('POST', NO_BODY, { extra: 1 }, { 'content-type': 'application/vnd.api+json' });
    expect(vendor.headers.get(WARNING)).toBe('unknown body fields ignored: "extra"');
    const other = await client.call('POST', NO_BODY, { extra: 1 }, { 'content-type': 'text/x-application/json' });
    expect(other.status).toBe(404);
    expect(other.headers.get(WARNING)).toBeNull();
  });

  it('lists 20 names in full; from 21 on, the rest are counted', async () => {
    const client = makeSandbox().client();
    expect((await client.post(NO_BODY, members('m', 20))).headers.get(WARNING)).toBe(`unknown body fields ignored: ${quotedList('m', 20)}`);
    expect((await client.post(NO_BODY, members('m', 21))).headers.get(WARNING)).toBe(`unknown body fields ignored: ${quotedList('m', 20)} and 1 more`);
  });

  it('records at most 100 unknown body members of an operation without a body, and counts 100 in the header', async () => {
    const client = makeSandbox().client();
    const res = await client.post(NO_BODY, members('m', 101));
    expect(res.headers.get(WARNING)).toBe(`unknown body fields ignored: ${quotedList('m', 20)} and 80 more`);
    expect((await journalOf(client, NO_BODY)).unknownInputs).toEqual({ body: Object.keys(members('m', 100)) });
  });

  it('records at most 100 unknown body members of an operation with a body', async () => {
    const client = makeSandbox().client();
    const res = await client.post('/sca/login/start?customerId=Customer:nope', { factor: 'TOTP', ...members('m', 101) });
    expect(res.status).toBe(404);
    expect(res.headers.get(WARNING)).toBe(`unknown body fields ignored: ${quotedList('m', 20)} and 80 more`);
  });

  it('records at most 100 unknown query parameters of an operation without a query', async () => {
    const client = makeSandbox().client();
    const query = Array.from({ length: 101 }, (_, i) => `q${i}=1`).join('&');
    const res = await client.post(`${NO_BODY}?${query}`, {});
    expect(res.headers.get(WARNING)).toBe(`unknown query parameters ignored: ${quotedList('q', 20)} and 80 more`);
  });

  it('keeps what the query check learnt once the body is checked: a known query parameter is not unknown', async () => {
    const client = makeSandbox().client();
    const known = await client.post('/sca/login/start?customerId=Customer:nope', { factor: 'TOTP' });
    expect(known.status).toBe(404);
    expect(known.headers.get(WARNING)).toBeNull();
    const mixed = await client.post('/sca/login/start?customerId=Customer:nope&extra=1', { factor: 'TOTP', other: 2 });
    expect(mixed.headers.get(WARNING)).toBe('unknown query parameters ignored: "extra"; unknown body fields ignored: "other"');
  });

  it('says nothing of a request that no operation answered', async () => {
    const client = makeSandbox().client();
    const res = await client.post('/nothing-here?x=1', { y: 1 });
    expect(res.status).toBe(404);
    expect(res.headers.get(WARNING)).toBeNull();
  });

  it('says nothing of a request a fault answered before its operation', async () => {
    const client = makeSandbox().client();
    await client.post('/__admin/faults', { kind: 'ERROR', code: 'INTERNAL_ERROR', path: '/agents/*/device-codes', count: 1 });
    const res = await client.post(`${NO_BODY}?x=1`, { y: 1 });
    expect(res.status).toBe(500);
    expect(res.headers.get(WARNING)).toBeNull();
  });
});
