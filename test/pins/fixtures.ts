/** Starting points the pins share: an active funded card, and a funded USD customer with a payee. */
import { expect } from 'vitest';
import { individual, makeSandbox, usdAccount, type Client } from '../helpers.js';

/** A regulated tenant's customer with an ACTIVE virtual card on its USD account holding `funds`. */
export async function activeCard(funds = 10_000) {
  const sandbox = makeSandbox();
  const client = sandbox.client();
  expect((await client.patch('/config', { isRegulatedFinancialInstitution: true })).status).toBe(200);
  const customer = (await client.post('/customers', individual({ fullName: 'Card Holder' }))).body;
  const usd = (await client.get(`/customers/internal-accounts?customerId=${customer.id}&currency=USD`)).body.data[0].id as string;
  const card = (await client.post('/cards', { customerId: customer.id, form: 'VIRTUAL', fundingSource: usd })).body;
  expect((await client.post('/__admin/clock/advance', { seconds: 5 })).status).toBe(200);
  if (funds > 0) await client.post(`/sandbox/internal-accounts/${usd}/fund`, { amount: funds });
  return { client, app: sandbox.app, customerId: customer.id as string, usd, cardId: card.id as string };
}

/** A customer whose USD account holds `funds`, and its external USD account numbered `payeeNumber` (its suffix picks the outcome). */
export async function fundedCustomer(payeeNumber = '000000001', funds = 10_000, client: Client = makeSandbox().client()) {
  const customer = (await client.post('/customers', individual())).body;
  const accountId = (await client.get(`/customers/internal-accounts?customerId=${customer.id}&currency=USD`)).body.data[0].id as string;
  expect((await client.post(`/sandbox/internal-accounts/${accountId}/fund`, { amount: funds })).status).toBe(200);
  const payee = (await client.post('/customers/external-accounts', usdAccount(customer.id, payeeNumber))).body.id as string;
  const available = async () => (await client.get(`/customers/internal-accounts?customerId=${customer.id}&currency=USD`)).body.data[0].balance.amount as number;
  return { client, customerId: customer.id as string, accountId, payee, available };
}

/** The sandbox clock's now, as the API writes instants. */
export const clockNow = async (client: Client) => (await client.get('/__admin/clock')).body.now as string;

export const advance = async (client: Client, seconds: number) => expect((await client.post('/__admin/clock/advance', { seconds })).status).toBe(200);

/** The tenant's events of `type`, newest first. */
export const eventsOf = async (client: Client, type: string) => (await client.get(`/__admin/events?type=${type}&limit=100`)).body.data as { data: any }[];

/** A customer's USD internal account as GET shows it. */
export const usdAccountOf = async (client: Client, customerId: string) => (await client.get(`/customers/internal-accounts?customerId=${customerId}&currency=USD`)).body.data[0];

/** A quote the customer funds in real time (USD, 10.00 sent) to `accountId`. */
export const realtimeQuote = async (client: Client, customerId: string, accountId: string) =>
  (await client.post('/quotes', { source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId }, destination: { destinationType: 'ACCOUNT', accountId }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1_000 })).body;
