/**
 * What real clients send, over HTTP: header names and auth schemes in any
 * case (Basic for the platform, Bearer for agents), Idempotency-Key in any
 * case, a JSON media type in any case or with parameters.
 */
import { describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/core/version.js';
import { readChecked } from '../support/conformance.js';
import { individual, makeSandbox } from '../helpers.js';
import { fundedCustomer } from './fixtures.js';
import { agentWorld, bearerClient } from '../agents/helpers.js';

describe('auth schemes in any case', () => {
  it.each(['Bearer', 'bearer', 'BEARER', 'bEaReR'])('an agent token under %s opens GET /agents/me; a wrong token under it is 401', async (scheme) => {
    const w = await agentWorld();
    const { agent } = await w.connectAgent();
    expect((await bearerClient(w.sandbox.app, agent.token, scheme).get('/agents/me')).status).toBe(200);
    expect((await bearerClient(w.sandbox.app, `${agent.token}x`, scheme).get('/agents/me')).status).toBe(401);
  });
});

describe('header names and media types in any case', () => {
  it.each(['application/json', 'Application/JSON', 'application/json; charset=utf-8', 'APPLICATION/JSON;charset=UTF-8'])('Content-Type %s is JSON', async (type) => {
    const sandbox = makeSandbox();
    const url = `${API_BASE_PATH}/customers`;
    const res = await sandbox.app.request(url, {
      method: 'POST',
      headers: { AUTHORIZATION: `Basic ${Buffer.from('test-client:test-secret').toString('base64')}`, 'CONTENT-TYPE': type },
      body: JSON.stringify(individual()),
    });
    expect((await readChecked(sandbox.app, 'POST', url, res)).status).toBe(201);
  });

  it('Idempotency-Key is one header whatever the case of its name', async () => {
    const { client, accountId, payee } = await fundedCustomer();
    const quote = (await client.post('/quotes', { source: { sourceType: 'ACCOUNT', accountId }, destination: { destinationType: 'ACCOUNT', accountId: payee }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1_000 })).body;
    const first = await client.post(`/quotes/${quote.id}/execute`, {}, { 'idempotency-key': 'case-key' });
    expect(first.status).toBe(200);
    for (const name of ['Idempotency-Key', 'IDEMPOTENCY-KEY']) {
      const replay = await client.post(`/quotes/${quote.id}/execute`, {}, { [name]: 'case-key' });
      expect([name, replay.status, replay.body.transactionId]).toEqual([name, 200, first.body.transactionId]);
    }
  });
});
