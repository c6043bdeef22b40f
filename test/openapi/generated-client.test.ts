/**
 * A client generated from the served document, as a client developer would
 * make one: openapi-typescript types (test/generated/sandbox-api.d.ts, kept
 * current by client-types.test.ts) and openapi-fetch. One flow per area,
 * fully type-checked by `npm run typecheck`; errors are switched on by
 * their typed `code`.
 */
import createClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { generateSessionKey, encryptOtpBundle, stampPayload } from '../../src/client/index.js';
import type { paths } from '../generated/sandbox-api.js';
import type { paths as controlPaths } from '../generated/control-api.js';
import { fixtureFile, makeSandbox } from '../helpers.js';
import { basic, checkedFetch } from '../support/typed-fetch.js';

const address = { line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' };

function clients(tenant: string) {
  const sandbox = makeSandbox();
  const fetch = checkedFetch(sandbox.app, basic(tenant));
  return {
    api: createClient<paths>({ baseUrl: 'http://sandbox.test/2025-10-13', fetch }),
    control: createClient<controlPaths>({ baseUrl: 'http://sandbox.test/', fetch }),
  };
}

/** The data of a successful call; the test fails with the typed error otherwise. */
function ok<T>(result: { data?: T; error?: unknown; response: Response }): T {
  expect(result.error, `${result.response.status} ${JSON.stringify(result.error)}`).toBeUndefined();
  return result.data as T;
}

describe('a client generated from GET /openapi.json', () => {
  it('platform configuration', async () => {
    const { api } = clients('typed-config');
    const config = ok(await api.GET('/config'));
    const updated = ok(await api.PATCH('/config', { body: { isRegulatedFinancialInstitution: !config.isRegulatedFinancialInstitution } }));
    expect(updated.isRegulatedFinancialInstitution).toBe(!config.isRegulatedFinancialInstitution);
  });

  it('customers, with typed error codes', async () => {
    const { api } = clients('typed-customers');
    const created = ok(await api.POST('/customers', { body: { customerType: 'INDIVIDUAL', fullName: 'Typed Person', email: 'typed@example.com', platformCustomerId: 'typed-1' } }));
    const duplicate = await api.POST('/customers', { body: { customerType: 'INDIVIDUAL', fullName: 'Twin', platformCustomerId: 'typed-1' } });
    const code = duplicate.error?.code;
    switch (code) {
      // The compiler knows the codes this operation can answer with.
      case 'CONFLICT':
      case 'UMA_ADDRESS_EXISTS':
        expect(duplicate.response.status).toBe(409);
        break;
      default:
        throw new Error(`unexpected ${String(code)}`);
    }
    const page = ok(await api.GET('/customers', { params: { query: { limit: 10, isIncludingDeleted: true } } }));
    expect(page.data.map((c) => c.id)).toContain(created.id);
    expect(ok(await api.GET('/customers/{customerId}', { params: { path: { customerId: created.id } } })).id).toBe(created.id);
    ok(await api.PATCH('/customers/{customerId}', { params: { path: { customerId: created.id } }, body: { customerType: 'INDIVIDUAL', nationality: 'US' } }));
    const deleted = ok(await api.DELETE('/customers/{customerId}', { params: { path: { customerId: created.id } } }));
    expect(deleted.isDeleted).toBe(true);
    const gone = await api.DELETE('/customers/{customerId}', { params: { path: { customerId: created.id } } });
    expect(gone.error?.code).toBe('CUSTOMER_DELETED');
  });

  it('documents, beneficial owners and verifications', async () => {
    const { api } = clients('typed-kyb');
    const business = ok(
      await api.POST('/customers', {
        body: { customerType: 'BUSINESS', address, businessInfo: { legalName: 'Typed Inc', country: 'US', registrationNumber: 'REG-000', incorporatedOn: '2015-06-01', taxId: '12-3456789' } },
      }),
    );
    const owner = ok(
      await api.POST('/beneficial-owners', {
        body: { customerId: business.id, roles: ['UBO'], ownershipPercentage: 50, personalInfo: { firstName: 'Ann', lastName: 'Lee', birthDate: '1980-02-02', nationality: 'US', address, idType: 'SSN', identifier: '987-65-4321' } },
      }),
    );
    expect(ok(await api.GET('/beneficial-owners', { params: { query: { customerId: business.id } } })).data).toHaveLength(1);
    const document = ok(
      await api.POST('/documents', {
        body: { documentHolder: owner.id, documentType: 'PASSPORT', country: 'US', file: '' },
        bodySerializer: (body) => {
          const form = new FormData();
          for (const [name, value] of Object.entries(body)) if (name !== 'file') form.append(name, String(value));
          form.append('file', fixtureFile('passport.png'));
          return form;
        },
      }),
    );
    expect(document.documentHolder).toBe(owner.id);
    const verification = ok(await api.POST('/verifications', { body: { customerId: business.id } }));
    expect(verification.verificationStatus).toBe('RESOLVE_ERRORS');
    expect(ok(await api.GET('/verifications/{verificationId}', { params: { path: { verificationId: verification.id } } })).id).toBe(verification.id);
    const link = ok(await api.POST('/customers/{customerId}/kyc-link', { params: { path: { customerId: business.id } }, body: {} }));
    expect(link.kycUrl).toMatch(/^http/);
  });

  it('internal and external accounts, rates, discoveries and lookups', async () => {
    const { api } = clients('typed-accounts');
    const customer = ok(await api.POST('/customers', { body: { customerType: 'INDIVIDUAL', fullName: 'Acct Holder', currencies: ['USD'] } }));
    const internal = ok(await api.GET('/customers/internal-accounts', { params: { query: { customerId: customer.id } } })).data[0]!;
    expect(internal.balance.amount).toBe(0);
    ok(await api.GET('/platform/internal-accounts', {}));
    const account = ok(
      await api.POST('/customers/external-accounts', {
        body: { customerId: customer.id, currency: 'MXN', accountInfo: { accountType: 'MXN_ACCOUNT', clabeNumber: '002010077777777771', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Acct Holder' } } },
      }),
    );
    expect(account.accountInfo.accountType).toBe('MXN_ACCOUNT');
    expect(ok(await api.GET('/customers/external-accounts', { params: { query: { customerId: customer.id } } })).data).toHaveLength(1);
    const rates = ok(await api.GET('/exchange-rates', { params: { query: { sourceCurrency: 'USD', destinationCurrency: ['MXN', 'EUR'] } } }));
    expect(new Set(rates.data.map((r) => r.destinationCurrency.code))).toEqual(new Set(['MXN', 'EUR']));
    expect(ok(await api.GET('/discoveries', { params: { query: { country: 'MX' } } })).data.length).toBeGreaterThan(0);
    const lookup = ok(await api.GET('/receiver/external-account/{accountId}', { params: { path: { accountId: account.id }, query: { customerId: customer.id } } }));
    expect(lookup.lookupId).toMatch(/^Lookup:/);
    const unknown = await api.GET('/customers/external-accounts/{externalAccountId}', { params: { path: { externalAccountId: 'ExternalAccount:nope' } } });
    expect(unknown.error?.code).toBe('REFERENCE_NOT_FOUND');
  });

  it('quotes, transfers, transactions and sandbox money', async () => {
    const { api } = clients('typed-money');
    const customer = ok(await api.POST('/customers', { body: { customerType: 'INDIVIDUAL', fullName: 'Money Mover', currencies: ['USD'] } }));
    const usd = ok(await api.GET('/customers/internal-accounts', { params: { query: { customerId: customer.id } } })).data[0]!.id;
    ok(await api.POST('/sandbox/internal-accounts/{accountId}/fund', { params: { path: { accountId: usd } }, body: { amount: 100_000 } }));
    const bank = ok(
      await api.POST('/customers/external-accounts', {
        body: { customerId: customer.id, currency: 'USD', accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '000123456789', routingNumber: '021000021', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Money Mover' } } },
      }),
    );
    const quote = ok(
      await api.POST('/quotes', { body: { source: { sourceType: 'ACCOUNT', accountId: usd }, destination: { destinationType: 'ACCOUNT', accountId: bank.id }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 10_000 } }),
    );
    const executed = ok(await api.POST('/quotes/{quoteId}/execute', { params: { path: { quoteId: quote.id }, header: { 'Idempotency-Key': 'typed-1' } } }));
    expect('status' in executed && executed.status).toBe('COMPLETED');
    const broke = await api.POST('/transfer-out', { body: { source: { accountId: usd }, destination: { accountId: bank.id }, amount: 10_000_000 } });
    expect(broke.error?.code).toBe('INSUFFICIENT_FUNDS');
    ok(await api.POST('/transfer-in', { body: { source: { accountId: bank.id }, destination: { accountId: usd }, amount: 500 } }));
    const transactions = ok(await api.GET('/transactions', { params: { query: { customerId: customer.id } } }));
    expect(transactions.data.length).toBeGreaterThanOrEqual(2);
    const test = await api.POST('/sandbox/webhooks/test', {});
    expect(test.error?.code).toBe('WEBHOOK_ENDPOINT_NOT_SET');
  });

  it('embedded-wallet auth: OTP sign-in and a signed retry', async () => {
    const { api } = clients('typed-wallet');
    ok(await api.PATCH('/config', { body: { embeddedWalletConfig: { appName: 'Typed Wallet' } } }));
    const customer = ok(await api.POST('/customers', { body: { customerType: 'INDIVIDUAL', fullName: 'Wanda Wallet', email: 'wanda@example.com' } }));
    const wallet = ok(await api.GET('/customers/internal-accounts', { params: { query: { customerId: customer.id, type: 'EMBEDDED_WALLET' } } })).data[0]!.id;
    const credential = ok(await api.GET('/auth/credentials', { params: { query: { accountId: wallet } } })).data[0]!;
    const challenge = ok(await api.POST('/auth/credentials/{id}/challenge', { params: { path: { id: credential.id } }, body: {} }));
    if (!('otpEncryptionTargetBundle' in challenge) || !challenge.otpEncryptionTargetBundle) throw new Error('an OTP challenge carries its target bundle');
    const key = generateSessionKey();
    const body = { type: 'EMAIL_OTP' as const, encryptedOtpBundle: await encryptOtpBundle({ otpEncryptionTargetBundle: challenge.otpEncryptionTargetBundle, sessionKey: key }) };
    const first = await api.POST('/auth/credentials/{id}/verify', { params: { path: { id: credential.id } }, body });
    expect(first.response.status).toBe(202);
    const retry = first.data as { payloadToSign: string; requestId: string };
    const session = ok(
      await api.POST('/auth/credentials/{id}/verify', {
        params: { path: { id: credential.id }, header: { 'Service-Wallet-Signature': stampPayload(retry.payloadToSign, key), 'Request-Id': retry.requestId } },
        body,
      }),
    );
    expect('id' in session && session.id).toMatch(/^Session:/);
    expect(ok(await api.GET('/auth/sessions', { params: { query: { accountId: wallet } } })).data).toHaveLength(1);
    const unsigned = await api.PATCH('/internal-accounts/{id}', { params: { path: { id: wallet }, header: { 'Service-Wallet-Signature': 'not-a-stamp', 'Request-Id': 'Request:nope' } }, body: { privateEnabled: true } });
    expect(unsigned.error?.code).toBe('WALLET_SIGNATURE_MALFORMED');
  });

  it('cards and the sandbox card network, and the control plane from its own document', async () => {
    const { api, control } = clients('typed-cards');
    ok(await api.PATCH('/config', { body: { isRegulatedFinancialInstitution: true } }));
    const holder = ok(await api.POST('/customers', { body: { customerType: 'INDIVIDUAL', fullName: 'Cara Holder', currencies: ['USD'] } }));
    const usd = ok(await api.GET('/customers/internal-accounts', { params: { query: { customerId: holder.id } } })).data[0]!.id;
    ok(await api.POST('/sandbox/internal-accounts/{accountId}/fund', { params: { path: { accountId: usd } }, body: { amount: 50_000 } }));
    const card = ok(await api.POST('/cards', { body: { customerId: holder.id, form: 'VIRTUAL', fundingSource: usd } }));
    expect(card.status).toBe('PROCESSING');
    const advanced = ok(await control.POST('/__admin/clock/advance', { body: { seconds: 5 } }));
    expect(advanced.ran.length).toBeGreaterThan(0);
    expect(ok(await api.GET('/cards/{id}', { params: { path: { id: card.id } } })).status).toBe('ACTIVE');
    const authorization = ok(
      await api.POST('/sandbox/cards/{id}/simulate/authorization', { params: { path: { id: card.id } }, body: { amount: 1_200, currency: { code: 'USD' }, merchant: { descriptor: 'TYPED CAFE 000', mcc: '5814', country: 'US' } } }),
    );
    // A declined authorization answers the network's decline, with no card transaction.
    if (!('id' in authorization)) throw new Error(`declined: ${authorization.declineReason}`);
    ok(await api.POST('/sandbox/cards/{id}/simulate/clearing', { params: { path: { id: card.id } }, body: { cardTransactionId: authorization.id, amount: 1_200 } }));
    expect(ok(await api.GET('/cards/{id}/transactions', { params: { path: { id: card.id } } })).data).toHaveLength(1);
    const frozen = ok(await api.PATCH('/cards/{id}', { params: { path: { id: card.id } }, body: { status: 'FROZEN' } }));
    expect(frozen.status).toBe('FROZEN');
    expect(ok(await control.GET('/__admin/health', {})).tenant).toBe('typed-cards');
  });
});
