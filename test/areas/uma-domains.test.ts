/**
 * The sandbox UMA receivers answer at the service's guides' domain
 * (sandbox.uma.money) and at the public description's example domain
 * (sandbox.grid.uma.money) as at the sandbox's own (sandbox.uma.local), in
 * any letter case: the lookup, the quote and the payment's outcome are the
 * same. A domain that only looks like one of them is somewhere else: the
 * unknown-domain answer, 400 LOOKUP_REQUEST_FAILED.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { individual, makeSandbox, type Client } from '../helpers.js';

const DOMAINS = ['sandbox.uma.local', 'sandbox.uma.money', 'sandbox.grid.uma.money', 'SANDBOX.UMA.MONEY', 'Sandbox.Grid.Uma.Money'];

/** Each receiver of the rule table, the currency it receives and the status its payment ends the request in. */
const RECEIVERS: Array<[string, string, string]> = [
  ['$success.usd', 'USD', 'COMPLETED'],
  ['$success.eur', 'EUR', 'COMPLETED'],
  ['$success.mxn', 'MXN', 'COMPLETED'],
  ['$pending.long.usd', 'USD', 'PROCESSING'],
  ['$fail.compliance.usd', 'USD', 'FAILED'],
];

let client: Client;
let accountId: string;

beforeEach(async () => {
  client = makeSandbox().client();
  const customer = (await client.post('/customers', individual())).body;
  accountId = (await client.get(`/customers/internal-accounts?customerId=${customer.id}&currency=USD`)).body.data[0].id;
  expect((await client.post(`/sandbox/internal-accounts/${accountId}/fund`, { amount: 1_000_000 })).status).toBe(200);
});

const lookup = (address: string) => client.get(`/receiver/uma/${encodeURIComponent(address)}`);

describe('sandbox UMA receivers at every sandbox domain', () => {
  for (const domain of DOMAINS) {
    it.each(RECEIVERS)(`%s@${domain}: receives %s, the payment is %s`, async (user, currency, status) => {
      const address = `${user}@${domain}`;
      const found = await lookup(address);
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      expect(found.body.receiverUmaAddress).toBe(address);
      expect(found.body.supportedCurrencies.map((c: any) => c.currency.code)).toEqual([currency]);
      const quote = await client.post('/quotes', {
        source: { sourceType: 'ACCOUNT', accountId },
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: address },
        lookupId: found.body.lookupId,
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 1_000,
      });
      expect(quote.status, JSON.stringify(quote.body)).toBe(201);
      expect(quote.body.receivingCurrency.code).toBe(currency);
      const executed = await client.post(`/quotes/${quote.body.id}/execute`, {});
      expect(executed.status).toBe(200);
      const transaction = (await client.get(`/transactions/${quote.body.transactionId}`)).body;
      expect(transaction).toMatchObject({ status, destination: { destinationType: 'UMA_ADDRESS', umaAddress: address } });
      if (status === 'FAILED') expect(transaction.failureReason).toBe('COMPLIANCE_REJECTED');
    });
  }

  it.each(['sandbox.uma.money', 'SANDBOX.GRID.UMA.MONEY'])('nobody at %s is 404 UMA_NOT_FOUND, as on the sandbox domain', async (domain) => {
    const res = await lookup(`$nobody@${domain}`);
    expect([res.status, res.body.code]).toEqual([404, 'UMA_NOT_FOUND']);
  });

  it.each(['sandbox.uma.money.evil', 'xsandbox.uma.money', 'sandbox.uma.moneyx', 'uma.money', 'grid.uma.money'])(
    'a near miss, $success.usd@%s, is another domain: 400 LOOKUP_REQUEST_FAILED',
    async (domain) => {
      const res = await lookup(`$success.usd@${domain}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('LOOKUP_REQUEST_FAILED');
      expect(res.body.reason).toContain('sandbox.uma.local, sandbox.uma.money, sandbox.grid.uma.money');
    },
  );
});
