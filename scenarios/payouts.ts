/**
 * payouts: a funded sender with one USD external account per distinct
 * accountTransfer / quoteExecution suffix (the tables share 002-005).
 */
import type { Tenant } from '../src/store/tenant.js';
import { createCustomer } from '../src/areas/customers/customers.service.js';
import { primaryAccountOf, fundInternalAccount } from '../src/areas/internal-accounts/internal-accounts.service.js';
import { createExternalAccount } from '../src/areas/external-accounts/external-accounts.service.js';

const address = { line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' };

/** 000 is the "any other" (success) row of both tables. */
const PAYOUT_SUFFIXES = ['000', '002', '003', '004', '005', '006', '007'] as const;

export const payouts = {
  name: 'payouts',
  description:
    'A sender with $10,000.00 in USD and USD external accounts ending 000 and 002-007, one per transfer and quote-execution outcome; the UMA receivers $success.usd, $success.eur, $success.mxn, $pending.long.usd and $fail.compliance.usd @sandbox.uma.local work as destinations too',
  apply(tenant: Tenant): void {
    const sender = createCustomer(tenant, {
      customerType: 'INDIVIDUAL',
      platformCustomerId: 'payouts-sender',
      fullName: 'Sam Sender',
      birthDate: '1990-01-31',
      nationality: 'US',
      email: 'sam@example.com',
      address,
      currencies: ['USD'],
    });
    fundInternalAccount(tenant, primaryAccountOf(tenant, sender.id)!.id, 1_000_000);
    for (const suffix of PAYOUT_SUFFIXES) {
      createExternalAccount(tenant, {
        customerId: sender.id,
        currency: 'USD',
        platformAccountId: `payouts-usd-${suffix}`,
        accountInfo: {
          accountType: 'USD_ACCOUNT',
          accountNumber: `000123456${suffix}`,
          routingNumber: '021000021',
          beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Sam Sender', countryOfResidence: 'US' },
        },
      });
    }
  },
};
