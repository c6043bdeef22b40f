/** wallet: the seeded Global Account is funded, has its EMAIL_OTP credential, and signs in and spends with a real client key. */
import { describe, expect, it } from 'vitest';
import { otpLogin, signed } from '../wallet/helpers.js';
import { customerByPlatformId, scenarioClient } from './helpers.js';

describe('wallet', () => {
  it('shows the funded wallet and its EMAIL_OTP credential; an OTP sign-in works and its key signs a payment out', async () => {
    const client = scenarioClient('wallet');
    expect((await client.get('/config')).body.embeddedWalletConfig).toMatchObject({ appName: expect.any(String) });
    const owner = await customerByPlatformId(client, 'wallet-owner');
    expect(owner.email).toBe('wallet@example.com');

    const wallets = await client.get(`/customers/internal-accounts?customerId=${owner.id}&type=EMBEDDED_WALLET`);
    expect(wallets.status).toBe(200);
    expect(wallets.body.data).toHaveLength(1);
    const wallet = wallets.body.data[0];
    expect(wallet).toMatchObject({ type: 'EMBEDDED_WALLET', status: 'ACTIVE', balance: { amount: 50_000, currency: { code: 'USD' } }, totalBalance: { amount: 50_000 } });

    const credentials = await client.get(`/auth/credentials?accountId=${wallet.id}`);
    expect(credentials.status).toBe(200);
    expect(credentials.body.data).toHaveLength(1);
    expect(credentials.body.data[0]).toMatchObject({ accountId: wallet.id, type: 'EMAIL_OTP', nickname: 'wallet@example.com' });

    const { session, key } = await otpLogin(client, credentials.body.data[0].id);
    expect(session).toMatchObject({ accountId: wallet.id });
    expect((await client.get(`/auth/sessions?accountId=${wallet.id}`)).body.data).toHaveLength(1);

    // Money leaving the wallet is a signed retry: the session key from the OTP sign-in signs it.
    const address = '$success.usd@sandbox.uma.local';
    const lookup = await client.get(`/receiver/uma/${encodeURIComponent(address)}`);
    const quote = await client.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: wallet.id },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: address },
      lookupId: lookup.body.lookupId,
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 1000,
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    const executed = await signed(client, 'POST', `/quotes/${quote.body.id}/execute`, {}, key);
    expect(executed.status, JSON.stringify(executed.body)).toBe(200);
    expect(executed.body.status).toBe('COMPLETED');
    const after = (await client.get(`/customers/internal-accounts?customerId=${owner.id}&type=EMBEDDED_WALLET`)).body.data[0];
    expect(after.balance.amount).toBe(49_000);
  });
});
