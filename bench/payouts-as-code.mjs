/**
 * The bench's reference for loading a preset: the payouts preset as it was
 * written in code before it became scenarios/payouts.yaml, calling the
 * compiled services directly, and what POST /__admin/scenarios did after
 * its reset (the settle, uncounted; the commit). Bench-only: the sandbox
 * itself no longer has it.
 */
import { createCustomer } from '../dist/src/areas/customers/customers.service.js';
import { fundInternalAccount, primaryAccountOf } from '../dist/src/areas/internal-accounts/internal-accounts.service.js';
import { createExternalAccount } from '../dist/src/areas/external-accounts/external-accounts.service.js';

const address = { line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' };

/** 000 is the "any other" (success) row of both tables. */
const PAYOUT_SUFFIXES = ['000', '002', '003', '004', '005', '006', '007'];

function applyPayouts(tenant) {
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
  fundInternalAccount(tenant, primaryAccountOf(tenant, sender.id).id, 1_000_000);
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
}

/** A freshly reset tenant gets the payouts preset, as the code preset's load did; then its changes are committed. */
export async function applyPayoutsAsCode(registry, tenant) {
  tenant.coverage.quietly(() => {
    applyPayouts(tenant);
    tenant.settle();
  });
  const written = registry.commitDirty();
  if (written) await written;
}
