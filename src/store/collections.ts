/**
 * Every collection a tenant holds, with its indexes: the one place to add a
 * kind of record. The tenant's data file has one object per entry, keyed by id.
 */
import type { Customer } from '../areas/customers/customers.schemas.js';
import type { ExternalAccount } from '../areas/external-accounts/external-accounts.schemas.js';
import type { InternalAccountRecord } from '../areas/internal-accounts/internal-accounts.schemas.js';
import type { BeneficialOwner } from '../areas/beneficial-owners/beneficial-owners.schemas.js';
import type { DocumentRecord } from '../areas/documents/documents.schemas.js';
import type { KycLinkRecord, Verification } from '../areas/verifications/verifications.schemas.js';
import type { WebhookEvent } from '../events/events.schemas.js';
import type { IdempotencyRecord, QuoteRecord } from '../areas/quotes/quotes.schemas.js';
import { receiverAccountOf, senderAccountOf, type StoredTransaction } from '../areas/transactions/transactions.schemas.js';
import type { CardRecord, CardRevealRecord } from '../areas/cards/cards.schemas.js';
import type { WebhookDeliveryRecord } from '../webhooks/webhooks.schemas.js';
import type { FaultRecord } from '../control/faults.schemas.js';
import type { AuthMethodRecord, OtpChallengeRecord, PasskeyChallengeRecord, PendingOperationRecord, SessionRecord, SignedRequestRecord } from '../areas/wallet-auth/wallet-auth.schemas.js';
import { Collection, type IndexKey } from './collection.js';
import type { DueJob } from './jobs.js';

/** A balance change on an internal account, in integer minor units. */
export interface LedgerEntry {
  id: string;
  accountId: string;
  amount: number;
  currency: string;
  kind: string;
  /**
   * POSTED entries count fully; PENDING credits count only in totalBalance and
   * PENDING debits (holds) already reduce the available balance; VOIDED ones
   * (released holds, credits that never arrived) count nowhere.
   */
  status: 'POSTED' | 'PENDING' | 'VOIDED';
  reference?: string;
  createdAt: string;
}

/** An outstanding ownership challenge of an external account (one per account, keyed by its id). */
export interface OwnershipChallengeRecord {
  id: string;
  method: 'WALLET_SIGNATURE' | 'LIVENESS';
  messageToSign?: string;
  token?: string;
  expiresAt: string;
  createdAt: string;
}

/** A receiver looked up before quoting it (GET /receiver/...). */
export interface LookupRecord {
  id: string;
  receiverUmaAddress?: string;
  accountId?: string;
  createdAt: string;
}

function accountsOf(t: StoredTransaction): string[] {
  return [senderAccountOf(t), receiverAccountOf(t)].filter((id): id is string => id !== undefined);
}

interface CollectionDef<T extends { id: string }> {
  indexes: Record<string, IndexKey<T>>;
}

function def<T extends { id: string }>(indexes: Record<string, IndexKey<T>> = {}): CollectionDef<T> {
  return { indexes };
}

export const COLLECTIONS = {
  customers: def<Customer>({
    platformCustomerId: (c) => c.platformCustomerId,
    umaAddress: (c) => c.umaAddress.toLowerCase(),
    customerType: (c) => c.customerType,
    live: (c) => (c.isDeleted ? undefined : 'live'),
  }),
  internalAccounts: def<InternalAccountRecord>({
    customer: (a) => a.customerId,
    owner: (a) => a.customerId ?? 'platform',
    anyCustomer: (a) => (a.customerId ? 'all' : undefined),
  }),
  externalAccounts: def<ExternalAccount>({
    customer: (a) => a.customerId,
    customerCurrency: (a) => (a.customerId ? `${a.customerId}|${a.currency}` : undefined),
    anyCustomer: (a) => (a.customerId ? 'all' : undefined),
    anyCustomerCurrency: (a) => (a.customerId ? a.currency : undefined),
    platform: (a) => (a.customerId ? undefined : 'all'),
    platformCurrency: (a) => (a.customerId ? undefined : a.currency),
  }),
  ledgerEntries: def<LedgerEntry>({ account: (e) => e.accountId, reference: (e) => e.reference }),
  ownershipChallenges: def<OwnershipChallengeRecord>(),
  beneficialOwners: def<BeneficialOwner>({ customer: (o) => o.customerId }),
  documents: def<DocumentRecord>({ holder: (d) => d.documentHolder }),
  verifications: def<Verification>({ customer: (v) => v.customerId, status: (v) => v.verificationStatus }),
  kycLinks: def<KycLinkRecord>(),
  events: def<WebhookEvent>({ type: (e) => e.type }),
  quotes: def<QuoteRecord>({ customer: (q) => q.customerId }),
  transactions: def<StoredTransaction>({
    customer: (t) => t.customerId,
    quote: (t) => (t.type === 'CARD' ? undefined : t.quoteId),
    account: accountsOf,
    sender: senderAccountOf,
    receiver: receiverAccountOf,
    status: (t) => t.status,
    card: (t) => (t.type === 'CARD' ? t.cardId : undefined),
  }),
  cards: def<CardRecord>({ customer: (c) => c.customerId, fundingSource: (c) => c.fundingSource, platformCardId: (c) => c.platformCardId }),
  cardReveals: def<CardRevealRecord>(),
  webhookDeliveries: def<WebhookDeliveryRecord>({ status: (d) => d.status, resource: (d) => d.resourceId }),
  idempotencyKeys: def<IdempotencyRecord>(),
  lookups: def<LookupRecord>(),
  authMethods: def<AuthMethodRecord>({ account: (m) => m.accountId }),
  authSessions: def<SessionRecord>({ account: (s) => s.accountId, key: (s) => s.publicKey, credential: (s) => s.authMethodId }),
  otpChallenges: def<OtpChallengeRecord>(),
  passkeyChallenges: def<PasskeyChallengeRecord>(),
  signedRequests: def<SignedRequestRecord>(),
  pendingOperations: def<PendingOperationRecord>(),
  faults: def<FaultRecord>(),
  jobs: def<DueJob>(),
};

export type CollectionName = keyof typeof COLLECTIONS;
export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as CollectionName[];
type RecordOf<K extends CollectionName> = (typeof COLLECTIONS)[K] extends CollectionDef<infer T> ? T : never;

/** The collections part of a tenant's data file. */
export type CollectionData = { [K in CollectionName]: Record<string, RecordOf<K>> };
export type Collections = { readonly [K in CollectionName]: Collection<RecordOf<K>> };

export function emptyCollections(): CollectionData {
  return Object.fromEntries(COLLECTION_NAMES.map((name) => [name, {}])) as CollectionData;
}

export function buildCollections(data: CollectionData): Collections {
  const built: Record<string, Collection<{ id: string }>> = {};
  for (const name of COLLECTION_NAMES) {
    built[name] = new Collection(data[name] as Record<string, { id: string }>, COLLECTIONS[name].indexes as Record<string, IndexKey<{ id: string }>>);
  }
  return built as unknown as Collections;
}

export function rebuildCollections(collections: Collections, data: CollectionData): void {
  for (const name of COLLECTION_NAMES) (collections[name] as unknown as Collection<{ id: string }>).rebuild(data[name] as Record<string, { id: string }>);
}
