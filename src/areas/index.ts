/**
 * Everything the areas contribute to the engine: their routes, their
 * collections and documents, their due-job handlers, the hooks they answer
 * and what a fresh tenant starts with.
 *
 * An area's code is loaded when it is first needed (src/core/lazy-module.ts):
 * its routes when one of them is first requested, its job handlers and hooks
 * when they first run. What the engine must know without loading any area
 * is data here: each area's routes (areas/routes.ts, which a test keeps equal
 * to what the areas register), the job kinds (areas/job-kinds.ts), the
 * names of the collections (whose definitions load on first use).
 */
import type { AppRouter } from '../core/env.js';
import type { LazyRouteGroup } from '../core/lazy-routes.js';
import { lazyModule } from '../core/lazy-module.js';
import type { JobHandlers } from '../store/jobs.js';
import { collectionOnFirstUse, type StoredCollection, type StoredDocument } from '../store/spec.js';
import type { Hooks } from '../store/hooks.js';
import type { Tenant } from '../store/tenant.js';
import type { WebhookDefinition } from '../events/events.schemas.js';
import { deliveryReplyHook } from '../webhooks/replies.js';
import { configDocument } from './config/config.store.js';
import * as customersStoreModule from './customers/customers.store.js';
import * as internalAccountsStoreModule from './internal-accounts/internal-accounts.store.js';
import * as externalAccountsStoreModule from './external-accounts/external-accounts.store.js';
import * as beneficialOwnersStoreModule from './beneficial-owners/beneficial-owners.store.js';
import * as documentsStoreModule from './documents/documents.store.js';
import * as verificationsStoreModule from './verifications/verifications.store.js';
import * as quotesStoreModule from './quotes/quotes.store.js';
import * as transactionsStoreModule from './transactions/transactions.store.js';
import * as cardsStoreModule from './cards/cards.store.js';
import * as umaStoreModule from './uma/uma.store.js';
import * as walletAuthStoreModule from './wallet-auth/wallet-auth.store.js';
import * as apiTokensStoreModule from './api-tokens/api-tokens.store.js';
import * as invitationsStoreModule from './invitations/invitations.store.js';
import * as delegatedKeysStoreModule from './delegated-keys/delegated-keys.store.js';
import * as contactVerificationStoreModule from './contact-verification/contact-verification.store.js';
import * as customerImportsStoreModule from './customer-imports/customer-imports.store.js';
import * as scaStoreModule from './sca/sca.store.js';
import * as stablecoinsStoreModule from './stablecoins/stablecoins.store.js';
import * as agentsStoreModule from './agents/agents.store.js';
import * as configIndex from './config/config.index.js';
import * as internalAccountsIndex from './internal-accounts/internal-accounts.index.js';
import * as externalAccountsIndex from './external-accounts/external-accounts.index.js';
import * as customerImportsIndex from './customer-imports/customer-imports.index.js';
import * as customersIndex from './customers/customers.index.js';
import * as contactVerificationIndex from './contact-verification/contact-verification.index.js';
import * as scaIndex from './sca/sca.index.js';
import * as beneficialOwnersIndex from './beneficial-owners/beneficial-owners.index.js';
import * as documentsIndex from './documents/documents.index.js';
import * as verificationsIndex from './verifications/verifications.index.js';
import * as exchangeRatesIndex from './exchange-rates/exchange-rates.index.js';
import * as discoveriesIndex from './discoveries/discoveries.index.js';
import * as umaProvidersIndex from './uma-providers/uma-providers.index.js';
import * as vaspsIndex from './vasps/vasps.index.js';
import * as umaIndex from './uma/uma.index.js';
import * as quotesIndex from './quotes/quotes.index.js';
import * as transactionsIndex from './transactions/transactions.index.js';
import * as transfersIndex from './transfers/transfers.index.js';
import * as cryptoWithdrawalsIndex from './crypto-withdrawals/crypto-withdrawals.index.js';
import * as walletAuthIndex from './wallet-auth/wallet-auth.index.js';
import * as delegatedKeysIndex from './delegated-keys/delegated-keys.index.js';
import * as cardsIndex from './cards/cards.index.js';
import * as agentsIndex from './agents/agents.index.js';
import * as stablecoinsIndex from './stablecoins/stablecoins.index.js';
import * as sandboxIndex from './sandbox/sandbox.index.js';
import * as apiTokensIndex from './api-tokens/api-tokens.index.js';
import * as invitationsIndex from './invitations/invitations.index.js';
import * as externalAccountsServiceModule from './external-accounts/external-accounts.service.js';
import * as settlementModule from './payments/settlement.service.js';
import * as cardsServiceModule from './cards/cards.service.js';
import * as cardNetworkModule from './cards/card-network.service.js';
import * as invitationsServiceModule from './invitations/invitations.service.js';
import * as incomingApprovalModule from './uma/incoming-approval.service.js';
import * as customerImportsServiceModule from './customer-imports/customer-imports.service.js';
import * as quoteAuthorizationModule from './sca/quote-authorization.service.js';
import * as quotesServiceModule from './quotes/quotes.service.js';
import * as providerAccountsModule from './stablecoins/provider-accounts.service.js';
import * as stablecoinsServiceModule from './stablecoins/stablecoins.service.js';
import * as stablecoinOperationsModule from './stablecoins/operations.service.js';
import * as agentActionsModule from './agents/actions.service.js';
import * as trustModule from './sca/trust.service.js';
import * as verificationsServiceModule from './verifications/verifications.service.js';
import * as webhookSchemasModule from './webhook-schemas.js';
import { ensurePlatformAccounts } from './internal-accounts/internal-accounts.service.js';
import { externalAccountDeletionHook } from './external-accounts/deletion.js';
import { verificationInputsHook } from './customers/verification-inputs.js';
import { ownedDecisionHook } from './transactions/decisions.js';
import {
  APPROVAL_TIMEOUT_JOB,
  CARD_ACTIVATION_JOB,
  CARD_PULL_JOB,
  IMPORT_STEP_JOB,
  INVITATION_EXPIRY_JOB,
  LIVENESS_JOB,
  PROVIDER_REVOCATION_JOB,
  QUOTE_CHALLENGE_EXPIRY_JOB,
  QUOTE_EXPIRY_JOB,
  RESOLVE_JOB,
  STABLECOIN_LIFECYCLE_JOB,
  STABLECOIN_OPERATION_JOB,
} from './job-kinds.js';
import { AREA_ROUTES, type AreaName } from './routes.js';

/** How each area registers its routes, in the order they are matched (static paths before parameterised ones: /customers/internal-accounts must not match /customers/{customerId}). */
const AREAS: ReadonlyArray<readonly [AreaName, (api: AppRouter) => void]> = [
  ['config', lazyRegister(lazyModule(() => configIndex), (m, api) => m.registerConfig(api))],
  ['internal-accounts', lazyRegister(lazyModule(() => internalAccountsIndex), (m, api) => m.registerInternalAccounts(api))],
  ['external-accounts', lazyRegister(lazyModule(() => externalAccountsIndex), (m, api) => m.registerExternalAccounts(api))],
  ['customer-imports', lazyRegister(lazyModule(() => customerImportsIndex), (m, api) => m.registerCustomerImports(api))],
  ['customers', lazyRegister(lazyModule(() => customersIndex), (m, api) => m.registerCustomers(api))],
  ['contact-verification', lazyRegister(lazyModule(() => contactVerificationIndex), (m, api) => m.registerContactVerification(api))],
  ['sca', lazyRegister(lazyModule(() => scaIndex), (m, api) => m.registerSca(api))],
  ['beneficial-owners', lazyRegister(lazyModule(() => beneficialOwnersIndex), (m, api) => m.registerBeneficialOwners(api))],
  ['documents', lazyRegister(lazyModule(() => documentsIndex), (m, api) => m.registerDocuments(api))],
  ['verifications', lazyRegister(lazyModule(() => verificationsIndex), (m, api) => m.registerVerifications(api))],
  ['exchange-rates', lazyRegister(lazyModule(() => exchangeRatesIndex), (m, api) => m.registerExchangeRates(api))],
  ['discoveries', lazyRegister(lazyModule(() => discoveriesIndex), (m, api) => m.registerDiscoveries(api))],
  ['uma-providers', lazyRegister(lazyModule(() => umaProvidersIndex), (m, api) => m.registerUmaProviders(api))],
  ['vasps', lazyRegister(lazyModule(() => vaspsIndex), (m, api) => m.registerVasps(api))],
  ['uma', lazyRegister(lazyModule(() => umaIndex), (m, api) => m.registerUma(api))],
  ['quotes', lazyRegister(lazyModule(() => quotesIndex), (m, api) => m.registerQuotes(api))],
  ['transactions', lazyRegister(lazyModule(() => transactionsIndex), (m, api) => m.registerTransactions(api))],
  ['transfers', lazyRegister(lazyModule(() => transfersIndex), (m, api) => m.registerTransfers(api))],
  ['crypto-withdrawals', lazyRegister(lazyModule(() => cryptoWithdrawalsIndex), (m, api) => m.registerCryptoWithdrawals(api))],
  ['wallet-auth', lazyRegister(lazyModule(() => walletAuthIndex), (m, api) => m.registerWalletAuth(api))],
  ['delegated-keys', lazyRegister(lazyModule(() => delegatedKeysIndex), (m, api) => m.registerDelegatedKeys(api))],
  ['cards', lazyRegister(lazyModule(() => cardsIndex), (m, api) => m.registerCards(api))],
  ['agents', lazyRegister(lazyModule(() => agentsIndex), (m, api) => m.registerAgents(api))],
  ['stablecoins', lazyRegister(lazyModule(() => stablecoinsIndex), (m, api) => m.registerStablecoins(api))],
  ['sandbox', lazyRegister(lazyModule(() => sandboxIndex), (m, api) => m.registerSandbox(api))],
  ['api-tokens', lazyRegister(lazyModule(() => apiTokensIndex), (m, api) => m.registerApiTokens(api))],
  ['invitations', lazyRegister(lazyModule(() => invitationsIndex), (m, api) => m.registerInvitations(api))],
];

function lazyRegister<M>(module: () => M, register: (m: M, api: AppRouter) => void): (api: AppRouter) => void {
  return (api) => register(module(), api);
}

/** Every webhook the sandbox delivers, as the API document declares them (loads the areas that define them). */
export function webhookDefinitions(): readonly WebhookDefinition[] {
  return webhookSchemas().WEBHOOK_DEFINITIONS;
}
const webhookSchemas = lazyModule(() => webhookSchemasModule);

/** Registers every area's routes, as they are served (the API document is made from them); loads every area. */
export function registerAreas(api: AppRouter): void {
  for (const [, register] of AREAS) register(api);
}

/** Registers one area's routes (loads the area). */
export function registerArea(name: AreaName, api: AppRouter): void {
  AREAS.find(([n]) => n === name)![1](api);
}

/** The names of the areas, in the order their routes are matched. */
export const AREA_NAMES: readonly AreaName[] = AREAS.map(([name]) => name);

/** Every area's routes, to register as placeholders (src/core/lazy-routes.ts): an area loads on the first request to one of them. */
export const AREA_ROUTE_GROUPS: readonly LazyRouteGroup[] = AREAS.map(([name, register]) => ({ name: `area ${name}`, routes: AREA_ROUTES[name], register }));

const externalAccountsService = lazyModule(() => externalAccountsServiceModule);
const settlement = lazyModule(() => settlementModule);
const cardsService = lazyModule(() => cardsServiceModule);
const cardNetwork = lazyModule(() => cardNetworkModule);
const invitationsService = lazyModule(() => invitationsServiceModule);
const incomingApproval = lazyModule(() => incomingApprovalModule);
const customerImportsService = lazyModule(() => customerImportsServiceModule);
const quoteAuthorization = lazyModule(() => quoteAuthorizationModule);
const quotesService = lazyModule(() => quotesServiceModule);
const providerAccounts = lazyModule(() => providerAccountsModule);
const stablecoinsService = lazyModule(() => stablecoinsServiceModule);
const stablecoinOperations = lazyModule(() => stablecoinOperationsModule);

export const jobHandlers: JobHandlers<Tenant> = new Map([
  [LIVENESS_JOB, (tenant, job) => externalAccountsService().completeLiveness(tenant, job.payload)],
  [RESOLVE_JOB, (tenant, job) => settlement().resolveJob(tenant, job)],
  [CARD_ACTIVATION_JOB, (tenant, job) => cardsService().activateCard(tenant, job)],
  [CARD_PULL_JOB, (tenant, job) => cardNetwork().settlePull(tenant, job)],
  [INVITATION_EXPIRY_JOB, (tenant, job) => invitationsService().expireInvitation(tenant, job)],
  [APPROVAL_TIMEOUT_JOB, (tenant, job) => incomingApproval().approvalTimeout(tenant, job)],
  [IMPORT_STEP_JOB, (tenant, job) => customerImportsService().runImportStep(tenant, job)],
  [QUOTE_CHALLENGE_EXPIRY_JOB, (tenant, job) => quoteAuthorization().expireQuoteChallenge(tenant, job)],
  [QUOTE_EXPIRY_JOB, (tenant, job) => quotesService().expireUnpaidQuote(tenant, job)],
  [PROVIDER_REVOCATION_JOB, (tenant, job) => providerAccounts().revokeProviderAccount(tenant, job)],
  [STABLECOIN_LIFECYCLE_JOB, (tenant, job) => stablecoinsService().advanceStablecoin(tenant, job)],
  [STABLECOIN_OPERATION_JOB, (tenant, job) => stablecoinOperations().stepOperation(tenant, job)],
]);

/** The areas' part of a tenant store, in the order a snapshot lists them: each collection's definition loads on first use. */
const customersStore = lazyModule(() => customersStoreModule);
const internalAccountsStore = lazyModule(() => internalAccountsStoreModule);
const externalAccountsStore = lazyModule(() => externalAccountsStoreModule);
const beneficialOwnersStore = lazyModule(() => beneficialOwnersStoreModule);
const documentsStore = lazyModule(() => documentsStoreModule);
const verificationsStore = lazyModule(() => verificationsStoreModule);
const quotesStore = lazyModule(() => quotesStoreModule);
const transactionsStore = lazyModule(() => transactionsStoreModule);
const cardsStore = lazyModule(() => cardsStoreModule);
const umaStore = lazyModule(() => umaStoreModule);
const walletAuthStore = lazyModule(() => walletAuthStoreModule);
const apiTokensStore = lazyModule(() => apiTokensStoreModule);
const invitationsStore = lazyModule(() => invitationsStoreModule);
const delegatedKeysStore = lazyModule(() => delegatedKeysStoreModule);
const contactVerificationStore = lazyModule(() => contactVerificationStoreModule);
const customerImportsStore = lazyModule(() => customerImportsStoreModule);
const scaStore = lazyModule(() => scaStoreModule);
const stablecoinsStore = lazyModule(() => stablecoinsStoreModule);
const agentsStore = lazyModule(() => agentsStoreModule);

export const areaStoreParts: ReadonlyArray<StoredCollection | StoredDocument> = [
  configDocument,
  collectionOnFirstUse('customers', () => customersStore().customersCollection),
  collectionOnFirstUse('internalAccounts', () => internalAccountsStore().internalAccountsCollection),
  collectionOnFirstUse('externalAccounts', () => externalAccountsStore().externalAccountsCollection),
  collectionOnFirstUse('ledgerEntries', () => internalAccountsStore().ledgerEntriesCollection),
  collectionOnFirstUse('ownershipChallenges', () => externalAccountsStore().ownershipChallengesCollection),
  collectionOnFirstUse('beneficialOwners', () => beneficialOwnersStore().beneficialOwnersCollection),
  collectionOnFirstUse('documents', () => documentsStore().documentsCollection),
  collectionOnFirstUse('verifications', () => verificationsStore().verificationsCollection),
  collectionOnFirstUse('kycLinks', () => verificationsStore().kycLinksCollection),
  collectionOnFirstUse('quotes', () => quotesStore().quotesCollection),
  collectionOnFirstUse('transactions', () => transactionsStore().transactionsCollection),
  collectionOnFirstUse('cards', () => cardsStore().cardsCollection),
  collectionOnFirstUse('cardReveals', () => cardsStore().cardRevealsCollection),
  collectionOnFirstUse('idempotencyKeys', () => quotesStore().idempotencyKeysCollection),
  collectionOnFirstUse('lookups', () => umaStore().lookupsCollection),
  collectionOnFirstUse('authMethods', () => walletAuthStore().authMethodsCollection),
  collectionOnFirstUse('authSessions', () => walletAuthStore().authSessionsCollection),
  collectionOnFirstUse('otpChallenges', () => walletAuthStore().otpChallengesCollection),
  collectionOnFirstUse('passkeyChallenges', () => walletAuthStore().passkeyChallengesCollection),
  collectionOnFirstUse('signedRequests', () => walletAuthStore().signedRequestsCollection),
  collectionOnFirstUse('pendingOperations', () => walletAuthStore().pendingOperationsCollection),
  collectionOnFirstUse('agents', () => agentsStore().agentsCollection),
  collectionOnFirstUse('agentDeviceCodes', () => agentsStore().agentDeviceCodesCollection),
  collectionOnFirstUse('agentActions', () => agentsStore().agentActionsCollection),
  collectionOnFirstUse('agentRequests', () => agentsStore().agentRequestsCollection),
  collectionOnFirstUse('apiTokens', () => apiTokensStore().apiTokensCollection),
  collectionOnFirstUse('invitations', () => invitationsStore().invitationsCollection),
  collectionOnFirstUse('delegatedKeys', () => delegatedKeysStore().delegatedKeysCollection),
  collectionOnFirstUse('contactCodes', () => contactVerificationStore().contactCodesCollection),
  collectionOnFirstUse('customerImportJobs', () => customerImportsStore().customerImportJobsCollection),
  collectionOnFirstUse('customerImportErrors', () => customerImportsStore().customerImportErrorsCollection),
  collectionOnFirstUse('scaFactors', () => scaStore().scaFactorsCollection),
  collectionOnFirstUse('scaChallenges', () => scaStore().scaChallengesCollection),
  collectionOnFirstUse('scaSessions', () => scaStore().scaSessionsCollection),
  collectionOnFirstUse('scaSecurity', () => scaStore().scaSecurityCollection),
  collectionOnFirstUse('twoFactorResets', () => scaStore().twoFactorResetsCollection),
  collectionOnFirstUse('trustedBeneficiaries', () => scaStore().trustedBeneficiariesCollection),
  collectionOnFirstUse('stablecoinProviderAccounts', () => stablecoinsStore().stablecoinProviderAccountsCollection),
  collectionOnFirstUse('stablecoins', () => stablecoinsStore().stablecoinsCollection),
  collectionOnFirstUse('stablecoinOperations', () => stablecoinsStore().stablecoinOperationsCollection),
  collectionOnFirstUse('stablecoinIdempotencyKeys', () => stablecoinsStore().stablecoinIdempotencyKeysCollection),
];

const agentActions = lazyModule(() => agentActionsModule);
const trust = lazyModule(() => trustModule);
const verificationsService = lazyModule(() => verificationsServiceModule);

/** Lets areas answer each other's hooks (e.g. an area that owns some pending transactions arms ownedDecisionHook); each answer loads its area when it first runs. */
export function armAreaHooks(hooks: Hooks): void {
  // Agent actions awaiting approval are decided through their transaction too.
  hooks.arm(ownedDecisionHook, (tenant, transactionId, decision, reason) => agentActions().decideOwnedTransaction(tenant, transactionId, decision, reason));
  hooks.arm(deliveryReplyHook, (tenant, event, reply) => {
    // The incoming-payment webhook of a payment on an approval rail is an approval request.
    if (event.eventType === 'INCOMING_PAYMENT.PENDING') incomingApproval().onApprovalReply(tenant, event.resourceId, reply);
  });
  // A trusted SCA beneficiary cannot be deleted.
  hooks.arm(externalAccountDeletionHook, (tenant, externalAccountId) => trust().guardTrustedDeletion(tenant, externalAccountId));
  // A customer in RESOLVE_ERRORS that provides the last missing input is READY_FOR_VERIFICATION.
  hooks.arm(verificationInputsHook, (tenant, holderId, kind) => verificationsService().onVerificationInput(tenant, holderId, kind));
}

/** What every fresh (or reset) tenant gets: the platform's own accounts. */
export function initialiseTenant(tenant: Tenant): void {
  ensurePlatformAccounts(tenant);
}
