/**
 * cards: a regulated platform, so the cardholder is APPROVED at creation,
 * with a funded USD account and a card that is already ACTIVE.
 */
import type { Tenant } from '../src/store/tenant.js';
import { updateConfig } from '../src/areas/config/config.service.js';
import { createCustomer } from '../src/areas/customers/customers.service.js';
import { primaryAccountOf, fundInternalAccount } from '../src/areas/internal-accounts/internal-accounts.service.js';
import { activateCard, issueCard, CARD_ACTIVATION_JOB } from '../src/areas/cards/cards.service.js';

const address = { line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' };

export const cards = {
  name: 'cards',
  description: 'A regulated platform with an APPROVED cardholder, $1,000.00 in a USD account and an ACTIVE virtual card funded from it',
  apply(tenant: Tenant): void {
    // Regulated: the fullName suffix (here "any other") decides KYC at creation: APPROVED.
    updateConfig(tenant, { isRegulatedFinancialInstitution: true });
    const holder = createCustomer(tenant, {
      customerType: 'INDIVIDUAL',
      platformCustomerId: 'cards-holder',
      fullName: 'Casey Cardholder',
      birthDate: '1990-01-31',
      nationality: 'US',
      email: 'casey@example.com',
      address,
      idType: 'SSN',
      identifier: '123-45-6789',
      currencies: ['USD'],
    });
    const account = primaryAccountOf(tenant, holder.id)!;
    fundInternalAccount(tenant, account.id, 100_000);
    const card = issueCard(tenant, { customerId: holder.id, form: 'VIRTUAL', fundingSource: account.id });
    // Run the issuer's activation now rather than 5 s later, and drop its job so nothing is left pending.
    const job = tenant.scheduler.pending().find((j) => j.kind === CARD_ACTIVATION_JOB && j.payload.cardId === card.id)!;
    tenant.scheduler.cancel((j) => j.id === job.id);
    activateCard(tenant, job);
  },
};
