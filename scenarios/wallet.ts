/**
 * wallet: embedded wallets switched on, and a customer whose Global Account
 * (EMBEDDED_WALLET, with its EMAIL_OTP credential) holds money.
 */
import type { Tenant } from '../src/store/tenant.js';
import { updateConfig } from '../src/areas/config/config.service.js';
import { createCustomer } from '../src/areas/customers/customers.service.js';
import { customerAccounts, fundInternalAccount } from '../src/areas/internal-accounts/internal-accounts.service.js';

export const wallet = {
  name: 'wallet',
  description: 'Embedded wallets on, and a customer (wallet@example.com) whose EMBEDDED_WALLET holds $500.00 and has an EMAIL_OTP credential; the OTP is always 000000',
  apply(tenant: Tenant): void {
    // Must come first: only customers created while embeddedWalletConfig is set get a wallet.
    updateConfig(tenant, { embeddedWalletConfig: { appName: 'Sandbox Wallet' } });
    const owner = createCustomer(tenant, {
      customerType: 'INDIVIDUAL',
      platformCustomerId: 'wallet-owner',
      fullName: 'Wren Wallet',
      email: 'wallet@example.com',
      currencies: ['USD'],
    });
    const embedded = customerAccounts(tenant, owner.id).find((a) => a.type === 'EMBEDDED_WALLET')!;
    fundInternalAccount(tenant, embedded.id, 50_000);
  },
};
