/** cards: the seeded card is ACTIVE with nothing left pending, and authorizes against its funded account. */
import { describe, expect, it } from 'vitest';
import { advance, customerByPlatformId, scenarioClient } from './helpers.js';

describe('cards', () => {
  it('has an APPROVED cardholder on a regulated platform and an ACTIVE card; a 000 descriptor is AUTHORIZED and debits the funding source', async () => {
    const client = scenarioClient('cards');
    expect((await client.get('/config')).body.isRegulatedFinancialInstitution).toBe(true);
    const holder = await customerByPlatformId(client, 'cards-holder');
    expect(holder.kycStatus).toBe('APPROVED');
    const account = (await client.get(`/customers/internal-accounts?customerId=${holder.id}&currency=USD`)).body.data[0];
    expect(account.balance.amount).toBe(100_000);

    const list = await client.get('/cards');
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    const card = list.body.data[0];
    expect(card).toMatchObject({ customerId: holder.id, status: 'ACTIVE', form: 'VIRTUAL', fundingSource: account.id, currency: 'USD' });
    // Activated in the scenario: no activation job is left to fire later.
    expect((await client.get('/__admin/clock')).body.pendingJobs).toEqual([]);
    expect((await client.get('/__admin/events?type=CARD.STATUS_CHANGE')).body.data).toMatchObject([{ data: { id: card.id, status: 'ACTIVE' } }]);

    const auth = await client.post(`/sandbox/cards/${card.id}/simulate/authorization`, {
      amount: 2_500,
      currency: { code: 'USD' },
      merchant: { descriptor: 'COFFEE SHOP 000', mcc: '5814', country: 'US' },
    });
    expect(auth.status).toBe(200);
    expect(auth.body).toMatchObject({ type: 'CARD', status: 'AUTHORIZED', cardId: card.id, accountId: account.id, authorizedAmount: 2_500 });
    const after = (await client.get(`/customers/internal-accounts?customerId=${holder.id}&currency=USD`)).body.data[0];
    expect({ balance: after.balance.amount, total: after.totalBalance.amount }).toEqual({ balance: 97_500, total: 97_500 });

    // Later clock time changes nothing about the card.
    await advance(client, 60);
    expect((await client.get(`/cards/${card.id}`)).body.status).toBe('ACTIVE');
  });
});
