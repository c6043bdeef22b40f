/**
 * Global Accounts: a customer's embedded wallet is an internal account of
 * type EMBEDDED_WALLET, opened with an EMAIL_OTP credential tied to the
 * customer's e-mail when the platform has an embeddedWalletConfig. Export and
 * the privacy setting are signed wallet actions.
 */
import { invalidInput, notFound } from '../../core/errors.js';
import { exportBundle, walletMnemonic } from '../../crypto/bundles.js';
import type { Tenant } from '../../store/tenant.js';
import { openInternalAccount, presentInternalAccount } from '../internal-accounts/internal-accounts.service.js';
import type { InternalAccountRecord } from '../internal-accounts/internal-accounts.schemas.js';
import type { OperationResult } from './processing.js';
import { runSigned, type WalletActionRequest } from './signed-requests.js';

/** Wallets hold the platform's first supported currency (USD by default). */
function walletCurrency(tenant: Tenant): string {
  return tenant.config.supportedCurrencies[0]!.currencyCode;
}

/**
 * Opens the customer's Global Account when the platform has embedded
 * wallets, with an EMAIL_OTP credential tied to the customer's e-mail
 * (rule 1). A customer without an e-mail gets a wallet with no credential:
 * its first credential is then registered directly.
 */
export function openGlobalAccount(tenant: Tenant, customer: { id: string; email?: string | undefined }): InternalAccountRecord | undefined {
  if (!tenant.config.embeddedWalletConfig) return undefined;
  const wallet = openInternalAccount(tenant, { customerId: customer.id }, walletCurrency(tenant), 'EMBEDDED_WALLET');
  tenant.internalAccounts.update(wallet.id, (a) => void (a.privateEnabled = false));
  if (customer.email !== undefined) {
    const now = tenant.clock.nowIso();
    tenant.authMethods.insert({ id: tenant.ids('AuthMethod'), accountId: wallet.id, type: 'EMAIL_OTP', nickname: customer.email, createdAt: now, updatedAt: now });
  }
  tenant.changed();
  return wallet;
}

/** The wallet an auth request names: 404 when unknown; 400 when the account is not an embedded wallet. */
export function requireWallet(tenant: Tenant, accountId: string, field: string): InternalAccountRecord {
  const account = tenant.internalAccounts.get(accountId);
  if (!account) throw notFound('InternalAccount', accountId);
  if (account.type !== 'EMBEDDED_WALLET') {
    throw invalidInput([{ field, message: `${accountId} is ${account.type}; only EMBEDDED_WALLET accounts have credentials and sessions`, constraint: { enum: ['EMBEDDED_WALLET'] } }]);
  }
  return account;
}

/** The EMAIL_OTP credentials tied to a customer's e-mail: one per wallet. */
export function emailCredentialsOf(tenant: Tenant, customerId: string) {
  return tenant.internalAccounts
    .byIndex('customer', customerId)
    .filter((a) => a.type === 'EMBEDDED_WALLET')
    .flatMap((a) => tenant.authMethods.byIndex('account', a.id).filter((m) => m.type === 'EMAIL_OTP'));
}

/** Keeps tied EMAIL_OTP credentials on the customer's new e-mail. */
export function syncEmailCredentials(tenant: Tenant, customerId: string, email: string): void {
  const now = tenant.clock.nowIso();
  for (const method of emailCredentialsOf(tenant, customerId)) {
    tenant.authMethods.update(method.id, (m) => {
      m.nickname = email;
      m.updatedAt = now;
    });
  }
  tenant.changed();
}

/** POST /internal-accounts/{id}/export: the mnemonic sealed to the request's key; never stored, so a re-send seals it again. */
export function exportWallet(tenant: Tenant, id: string, clientPublicKey: string, request: WalletActionRequest): Promise<OperationResult> {
  return runSigned(tenant, request, () => ({
    operation: 'EXPORT_WALLET',
    accountId: requireWallet(tenant, id, 'id').id,
    storesResult: false,
    prepare: () => ({}),
    perform: async () => ({ status: 200, body: { id, encryptedWalletCredentials: await exportBundle(clientPublicKey, walletMnemonic(id), tenant.id) } }),
  }));
}

/** PATCH /internal-accounts/{id}: the wallet's privacy setting. */
export function updateWalletPrivacy(tenant: Tenant, id: string, privateEnabled: boolean, request: WalletActionRequest): Promise<OperationResult> {
  return runSigned(tenant, request, () => ({
    operation: 'UPDATE_WALLET_PRIVACY',
    accountId: requireWallet(tenant, id, 'id').id,
    prepare: () => ({}),
    perform: () => {
      const account = tenant.internalAccounts.update(id, (a) => {
        a.privateEnabled = privateEnabled;
        a.updatedAt = tenant.clock.nowIso();
      });
      tenant.changed();
      return { status: 200, body: presentInternalAccount(tenant, account) };
    },
  }));
}
