/** The request journal as a test suite verifies with it: counts, clearing, unmatched requests, headers; what is never recorded. */
import { describe, expect, it } from 'vitest';
import { individual, makeSandbox, usdAccount } from '../helpers.js';

describe('GET /__admin/requests/count', () => {
  it('counts by method, whole path relative to the API base (* is one segment) and status', async () => {
    const client = makeSandbox().client();
    const a = (await client.post('/customers', individual())).body.id;
    await client.post('/customers', individual({ fullName: 'Second' }));
    await client.post('/customers', { customerType: 'NOPE' });
    await client.get('/customers');
    await client.get(`/customers/${a}`);
    await client.get('/customers/Customer:missing');
    await client.get(`/customers/${a}/external-accounts`).catch(() => undefined);

    const count = async (query: string) => {
      const res = await client.get(`/__admin/requests/count${query}`);
      expect(res.status).toBe(200);
      return res.body.count;
    };
    expect(await count('')).toBe(7);
    expect(await count('?path=/customers')).toBe(4);
    expect(await count('?path=/customers&method=POST')).toBe(3);
    expect(await count('?path=/customers&method=POST&status=201')).toBe(2);
    expect(await count('?path=/customers&status=400')).toBe(1);
    expect(await count('?path=/customers/*')).toBe(2);
    expect(await count('?path=/customers/*&status=404')).toBe(1);
    expect(await count('?path=/customers/*/external-accounts')).toBe(1);
    expect(await count('?path=customers')).toBe(4);
    expect(await count('?path=/customers/')).toBe(4);
    expect(await count('?path=/2025-10-13/customers')).toBe(4);
    expect(await count('?path=/cust*')).toBe(4);
    expect(await count('?path=/*')).toBe(4);
    expect(await count('?method=DELETE')).toBe(0);
    expect(await count(`?path=/customers/${encodeURIComponent(a)}`)).toBe(1);
  });

  it('answers 400 for a bad filter', async () => {
    const client = makeSandbox().client();
    expect((await client.get('/__admin/requests/count?method=BREW')).status).toBe(400);
    expect((await client.get('/__admin/requests/count?status=99')).status).toBe(400);
    expect((await client.get('/__admin/requests/count?path=%20spaces%20')).body.code).toBe('INVALID_INPUT');
  });
});

describe('DELETE /__admin/requests', () => {
  it("clears the caller's journal only, and answers how many went", async () => {
    const sandbox = makeSandbox();
    const one = sandbox.client('one', 's');
    const two = sandbox.client('two', 's');
    await one.get('/customers');
    await one.get('/customers');
    await two.get('/customers');
    const cleared = await one.delete('/__admin/requests');
    expect(cleared).toMatchObject({ status: 200, body: { removed: 2 } });
    expect((await one.get('/__admin/requests')).body).toEqual({ data: [], total: 0 });
    expect((await two.get('/__admin/requests/count')).body.count).toBe(1);
    expect((await one.delete('/__admin/requests')).body.removed).toBe(0);
    await one.get('/config');
    expect((await one.get('/__admin/requests/count')).body.count).toBe(1);
  });
});

describe('GET /__admin/requests/unmatched', () => {
  it('lists the requests that matched no route, with the closest real routes in the 404', async () => {
    const client = makeSandbox().client();
    await client.get('/customers');
    const typo = await client.get('/customer');
    expect(typo.status).toBe(404);
    expect(typo.body).toMatchObject({ code: 'NOT_FOUND', details: { didYouMean: expect.arrayContaining(['GET /2025-10-13/customers']) } });
    expect(typo.body.details.didYouMean[0]).toBe('GET /2025-10-13/customers');
    const wrongMethod = await client.call('PUT', '/customers', {});
    expect(wrongMethod.status).toBe(405);
    await client.post('/qoutes/Quote:1/execute', { amount: 1 });
    await client.get('/customers/Customer:missing');

    const unmatched = await client.get('/__admin/requests/unmatched');
    expect(unmatched.status).toBe(200);
    expect(unmatched.body.total).toBe(3);
    expect(unmatched.body.data.map((e: { method: string; path: string; status: number; matched: boolean }) => [e.method, e.path, e.status, e.matched])).toEqual([
      ['POST', '/2025-10-13/qoutes/Quote:1/execute', 404, false],
      ['PUT', '/2025-10-13/customers', 405, false],
      ['GET', '/2025-10-13/customer', 404, false],
    ]);
    expect(unmatched.body.data[0].requestBody).toEqual({ amount: 1 });
    expect(unmatched.body.data[0].responseBody.details.didYouMean).toContain('POST /2025-10-13/quotes/{quoteId}/execute');
    expect((await client.get('/__admin/requests/unmatched?limit=1')).body).toMatchObject({ total: 3, data: [{ path: '/2025-10-13/qoutes/Quote:1/execute' }] });
    // A known route answering 404 for a missing resource did match.
    const all = (await client.get('/__admin/requests?status=404')).body.data;
    expect(all.find((e: { path: string }) => e.path.endsWith('Customer:missing')).matched).toBe(true);
  });

  it('names close routes for a missing version segment, a trailing slash and the control plane, and none for nonsense', async () => {
    const sandbox = makeSandbox();
    const client = sandbox.client();
    const noVersion = await sandbox.app.request('/customers/', { headers: { authorization: `Basic ${Buffer.from('test-client:test-secret').toString('base64')}` } });
    expect(noVersion.status).toBe(404);
    expect(((await noVersion.json()) as { details: { didYouMean: string[] } }).details.didYouMean).toEqual(['GET /2025-10-13/customers', 'POST /2025-10-13/customers']);
    expect((await client.get('/customers/')).status).toBe(404);
    expect((await client.get('/customers/')).body.details.didYouMean[0]).toBe('GET /2025-10-13/customers');
    const suggest = async (path: string, method = 'GET') => (await client.call(method, path)).body.details?.didYouMean;
    expect(await suggest('/__admin/clock/advanse', 'POST')).toEqual(['POST /__admin/clock/advance']);
    expect(await suggest('/__admin/scenario')).toContain('GET /__admin/scenarios');
    expect(await suggest('/2025-10-13/transactionz/Transaction:1')).toContain('GET /2025-10-13/transactions/{transactionId}');
    expect(await suggest('/zzzzzzzzzz/qqqqqqqq/wwwwwwww/xxxxxxxx/yyyyyyy')).toBeUndefined();
  });
});

describe('what the journal records', () => {
  it('keeps the request headers, with credentials and signatures redacted, and the request id', async () => {
    const client = makeSandbox().client();
    await client.post('/customers', individual(), { 'x-request-id': 'suite-42', 'service-wallet-signature': 'abc.def', cookie: 'session=1', 'x-custom': 'kept' });
    const [entry] = (await client.get('/__admin/requests')).body.data;
    expect(entry.requestId).toBe('suite-42');
    expect(entry.requestHeaders).toMatchObject({ authorization: '[redacted]', 'service-wallet-signature': '[redacted]', cookie: '[redacted]', 'x-custom': 'kept', 'content-type': 'application/json' });
    expect(JSON.stringify(entry)).not.toContain(Buffer.from('test-client:test-secret').toString('base64'));
    expect(entry.requestBody).toMatchObject({ fullName: 'Jane Doe' });
    expect(entry.responseBody).toMatchObject({ fullName: 'Jane Doe', customerType: 'INDIVIDUAL' });
  });

  it('shows a response as it was sent, not as the record became later', async () => {
    const client = makeSandbox().client();
    const id = (await client.post('/customers', individual({ fullName: 'Before Change' }))).body.id;
    await client.get(`/customers/${id}`);
    await client.patch(`/customers/${id}`, { customerType: 'INDIVIDUAL', fullName: 'After Change' });
    const get = (await client.get(`/__admin/requests?method=GET&path=${encodeURIComponent(id)}`)).body.data[0];
    expect(get.responseBody.fullName).toBe('Before Change');
  });

  it('never records control-plane requests, nor the dashboard\'s own API calls', async () => {
    const client = makeSandbox().client();
    await client.get('/__admin/clock');
    await client.post('/__admin/clock/advance', { seconds: 1 });
    await client.call('GET', '/customers', undefined, { 'x-requested-with': 'paysandbox-dashboard' });
    await client.call('GET', '/customers', undefined, { 'x-requested-with': 'XMLHttpRequest' });
    const list = (await client.get('/__admin/requests')).body;
    expect(list.total).toBe(1);
    expect(list.data[0].requestHeaders['x-requested-with']).toBe('XMLHttpRequest');
  });

  it('keeps the latest 1,000 requests per tenant', async () => {
    const { app } = makeSandbox();
    const headers = { authorization: `Basic ${Buffer.from('busy:secret').toString('base64')}` };
    for (let i = 0; i < 1_005; i++) await app.request(`/2025-10-13/customers?limit=${(i % 100) + 1}`, { headers });
    const res = await app.request('/__admin/requests?limit=500', { headers });
    const body = (await res.json()) as { total: number; data: Array<{ query: string; id: number }> };
    expect(body.total).toBe(1_000);
    expect(body.data[0]!.query).toBe('?limit=5');
    // Numbered in the order they came, newest first: the 500th newest is request 506 of 1,005.
    expect(body.data.map((e) => e.id)).toEqual(Array.from({ length: 500 }, (_, i) => body.data[0]!.id - i));
    expect(body.data[499]!.query).toBe(`?limit=${(505 % 100) + 1}`);
    const count = await app.request('/__admin/requests/count', { headers });
    expect(await count.json()).toEqual({ count: 1_000 });
  });

  it('gives back the body text of the entries the ring drops: of 1,400 bodies of 6,000 characters, the newest 1,000 are kept whole', async () => {
    const { app } = makeSandbox();
    const headers = { authorization: `Basic ${Buffer.from('ring:secret').toString('base64')}`, 'content-type': 'application/json' };
    // 6 M characters in the ring at any time, under the 8 M budget; counted without giving back, they would pass it.
    for (let i = 0; i < 1_400; i++) await app.request(`/2025-10-13/customers/Customer:gone-${i}`, { method: 'PATCH', headers, body: JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'p'.repeat(5_950), i }) });
    const entry = async (i: number) => ((await (await app.request(`/__admin/requests?path=gone-${i}`, { headers })).json()) as { total: number; data: Array<{ requestBody: unknown }> });
    const oldest = await entry(400);
    expect(oldest.total).toBe(1_000);
    expect(oldest.data).toHaveLength(1);
    expect(oldest.data[0]!.requestBody).toMatchObject({ i: 400 });
    expect((await entry(399)).data).toEqual([]);
  });

  it('shows a query string only for a request that had one', async () => {
    const client = makeSandbox().client();
    await client.get('/customers');
    await client.get('/customers?limit=2&cursor');
    const [withQuery, without] = (await client.get('/__admin/requests')).body.data;
    expect(withQuery.query).toBe('?limit=2&cursor');
    expect(without).not.toHaveProperty('query');
    expect(without.path).toBe('/2025-10-13/customers');
  });

  it('lets the oldest bodies go once they add up past its budget, keeping the entries', async () => {
    const client = makeSandbox().client();
    const big = 'x'.repeat(400 * 1024);
    for (let i = 0; i < 30; i++) await client.post('/customers', { customerType: 'INDIVIDUAL', fullName: `Big ${i}`, description: big });
    const list = (await client.get('/__admin/requests?limit=30')).body.data as Array<{ requestBody: unknown }>;
    expect(list).toHaveLength(30);
    const gone = '[not kept: the journal keeps the newest bodies]';
    expect(list[0]!.requestBody).toMatch(/^\{"customerType":"INDIVIDUAL","fullName":"Big 29".*…\[truncated\]$/);
    expect(list[29]!.requestBody).toBe(gone);
    const kept = list.filter((e) => e.requestBody !== gone).length;
    expect(kept).toBeGreaterThanOrEqual(9);
    expect(kept).toBeLessThanOrEqual(20);
  });

  it('shows a body over the shown size cut short, and keeps no single body over 512 KB', async () => {
    const client = makeSandbox().client();
    await client.call('POST', '/customers', `{"customerType":"INDIVIDUAL","fullName":"${'y'.repeat(20 * 1024)}"}`, { 'content-type': 'application/json' });
    const [cut] = (await client.get('/__admin/requests')).body.data;
    expect(typeof cut.requestBody).toBe('string');
    expect(cut.requestBody).toMatch(/…\[truncated\]$/);
    await client.call('POST', '/customers', `{"customerType":"INDIVIDUAL","fullName":"${'z'.repeat(600 * 1024)}"}`, { 'content-type': 'application/json' });
    const [huge] = (await client.get('/__admin/requests')).body.data;
    expect(huge.requestBody).toMatch(/^\[not kept: \d+ characters\]$/);
  });

  it('reads an unread small body of a request to an unknown route, and marks a multipart one', async () => {
    const client = makeSandbox().client();
    await client.call('POST', '/nowhere', '{"a":1}', { 'content-type': 'application/json', 'content-length': '7' });
    const customer = (await client.post('/customers', individual())).body.id;
    await client.upload('/documents', { documentHolder: customer, documentType: 'PASSPORT', country: 'US', file: new File([Buffer.from('not an image')], 'x.png') });
    const [upload, , unknown] = (await client.get('/__admin/requests')).body.data;
    expect(upload.requestBody).toBe('[multipart form]');
    expect(unknown.requestBody).toEqual({ a: 1 });
  });

  it('shows an external account\'s number as sent, even when it passes the Luhn check: it is no card number', async () => {
    const client = makeSandbox().client();
    const customer = (await client.post('/customers', individual())).body.id;
    await client.post('/customers/external-accounts', usdAccount(customer, '4111111111111111'));
    const [entry] = (await client.get('/__admin/requests')).body.data;
    expect(entry.requestBody.accountInfo.accountNumber).toBe('4111111111111111');
  });

  it('redacts card numbers only in the fields that carry them: phone numbers and other digit runs show as sent', async () => {
    const client = makeSandbox().client();
    const phone = '+4915112345678'; // 4915112345678 passes the Luhn check
    const body = {
      phoneNumber: '4915112345678',
      note: `call ${phone}`,
      plain: '4111111111111111',
      cardNumber: '4111111111111111',
      card: { number: '5105 1051 0510 5100', holder: 'Jane 4111111111111111' },
      shortRun: { cardNumber: '411111111117' },
      atMin: { card_number: '4111111111119' },
      atMax: { cardNumber: '4111111111111111110' },
      beyond: { cardNumber: '41111111111111111115' },
      grouped: { primaryAccountNumber: '4111-1111-1111-1111' },
      notLuhn: { cardNumber: '4111111111111112' },
      asNumber: { cardNumber: 4111111111111 },
    };
    await client.call('POST', '/nowhere', JSON.stringify(body), { 'content-type': 'application/json', 'x-card-number': '4111 1111 1111 1111', 'x-trace': '4111111111111111' });
    const [entry] = (await client.get('/__admin/requests')).body.data;
    expect(entry.requestBody).toEqual({
      phoneNumber: '4915112345678',
      note: `call ${phone}`,
      plain: '4111111111111111',
      cardNumber: '[redacted card number]',
      card: { number: '[redacted card number]', holder: 'Jane [redacted card number]' },
      shortRun: { cardNumber: '411111111117' },
      atMin: { card_number: '[redacted card number]' },
      atMax: { cardNumber: '[redacted card number]' },
      beyond: { cardNumber: '41111111111111111115' },
      grouped: { primaryAccountNumber: '[redacted card number]' },
      notLuhn: { cardNumber: '4111111111111112' },
      asNumber: { cardNumber: 4111111111111 },
    });
    expect(entry.requestHeaders).toMatchObject({ 'x-card-number': '[redacted card number]', 'x-trace': '4111111111111111' });
    // Text that is not JSON: its "member": "value" pairs are redacted as the JSON ones are.
    await client.call('POST', '/nowhere', `{"cardNumber": "4111111111111111", "accountNumber": "4111111111111111", "cut`, { 'content-type': 'application/json' });
    const [text] = (await client.get('/__admin/requests')).body.data;
    expect(text.requestBody).toBe(`{"cardNumber": "[redacted card number]", "accountNumber": "4111111111111111", "cut`);
  });

  it('redacts a customer\'s national identity number, which the API never shows back either', async () => {
    const client = makeSandbox().client();
    const created = await client.post('/customers', individual({ idType: 'SSN', identifier: '123-45-6789' }));
    expect(created.status).toBe(201);
    const [entry] = (await client.get('/__admin/requests')).body.data;
    expect(entry.requestBody).toMatchObject({ idType: 'SSN', identifier: '[redacted]' });
    expect(JSON.stringify(entry)).not.toContain('123-45-6789');
  });
});
