/**
 * Webhooks on demand (POST /__admin/events/trigger, `paysandbox trigger`),
 * the way `stripe trigger` works: each webhook type has a recipe that drives
 * the real services (a customer, its documents and verification, funded
 * accounts, a quote executed, a card issued and used, ...) until the event
 * happens, so its data refers to objects that exist and the follow-up
 * events arrive as they would. The magic values come from the rule tables.
 *
 * Adding a webhook type is its name in trigger-types.ts and one entry in
 * TRIGGERS. A claim of an invitation normally comes from another platform;
 * the recipe claims with the sandbox's own invitee (SANDBOX_INVITEE_UMA)
 * through the same service.
 */
import { existsSync, readFileSync } from 'node:fs';
import { apiError } from '../core/errors.js';
import { packagePath } from '../core/package-files.js';
import { RULES, SANDBOX_INVITEE_UMA, type OutcomeOf, type RuleTableName } from '../rules/index.js';
import type { WebhookEvent } from '../events/events.schemas.js';
import type { DueJob } from '../store/jobs.js';
import type { Tenant } from '../store/tenant.js';
import type { WebhookDispatcher } from '../webhooks/dispatcher.js';
import { jobHandlers } from '../areas/index.js';
import { TRIGGER_TYPES, isTriggerType, type TriggerType } from './trigger-types.js';
import { createCustomer } from '../areas/customers/customers.service.js';
import { createBeneficialOwner } from '../areas/beneficial-owners/beneficial-owners.service.js';
import { uploadDocument, type UploadedFile } from '../areas/documents/documents.service.js';
import type { DocumentType } from '../areas/documents/documents.schemas.js';
import { submitVerification } from '../areas/verifications/verifications.service.js';
import { fundInternalAccount, primaryAccountOf, setInternalAccountStatus } from '../areas/internal-accounts/internal-accounts.service.js';
import { createExternalAccount, reviewExternalAccount } from '../areas/external-accounts/external-accounts.service.js';
import { createQuote, executeQuote } from '../areas/quotes/quotes.service.js';
import { transferIn } from '../areas/transfers/transfers.service.js';
import { CARD_ACTIVATION_JOB, issueCard, updateCard } from '../areas/cards/cards.service.js';
import { CARD_PULL_JOB, authorize, clear, refund } from '../areas/cards/card-network.service.js';
import { createAgent, redeemDeviceCode } from '../areas/agents/agents.service.js';
import { IMPORT_STEP_JOB, uploadCustomerCsv } from '../areas/customer-imports/customer-imports.service.js';
import { agentTransferOutUnsigned } from '../areas/agents/operations.service.js';
import { pendingContactChannels } from '../areas/customers/regulation.js';
import { confirmContactCode, sendContactCode } from '../areas/contact-verification/contact-verification.service.js';
import { createKycLink } from '../areas/verifications/kyc-links.service.js';
import { openHostedFlow } from '../areas/verifications/hosted-flow.service.js';
import { QUOTE_EXPIRY_JOB } from '../areas/quotes/quotes.service.js';
import { receiveUma } from '../areas/uma/uma.service.js';
import { claimInvitation, createInvitation } from '../areas/invitations/invitations.service.js';
import type { CustomerCreateRequest } from '../areas/customers/customers.schemas.js';
import { SANDBOX_UMA_DOMAIN } from '../areas/config/config.service.js';

/** What a recipe works with, and where it notes what it created. */
export interface TriggerRun {
  tenant: Tenant;
  webhooks: WebhookDispatcher;
  created: Record<string, string>;
  /** Events that happen outside the outbox (the test webhook). */
  extraEvents: WebhookEvent[];
}

export interface TriggerRecipe {
  description: string;
  run(run: TriggerRun): void | Promise<void>;
}

export interface TriggerResult {
  type: string;
  event: { id: string; type: string };
  events: Array<{ id: string; type: string }>;
  created: Record<string, string>;
}

// ---- magic values, from the rule tables -------------------------------------

/** The key of the first row of `table` whose outcome passes `wanted` (null: the "any other" row). */
function keyOf<K extends RuleTableName>(table: K, wanted: (outcome: OutcomeOf<K>) => boolean): string | null {
  const row = (RULES[table].rows as unknown as ReadonlyArray<{ key: string | null; outcome: OutcomeOf<K> }>).find((r) => wanted(r.outcome));
  if (!row) throw new Error(`no row of ${table} gives the wanted outcome`);
  return row.key;
}

/** A value ending in the row's key; `plain` (which selects no keyed row) for the "any other" row. */
function valueWith(key: string | null, base: string, plain: string): string {
  return key === null ? plain : `${base}${key}`;
}

// ---- building blocks, each through the real services -------------------------

const ADDRESS = { line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' };
const PERSON = { birthDate: '1990-01-31', nationality: 'US', address: ADDRESS, idType: 'SSN' as const, identifier: '123-45-6789' };
const USD = 'USD';

/** fixtures/ is at the package root. */
function fixture(name: string): UploadedFile {
  const file = packagePath('fixtures', name);
  if (!existsSync(file)) throw new Error(`trigger: fixture ${name} not found`);
  return { name, bytes: readFileSync(file) };
}

function upload(run: TriggerRun, holderId: string, documentType: DocumentType, file: string): void {
  uploadDocument(run.tenant, holderId, { documentType, country: 'US' }, fixture(file));
}

type KycStatus = 'APPROVED' | 'REJECTED' | 'PENDING';

/**
 * An individual whose KYC ends in `status`: decided at creation on a
 * regulated platform, otherwise through a complete submission (identity
 * document and POST /verifications), as the platform's settings say.
 */
function individual(run: TriggerRun, status: KycStatus, role = 'customer', extra: Partial<Extract<CustomerCreateRequest, { customerType: 'INDIVIDUAL' }>> = {}): string {
  const key = keyOf('individualKyc', (o) => o.kycStatus === status);
  let customer = createCustomer(run.tenant, { customerType: 'INDIVIDUAL', fullName: valueWith(key, 'Trigger Person ', 'Trigger Person'), email: 'trigger@example.com', currencies: [USD], ...PERSON, ...extra });
  run.created[role] = customer.id;
  // Where contact verification comes first (an EEA region), the e-mail and phone are confirmed with the sandbox's code.
  for (const channel of pendingContactChannels(customer)) {
    sendContactCode(run.tenant, customer.id, channel);
    customer = confirmContactCode(run.tenant, customer.id, channel, keyOf('contactVerificationCode', (o) => o.result === 'ACCEPTED')!);
  }
  if (customer.customerType === 'INDIVIDUAL' && customer.kycStatus === 'UNVERIFIED') {
    upload(run, customer.id, 'PASSPORT', 'passport.png');
    run.created.verification = submitVerification(run.tenant, customer.id).id;
  }
  return customer.id;
}

/** A business with its paperwork and one owner, submitted: KYB decided by its registration number. */
function business(run: TriggerRun, decision: OutcomeOf<'businessKyb'>['decision'], paperwork = true, submit = true): string {
  const key = keyOf('businessKyb', (o) => o.decision === decision);
  const customer = createCustomer(run.tenant, {
    customerType: 'BUSINESS',
    address: ADDRESS,
    businessInfo: { legalName: 'Trigger Business Inc', country: 'US', registrationNumber: valueWith(key, 'TRG-', 'TRG-000'), incorporatedOn: '2015-06-01', taxId: '12-3456789' },
    currencies: [USD],
  });
  run.created.customer = customer.id;
  if (paperwork) addPaperwork(run, customer.id);
  if (submit) run.created.verification = submitVerification(run.tenant, customer.id).id;
  return customer.id;
}

/** A business's documents and one owner with an identity document: everything a submission asks of it. */
function addPaperwork(run: TriggerRun, customerId: string): void {
  for (const type of ['CERTIFICATE_OF_INCORPORATION', 'SHAREHOLDER_REGISTER', 'UTILITY_BILL'] as const) upload(run, customerId, type, 'certificate.pdf');
  const ownerKey = keyOf('beneficialOwnerKyc', (o) => o.kycStatus === 'APPROVED');
  const owner = createBeneficialOwner(run.tenant, { customerId, roles: ['UBO'], ownershipPercentage: 100, personalInfo: { firstName: 'Olive', lastName: valueWith(ownerKey, 'Owner ', 'Owner'), ...PERSON } });
  run.created.beneficialOwner = owner.id;
  upload(run, owner.id, 'PASSPORT', 'passport.png');
}

/** The person behind a KYC link opens the hosted verification page of a business not yet submitted. */
function openVerificationPage(run: TriggerRun): void {
  const customerId = business(run, 'REVIEW', false, false);
  const link = createKycLink(run.tenant, customerId, undefined, 'http://127.0.0.1');
  openHostedFlow(run.tenant, link.token);
}

/** A business submitted without its paperwork (RESOLVE_ERRORS) then provides it: the last item makes it READY_FOR_VERIFICATION. */
function provideMissingPaperwork(run: TriggerRun): void {
  const customerId = business(run, 'REVIEW', false);
  addPaperwork(run, customerId);
}

/** The customer's USD account, funded through the sandbox. */
function fundedAccount(run: TriggerRun, customerId: string, amount = 100_000): string {
  const account = primaryAccountOf(run.tenant, customerId);
  if (!account) throw apiError('INVALID_STATE_TRANSITION', `Customer ${customerId} has no internal account to fund`);
  fundInternalAccount(run.tenant, account.id, amount);
  run.created.internalAccount = account.id;
  return account.id;
}

/** A USD bank account of the customer whose number ends in `key` (its default UMA deposit account when `umaDeposit`). */
function bankAccount(run: TriggerRun, customerId: string, key: string | null, umaDeposit = false): string {
  const account = createExternalAccount(run.tenant, {
    customerId,
    currency: USD,
    ...(umaDeposit ? { defaultUmaDepositAccount: true } : {}),
    accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: valueWith(key, '000123456', '000123456000'), routingNumber: '021000021', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Trigger Person' } },
  });
  run.created.externalAccount = account.id;
  return account.id;
}

/** A quote of 100.00 sent from `source` to the account `destination`, its ids noted in what the trigger created. */
function quoteOf100(run: TriggerRun, source: Parameters<typeof createQuote>[1]['source'], destination: string) {
  const quote = createQuote(run.tenant, { source, destination: { destinationType: 'ACCOUNT', accountId: destination }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 10_000, description: 'paysandbox trigger' });
  run.created.quote = quote.id;
  run.created.transaction = quote.transactionId;
  return quote;
}

/** A quote from a funded account to a bank account chosen by the quote-execution table, executed (`sender`: the customer's extra fields). */
async function payout(run: TriggerRun, outcome: (o: OutcomeOf<'quoteExecution'>) => boolean, sender = individual(run, 'APPROVED')): Promise<void> {
  const source = fundedAccount(run, sender);
  const destination = bankAccount(run, sender, keyOf('quoteExecution', outcome));
  const quote = quoteOf100(run, { sourceType: 'ACCOUNT', accountId: source }, destination);
  await executeQuote(run.tenant, quote.id, undefined, { method: 'POST', path: `/quotes/${quote.id}/execute`, body: '' });
}

/** An EEA customer, under Strong Customer Authentication, executes a payout: it waits for the customer's authorization. */
function scaPayout(run: TriggerRun): Promise<void> {
  const sender = individual(run, 'APPROVED', 'customer', { region: 'DE', email: `trigger-${uniqueTag(run)}@example.de`, phoneNumber: '+4915100000001' });
  return payout(run, (o) => o.result === 'COMPLETED' && o.delaySeconds === 0, sender);
}

/** A real-time-funded quote to a bank account that nobody pays: its expiry (the due job, run now) opens the payment EXPIRED. */
function unpaidRealtimeQuote(run: TriggerRun): void {
  const customer = individual(run, 'APPROVED');
  const destination = bankAccount(run, customer, keyOf('quoteExecution', (o) => o.result === 'COMPLETED' && o.delaySeconds === 0));
  const quote = quoteOf100(run, { sourceType: 'REALTIME_FUNDING', currency: USD, customerId: customer }, destination);
  runJobNow(run, QUOTE_EXPIRY_JOB, (j) => j.payload.quoteId === quote.id);
}

/**
 * An incoming UMA payment for a customer whose default UMA deposit account
 * is a bank account chosen by the quote-execution table: the money is paid
 * out there, and a failed payout goes back to the sender.
 */
function incomingToBank(run: TriggerRun, outcome: (o: OutcomeOf<'quoteExecution'>) => boolean): void {
  const customer = individual(run, 'APPROVED', 'customer', { umaAddress: `$trigger${uniqueTag(run)}@${SANDBOX_UMA_DOMAIN}` });
  bankAccount(run, customer, keyOf('quoteExecution', outcome), true);
  const sender = `${keyOf('umaReceiver', (o) => o.result === 'SUCCESS' && o.currency === USD)}@${SANDBOX_UMA_DOMAIN}`;
  run.created.transaction = receiveUma(run.tenant, { senderUmaAddress: sender, customerId: customer, receivingCurrencyCode: USD, receivingCurrencyAmount: 5_000 }).id;
}

/** A customer's UMA invitation, claimed by the sandbox's own invitee. */
function claimedInvitation(run: TriggerRun): void {
  const customer = individual(run, 'APPROVED', 'customer', { umaAddress: `$inviter${uniqueTag(run)}@${SANDBOX_UMA_DOMAIN}` });
  const inviterUma = run.tenant.customers.get(customer)!.umaAddress!;
  const invitation = createInvitation(run.tenant, { inviterUma, firstName: 'Ivy' });
  run.created.invitation = invitation.code;
  claimInvitation({ get: (id) => (id === run.tenant.id ? run.tenant : undefined) }, invitation.code, SANDBOX_INVITEE_UMA);
}

/** A pull from a bank account chosen by the transfer table into the customer's account. */
function pull(run: TriggerRun, outcome: (o: OutcomeOf<'accountTransfer'>) => boolean): void {
  const customer = individual(run, 'APPROVED');
  const account = primaryAccountOf(run.tenant, customer)!;
  run.created.internalAccount = account.id;
  const source = bankAccount(run, customer, keyOf('accountTransfer', outcome));
  run.created.transaction = transferIn(run.tenant, { source: { accountId: source }, destination: { accountId: account.id }, amount: 10_000 }).id;
}

/** Twelve hex digits no other run of the tenant has: for values that must be unique (UMA addresses). */
function uniqueTag(run: TriggerRun): string {
  return run.tenant.ids('Tag').slice(-12);
}

/** Runs one pending due job of the flow now instead of at its due time (what a clock advance would do, without moving the tenant's clock). */
function runJobNow(run: TriggerRun, kind: string, matches: (job: DueJob) => boolean): void {
  const job = run.tenant.scheduler.pending().find((j) => j.kind === kind && matches(j));
  if (!job) return;
  run.tenant.scheduler.cancel((j) => j.id === job.id);
  jobHandlers.get(kind)!(run.tenant, job);
}

const IMPORT_COLUMNS = 'umaAddress,platformCustomerId,customerType,fullName,birthDate,addressLine1,city,state,postalCode,country';

/** A one-row CSV import, its steps run now: a good row COMPLETES the job; a row that creates nobody FAILS it. */
function bulkImport(run: TriggerRun, good: boolean): void {
  const tag = uniqueTag(run);
  const row = good
    ? `$import${tag}@sandbox.uma.local,import-${tag},INDIVIDUAL,Imported Person,1990-01-15,1 Main St,San Francisco,CA,94105,US`
    : `$import${tag}@sandbox.uma.local,import-${tag},INDIVIDUAL,,,,,,,`;
  const { jobId } = uploadCustomerCsv(run.tenant, { name: 'trigger.csv', bytes: Buffer.from(`${IMPORT_COLUMNS}\n${row}\n`) });
  run.created.bulkImportJob = jobId;
  const step = (job: DueJob) => job.kind === IMPORT_STEP_JOB && job.payload.jobId === jobId;
  while (run.tenant.scheduler.pending().some(step)) runJobNow(run, IMPORT_STEP_JOB, step);
}

/** An APPROVED cardholder with a funded account and an ACTIVE card (the issuer's activation run now). */
function activeCard(run: TriggerRun): string {
  const holder = individual(run, 'APPROVED', 'cardholder');
  const account = fundedAccount(run, holder);
  const card = issueCard(run.tenant, { customerId: holder, form: 'VIRTUAL', fundingSource: account });
  run.created.card = card.id;
  runJobNow(run, CARD_ACTIVATION_JOB, (j) => j.payload.cardId === card.id);
  return card.id;
}

/** A purchase on an active card, its descriptor chosen by the authorization table. */
function purchase(run: TriggerRun, outcome: (o: OutcomeOf<'cardAuthorization'>) => boolean): { cardId: string; transactionId: string } {
  const cardId = activeCard(run);
  const descriptor = valueWith(keyOf('cardAuthorization', outcome), 'TRIGGER SHOP ', 'TRIGGER SHOP');
  const result = authorize(run.tenant, cardId, { amount: 2_500, currency: { code: USD }, merchant: { descriptor, mcc: '5814', country: 'US' } });
  // A declined authorization leaves no card transaction and no event: only approving rows are asked for.
  if (!('approved' in result)) throw new Error(`trigger: the authorization was declined (${result.declined.declineReason})`);
  run.created.cardTransaction = result.approved.id;
  return { cardId, transactionId: result.approved.id };
}

/**
 * A connected agent of a funded customer, in APPROVAL_REQUIRED mode, asks
 * for a transfer-out to a bank account that pays out: the action awaits the
 * platform's approval (its transaction PENDING, the money held).
 */
function agentActionAwaitingApproval(run: TriggerRun): void {
  const owner = individual(run, 'APPROVED');
  const account = fundedAccount(run, owner);
  const destination = bankAccount(run, owner, keyOf('accountTransfer', (o) => o.result === 'SUCCESS' && o.delaySeconds === 0));
  const { agent, deviceCode } = createAgent(run.tenant, {
    name: 'Trigger agent',
    customerId: owner,
    policy: {
      permissions: ['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS'],
      defaultExecutionMode: 'APPROVAL_REQUIRED',
      spendingLimits: { currency: USD, perTransactionLimit: 50_000, dailyLimit: 100_000, dailyTransactionLimit: 10, monthlyLimit: 1_000_000 },
    },
  });
  run.created.agent = agent.id;
  redeemDeviceCode(run.tenant, deviceCode.code);
  const action = agentTransferOutUnsigned(run.tenant, agent.id, { source: { accountId: account }, destination: { accountId: destination }, amount: 10_000 });
  run.created.agentAction = action.id;
  if (action.transaction) run.created.transaction = action.transaction.id;
}

/** An approved customer's account goes through provisioning (PENDING), and then becomes ACTIVE: its funding instructions appear. */
function provisionedAccount(run: TriggerRun): void {
  const customer = individual(run, 'APPROVED');
  const account = primaryAccountOf(run.tenant, customer)!;
  run.created.internalAccount = account.id;
  setInternalAccountStatus(run.tenant, account.id, 'PENDING');
  // Each step its own commit, as two separate changes of the service would be.
  run.tenant.settle();
  setInternalAccountStatus(run.tenant, account.id, 'ACTIVE');
}

const approvedPurchase = (o: OutcomeOf<'cardAuthorization'>) => o.decision === 'APPROVED' && o.pull === 'IMMEDIATE';

// ---- the recipes: one per webhook type ----------------------------------------

export const TRIGGERS: Readonly<Record<TriggerType, TriggerRecipe>> = {
  'CUSTOMER.KYC_APPROVED': { description: 'An individual passes KYC', run: (r) => void individual(r, 'APPROVED') },
  'CUSTOMER.KYC_REJECTED': { description: 'An individual fails KYC', run: (r) => void individual(r, 'REJECTED') },
  'CUSTOMER.KYC_PENDING': { description: 'An individual goes to manual KYC review', run: (r) => void individual(r, 'PENDING') },
  'CUSTOMER.KYB_APPROVED': { description: 'A business with its documents and owner passes KYB', run: (r) => void business(r, 'APPROVED') },
  'CUSTOMER.KYB_REJECTED': { description: 'A business fails KYB', run: (r) => void business(r, 'REJECTED') },
  'CUSTOMER.KYB_PENDING': { description: 'A business goes to manual KYB review', run: (r) => void business(r, 'REVIEW') },

  'VERIFICATION.APPROVED': { description: 'A business verification is approved', run: (r) => void business(r, 'APPROVED') },
  'VERIFICATION.REJECTED': { description: 'A business verification is rejected', run: (r) => void business(r, 'REJECTED') },
  'VERIFICATION.PENDING_MANUAL_REVIEW': { description: 'A business verification goes to manual review', run: (r) => void business(r, 'REVIEW') },
  'VERIFICATION.RESOLVE_ERRORS': { description: 'A business is submitted without its documents', run: (r) => void business(r, 'REVIEW', false) },
  'VERIFICATION.IN_PROGRESS': { description: "A business's hosted verification page (its KYC link) is opened", run: (r) => openVerificationPage(r) },
  'VERIFICATION.READY_FOR_VERIFICATION': { description: 'A business in RESOLVE_ERRORS provides its missing documents and owner', run: (r) => provideMissingPaperwork(r) },

  'OUTGOING_PAYMENT.PENDING': { description: 'A quote to a bank account is executed', run: (r) => payout(r, (o) => o.result === 'COMPLETED' && o.delaySeconds === 0) },
  'OUTGOING_PAYMENT.PENDING_AUTHORIZATION': { description: 'A customer under Strong Customer Authentication (region DE) executes a payout', run: (r) => scaPayout(r) },
  'OUTGOING_PAYMENT.PROCESSING': { description: 'A quote to a bank account is executed', run: (r) => payout(r, (o) => o.result === 'COMPLETED' && o.delaySeconds === 0) },
  'OUTGOING_PAYMENT.COMPLETED': { description: 'A payout to a bank account completes', run: (r) => payout(r, (o) => o.result === 'COMPLETED' && o.delaySeconds === 0) },
  'OUTGOING_PAYMENT.FAILED': { description: 'A payout fails before the money leaves', run: (r) => payout(r, (o) => o.result === 'FAILED' && o.refund === 'NONE') },
  'OUTGOING_PAYMENT.EXPIRED': { description: 'A real-time-funded quote expires unpaid', run: (r) => unpaidRealtimeQuote(r) },
  'OUTGOING_PAYMENT.REFUND_PENDING': { description: 'A failed payout starts its refund', run: (r) => payout(r, (o) => o.result === 'FAILED' && o.refund === 'REFUNDED') },
  'OUTGOING_PAYMENT.REFUND_COMPLETED': { description: 'A failed payout is refunded to the sender', run: (r) => payout(r, (o) => o.result === 'FAILED' && o.refund === 'REFUNDED') },
  'OUTGOING_PAYMENT.REFUND_FAILED': { description: 'A failed payout cannot be refunded', run: (r) => payout(r, (o) => o.refund === 'REFUND_FAILED') },

  'INCOMING_PAYMENT.PENDING': { description: 'A pull from a bank account starts', run: (r) => pull(r, (o) => o.result === 'SUCCESS') },
  'INCOMING_PAYMENT.COMPLETED': { description: 'A pull from a bank account arrives', run: (r) => pull(r, (o) => o.result === 'SUCCESS') },
  'INCOMING_PAYMENT.FAILED': { description: 'A pull from a bank account fails', run: (r) => pull(r, (o) => o.result === 'FAILED' && o.delaySeconds === 0) },

  'INCOMING_PAYMENT.REFUND_PENDING': { description: 'An incoming UMA payment to a bank account fails to pay out and starts going back', run: (r) => incomingToBank(r, (o) => o.result === 'FAILED' && o.refund === 'REFUNDED') },
  'INCOMING_PAYMENT.REFUND_COMPLETED': { description: 'An incoming UMA payment to a bank account fails to pay out and goes back to the sender', run: (r) => incomingToBank(r, (o) => o.result === 'FAILED' && o.refund === 'REFUNDED') },
  'INCOMING_PAYMENT.REFUND_FAILED': { description: 'An incoming UMA payment to a bank account fails to pay out and cannot go back', run: (r) => incomingToBank(r, (o) => o.refund === 'REFUND_FAILED') },

  'INVITATION.CLAIMED': { description: "A customer's UMA invitation is claimed by the sandbox's own invitee", run: (r) => claimedInvitation(r) },

  'CARD.STATUS_CHANGE': { description: 'A new card becomes ACTIVE', run: (r) => void activeCard(r) },
  'CARD.FUNDING_SOURCE_CHANGE': {
    description: "An active card's funding source is set by PATCH /cards/{id}",
    run: (r) => {
      const cardId = activeCard(r);
      updateCard(r.tenant, cardId, { fundingSource: r.created.internalAccount! });
    },
  },

  'INTERNAL_ACCOUNT.BALANCE_UPDATED': { description: "A customer's account is funded through the sandbox", run: (r) => void fundedAccount(r, individual(r, 'APPROVED')) },
  'INTERNAL_ACCOUNT.STATUS_UPDATED': { description: 'An account is provisioned: PENDING, then ACTIVE', run: provisionedAccount },
  'INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED': { description: 'An account finishes provisioning and its funding instructions appear', run: provisionedAccount },

  'EXTERNAL_ACCOUNT.STATUS_UPDATED': {
    description: 'A bank account goes under compliance review',
    run: (r) => {
      const customer = individual(r, 'APPROVED');
      reviewExternalAccount(r.tenant, bankAccount(r, customer, null), 'UNDER_REVIEW');
    },
  },

  'CARD_TRANSACTION.AUTHORIZED': { description: 'A card purchase is authorized', run: (r) => void purchase(r, approvedPurchase) },
  'CARD_TRANSACTION.PARTIALLY_SETTLED': {
    description: 'A merchant that clears in parts clears part of a card purchase',
    run: (r) => {
      const { cardId, transactionId } = purchase(r, (o) => o.decision === 'APPROVED' && o.clearing === 'IN_PARTS');
      clear(r.tenant, cardId, { cardTransactionId: transactionId, amount: 1_000 });
    },
  },
  'CARD_TRANSACTION.SETTLED': {
    description: 'A card purchase is cleared',
    run: (r) => {
      const { cardId, transactionId } = purchase(r, approvedPurchase);
      clear(r.tenant, cardId, { cardTransactionId: transactionId, amount: 2_500 });
    },
  },
  'CARD_TRANSACTION.REFUNDED': {
    description: 'A cleared card purchase is refunded in full by the merchant',
    run: (r) => {
      const { cardId, transactionId } = purchase(r, approvedPurchase);
      clear(r.tenant, cardId, { cardTransactionId: transactionId, amount: 2_500 });
      r.created.refundTransaction = refund(r.tenant, cardId, { cardTransactionId: transactionId, amount: 2_500 }).id;
    },
  },
  'CARD_TRANSACTION.EXCEPTION': {
    description: "A card purchase's funding pull fails after approval",
    run: (r) => {
      const { transactionId } = purchase(r, (o) => o.pull === 'FAILS_LATER');
      runJobNow(r, CARD_PULL_JOB, (j) => j.payload.transactionId === transactionId);
    },
  },

  'BULK_UPLOAD.COMPLETED': { description: 'A one-row customer CSV import completes', run: (r) => bulkImport(r, true) },
  'BULK_UPLOAD.FAILED': { description: 'A customer CSV import whose only row is invalid fails', run: (r) => bulkImport(r, false) },

  'AGENT_ACTION.PENDING_APPROVAL': { description: "An agent's transfer-out awaits the platform's approval", run: (r) => agentActionAwaitingApproval(r) },

  'TEST': {
    description: 'The signed test webhook, sent to the webhook endpoint now (as POST /sandbox/webhooks/test)',
    run: async (r) => {
      const { event, delivery } = await r.webhooks.sendTest(r.tenant);
      r.extraEvents.push(event);
      r.created.webhookDelivery = delivery.id;
    },
  },
};

/** POST /__admin/events/trigger: runs the type's recipe; 400 listing the valid types for an unknown one. */
export async function triggerEvent(tenant: Tenant, webhooks: WebhookDispatcher, type: string): Promise<TriggerResult> {
  const recipe = isTriggerType(type) ? TRIGGERS[type] : undefined;
  if (!recipe) {
    throw apiError('INVALID_INPUT', `Unknown webhook type ${JSON.stringify(type)}; choose one of ${TRIGGER_TYPES.join(', ')}`, {
      errors: [{ field: 'type', message: 'Not a webhook type the sandbox can trigger', constraint: { enum: TRIGGER_TYPES } }],
      validTypes: TRIGGER_TYPES,
    });
  }
  const run: TriggerRun = { tenant, webhooks, created: {}, extraEvents: [] };
  const seen: WebhookEvent[] = [];
  const stop = tenant.on('event', (event) => seen.push(event));
  try {
    // The recipe's set-up is the sandbox's, not the client's: its rule decisions are not counted; the events it causes are.
    await tenant.coverage.quietRules(async () => {
      await recipe.run(run);
    });
    // What the commit will announce (balances, account statuses) is part of what the recipe made happen.
    tenant.settle();
  } finally {
    stop();
  }
  const events = [...seen, ...run.extraEvents];
  const event = events.find((e) => e.type === type);
  // A recipe that did not produce its event is a defect of the recipe, not of the caller's request.
  if (!event) throw new Error(`trigger ${type} produced ${events.map((e) => e.type).join(', ') || 'no event'}`);
  return { type, event: { id: event.id, type: event.type }, events: events.map((e) => ({ id: e.id, type: e.type })), created: run.created };
}

export function listTriggers() {
  return { data: TRIGGER_TYPES.map((type) => ({ type, description: TRIGGERS[type].description })) };
}
