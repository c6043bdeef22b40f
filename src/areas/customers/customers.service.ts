/**
 * Customers: the platform's end users, individual or business. Each one gets
 * its internal account(s) when it is created.
 */
import { createHash } from 'node:crypto';
import { apiError, invalidInput, notFound, type FieldError } from '../../core/errors.js';
import { withoutUndefined } from '../../core/objects.js';
import { parseInstant } from '../../core/clock.js';
import { decodeCursor, toListResult, type ListResult } from '../../core/pagination.js';
import type { Tenant } from '../../store/tenant.js';
import type { KycStatus } from '../../rules/index.js';
import { emitEvent } from '../../events/outbox.js';
import { verificationInputsChanged } from './verification-inputs.js';
import { supportedCurrencyCodes } from '../config/config.service.js';
import { customerAccounts, openInternalAccount, setCustomerAccountsStatus } from '../internal-accounts/internal-accounts.service.js';
import { initialKybStatus, initialKycStatus } from './verification-status.js';
import { checkConsent } from './end-user-terms.js';
import { contactVerificationApplies, pendingContactChannels } from './regulation.js';
import type { OperationResult } from '../wallet-auth/processing.js';
import type { WalletActionRequest } from '../wallet-auth/signed-requests.js';
import * as signedRequestsModule from '../wallet-auth/signed-requests.js';
import * as walletsServiceModule from '../wallet-auth/wallets.service.js';
import { lazyModule } from '../../core/lazy-module.js';
import { CustomerWebhook, type Customer, type CustomerCreateRequest, type CustomerListQuery, type CustomerUpdateRequest } from './customers.schemas.js';

const LIST = 'customers';

/** Wallets and signed requests (their key handling and curves) load with the first create or e-mail change, not with a list. */
const signedRequests = lazyModule(() => signedRequestsModule);
const wallets = lazyModule(() => walletsServiceModule);

/** The customer as the API shows it: never its identifier (write-only personal data); a business carries its beneficial owners. */
export function presentCustomer(tenant: Tenant, customer: Customer): Customer {
  if (customer.customerType !== 'BUSINESS') {
    const { identifier: _identifier, ...shown } = customer;
    return shown;
  }
  return { ...customer, beneficialOwners: tenant.beneficialOwners.byIndex('customer', customer.id) };
}

const STATUS_EVENTS = { PENDING: 'PENDING', APPROVED: 'APPROVED', REJECTED: 'REJECTED' } as const satisfies Partial<Record<KycStatus, string>>;

/** CUSTOMER.KYC_* or CUSTOMER.KYB_* for the status the customer is in now; UNVERIFIED has no event. */
function emitStatusEvent(tenant: Tenant, customer: Customer): void {
  const status = customer.customerType === 'INDIVIDUAL' ? customer.kycStatus : customer.kybStatus;
  const suffix = status in STATUS_EVENTS ? STATUS_EVENTS[status as keyof typeof STATUS_EVENTS] : undefined;
  if (suffix) emitEvent(tenant, CustomerWebhook, `CUSTOMER.${customer.customerType === 'INDIVIDUAL' ? 'KYC' : 'KYB'}_${suffix}`, presentCustomer(tenant, customer));
}

/** Sets kycStatus (individual) or kybStatus (business), with its event when it changes. */
export function setVerificationStatus(tenant: Tenant, id: string, status: KycStatus): Customer {
  const customer = requireCustomer(tenant, id);
  const current = customer.customerType === 'INDIVIDUAL' ? customer.kycStatus : customer.kybStatus;
  if (current === status) return customer;
  tenant.customers.update(id, (c) => {
    if (c.customerType === 'INDIVIDUAL') c.kycStatus = status;
    else c.kybStatus = status;
    c.updatedAt = tenant.clock.nowIso();
  });
  tenant.changed();
  emitStatusEvent(tenant, customer);
  return customer;
}

export function requireCustomer(tenant: Tenant, id: string): Customer {
  const customer = tenant.customers.get(id);
  if (!customer) throw notFound('Customer', id);
  return customer;
}

/**
 * KYC (POST /verifications, a KYC link) starts only once every required
 * contact channel is VERIFIED: 409 before, or 400 naming the customer for
 * operations that have no 409 (POST /verifications).
 */
export function requireContactVerified(tenant: Tenant, customer: Customer, as: 'CONFLICT' | 'INVALID_INPUT' = 'CONFLICT'): void {
  const pending = pendingContactChannels(customer);
  if (pending.length === 0) return;
  const reason = `Customer ${customer.id} must verify ${pending.join(' and ')} before KYC: POST /customers/${customer.id}/verify-${pending[0]}`;
  const details = { customerId: customer.id, contactVerification: customer.contactVerification };
  throw apiError(as, reason, as === 'INVALID_INPUT' ? { ...details, errors: [{ field: 'customerId', message: reason }] } : details);
}

/** A customer that can still act: 404 when unknown, 410 when deleted. */
export function requireLiveCustomer(tenant: Tenant, id: string): Customer {
  const customer = requireCustomer(tenant, id);
  if (customer.isDeleted) throw apiError('CUSTOMER_DELETED', `Customer ${id} has been deleted`);
  return customer;
}

function checkCurrencies(tenant: Tenant, currencies: readonly string[] | undefined, errors: FieldError[]): void {
  if (!currencies) return;
  const supported = supportedCurrencyCodes(tenant);
  currencies.forEach((code, i) => {
    if (!supported.includes(code)) errors.push({ field: `currencies.${i}`, message: 'Not a currency this platform supports', constraint: { enum: supported } });
  });
}

function checkUniqueness(tenant: Tenant, self: string | undefined, platformCustomerId: string | undefined, umaAddress: string | undefined): void {
  if (platformCustomerId !== undefined) {
    const clash = tenant.customers.byIndex('platformCustomerId', platformCustomerId).find((c) => !c.isDeleted && c.id !== self);
    if (clash) throw apiError('CONFLICT', `platformCustomerId ${platformCustomerId} is already used by ${clash.id}`, { field: 'platformCustomerId', customerId: clash.id });
  }
  if (umaAddress !== undefined) {
    const clash = tenant.customers.findOne('umaAddress', umaAddress.toLowerCase());
    if (clash && clash.id !== self) throw apiError('UMA_ADDRESS_EXISTS', `UMA address ${umaAddress} is already taken`, { field: 'umaAddress' });
  }
}

function generatedUmaAddress(tenant: Tenant, id: string, name: string | undefined): string {
  const slug = (name ?? 'customer').toLowerCase().replace(/[^a-z0-9]+/g, '').slice(0, 24) || 'customer';
  const tag = createHash('sha256').update(id).digest('hex').slice(0, 6);
  return `$${slug}.${tag}@${tenant.config.umaDomain}`;
}

function uuidOf(id: string): string {
  return id.slice(id.indexOf(':') + 1);
}

/** Customers of a contact-verification region must give both channels at creation. */
function checkContactChannels(tenant: Tenant, input: CustomerCreateRequest): void {
  if (!contactVerificationApplies(tenant, input.region)) return;
  const missing: FieldError[] = [];
  const why = `Required for customers in ${input.region}: it is verified before KYC`;
  if (input.email === undefined) missing.push({ field: 'email', message: why, constraint: { format: 'email' } });
  if (input.phoneNumber === undefined) missing.push({ field: 'phoneNumber', message: `${why} (E.164)`, constraint: { format: 'e.164' } });
  if (missing.length > 0) throw apiError('MISSING_MANDATORY_USER_INFO', `Customers in ${input.region} need ${missing.map((m) => m.field).join(' and ')}`, { errors: missing });
}

export function createCustomer(tenant: Tenant, input: CustomerCreateRequest): Customer {
  const errors: FieldError[] = [];
  checkCurrencies(tenant, input.currencies, errors);
  if (errors.length > 0) throw invalidInput(errors);
  checkConsent(tenant, input.endUserTermsConsent);
  checkContactChannels(tenant, input);
  checkUniqueness(tenant, undefined, input.platformCustomerId, input.umaAddress);
  const contactVerification = contactVerificationApplies(tenant, input.region) ? { contactVerification: { email: 'PENDING' as const, phone: 'PENDING' as const } } : {};

  const id = tenant.ids('Customer');
  const now = tenant.clock.nowIso();
  const { platformCustomerId, umaAddress, ...fields } = input;
  const common = {
    id,
    customerType: fields.customerType,
    platformCustomerId: platformCustomerId ?? uuidOf(id),
    umaAddress: umaAddress ?? generatedUmaAddress(tenant, id, fields.customerType === 'INDIVIDUAL' ? fields.fullName : fields.businessInfo.legalName),
    isDeleted: false,
    ...contactVerification,
    createdAt: now,
    updatedAt: now,
  };
  // KYC waits for contact verification: a suffix that resolves at creation resolves when both channels are verified.
  const customer: Customer =
    fields.customerType === 'INDIVIDUAL'
      ? { ...common, ...fields, kycStatus: pendingContactChannels(common).length > 0 ? 'UNVERIFIED' : initialKycStatus(tenant, fields) }
      : { ...common, ...fields, kybStatus: initialKybStatus() };
  tenant.customers.insert(customer);
  const currencies = input.currencies ?? supportedCurrencyCodes(tenant).slice(0, 1);
  for (const currency of currencies) openInternalAccount(tenant, { customerId: id }, currency);
  wallets().openGlobalAccount(tenant, customer);
  tenant.changed();
  emitStatusEvent(tenant, customer);
  return presentCustomer(tenant, customer);
}

export function getCustomer(tenant: Tenant, id: string): Customer {
  return presentCustomer(tenant, requireCustomer(tenant, id));
}

function checkUpdate(tenant: Tenant, id: string, patch: CustomerUpdateRequest): Customer {
  const customer = requireLiveCustomer(tenant, id);
  if (patch.customerType !== customer.customerType) {
    throw invalidInput([{ field: 'customerType', message: `Customer ${id} is ${customer.customerType}; the type cannot change`, constraint: { enum: [customer.customerType] } }]);
  }
  const errors: FieldError[] = [];
  checkCurrencies(tenant, patch.currencies, errors);
  if (errors.length > 0) throw invalidInput(errors);
  checkConsent(tenant, patch.endUserTermsConsent);
  checkUniqueness(tenant, id, undefined, patch.umaAddress);
  return customer;
}

/** Applies a customer update with no wallet signature: for changes that never touch a tied e-mail. */
export function applyCustomerUpdate(tenant: Tenant, id: string, patch: CustomerUpdateRequest): Customer {
  const customer = checkUpdate(tenant, id, patch);
  tenant.customers.update(id, (c) => {
    const { businessInfo, ...fields } = patch.customerType === 'BUSINESS' ? patch : { ...patch, businessInfo: undefined };
    // A changed e-mail or phone is unverified again where verification applies.
    if (c.contactVerification?.email && fields.email !== undefined && fields.email !== c.email) c.contactVerification.email = 'PENDING';
    if (c.contactVerification?.phone && fields.phoneNumber !== undefined && fields.phoneNumber !== c.phoneNumber) c.contactVerification.phone = 'PENDING';
    Object.assign(c, withoutUndefined(fields));
    if (businessInfo && c.customerType === 'BUSINESS') Object.assign(c.businessInfo, withoutUndefined(businessInfo));
    c.updatedAt = tenant.clock.nowIso();
  });
  if (patch.currencies) {
    const held = new Set(customerAccounts(tenant, id).filter((a) => a.type !== 'EMBEDDED_WALLET').map((a) => a.currency));
    for (const currency of patch.currencies) if (!held.has(currency)) openInternalAccount(tenant, { customerId: id }, currency);
  }
  tenant.changed();
  verificationInputsChanged(tenant, id, 'fields');
  return presentCustomer(tenant, customer);
}

/**
 * PATCH /customers/{customerId}. Changing the e-mail an EMAIL_OTP credential
 * is tied to is a wallet action: a signed retry by a session of that wallet,
 * after which both e-mails change together.
 */
export function updateCustomer(tenant: Tenant, id: string, patch: CustomerUpdateRequest, request: WalletActionRequest): Promise<OperationResult> {
  const customer = requireLiveCustomer(tenant, id);
  const tied = patch.email !== undefined && patch.email !== customer.email ? wallets().emailCredentialsOf(tenant, id) : [];
  if (tied.length === 0) return Promise.resolve({ status: 200, body: applyCustomerUpdate(tenant, id, patch) });
  const tiedIds = () => wallets().emailCredentialsOf(tenant, id).map((m) => m.id).sort();
  return signedRequests().runSigned(tenant, request, () => ({
    operation: 'UPDATE_CUSTOMER_EMAIL',
    accountId: tied[0]!.accountId,
    prepare: () => {
      checkUpdate(tenant, id, patch);
      checkEmailFree(tenant, patch.email!);
      return { tied: tiedIds() };
    },
    perform: (context) => {
      checkEmailFree(tenant, patch.email!);
      const now = tiedIds();
      if (now.length !== context.tied.length || now.some((m, i) => m !== context.tied[i])) {
        throw apiError('EMAIL_OTP_CREDENTIAL_SET_CHANGED', undefined, { before: context.tied, now });
      }
      const updated = applyCustomerUpdate(tenant, id, patch);
      wallets().syncEmailCredentials(tenant, id, patch.email!);
      return { status: 200, body: updated };
    },
  }));
}

/** An e-mail that becomes the address of tied EMAIL_OTP credentials must not be any EMAIL_OTP credential's already. */
function checkEmailFree(tenant: Tenant, email: string): void {
  const wanted = email.toLowerCase();
  for (const method of tenant.authMethods.values()) {
    if (method.type === 'EMAIL_OTP' && method.nickname.toLowerCase() === wanted) {
      throw apiError('EMAIL_OTP_EMAIL_ALREADY_EXISTS', `${email} is already the address of ${method.id}`, { field: 'email', credentialId: method.id });
    }
  }
}

/** Soft delete: the customer stays readable with isDeleted true, its internal accounts close. */
export function deleteCustomer(tenant: Tenant, id: string): Customer {
  const customer = requireLiveCustomer(tenant, id);
  tenant.customers.update(id, (c) => {
    c.isDeleted = true;
    c.updatedAt = tenant.clock.nowIso();
  });
  setCustomerAccountsStatus(tenant, id, 'CLOSED');
  tenant.changed();
  return presentCustomer(tenant, customer);
}

export function listCustomers(tenant: Tenant, query: CustomerListQuery): ListResult<Customer> {
  const beforeSeq = decodeCursor(LIST, query.cursor);
  const includeDeleted = query.isIncludingDeleted === true;
  const createdAfter = query.createdAfter !== undefined ? parseInstant(query.createdAfter) : undefined;
  const createdBefore = query.createdBefore !== undefined ? parseInstant(query.createdBefore) : undefined;
  const updatedAfter = query.updatedAfter !== undefined ? parseInstant(query.updatedAfter) : undefined;
  const updatedBefore = query.updatedBefore !== undefined ? parseInstant(query.updatedBefore) : undefined;

  // Pick the narrowest index; every other filter is a condition on its records.
  let index: { index: string; key: string } | undefined;
  if (query.platformCustomerId !== undefined) index = { index: 'platformCustomerId', key: query.platformCustomerId };
  else if (query.umaAddress !== undefined) index = { index: 'umaAddress', key: query.umaAddress.toLowerCase() };
  else if (query.customerType !== undefined)
    // Stryker disable next-line ObjectLiteral: no index is a full scan, and the type condition below still applies
    index = { index: 'customerType', key: query.customerType };
  else if (!includeDeleted)
    // Stryker disable next-line ObjectLiteral: no index is a full scan, and the live condition below then applies
    index = { index: 'live', key: 'live' };

  const conditions: Array<(c: Customer) => boolean> = [];
  // Stryker disable next-line OptionalChaining,StringLiteral: index is only undefined when deleted ones are included; a redundant live condition changes no result
  if (!includeDeleted && index?.index !== 'live') conditions.push((c) => !c.isDeleted);
  if (query.customerType !== undefined) conditions.push((c) => c.customerType === query.customerType);
  if (query.region !== undefined) conditions.push((c) => c.region === query.region);
  if (query.currency !== undefined) conditions.push((c) => c.currencies?.includes(query.currency!) ?? false);
  if (createdAfter !== undefined) conditions.push((c) => Date.parse(c.createdAt) >= createdAfter);
  if (createdBefore !== undefined) conditions.push((c) => Date.parse(c.createdAt) <= createdBefore);
  if (updatedAfter !== undefined) conditions.push((c) => Date.parse(c.updatedAt) >= updatedAfter);
  if (updatedBefore !== undefined) conditions.push((c) => Date.parse(c.updatedAt) <= updatedBefore);

  const page = tenant.customers.page({
    ...index,
    limit: query.limit,
    ...(beforeSeq !== undefined ? { beforeSeq } : {}),
    ...(conditions.length > 0 ? { where: (c: Customer) => conditions.every((f) => f(c)) } : {}),
  });
  return toListResult(LIST, page, (c) => presentCustomer(tenant, c));
}
