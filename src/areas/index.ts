/**
 * Everything the areas contribute to the engine: their routes, their
 * collections and documents, their due-job handlers and what a fresh tenant
 * starts with.
 */
import type { AppRouter } from '../core/env.js';
import type { JobHandlers } from '../store/jobs.js';
import type { StoredCollection, StoredDocument } from '../store/spec.js';
import type { Hooks } from '../store/hooks.js';
import type { Tenant } from '../store/tenant.js';
import { configDocument } from './config/config.store.js';
import { customersCollection } from './customers/customers.store.js';
import { internalAccountsCollection, ledgerEntriesCollection } from './internal-accounts/internal-accounts.store.js';
import { externalAccountsCollection, ownershipChallengesCollection } from './external-accounts/external-accounts.store.js';
import { beneficialOwnersCollection } from './beneficial-owners/beneficial-owners.store.js';
import { documentsCollection } from './documents/documents.store.js';
import { kycLinksCollection, verificationsCollection } from './verifications/verifications.store.js';
import { idempotencyKeysCollection, quotesCollection } from './quotes/quotes.store.js';
import { transactionsCollection } from './transactions/transactions.store.js';
import { cardRevealsCollection, cardsCollection } from './cards/cards.store.js';
import { lookupsCollection } from './uma/uma.store.js';
import {
  authMethodsCollection,
  authSessionsCollection,
  otpChallengesCollection,
  passkeyChallengesCollection,
  pendingOperationsCollection,
  signedRequestsCollection,
} from './wallet-auth/wallet-auth.store.js';
import { registerConfig } from './config/config.index.js';
import { registerCustomers } from './customers/customers.index.js';
import { registerExternalAccounts } from './external-accounts/external-accounts.index.js';
import { LIVENESS_JOB, completeLiveness } from './external-accounts/external-accounts.service.js';
import { registerInternalAccounts } from './internal-accounts/internal-accounts.index.js';
import { ensurePlatformAccounts } from './internal-accounts/internal-accounts.service.js';
import { registerSandbox } from './sandbox/sandbox.index.js';
import { registerBeneficialOwners } from './beneficial-owners/beneficial-owners.index.js';
import { registerDocuments } from './documents/documents.index.js';
import { registerVerifications } from './verifications/verifications.index.js';
import { registerExchangeRates } from './exchange-rates/exchange-rates.index.js';
import { registerDiscoveries } from './discoveries/discoveries.index.js';
import { registerUma } from './uma/uma.index.js';
import { registerQuotes } from './quotes/quotes.index.js';
import { registerTransactions } from './transactions/transactions.index.js';
import { registerTransfers } from './transfers/transfers.index.js';
import { registerWalletAuth } from './wallet-auth/wallet-auth.index.js';
import { registerCards } from './cards/cards.index.js';
import { CARD_ACTIVATION_JOB, activateCard } from './cards/cards.service.js';
import { CARD_PULL_JOB, settlePull } from './cards/card-network.service.js';
import { RESOLVE_JOB, resolveJob } from './payments/settlement.service.js';
import {
  stablecoinIdempotencyKeysCollection,
  stablecoinOperationsCollection,
  stablecoinProviderAccountsCollection,
  stablecoinsCollection,
} from './stablecoins/stablecoins.store.js';
import { registerStablecoins } from './stablecoins/stablecoins.index.js';
import { PROVIDER_REVOCATION_JOB, revokeProviderAccount } from './stablecoins/provider-accounts.service.js';
import { STABLECOIN_LIFECYCLE_JOB, advanceStablecoin } from './stablecoins/stablecoins.service.js';
import { STABLECOIN_OPERATION_JOB, stepOperation } from './stablecoins/operations.service.js';
import type { WebhookDefinition } from '../events/events.schemas.js';
import { TestWebhook } from '../webhooks/webhooks.schemas.js';
import { CustomerWebhook } from './customers/customers.schemas.js';
import { VerificationWebhook } from './verifications/verifications.schemas.js';
import { IncomingPaymentWebhook, OutgoingPaymentWebhook } from './transactions/transactions.schemas.js';
import { CardStatusWebhook, CardTransactionWebhook } from './cards/cards.schemas.js';

/** Every webhook the sandbox delivers, as the API document declares them. */
export const webhookDefinitions: readonly WebhookDefinition[] = [
  IncomingPaymentWebhook,
  OutgoingPaymentWebhook,
  TestWebhook,
  CustomerWebhook,
  VerificationWebhook,
  CardStatusWebhook,
  CardTransactionWebhook,
];

export function registerAreas(api: AppRouter): void {
  // Static paths before parameterised ones: /customers/internal-accounts must not match /customers/{customerId}.
  registerConfig(api);
  registerInternalAccounts(api);
  registerExternalAccounts(api);
  registerCustomers(api);
  registerBeneficialOwners(api);
  registerDocuments(api);
  registerVerifications(api);
  registerExchangeRates(api);
  registerDiscoveries(api);
  registerUma(api);
  registerQuotes(api);
  registerTransactions(api);
  registerTransfers(api);
  registerWalletAuth(api);
  registerCards(api);
  registerStablecoins(api);
  registerSandbox(api);
}

export const jobHandlers: JobHandlers<Tenant> = new Map([
  [LIVENESS_JOB, (tenant, job) => completeLiveness(tenant, job.payload)],
  [RESOLVE_JOB, resolveJob],
  [CARD_ACTIVATION_JOB, activateCard],
  [CARD_PULL_JOB, settlePull],
  [PROVIDER_REVOCATION_JOB, revokeProviderAccount],
  [STABLECOIN_LIFECYCLE_JOB, advanceStablecoin],
  [STABLECOIN_OPERATION_JOB, stepOperation],
]);

/** The areas' part of a tenant store, in the order a snapshot lists them. */
export const areaStoreParts: ReadonlyArray<StoredCollection | StoredDocument> = [
  configDocument,
  customersCollection,
  internalAccountsCollection,
  externalAccountsCollection,
  ledgerEntriesCollection,
  ownershipChallengesCollection,
  beneficialOwnersCollection,
  documentsCollection,
  verificationsCollection,
  kycLinksCollection,
  quotesCollection,
  transactionsCollection,
  cardsCollection,
  cardRevealsCollection,
  idempotencyKeysCollection,
  lookupsCollection,
  authMethodsCollection,
  authSessionsCollection,
  otpChallengesCollection,
  passkeyChallengesCollection,
  signedRequestsCollection,
  pendingOperationsCollection,
  stablecoinProviderAccountsCollection,
  stablecoinsCollection,
  stablecoinOperationsCollection,
  stablecoinIdempotencyKeysCollection,
];

/** Lets areas answer each other's hooks (e.g. an area that owns some pending transactions arms ownedDecisionHook). */
export function armAreaHooks(_hooks: Hooks): void {}

/** What every fresh (or reset) tenant gets: the platform's own accounts. */
export function initialiseTenant(tenant: Tenant): void {
  ensurePlatformAccounts(tenant);
}
