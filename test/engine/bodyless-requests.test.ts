/**
 * Over a listening server: a request without Content-Type whose headers announce no body (as load generators
 * send POST /quotes/{id}/execute) is executed and journalled as before; one without Content-Type that does carry
 * body bytes is still refused with 415 by the media-type check, whatever framing announces them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { startServer, type RunningSandbox } from '../../src/server.js';

const AUTH = `Basic ${Buffer.from('bodyless:secret').toString('base64')}`;
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startServer({ port: 0 });
});
afterAll(() => sandbox.close());

/** node:http sends no Content-Length and no Transfer-Encoding when end() gets nothing and none is set. */
function send(method: string, path: string, headers: Record<string, string>, chunks: string[] = []) {
  const url = path.startsWith('/__admin') ? `${sandbox.origin}${path}` : `${sandbox.url}${path}`;
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = httpRequest(url, { method, headers: { authorization: AUTH, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

const json = (method: string, path: string, body: unknown) => send(method, path, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(JSON.stringify(body))) }, [JSON.stringify(body)]);

async function quote(): Promise<string> {
  const customer = await json('POST', '/customers', { customerType: 'INDIVIDUAL', fullName: 'No Body' });
  expect(customer.status).toBe(201);
  const internal = await send('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customer.body.id)}`, {});
  const account = internal.body.data.find((a: { balance: { currency: { code: string } } }) => a.balance.currency.code === 'USD');
  expect((await json('POST', `/sandbox/internal-accounts/${account.id}/fund`, { amount: 10_000 })).status).toBe(200);
  const external = await json('POST', '/customers/external-accounts', {
    customerId: customer.body.id,
    currency: 'USD',
    accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '123456789000', routingNumber: '021000021', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Jane Doe' } },
  });
  expect(external.status).toBe(201);
  const created = await json('POST', '/quotes', { source: { sourceType: 'ACCOUNT', accountId: account.id }, destination: { destinationType: 'ACCOUNT', accountId: external.body.id }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 100 });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function journalled(path: string) {
  const entries = await send('GET', `/__admin/requests?path=${encodeURIComponent(path)}`, {});
  expect(entries.status).toBe(200);
  return entries.body.data as Array<{ method: string; status: number; requestBody?: unknown }>;
}

describe('POST without Content-Type over HTTP', () => {
  it('no Content-Length, no Transfer-Encoding: executed (200 COMPLETED); the journal has the empty body the operation read', async () => {
    const id = await quote();
    const executed = await send('POST', `/quotes/${id}/execute`, {});
    expect(executed.status).toBe(200);
    expect(executed.body.status).toBe('COMPLETED');
    const [entry] = await journalled(`/quotes/${id}/execute`);
    expect(entry).toMatchObject({ method: 'POST', status: 200, requestBody: '' });
  });

  it('Content-Length: 0: executed (200 COMPLETED); the journal has the empty body', async () => {
    const id = await quote();
    const executed = await send('POST', `/quotes/${id}/execute`, { 'content-length': '0' });
    expect(executed.status).toBe(200);
    expect(executed.body.status).toBe('COMPLETED');
    const [entry] = await journalled(`/quotes/${id}/execute`);
    expect(entry!.status).toBe(200);
    expect(entry!.requestBody).toBe('');
  });

  it.each([
    ['Content-Length: 2', { 'content-length': '2' }],
    ['chunked', { 'transfer-encoding': 'chunked' }],
  ])('body bytes framed by %s: 415, and the quote is not executed', async (_, framing) => {
    const id = await quote();
    const refused = await send('POST', `/quotes/${id}/execute`, framing, ['{}']);
    expect(refused.status).toBe(415);
    expect((await send('GET', `/quotes/${id}`, {})).body.status).toBe('PENDING');
  });
});
