/**
 * Unknown inputs are ignored, as the service ignores them, but never
 * silently: the response names them in Sandbox-Warning and the request
 * journal records them, so a typo in a filter shows up.
 */
import { describe, expect, it } from 'vitest';
import { business, fixtureFile, individual, makeSandbox, type Client } from '../helpers.js';

const WARNING = 'sandbox-warning';

async function journalOf(client: Client, path: string) {
  return (await client.get(`/__admin/requests?path=${encodeURIComponent(path)}&limit=1`)).body.data[0];
}

describe('unknown query parameters', () => {
  it('are ignored (the list is unfiltered), named in Sandbox-Warning and recorded in the journal', async () => {
    const client = makeSandbox().client();
    await client.post('/customers', individual());
    await client.post('/customers', business());
    const res = await client.get('/customers?customerTyp=BUSINESS&limit=10');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.headers.get(WARNING)).toBe('unknown query parameters ignored: "customerTyp"');
    const entry = await journalOf(client, '/customers');
    expect(entry).toMatchObject({ method: 'GET', query: '?customerTyp=BUSINESS&limit=10', status: 200, unknownInputs: { query: ['customerTyp'] } });
    expect(entry.unknownInputs.body).toBeUndefined();
  });

  it('are all unknown on an operation that defines no query, error answers included', async () => {
    const client = makeSandbox().client();
    const res = await client.get('/customers/Customer:nope?expand=accounts&x=1');
    expect(res.status).toBe(404);
    expect(res.headers.get(WARNING)).toBe('unknown query parameters ignored: "expand", "x"');
    expect((await journalOf(client, '/customers/Customer:nope')).unknownInputs).toEqual({ query: ['expand', 'x'] });
  });

  it('are not guessed at when the request never reached its operation, or a part was invalid', async () => {
    const client = makeSandbox().client();
    // A valid parameter whose value is bad is a field error, not an unknown parameter.
    const invalid = await client.get('/customers?customerType=ROBOT&limit=5');
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get(WARNING)).toBeNull();
    // A body that fails validation: the field errors say it all.
    const badBody = await client.call('POST', '/sandbox/internal-accounts/InternalAccount:x/fund?limit=1', { amount: -1 });
    expect(badBody.status).toBe(400);
    expect(badBody.headers.get(WARNING)).toBe('unknown query parameters ignored: "limit"');
    // Answered by an injected fault before the operation ran: nothing is known about its parameters.
    await client.post('/__admin/faults', { kind: 'ERROR', code: 'INTERNAL_ERROR', path: '/customers', count: 1 });
    const faulted = await client.get('/customers?limit=5');
    expect(faulted.status).toBe(500);
    expect(faulted.headers.get(WARNING)).toBeNull();
  });

  it('leave a request with only known parameters unmarked', async () => {
    const client = makeSandbox().client();
    const res = await client.get('/customers?customerType=BUSINESS&limit=5&isIncludingDeleted=true');
    expect(res.status).toBe(200);
    expect(res.headers.get(WARNING)).toBeNull();
    expect((await journalOf(client, '/customers')).unknownInputs).toBeUndefined();
  });
});

describe('unknown body fields', () => {
  it('are ignored and named by dot path, at any depth, in arrays too', async () => {
    const client = makeSandbox().client();
    const res = await client.post('/customers', { ...individual({ fullname: 'typo', address: { line1: '1 Main St', postalCode: '94105', country: 'US', zip: '94105' } }), customerID: 'x' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).not.toHaveProperty('fullname');
    expect(res.body.address).not.toHaveProperty('zip');
    expect(res.headers.get(WARNING)).toBe('unknown body fields ignored: "address.zip", "fullname", "customerID"');
    expect((await journalOf(client, '/customers')).unknownInputs).toEqual({ body: ['address.zip', 'fullname', 'customerID'] });

    const config = await client.patch('/config', {
      supportedCurrencies: [{ currencyCode: 'USD', minAmount: 1, maxAmount: 1_000, requiredCounterpartyFields: [], enabledTransactionTypes: ['OUTGOING'], maxAmmount: 5 }],
    });
    expect(config.status).toBe(200);
    expect(config.headers.get(WARNING)).toBe('unknown body fields ignored: "supportedCurrencies.0.maxAmmount"');
  });

  it('follow the branch of a one-of: a member of the other branch is unknown', async () => {
    const client = makeSandbox().client();
    const customer = (await client.post('/customers', individual())).body;
    const accountId = (await client.get(`/customers/internal-accounts?customerId=${customer.id}`)).body.data[0].id;
    const res = await client.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId, currency: 'USD' },
      destination: { destinationType: 'ACCOUNT', accountId },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 100,
    });
    // The quote itself fails (same account), and still says what it ignored.
    expect(res.body.code).toBe('SELF_PAYMENT');
    expect(res.headers.get(WARNING)).toBe('unknown body fields ignored: "source.currency"');
  });

  it('are all unknown on an operation that defines no body', async () => {
    const client = makeSandbox().client();
    const res = await client.post('/sandbox/webhooks/test', { url: 'http://example.com', retries: 3 });
    expect(res.body.code).toBe('WEBHOOK_ENDPOINT_NOT_SET');
    expect(res.headers.get(WARNING)).toBe('unknown body fields ignored: "url", "retries"');
    expect((await client.post('/sandbox/webhooks/test', {})).headers.get(WARNING)).toBeNull();
  });

  it('cover multipart form fields', async () => {
    const client = makeSandbox().client();
    const customer = (await client.post('/customers', individual())).body;
    const res = await client.upload('/documents', { documentHolder: customer.id, documentType: 'PASSPORT', country: 'US', notes: 'front page', file: fixtureFile('passport.png') });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.get(WARNING)).toBe('unknown body fields ignored: "notes"');
  });

  it('are escaped to printable ASCII in the header, and listed in full in the journal', async () => {
    const client = makeSandbox().client();
    const extra = Object.fromEntries(Array.from({ length: 23 }, (_, i) => [`extra${i}`, i]));
    const res = await client.post('/customers', { ...individual(), 'naïve': 1, 'line\nbreak': 2, ...extra });
    expect(res.status).toBe(201);
    const header = res.headers.get(WARNING)!;
    expect(header).toMatch(/^unknown body fields ignored: "na\\u00efve", "line\\nbreak", "extra0", /);
    expect(header).toMatch(/"extra17" and 5 more$/);
    expect(/^[\x20-\x7e]*$/.test(header)).toBe(true);
    expect((await journalOf(client, '/customers')).unknownInputs.body).toHaveLength(25);
  });

  it('name query and body together', async () => {
    const client = makeSandbox().client();
    const res = await client.call('POST', '/customers?dryRun=true', { ...individual(), nickname: 'J' });
    expect(res.status).toBe(201);
    expect(res.headers.get(WARNING)).toBe('unknown query parameters ignored: "dryRun"; unknown body fields ignored: "nickname"');
    expect((await journalOf(client, '/customers')).unknownInputs).toEqual({ query: ['dryRun'], body: ['nickname'] });
  });
});
