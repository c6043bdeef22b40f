/**
 * External accounts: bank accounts, wallets and other destinations outside
 * the service, owned by a customer or by the platform. Beneficiary name
 * verification and ownership verification follow the sandbox rule tables.
 */
import { externalAccountDeletionHook } from './deletion.js';
import { apiError, invalidInput, notFound, referencedIn, type FieldError } from '../../core/errors.js';
import { isoAt } from '../../core/clock.js';
import { decodeCursor, renderListResult, type JsonParts, type ListResult } from '../../core/pagination.js';
import { LIVENESS_COMPLETES_AFTER_SECONDS, outcomeFor, type RuleHits } from '../../rules/index.js';
import { verifyWalletSignature } from '../../crypto/wallet-ownership.js';
import type { Tenant } from '../../store/tenant.js';
import { hasCounterpartyRequirements } from '../config/config.service.js';
import { requireLiveCustomer } from '../customers/customers.service.js';
import { accountTypeSpec, currencyMismatch, isSelfCustodyWallet, primaryIdentifier, type AccountTypeSpec } from './account-types.js';
import { emitEvent } from '../../events/outbox.js';
import { ExternalAccountWebhook, type AccountInfo, type Beneficiary, type CustomerExternalAccountCreate, type ExternalAccount, type ExternalAccountStatus, type OwnershipChallenge } from './external-accounts.schemas.js';
import { LIVENESS_JOB } from '../job-kinds.js';

const LIST_CUSTOMER = 'customer-external-accounts';
const LIST_PLATFORM = 'platform-external-accounts';
export { LIVENESS_JOB };

/** Which side of the API an account is reached through. */
export type Owner = 'customer' | 'platform';

const CHALLENGE_LIFETIME_MS = 10 * 60_000;

function specOf(info: AccountInfo): AccountTypeSpec {
  const spec = accountTypeSpec(info.accountType);
  if (!spec) throw new Error(`unknown account type ${info.accountType}`);
  return spec;
}

/** The account as the API shows it: accountInfo carries the rails its type supports. */
export function presentExternalAccount(account: ExternalAccount): ExternalAccount {
  const rails = specOf(account.accountInfo).rails;
  return rails.length > 0 ? { ...account, accountInfo: { ...account.accountInfo, paymentRails: [...rails] } } : account;
}

export function requireExternalAccount(tenant: Tenant, id: string, owner?: Owner): ExternalAccount {
  const account = tenant.externalAccounts.get(id);
  if (!account || (owner === 'customer' && !account.customerId) || (owner === 'platform' && account.customerId)) throw notFound('ExternalAccount', id);
  return account;
}

function beneficiaryName(beneficiary: Beneficiary | undefined): string | undefined {
  return beneficiary?.fullName ?? beneficiary?.legalName;
}

/** A name the rail might return for a fuzzy match: initials for all but the last word. */
function similarName(name: string): string {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return `${name.slice(0, Math.max(1, name.length - 1))}.`;
  return [...words.slice(0, -1).map((w) => `${w[0]!.toUpperCase()}.`), words[words.length - 1]].join(' ');
}

function beneficiaryVerification(spec: AccountTypeSpec, info: AccountInfo, seen: RuleHits): Pick<ExternalAccount, 'beneficiaryVerificationStatus' | 'beneficiaryVerifiedData'> {
  const identifier = primaryIdentifier(spec, info);
  if (spec.family !== 'BANK' || !identifier) return {};
  const outcome = outcomeFor('beneficiaryVerification', identifier.value, seen);
  if (outcome.kind === 'invalidAccount') {
    throw apiError('INVALID_BANK_ACCOUNT', 'The bank reports that this account is invalid', { field: `accountInfo.${identifier.field}` });
  }
  const name = beneficiaryName(info.beneficiary);
  const verifiedName = outcome.verifiedName === 'SAME' ? name : outcome.verifiedName === 'SIMILAR' && name ? similarName(name) : outcome.verifiedName === 'DIFFERENT' ? 'Unrelated Account Holder' : undefined;
  return { beneficiaryVerificationStatus: outcome.status, ...(verifiedName ? { beneficiaryVerifiedData: { fullName: verifiedName } } : {}) };
}

export type ExternalAccountInput = Omit<CustomerExternalAccountCreate, 'customerId'> & { customerId?: string | undefined };

export function createExternalAccount(tenant: Tenant, input: ExternalAccountInput): ExternalAccount {
  // Creating an external account answers bad input with 400 only: an unknown customer is a field error.
  // The customer's own id string, not the request's copy: an account is kept as long as its customer, and so is the id.
  const customerId = input.customerId === undefined ? undefined : referencedIn('customerId', () => requireLiveCustomer(tenant, input.customerId!)).id;
  const info = input.accountInfo as AccountInfo;
  const spec = specOf(info);

  const errors: FieldError[] = [];
  const mismatch = currencyMismatch(info.accountType, input.currency);
  if (mismatch) errors.push({ field: 'currency', message: mismatch, constraint: { enum: [...spec.currencies] } });
  const selfCustody = isSelfCustodyWallet(spec, info);
  const travelRule = selfCustody && hasCounterpartyRequirements(tenant);
  if (travelRule && input.ownershipType === undefined) {
    errors.push({ field: 'ownershipType', message: 'Required for self-custody wallets on platforms with counterparty requirements', constraint: { enum: ['FIRST_PARTY', 'THIRD_PARTY'] } });
  }
  if (input.defaultUmaDepositAccount && customerId === undefined) {
    errors.push({ field: 'defaultUmaDepositAccount', message: 'Only a customer account can be the default UMA deposit account' });
  }
  if (errors.length > 0) throw invalidInput(errors);

  const verification = beneficiaryVerification(spec, info, tenant.coverage);

  const now = tenant.clock.nowIso();
  const account: ExternalAccount = {
    id: tenant.ids('ExternalAccount'),
    ...(customerId !== undefined ? { customerId } : {}),
    status: travelRule && input.ownershipType === 'FIRST_PARTY' ? 'PENDING_OWNERSHIP_VERIFICATION' : 'ACTIVE',
    ...(input.platformAccountId !== undefined ? { platformAccountId: input.platformAccountId } : {}),
    ...(input.ownershipType !== undefined ? { ownershipType: input.ownershipType } : {}),
    currency: input.currency,
    defaultUmaDepositAccount: input.defaultUmaDepositAccount ?? false,
    ...verification,
    accountInfo: info,
    createdAt: now,
    updatedAt: now,
  };
  if (account.defaultUmaDepositAccount && account.customerId) clearDefaultUmaDeposit(tenant, account.customerId, now);
  tenant.externalAccounts.insert(account);
  tenant.changed();
  return presentExternalAccount(account);
}

/** At most one default UMA deposit account per customer: a new default replaces the old. */
function clearDefaultUmaDeposit(tenant: Tenant, customerId: string, now: string): void {
  for (const other of tenant.externalAccounts.byIndex('customer', customerId)) {
    if (!other.defaultUmaDepositAccount) continue;
    tenant.externalAccounts.update(other.id, (a) => {
      a.defaultUmaDepositAccount = false;
      a.updatedAt = now;
    });
  }
}

export function getExternalAccount(tenant: Tenant, id: string, owner: Owner): ExternalAccount {
  return presentExternalAccount(requireExternalAccount(tenant, id, owner));
}

export function deleteExternalAccount(tenant: Tenant, id: string, owner: Owner): void {
  requireExternalAccount(tenant, id, owner);
  tenant.hooks.get(externalAccountDeletionHook)(tenant, id);
  tenant.externalAccounts.remove(id);
  tenant.ownershipChallenges.remove(id);
  tenant.scheduler.cancel((job) => job.payload.externalAccountId === id);
  tenant.changed();
}

export interface ExternalAccountFilter {
  customerId?: string | undefined;
  currency?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** A page of accounts as UTF-8 JSON: each account's JSON is rendered once per version and reused. */
export function listExternalAccounts(tenant: Tenant, owner: Owner, filter: ExternalAccountFilter): JsonParts<ListResult<ExternalAccount>> {
  const list = owner === 'customer' ? LIST_CUSTOMER : LIST_PLATFORM;
  const beforeSeq = decodeCursor(list, filter.cursor);
  let index: { index: string; key: string };
  if (owner === 'platform') index = filter.currency !== undefined ? { index: 'platformCurrency', key: filter.currency } : { index: 'platform', key: 'all' };
  else if (filter.customerId !== undefined && filter.currency !== undefined) index = { index: 'customerCurrency', key: `${filter.customerId}|${filter.currency}` };
  else if (filter.customerId !== undefined) index = { index: 'customer', key: filter.customerId };
  else if (filter.currency !== undefined) index = { index: 'anyCustomerCurrency', key: filter.currency };
  else index = { index: 'anyCustomer', key: 'all' };
  const page = tenant.externalAccounts.page({ index: index.index, key: index.key, limit: filter.limit, beforeSeq });
  return renderListResult(list, page, (account) => tenant.externalAccounts.renderedJson(account, presentExternalAccount));
}

/** Every transition is announced; the same status again is none. */
function setStatus(tenant: Tenant, id: string, status: ExternalAccountStatus): ExternalAccount {
  const account = tenant.externalAccounts.get(id)!;
  if (account.status === status) return account;
  const updated = tenant.externalAccounts.update(id, (a) => {
    a.status = status;
    a.updatedAt = tenant.clock.nowIso();
  });
  tenant.changed();
  emitEvent(tenant, ExternalAccountWebhook, 'EXTERNAL_ACCOUNT.STATUS_UPDATED', presentExternalAccount(updated));
  return updated;
}

/** The statuses a review gives (control plane). */
export const REVIEW_STATUSES = ['UNDER_REVIEW', 'INACTIVE', 'ACTIVE'] as const;

/**
 * A review outcome (control plane). An account whose wallet ownership is
 * not proven yet gets there only through its challenge: 409.
 */
export function reviewExternalAccount(tenant: Tenant, id: string, status: (typeof REVIEW_STATUSES)[number]): ExternalAccount {
  const account = requireExternalAccount(tenant, id);
  if (account.status === 'PENDING_OWNERSHIP_VERIFICATION' || account.status === 'UNVERIFIED') {
    throw apiError('INVALID_STATE_TRANSITION', `ExternalAccount ${id} is ${account.status}; its ownership is verified through its challenge, not a review`, { status: account.status, requested: status });
  }
  return presentExternalAccount(setStatus(tenant, id, status));
}

/** Starts (or restarts) ownership verification of a FIRST_PARTY self-custody wallet. */
export function startOwnershipChallenge(tenant: Tenant, id: string, owner: Owner, method: OwnershipChallenge['method'], origin: string): OwnershipChallenge {
  const account = requireExternalAccount(tenant, id, owner);
  const spec = specOf(account.accountInfo);
  if (!isSelfCustodyWallet(spec, account.accountInfo) || account.ownershipType !== 'FIRST_PARTY') {
    throw apiError('CONFLICT', 'Ownership verification applies only to FIRST_PARTY self-custody wallets', { externalAccountId: id });
  }
  if (account.status !== 'PENDING_OWNERSHIP_VERIFICATION' && account.status !== 'UNVERIFIED') {
    throw apiError('CONFLICT', `The account is ${account.status}; a challenge applies only to a wallet awaiting its ownership proof (PENDING_OWNERSHIP_VERIFICATION or UNVERIFIED)`, { status: account.status });
  }
  if (account.status === 'UNVERIFIED') setStatus(tenant, id, 'PENDING_OWNERSHIP_VERIFICATION');
  tenant.scheduler.cancel((job) => job.kind === LIVENESS_JOB && job.payload.externalAccountId === id);
  tenant.ownershipChallenges.remove(id);

  const now = tenant.clock.nowMs();
  const expiresAt = isoAt(now + CHALLENGE_LIFETIME_MS);
  const nonce = tenant.ids('Nonce').slice('Nonce:'.length);
  if (method === 'WALLET_SIGNATURE') {
    const messageToSign = `I verify that I control the wallet ${String(account.accountInfo.address)}. Nonce: ${nonce}`;
    tenant.ownershipChallenges.insert({ id, method, messageToSign, expiresAt, createdAt: isoAt(now) });
    tenant.changed();
    return { method, messageToSign, expiresAt };
  }
  tenant.ownershipChallenges.insert({ id, method, token: nonce, expiresAt, createdAt: isoAt(now) });
  tenant.scheduler.schedule(LIVENESS_JOB, LIVENESS_COMPLETES_AFTER_SECONDS * 1000, { externalAccountId: id, token: nonce });
  tenant.changed();
  return { method, verificationLink: `${origin}/__admin/liveness/${nonce}`, token: nonce, expiresAt };
}

/** Completes a WALLET_SIGNATURE challenge. A bad or late signature leaves the account UNVERIFIED. */
export function verifyOwnership(tenant: Tenant, id: string, owner: Owner, signature: string): ExternalAccount {
  const account = requireExternalAccount(tenant, id, owner);
  const challenge = tenant.ownershipChallenges.get(id);
  if (!challenge || challenge.method !== 'WALLET_SIGNATURE' || !challenge.messageToSign) {
    throw apiError('CONFLICT', 'No WALLET_SIGNATURE challenge is outstanding for this account; start one first', { externalAccountId: id });
  }
  const fail = (message: string) => {
    tenant.ownershipChallenges.remove(id);
    setStatus(tenant, id, 'UNVERIFIED');
    tenant.changed();
    return invalidInput([{ field: 'signature', message }], `${message}; the account is now UNVERIFIED, start a new challenge to retry`);
  };
  if (tenant.clock.nowMs() >= Date.parse(challenge.expiresAt)) throw fail('The challenge expired');
  const rule = outcomeFor('walletOwnershipSignature', signature, tenant.coverage).result;
  const valid = rule === 'VALID' || (rule === 'VERIFY' && verifyWalletSignature(account.accountInfo.accountType, String(account.accountInfo.address), challenge.messageToSign, signature));
  if (!valid) throw fail('The signature does not prove control of this wallet');
  tenant.ownershipChallenges.remove(id);
  const verified = setStatus(tenant, id, 'ACTIVE');
  return presentExternalAccount(verified);
}

/** Due job: the hosted liveness check of an ownership challenge has passed. */
export function completeLiveness(tenant: Tenant, payload: Record<string, unknown>): void {
  const id = String(payload.externalAccountId);
  const challenge = tenant.ownershipChallenges.get(id);
  if (!challenge || challenge.method !== 'LIVENESS' || challenge.token !== payload.token) return;
  tenant.ownershipChallenges.remove(id);
  if (tenant.externalAccounts.has(id)) setStatus(tenant, id, 'ACTIVE');
  tenant.changed();
}
