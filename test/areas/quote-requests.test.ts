/**
 * POST /quotes refusals that name the field at fault, next to the request that passes: a payment rail the
 * destination is not paid over, a source customer the account does not belong to, a pull from an external account
 * to anything but an internal account, an unfundable real-time currency.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { individual, makeSandbox, usdAccount, type Client } from '../helpers.js';

let client: Client;
let jane: { customerId: string; accountId: string; externalId: string };
let john: { customerId: string; accountId: string; externalId: string };

async function customer(accountNumber: string) {
  const created = (await client.post('/customers', individual())).body;
  const accountId = (await client.get(`/customers/internal-accounts?customerId=${created.id}&currency=USD`)).body.data[0].id;
  expect((await client.post(`/sandbox/internal-accounts/${accountId}/fund`, { amount: 100_000 })).status).toBe(200);
  const external = await client.post('/customers/external-accounts', usdAccount(created.id, accountNumber));
  expect(external.status).toBe(201);
  return { customerId: created.id as string, accountId: accountId as string, externalId: external.body.id as string };
}

beforeEach(async () => {
  client = makeSandbox().client();
  jane = await customer('000000111');
  john = await customer('000000222');
});

const quote = (source: Record<string, unknown>, destination: Record<string, unknown>) =>
  client.post('/quotes', { source, destination, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1_000 });

describe('POST /quotes', () => {
  it('takes a payment rail the external destination is paid over, carries it to the transaction, and refuses any other with the rails it has', async () => {
    const wire = await quote({ sourceType: 'ACCOUNT', accountId: jane.accountId }, { destinationType: 'ACCOUNT', accountId: jane.externalId, paymentRail: 'WIRE' });
    expect(wire.status, JSON.stringify(wire.body)).toBe(201);
    expect((await client.post(`/quotes/${wire.body.id}/execute`, {})).status).toBe(200);
    expect((await client.get(`/transactions/${wire.body.transactionId}`)).body.paymentRail).toBe('WIRE');

    const plain = await quote({ sourceType: 'ACCOUNT', accountId: jane.accountId }, { destinationType: 'ACCOUNT', accountId: jane.externalId });
    expect((await client.post(`/quotes/${plain.body.id}/execute`, {})).status).toBe(200);
    expect((await client.get(`/transactions/${plain.body.transactionId}`)).body.paymentRail).toBeUndefined();

    const sepa = await quote({ sourceType: 'ACCOUNT', accountId: jane.accountId }, { destinationType: 'ACCOUNT', accountId: jane.externalId, paymentRail: 'SEPA' });
    expect(sepa.status).toBe(400);
    expect(sepa.body).toMatchObject({
      code: 'INVALID_INPUT',
      details: { errors: [{ field: 'destination.paymentRail', message: 'This account is paid over ACH, WIRE, RTP, FEDNOW', constraint: { enum: ['ACH', 'WIRE', 'RTP', 'FEDNOW'] } }] },
    });
  });

  it('takes source.customerId only when the source account is that customer\'s', async () => {
    const own = await quote({ sourceType: 'ACCOUNT', accountId: jane.accountId, customerId: jane.customerId }, { destinationType: 'ACCOUNT', accountId: jane.externalId });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const other = await quote({ sourceType: 'ACCOUNT', accountId: jane.accountId, customerId: john.customerId }, { destinationType: 'ACCOUNT', accountId: jane.externalId });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({
      code: 'INVALID_INPUT',
      details: { errors: [{ field: 'source.customerId', message: `Account ${jane.accountId} does not belong to ${john.customerId}` }] },
    });
  });

  it('pulls from an external account only into an internal account (400 INVALID_REQUEST_FORMAT on destination.accountId)', async () => {
    const pull = await quote({ sourceType: 'ACCOUNT', accountId: jane.externalId }, { destinationType: 'ACCOUNT', accountId: jane.accountId });
    expect(pull.status, JSON.stringify(pull.body)).toBe(201);
    const out = await quote({ sourceType: 'ACCOUNT', accountId: jane.externalId }, { destinationType: 'ACCOUNT', accountId: john.externalId });
    expect(out.status).toBe(400);
    expect(out.body).toMatchObject({ code: 'INVALID_REQUEST_FORMAT', details: { field: 'destination.accountId' } });
  });

  it('is SELF_PAYMENT from an internal account to itself; an external account to itself is a pull to a non-internal account first', async () => {
    const self = await quote({ sourceType: 'ACCOUNT', accountId: jane.accountId }, { destinationType: 'ACCOUNT', accountId: jane.accountId });
    expect(self.status).toBe(400);
    expect(self.body.code).toBe('SELF_PAYMENT');
    const external = await quote({ sourceType: 'ACCOUNT', accountId: jane.externalId }, { destinationType: 'ACCOUNT', accountId: jane.externalId });
    expect(external.status).toBe(400);
    expect(external.body).toMatchObject({ code: 'INVALID_REQUEST_FORMAT', details: { field: 'destination.accountId' } });
  });
});
