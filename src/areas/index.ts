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
import { apiTokensCollection } from './api-tokens/api-tokens.store.js';
import { registerApiTokens } from './api-tokens/api-tokens.index.js';
import { invitationsCollection } from './invitations/invitations.store.js';
import { registerInvitations } from './invitations/invitations.index.js';
import { INVITATION_EXPIRY_JOB, expireInvitation } from './invitations/invitations.service.js';
import { delegatedKeysCollection } from './delegated-keys/delegated-keys.store.js';
import { registerDelegatedKeys } from './delegated-keys/delegated-keys.index.js';
import { registerCryptoWithdrawals } from './crypto-withdrawals/crypto-withdrawals.index.js';
import { registerUmaProviders } from './uma-providers/uma-providers.index.js';
import { registerVasps } from './vasps/vasps.index.js';
import { contactCodesCollection } from './contact-verification/contact-verification.store.js';
import { customerImportErrorsCollection, customerImportJobsCollection } from './customer-imports/customer-imports.store.js';
import {
  scaChallengesCollection,
  scaFactorsCollection,
  scaSecurityCollection,
  scaSessionsCollection,
  trustedBeneficiariesCollection,
  twoFactorResetsCollection,
} from './sca/sca.store.js';
import { registerConfig } from './config/config.index.js';
import { registerContactVerification } from './contact-verification/contact-verification.index.js';
import { registerCustomerImports } from './customer-imports/customer-imports.index.js';
import { IMPORT_STEP_JOB, runImportStep } from './customer-imports/customer-imports.service.js';
import { BulkUploadWebhook } from './customer-imports/customer-imports.schemas.js';
import { registerSca } from './sca/sca.index.js';
import { QUOTE_CHALLENGE_EXPIRY_JOB } from './sca/money.js';
import { QUOTE_EXPIRY_JOB, expireUnpaidQuote } from './quotes/quotes.service.js';
import { expireQuoteChallenge } from './sca/quote-authorization.service.js';
import { guardTrustedDeletion } from './sca/trust.service.js';
import { externalAccountDeletionHook } from './external-accounts/deletion.js';
import { verificationInputsHook } from './customers/verification-inputs.js';
import { onVerificationInput } from './verifications/verifications.service.js';
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
import { APPROVAL_TIMEOUT_JOB, approvalTimeout, onApprovalReply } from './uma/incoming-approval.service.js';
import { deliveryReplyHook } from '../webhooks/replies.js';
import { InvitationClaimedWebhook } from './invitations/invitations.schemas.js';
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
import { CardFundingSourceWebhook, CardStatusWebhook, CardTransactionWebhook } from './cards/cards.schemas.js';
import { InternalAccountWebhook } from './internal-accounts/internal-accounts.schemas.js';
import { ExternalAccountWebhook } from './external-accounts/external-accounts.schemas.js';
import { AgentActionWebhook } from './agents/agents.schemas.js';
import { agentActionsCollection, agentDeviceCodesCollection, agentRequestsCollection, agentsCollection } from './agents/agents.store.js';
import { registerAgents } from './agents/agents.index.js';
import { decideOwnedTransaction } from './agents/actions.service.js';
import { ownedDecisionHook } from './transactions/decisions.js';

/** Every webhook the sandbox delivers, as the API document declares them. */
export const webhookDefinitions: readonly WebhookDefinition[] = [
  IncomingPaymentWebhook,
  OutgoingPaymentWebhook,
  TestWebhook,
  CustomerWebhook,
  VerificationWebhook,
  CardStatusWebhook,
  CardFundingSourceWebhook,
  CardTransactionWebhook,
  InternalAccountWebhook,
  ExternalAccountWebhook,
  AgentActionWebhook,
  InvitationClaimedWebhook,
  BulkUploadWebhook,
];

export function registerAreas(api: AppRouter): void {
  // Static paths before parameterised ones: /customers/internal-accounts must not match /customers/{customerId}.
  registerConfig(api);
  registerInternalAccounts(api);
  registerExternalAccounts(api);
  registerCustomerImports(api);
  registerCustomers(api);
  registerContactVerification(api);
  registerSca(api);
  registerBeneficialOwners(api);
  registerDocuments(api);
  registerVerifications(api);
  registerExchangeRates(api);
  registerDiscoveries(api);
  registerUmaProviders(api);
  registerVasps(api);
  registerUma(api);
  registerQuotes(api);
  registerTransactions(api);
  registerTransfers(api);
  registerCryptoWithdrawals(api);
  registerWalletAuth(api);
  registerDelegatedKeys(api);
  registerCards(api);
  registerAgents(api);
  registerStablecoins(api);
  registerSandbox(api);
  registerApiTokens(api);
  registerInvitations(api);
}

export const jobHandlers: JobHandlers<Tenant> = new Map([
  [LIVENESS_JOB, (tenant, job) => completeLiveness(tenant, job.payload)],
  [RESOLVE_JOB, resolveJob],
  [CARD_ACTIVATION_JOB, activateCard],
  [CARD_PULL_JOB, settlePull],
  [INVITATION_EXPIRY_JOB, expireInvitation],
  [APPROVAL_TIMEOUT_JOB, approvalTimeout],
  [IMPORT_STEP_JOB, runImportStep],
  [QUOTE_CHALLENGE_EXPIRY_JOB, expireQuoteChallenge],
  [QUOTE_EXPIRY_JOB, expireUnpaidQuote],
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
  agentsCollection,
  agentDeviceCodesCollection,
  agentActionsCollection,
  agentRequestsCollection,
  apiTokensCollection,
  invitationsCollection,
  delegatedKeysCollection,
  contactCodesCollection,
  customerImportJobsCollection,
  customerImportErrorsCollection,
  scaFactorsCollection,
  scaChallengesCollection,
  scaSessionsCollection,
  scaSecurityCollection,
  twoFactorResetsCollection,
  trustedBeneficiariesCollection,
  stablecoinProviderAccountsCollection,
  stablecoinsCollection,
  stablecoinOperationsCollection,
  stablecoinIdempotencyKeysCollection,
];

/** Lets areas answer each other's hooks (e.g. an area that owns some pending transactions arms ownedDecisionHook). */
export function armAreaHooks(hooks: Hooks): void {
  // Agent actions awaiting approval are decided through their transaction too.
  hooks.arm(ownedDecisionHook, decideOwnedTransaction);
  hooks.arm(deliveryReplyHook, (tenant, event, reply) => {
    // The incoming-payment webhook of a payment on an approval rail is an approval request.
    if (event.eventType === 'INCOMING_PAYMENT.PENDING') onApprovalReply(tenant, event.resourceId, reply);
  });
  // A trusted SCA beneficiary cannot be deleted.
  hooks.arm(externalAccountDeletionHook, guardTrustedDeletion);
  // A customer in RESOLVE_ERRORS that provides the last missing input is READY_FOR_VERIFICATION.
  hooks.arm(verificationInputsHook, onVerificationInput);
}

/** What every fresh (or reset) tenant gets: the platform's own accounts. */
export function initialiseTenant(tenant: Tenant): void {
  ensurePlatformAccounts(tenant);
}
