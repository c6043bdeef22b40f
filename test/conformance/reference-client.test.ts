/**
 * A client generated from the public reference description (openapi-typescript
 * types in test/reference/reference-api.d.ts, openapi-fetch), as a platform
 * written against the real service has: one flow per area, compiled against
 * the reference's types and run unchanged against the sandbox. Responses are
 * also checked against the sandbox's own served document, like every other
 * response a test receives.
 */
import createClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { encryptOtpBundle, generateSessionKey, stampPayload } from '../../src/client/index.js';
import type { paths } from '../reference/reference-api.js';
import { makeSandbox } from '../helpers.js';
import { basic, checkedFetch } from '../support/typed-fetch.js';

const address = { line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' };

function referenceClient(tenant: string) {
  const sandbox = makeSandbox();
  return createClient<paths>({ baseUrl: 'http://sandbox.test/2025-10-13', fetch: checkedFetch(sandbox.app, basic(tenant)) });
}

function ok<T>(result: { data?: T; error?: unknown; response: Response }): T {
  expect(result.error, `${result.response.status} ${JSON.stringify(result.error)}`).toBeUndefined();
  return result.data as T;
}

describe('a client generated from the reference description, unchanged against the sandbox', () => {
  it('platform configuration and customers', async () => {
    const client = referenceClient('ref-customers');
    ok(await client.GET('/config'));
    const customer = ok(
      await client.POST('/customers', {
        body: { customerType: 'INDIVIDUAL', platformCustomerId: 'ref-1', fullName: 'Ref Person', birthDate: '1990-01-31', nationality: 'US', address },
      }),
    );
    const page = ok(await client.GET('/customers', { params: { query: { platformCustomerId: 'ref-1', isIncludingDeleted: false } } }));
    expect(page.data.map((c) => c.id)).toEqual([customer.id]);
    ok(await client.GET('/customers/{customerId}', { params: { path: { customerId: customer.id! } } }));
    ok(await client.PATCH('/customers/{customerId}', { params: { path: { customerId: customer.id! } }, body: { customerType: 'INDIVIDUAL', fullName: 'Ref Person Jr' } }));
    ok(await client.DELETE('/customers/{customerId}', { params: { path: { customerId: customer.id! } } }));
  });

  it('KYC/KYB: beneficial owners and verifications', async () => {
    const client = referenceClient('ref-kyb');
    const business = ok(
      await client.POST('/customers', {
        body: {
          customerType: 'BUSINESS',
          platformCustomerId: 'ref-biz',
          address,
          businessInfo: { legalName: 'Ref Inc', country: 'US', registrationNumber: 'REG-000', incorporatedOn: '2015-06-01', taxId: '12-3456789' },
        },
      }),
    );
    const owner = ok(
      await client.POST('/beneficial-owners', {
        body: {
          customerId: business.id!,
          roles: ['UBO'],
          ownershipPercentage: 40,
          personalInfo: { firstName: 'Ann', lastName: 'Lee', birthDate: '1980-02-02', nationality: 'US', address, idType: 'SSN', identifier: '987-65-4321' },
        },
      }),
    );
    ok(await client.PATCH('/beneficial-owners/{beneficialOwnerId}', { params: { path: { beneficialOwnerId: owner.id } }, body: { ownershipPercentage: 45 } }));
    const verification = ok(await client.POST('/verifications', { body: { customerId: business.id! } }));
    expect(verification.verificationStatus).toBe('RESOLVE_ERRORS');
    ok(await client.GET('/verifications', { params: { query: { customerId: business.id! } } }));
  });

  it('internal and external accounts, exchange rates and discoveries', async () => {
    const client = referenceClient('ref-accounts');
    const customer = ok(await client.POST('/customers', { body: { customerType: 'INDIVIDUAL', platformCustomerId: 'ref-acct', fullName: 'Acct Ref' } }));
    const internal = ok(await client.GET('/customers/internal-accounts', { params: { query: { customerId: customer.id! } } }));
    expect(internal.data.length).toBeGreaterThan(0);
    ok(await client.GET('/platform/internal-accounts'));
    const account = ok(
      await client.POST('/customers/external-accounts', {
        body: {
          customerId: customer.id!,
          currency: 'USD',
          accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '000123456789', routingNumber: '021000021', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Acct Ref' } },
        },
      }),
    );
    ok(await client.GET('/customers/external-accounts/{externalAccountId}', { params: { path: { externalAccountId: account.id } } }));
    ok(await client.GET('/exchange-rates', { params: { query: { sourceCurrency: 'USD', destinationCurrency: ['MXN'], sendingAmount: 10_000 } } }));
    ok(await client.GET('/discoveries', { params: { query: { country: 'MX', currency: 'MXN' } } }));
  });

  it('quotes, transactions and sandbox money', async () => {
    const client = referenceClient('ref-money');
    const customer = ok(await client.POST('/customers', { body: { customerType: 'INDIVIDUAL', platformCustomerId: 'ref-money', fullName: 'Money Ref' } }));
    const usd = ok(await client.GET('/customers/internal-accounts', { params: { query: { customerId: customer.id!, currency: 'USD' } } })).data[0]!.id;
    ok(await client.POST('/sandbox/internal-accounts/{accountId}/fund', { params: { path: { accountId: usd } }, body: { amount: 100_000 } }));
    const bank = ok(
      await client.POST('/customers/external-accounts', {
        body: {
          customerId: customer.id!,
          currency: 'USD',
          accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '000987654321', routingNumber: '021000021', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Money Ref' } },
        },
      }),
    );
    const quote = ok(
      await client.POST('/quotes', {
        body: { source: { sourceType: 'ACCOUNT', accountId: usd }, destination: { destinationType: 'ACCOUNT', accountId: bank.id }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 5_000 },
      }),
    );
    ok(await client.GET('/quotes/{quoteId}', { params: { path: { quoteId: quote.id } } }));
    const executed = ok(await client.POST('/quotes/{quoteId}/execute', { params: { path: { quoteId: quote.id } } }));
    expect(executed.transactionId).toBeDefined();
    ok(await client.GET('/transactions/{transactionId}', { params: { path: { transactionId: executed.transactionId! } } }));
    ok(await client.GET('/transactions', { params: { query: { customerId: customer.id! } } }));
    ok(await client.POST('/transfer-out', { body: { source: { accountId: usd }, destination: { accountId: bank.id }, amount: 100 } }));
  });

  it('embedded-wallet auth', async () => {
    const client = referenceClient('ref-wallet');
    ok(await client.PATCH('/config', { body: { embeddedWalletConfig: { appName: 'Ref Wallet' } } }));
    const customer = ok(await client.POST('/customers', { body: { customerType: 'INDIVIDUAL', platformCustomerId: 'ref-wallet', fullName: 'Wallet Ref', email: 'wallet-ref@example.com' } }));
    const wallet = ok(await client.GET('/customers/internal-accounts', { params: { query: { customerId: customer.id!, type: 'EMBEDDED_WALLET' } } })).data[0]!.id;
    const credential = ok(await client.GET('/auth/credentials', { params: { query: { accountId: wallet } } })).data[0]!;
    const challenge = ok(await client.POST('/auth/credentials/{id}/challenge', { params: { path: { id: credential.id } }, body: {} }));
    const target = (challenge as { otpEncryptionTargetBundle?: string }).otpEncryptionTargetBundle;
    if (!target) throw new Error('an OTP challenge carries its target bundle');
    const key = generateSessionKey();
    const body = { type: 'EMAIL_OTP' as const, encryptedOtpBundle: await encryptOtpBundle({ otpEncryptionTargetBundle: target, sessionKey: key }) };
    const first = await client.POST('/auth/credentials/{id}/verify', { params: { path: { id: credential.id } }, body });
    expect(first.response.status).toBe(202);
    const retry = first.data as { payloadToSign: string; requestId: string };
    const session = ok(
      await client.POST('/auth/credentials/{id}/verify', {
        params: { path: { id: credential.id }, header: { 'Service-Wallet-Signature': stampPayload(retry.payloadToSign, key), 'Request-Id': retry.requestId } },
        body,
      }),
    );
    expect('id' in session && session.id).toMatch(/^Session:/);
    ok(await client.GET('/auth/sessions', { params: { query: { accountId: wallet } } }));
  });

  it('cards and the sandbox card network', async () => {
    const client = referenceClient('ref-cards');
    ok(await client.PATCH('/config', { body: { isRegulatedFinancialInstitution: true } }));
    const holder = ok(await client.POST('/customers', { body: { customerType: 'INDIVIDUAL', platformCustomerId: 'ref-card', fullName: 'Card Ref' } }));
    const usd = ok(await client.GET('/customers/internal-accounts', { params: { query: { customerId: holder.id!, currency: 'USD' } } })).data[0]!.id;
    ok(await client.POST('/sandbox/internal-accounts/{accountId}/fund', { params: { path: { accountId: usd } }, body: { amount: 50_000 } }));
    const card = ok(await client.POST('/cards', { body: { cardholderId: holder.id!, form: 'VIRTUAL', fundingSources: [usd] } }));
    ok(await client.GET('/cards/{id}', { params: { path: { id: card.id } } }));
    ok(await client.GET('/cards', {}));
    const frozen = await client.PATCH('/cards/{id}', { params: { path: { id: card.id } }, body: { state: 'FROZEN' } });
    // Still PROCESSING (activation takes 5 s of sandbox time): a 409 with one of the reference's codes.
    expect(frozen.response.status).toBe(409);
    expect(['INVALID_STATE_TRANSITION', 'CARD_NOT_MUTABLE']).toContain(frozen.error?.code);
  });
});
