/**
 * starter: one individual and one business customer with funded USD
 * accounts, and external accounts that show the main sandbox outcomes.
 */
import type { Tenant } from '../src/store/tenant.js';
import { createCustomer } from '../src/areas/customers/customers.service.js';
import { primaryAccountOf, fundInternalAccount } from '../src/areas/internal-accounts/internal-accounts.service.js';
import { createExternalAccount } from '../src/areas/external-accounts/external-accounts.service.js';

const address = { line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' };

export const starter = {
  name: 'starter',
  description: 'An individual and a business with $1,000.00 each, and USD/EUR external accounts with MATCHED, PARTIAL_MATCH and failing-transfer suffixes',
  apply(tenant: Tenant): void {
    const alice = createCustomer(tenant, {
      customerType: 'INDIVIDUAL',
      platformCustomerId: 'starter-alice',
      fullName: 'Alice Example',
      birthDate: '1990-01-31',
      nationality: 'US',
      email: 'alice@example.com',
      address,
      idType: 'SSN',
      identifier: '123-45-6789',
      currencies: ['USD'],
    });
    const acme = createCustomer(tenant, {
      customerType: 'BUSINESS',
      platformCustomerId: 'starter-acme',
      address,
      businessInfo: { legalName: 'Acme Example Inc', country: 'US', registrationNumber: 'REG-10000', incorporatedOn: '2015-06-01', taxId: '12-3456789' },
      currencies: ['USD'],
    });
    for (const customer of [alice, acme]) {
      const account = primaryAccountOf(tenant, customer.id);
      if (account) fundInternalAccount(tenant, account.id, 100_000);
    }
    const beneficiary = { beneficiaryType: 'INDIVIDUAL' as const, fullName: 'Alice Example', countryOfResidence: 'US' };
    const usd = (accountNumber: string) =>
      createExternalAccount(tenant, {
        customerId: alice.id,
        currency: 'USD',
        platformAccountId: `starter-usd-${accountNumber.slice(-3)}`,
        accountInfo: { accountType: 'USD_ACCOUNT', accountNumber, routingNumber: '021000021', beneficiary },
      });
    usd('000123456000');
    usd('000123456002');
    usd('000123456005');
    createExternalAccount(tenant, {
      customerId: alice.id,
      currency: 'EUR',
      platformAccountId: 'starter-eur-103',
      accountInfo: { accountType: 'EUR_ACCOUNT', iban: 'DE89370400440532013103', beneficiary },
    });
  },
};
