/**
 * Internal accounts at their edges: funding instructions pinned to exact
 * values for accounts whose check digits need care (an IBAN check below 10,
 * a CLABE sum not a multiple of 5) and for a deposit network; a customer's
 * primary account; the cursor of the customer list; what funding touches.
 */
import { describe, expect, it } from 'vitest';
import { individual, makeSandbox, TEST_EPOCH_MS } from '../helpers.js';
import { isoAt } from '../../src/core/clock.js';
import { fundingInstructionsFor } from '../../src/areas/internal-accounts/funding-instructions.js';
import { openInternalAccount, primaryAccountOf } from '../../src/areas/internal-accounts/internal-accounts.service.js';

const NOTE = 'Include the reference so the deposit is credited to this account.';

describe('funding instructions, exactly', () => {
  it('pads an IBAN check number below 10 to two digits', () => {
    expect(fundingInstructionsFor('InternalAccount:eur-11', 'EUR', false)).toEqual([
      {
        instructionsNotes: NOTE,
        isPlatformAccount: false,
        accountOrWalletInfo: { accountType: 'EUR_ACCOUNT', iban: 'DE04229357621983382218', swiftCode: 'SNDBDEFFXXX', paymentRails: ['SEPA', 'SEPA_INSTANT'], reference: 'PSBHAZ3FBXX' },
      },
    ]);
    // ISO 7064 mod 97: the check digits 04 make the rearranged number 1 mod 97.
    expect(BigInt('229357621983382218' + '1314' + '04') % 97n).toBe(1n);
  });

  it('ends a CLABE with the 3-7-1 check digit of its first 17 digits (weighted sum 9 mod 10: check digit 1)', () => {
    expect(fundingInstructionsFor('InternalAccount:mxn-0', 'MXN', false)).toEqual([
      { instructionsNotes: NOTE, isPlatformAccount: false, accountOrWalletInfo: { accountType: 'MXN_ACCOUNT', clabeNumber: '002180293597826781', paymentRails: ['SPEI'], reference: 'PSBXWU7UK2R' } },
    ]);
  });

  it('gives a deposit on TRON a TRON address, and one on another EVM network an 0x address', () => {
    expect(fundingInstructionsFor('InternalAccount:tron', 'USDT', true, 'TRON')).toEqual([
      { instructionsNotes: NOTE, isPlatformAccount: true, accountOrWalletInfo: { accountType: 'TRON_WALLET', address: 'Tfbe6bsggSGGm4CyYeCAdBTGuJ9E5n5pbE', assetType: 'USDT' } },
    ]);
    expect(fundingInstructionsFor('InternalAccount:tron', 'USDC', true, 'ETHEREUM')).toEqual([
      { instructionsNotes: NOTE, isPlatformAccount: true, accountOrWalletInfo: { accountType: 'ETHEREUM_WALLET', address: '0x26d05fed22a627d58df7f7660345ac1f5f0b095e', assetType: 'USDC' } },
    ]);
  });
});

describe('internal accounts of a customer', () => {
  async function customerWith(currencies: string[]) {
    const sandbox = makeSandbox();
    const client = sandbox.client();
    const customer = (await client.post('/customers', individual({ currencies }))).body;
    return { client, tenant: sandbox.registry.get('test-client')!, customer };
  }

  it("the primary account is the customer's first fiat account, else its first account", async () => {
    const { client, tenant, customer } = await customerWith(['USDC', 'BTC', 'EUR', 'USD']);
    const accounts = (await client.get(`/customers/internal-accounts?customerId=${customer.id}`)).body.data as Array<{ id: string; balance: { currency: { code: string } } }>;
    const idOf = (code: string) => accounts.find((a) => a.balance.currency.code === code)!.id;
    expect(primaryAccountOf(tenant, customer.id)?.id).toBe(idOf('EUR'));
    const crypto = await customerWith(['USDC', 'BTC']);
    const cryptoAccounts = (await crypto.client.get(`/customers/internal-accounts?customerId=${crypto.customer.id}`)).body.data as Array<{ id: string; balance: { currency: { code: string } } }>;
    expect(primaryAccountOf(crypto.tenant, crypto.customer.id)?.id).toBe(cryptoAccounts.find((a) => a.balance.currency.code === 'USDC')!.id);
    expect(primaryAccountOf(tenant, 'Customer:none')).toBeUndefined();
  });

  it("an account in a currency the catalogue does not know is fiat; only the platform's own accounts are flagged as the platform's", async () => {
    const { tenant, customer } = await customerWith(['USD']);
    const customers = openInternalAccount(tenant, { customerId: customer.id }, 'XTS');
    expect(customers).toMatchObject({ customerId: customer.id, type: 'INTERNAL_FIAT', currency: 'XTS', status: 'ACTIVE' });
    expect(customers.fundingPaymentInstructions.map((i) => i.isPlatformAccount)).toEqual([false]);
    const platforms = openInternalAccount(tenant, {}, 'XTS');
    expect(platforms.customerId).toBeUndefined();
    expect(platforms.fundingPaymentInstructions.map((i) => i.isPlatformAccount)).toEqual([true]);
  });

  it('pages newest first and goes on from the cursor', async () => {
    const { client, customer } = await customerWith(['USD', 'EUR', 'MXN']);
    const first = (await client.get(`/customers/internal-accounts?customerId=${customer.id}&limit=2`)).body;
    expect({ codes: first.data.map((a: any) => a.balance.currency.code), hasMore: first.hasMore, totalCount: first.totalCount }).toEqual({ codes: ['MXN', 'EUR'], hasMore: true, totalCount: 3 });
    const second = (await client.get(`/customers/internal-accounts?customerId=${customer.id}&limit=2&cursor=${encodeURIComponent(first.nextCursor)}`)).body;
    expect({ codes: second.data.map((a: any) => a.balance.currency.code), hasMore: second.hasMore, totalCount: second.totalCount, nextCursor: second.nextCursor }).toEqual({
      codes: ['USD'],
      hasMore: false,
      totalCount: 3,
      nextCursor: undefined,
    });
  });

  it('funding moves updatedAt to the time of the funding', async () => {
    const { client, customer } = await customerWith(['USD']);
    const account = (await client.get(`/customers/internal-accounts?customerId=${customer.id}`)).body.data[0];
    expect(account.updatedAt).toBe(isoAt(TEST_EPOCH_MS));
    await client.post('/__admin/clock/advance', { seconds: 90 });
    const funded = await client.post(`/sandbox/internal-accounts/${account.id}/fund`, { amount: 700 });
    expect(funded.body).toMatchObject({ id: account.id, createdAt: isoAt(TEST_EPOCH_MS), updatedAt: isoAt(TEST_EPOCH_MS + 90_000), balance: { amount: 700 } });
  });
});
