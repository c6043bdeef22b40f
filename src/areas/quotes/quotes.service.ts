/**
 * Quotes: a locked rate and amounts for moving money from an internal
 * account, an external account (a pull) or real-time funding, to an
 * external account, an internal account or a UMA address. Executing a quote
 * starts its payment; the destination's suffix decides how it ends.
 */
import { ApiError, apiError, invalidInput, notFound, referencedIn } from '../../core/errors.js';
import { isoAt } from '../../core/clock.js';
import { currencyOf, isStablecoin } from '../../core/money.js';
import { decodeCursor, toListResult, type ListResult } from '../../core/pagination.js';
import { QUOTE_LIFETIME_SECONDS, outcomeFor, ruleFor, type RuleHits } from '../../rules/index.js';
import type { Tenant } from '../../store/tenant.js';
import { requireLiveCustomer } from '../customers/customers.service.js';
import { accountTypeSpec } from '../external-accounts/account-types.js';
import { STABLECOIN_NETWORKS, fundingInstructionsFor, type StablecoinNetwork } from '../internal-accounts/funding-instructions.js';
import { canSend, hasRate, rateAt, receiveOnlyReason, receivingFor, sendingFor, serviceFee, type Rate } from '../exchange-rates/rates.js';
import { checkFunds, checkPayoutLimits, currencyOfParty, customerOfParty, findAccount, identifierOf, type Party, type PayoutAmounts } from '../payments/parties.js';
import { IMMEDIATE, planQuotePayout, planTransfer, planUma, type Plan } from '../payments/plans.js';
import { holdPayment, proceedPayment, startPayment, type Delivery, type Funding } from '../payments/settlement.service.js';
import type { OperationResult } from '../wallet-auth/processing.js';
import type { WalletActionRequest } from '../wallet-auth/signed-requests.js';
import { presignedPayload, runPresignedOrSigned } from '../wallet-auth/presigned.js';
import type { InternalAccountRecord } from '../internal-accounts/internal-accounts.schemas.js';
import type { Transaction } from '../transactions/transactions.schemas.js';
import { openTransaction, recordRefund, requireTransaction, type NewTransaction } from '../transactions/transactions.service.js';
import { requireTermsAccepted } from '../customers/end-user-terms.js';
import { presentChallenge } from '../sca/challenges.js';
import { QUOTE_CHALLENGE_EXPIRY_JOB, authorizationSteps, issueQuoteChallenge, perTransactionFactor, scaPending, type ChallengedQuote } from '../sca/money.js';
import type { ScaFactor, ScaPurpose } from '../sca/sca.schemas.js';
import { resolveUmaReceiver } from '../uma/uma.service.js';
import type { Quote, QuoteRecord, QuoteRequest, QuoteStatus } from './quotes.schemas.js';
import { QUOTE_EXPIRY_JOB } from '../job-kinds.js';

const LIST = 'quotes';

/** The network a real-time stablecoin deposit arrives on: required for a stablecoin, one that carries tokens. */
function depositNetwork(source: Extract<QuoteRequest['source'], { sourceType: 'REALTIME_FUNDING' }>): StablecoinNetwork | undefined {
  if (!isStablecoin(source.currency)) return undefined;
  const networks = Object.keys(STABLECOIN_NETWORKS);
  if (source.cryptoNetwork === undefined) {
    throw invalidInput([{ field: 'source.cryptoNetwork', message: `Required when currency is a stablecoin: the network the ${source.currency} is deposited on`, constraint: { enum: networks } }]);
  }
  if (!networks.includes(source.cryptoNetwork)) {
    throw invalidInput([{ field: 'source.cryptoNetwork', message: `Must be one of: ${networks.join(', ')}`, constraint: { enum: networks } }]);
  }
  return source.cryptoNetwork as StablecoinNetwork;
}

/**
 * POST /quotes answers bad input with 400 only: ids in the body that name
 * nothing are field errors there, not 404s.
 */
function resolveSource(tenant: Tenant, source: QuoteRequest['source']): Party {
  if (source.sourceType === 'REALTIME_FUNDING') {
    if (!hasRate(source.currency)) throw apiError('INVALID_CURRENCY', `${source.currency} cannot fund a quote`, { field: 'source.currency' });
    depositNetwork(source);
    if (source.customerId !== undefined) referencedIn('source.customerId', () => requireLiveCustomer(tenant, source.customerId!));
    return { kind: 'REALTIME', currency: source.currency, customerId: source.customerId };
  }
  const party = referencedIn('source.accountId', () => findAccount(tenant, source.accountId, 'source.accountId'));
  if (source.customerId !== undefined && customerOfParty(party) !== source.customerId) {
    throw invalidInput([{ field: 'source.customerId', message: `Account ${source.accountId} does not belong to ${source.customerId}` }]);
  }
  return party;
}

function resolveDestination(tenant: Tenant, request: QuoteRequest): Party {
  const destination = request.destination;
  if (destination.destinationType === 'UMA_ADDRESS') {
    const lookup = request.lookupId !== undefined ? tenant.lookups.get(request.lookupId) : undefined;
    if (!lookup || lookup.receiverUmaAddress?.toLowerCase() !== destination.umaAddress.toLowerCase()) {
      throw invalidInput([{ field: 'lookupId', message: `Look the receiver up first with GET /receiver/uma/${destination.umaAddress} and pass its lookupId` }]);
    }
    let receiver;
    try {
      receiver = resolveUmaReceiver(tenant, destination.umaAddress, destination.currency);
    } catch (err) {
      // Gone since the lookup.
      if (err instanceof ApiError && err.code === 'UMA_NOT_FOUND') throw apiError('INVALID_RECEIVER', err.message, { field: 'destination.umaAddress' });
      throw err;
    }
    return { kind: 'UMA', address: destination.umaAddress, receiver };
  }
  const party = referencedIn('destination.accountId', () => findAccount(tenant, destination.accountId, 'destination.accountId'));
  if (party.kind === 'EXTERNAL' && destination.paymentRail !== undefined) {
    const rails = accountTypeSpec(party.account.accountInfo.accountType)?.rails ?? [];
    if (!rails.includes(destination.paymentRail)) {
      throw invalidInput([{ field: 'destination.paymentRail', message: `This account is paid over ${rails.join(', ') || 'its own network'}`, constraint: { enum: [...rails] } }]);
    }
  }
  return party;
}

function checkPair(source: Party, destination: Party): void {
  if (source.kind === 'EXTERNAL' && destination.kind !== 'INTERNAL') {
    throw apiError('INVALID_REQUEST_FORMAT', 'A pull from an external account must go to an internal account', { field: 'destination.accountId' });
  }
  const sameAccount = (source.kind === 'INTERNAL' || source.kind === 'EXTERNAL') && (destination.kind === 'INTERNAL' || destination.kind === 'EXTERNAL') && source.account.id === destination.account.id;
  const toOwnUma = source.kind === 'INTERNAL' && destination.kind === 'UMA' && destination.receiver.kind === 'CUSTOMER' && destination.receiver.accountId === source.account.id;
  if (sameAccount || toOwnUma) throw apiError('SELF_PAYMENT', 'The source and the destination are the same account');
}

/**
 * For a currency whose minor unit is not a cent (USDC has 6 decimals, where
 * the service's guides write 2): what the amount is in whole units.
 */
function decimalsNote(code: string, amount: number): string {
  const { decimals } = currencyOf(code);
  if (decimals === 2) return '';
  const digits = String(amount).padStart(decimals + 1, '0');
  const units = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return `: ${code} amounts have ${decimals} decimals, so ${amount} is ${units} ${code}`;
}

interface Amounts {
  rate: Rate;
  sending: number;
  receiving: number;
  fees: number;
}

function amountsFor(tenant: Tenant, sendingCurrency: string, receivingCurrency: string, request: QuoteRequest): Amounts {
  if (!outcomeFor('quoteRate', String(request.lockedCurrencyAmount), tenant.coverage).available) {
    throw apiError('QUOTE_RATE_UNAVAILABLE', `No ${sendingCurrency} to ${receivingCurrency} rate is available right now`, { rule: ruleFor('quoteRate', String(request.lockedCurrencyAmount)).description });
  }
  if (hasRate(sendingCurrency) && !canSend(sendingCurrency)) {
    throw apiError('INVALID_CURRENCY', receiveOnlyReason(sendingCurrency), { currency: sendingCurrency });
  }
  const now = tenant.clock.nowMs();
  const rate = rateAt(sendingCurrency, receivingCurrency, now);
  if (!rate) throw apiError('QUOTE_RATE_UNAVAILABLE', `No ${sendingCurrency} to ${receivingCurrency} rate is available`);
  let sending: number;
  let receiving: number;
  let fees: number;
  if (request.lockedCurrencySide === 'SENDING') {
    sending = request.lockedCurrencyAmount;
    fees = serviceFee(rate, sending, now);
    receiving = sending > fees ? receivingFor(rate, sending - fees) : 0;
  } else {
    receiving = request.lockedCurrencyAmount;
    const converted = sendingFor(rate, receiving);
    fees = serviceFee(rate, converted, now);
    sending = converted + fees;
  }
  if (receiving <= 0) throw apiError('INVALID_AMOUNT', `After ${fees} in fees nothing is left to send${decimalsNote(sendingCurrency, sending)}`, { fees });
  if (!Number.isSafeInteger(sending) || !Number.isSafeInteger(receiving)) throw apiError('AMOUNT_OUT_OF_RANGE', 'The amount is too large');
  const limits = tenant.config.supportedCurrencies.find((c) => c.currencyCode === sendingCurrency);
  if (limits && (sending < limits.minAmount || sending > limits.maxAmount)) {
    throw apiError('AMOUNT_OUT_OF_RANGE', `${sendingCurrency} amounts must be between ${limits.minAmount} and ${limits.maxAmount}`, { min: limits.minAmount, max: limits.maxAmount });
  }
  return { rate, sending, receiving, fees };
}

export function requireQuote(tenant: Tenant, id: string): QuoteRecord {
  const quote = tenant.quotes.get(id);
  if (!quote) throw notFound('Quote', id);
  return quote;
}

function isExpired(tenant: Tenant, quote: QuoteRecord): boolean {
  return tenant.clock.nowMs() >= Date.parse(quote.expiresAt);
}

const STATUS_OF_TRANSACTION: Partial<Record<Transaction['status'], QuoteStatus>> = {
  PENDING_AUTHORIZATION: 'PENDING_AUTHORIZATION',
  COMPLETED: 'COMPLETED',
  FAILED: 'FAILED',
  REJECTED: 'FAILED',
  EXPIRED: 'EXPIRED',
};

/**
 * The quote as the API shows it: its status follows its transaction, or the
 * clock before it is executed. While a send awaits Strong Customer
 * Authentication it is PENDING_AUTHORIZATION with the challenge to satisfy,
 * and a real-time-funded one withholds its paymentInstructions.
 */
export function presentQuote(tenant: Tenant, quote: QuoteRecord): Quote {
  const { customerId: _c, executed, remittanceInformation: _r, purposeOfPayment: _p, agentId: _a, sca, paymentInstructions, ...shown } = quote;
  const challenge = scaPending(sca) ? tenant.scaChallenges.get(sca.challengeId) : undefined;
  let status: QuoteStatus;
  if (!executed) {
    status = isExpired(tenant, quote) ? 'EXPIRED' : 'PENDING';
    if (challenge && status === 'PENDING') status = tenant.clock.nowMs() >= Date.parse(challenge.expiresAt) ? 'EXPIRED' : 'PENDING_AUTHORIZATION';
  } else {
    const transaction = tenant.transactions.get(quote.transactionId);
    status = transaction && transaction.type !== 'CARD' ? (STATUS_OF_TRANSACTION[transaction.status] ?? 'PROCESSING') : 'PROCESSING';
  }
  return {
    ...shown,
    status,
    ...(paymentInstructions && !scaPending(sca) ? { paymentInstructions } : {}),
    ...(challenge && status === 'PENDING_AUTHORIZATION' ? { scaChallenge: presentChallenge(tenant, challenge) } : {}),
  };
}

function challengedOf(quote: QuoteRecord): ChallengedQuote {
  const payee = quote.destination.destinationType === 'ACCOUNT' ? quote.destination.accountId : quote.destination.umaAddress;
  return { id: quote.id, customerId: quote.customerId!, amount: quote.totalSendingAmount, currency: quote.sendingCurrency.code, payee };
}

function externalDestinationOf(destination: Party): string | undefined {
  return destination.kind === 'EXTERNAL' ? destination.account.id : undefined;
}

/** The embedded wallet money leaves, if it leaves one. */
function walletOf(source: Party): InternalAccountRecord | undefined {
  return source.kind === 'INTERNAL' && source.account.type === 'EMBEDDED_WALLET' ? source.account : undefined;
}

/**
 * Money leaves an embedded wallet only with its holder's stamp of the
 * quote's payloadToSign, which a combined create-and-execute call cannot
 * carry (POST /quotes and POST /agents/me/quotes alike).
 */
export function refuseImmediateFromWallet(tenant: Tenant, request: QuoteRequest): void {
  if (!request.immediatelyExecute || request.source.sourceType !== 'ACCOUNT') return;
  if (tenant.internalAccounts.get(request.source.accountId)?.type !== 'EMBEDDED_WALLET') return;
  throw invalidInput([
    { field: 'immediatelyExecute', message: 'Not allowed from an embedded wallet: create the quote, stamp its paymentInstructions[].accountOrWalletInfo.payloadToSign, then execute it with that signature' },
  ]);
}

/**
 * What the wallet holder stamps to execute the quote: it binds the quote,
 * the wallet, both amounts, the destination, the description and the
 * expiry (docs/embedded-wallets.md shows it).
 */
function walletPayloadFor(tenant: Tenant, quote: QuoteRecord, wallet: InternalAccountRecord, now: number): string {
  return presignedPayload(tenant, 'EXECUTE_QUOTE', now, {
    quoteId: quote.id,
    walletId: wallet.id,
    sendingCurrency: quote.sendingCurrency.code,
    totalSendingAmount: quote.totalSendingAmount,
    receivingCurrency: quote.receivingCurrency.code,
    totalReceivingAmount: quote.totalReceivingAmount,
    destination: quote.destination,
    ...(quote.description !== undefined ? { description: quote.description } : {}),
    expiresAt: quote.expiresAt,
  });
}

/** The payloadToSign an embedded-wallet quote carries. */
export function walletPayloadOf(quote: QuoteRecord): string | undefined {
  for (const instruction of quote.paymentInstructions ?? []) {
    const info = instruction.accountOrWalletInfo;
    if (info.accountType === 'EMBEDDED_WALLET' && typeof info.payloadToSign === 'string') return info.payloadToSign;
  }
  return undefined;
}

export function createQuote(tenant: Tenant, request: QuoteRequest): Quote {
  const source = resolveSource(tenant, request.source);
  const destination = resolveDestination(tenant, request);
  checkPair(source, destination);
  refuseImmediateFromWallet(tenant, request);
  const sendingCurrency = currencyOfParty(source);
  const receivingCurrency = currencyOfParty(destination);
  const customerId = customerOfParty(source);
  requireTermsAccepted(tenant, customerId);
  const amounts = amountsFor(tenant, sendingCurrency, receivingCurrency, request);
  // A real-time-funded send of an SCA customer is authorized before its payment instructions are given.
  const sca =
    source.kind === 'REALTIME'
      ? authorizationSteps(tenant, { customerId, realtime: true, crossCurrency: sendingCurrency !== receivingCurrency, externalDestinationId: externalDestinationOf(destination) })
      : undefined;
  const factor = sca ? perTransactionFactor(tenant, sca.customer, request.scaFactor, 'scaFactor') : undefined;
  if (sca && request.immediatelyExecute) throw invalidInput([{ field: 'immediatelyExecute', message: 'A real-time-funded quote of a customer under SCA is authorized first (POST /quotes/{quoteId}/authorize), then paid' }]);
  const now = tenant.clock.nowMs();
  const id = tenant.ids('Quote');
  const quote: QuoteRecord = {
    id,
    createdAt: isoAt(now),
    expiresAt: isoAt(now + QUOTE_LIFETIME_SECONDS * 1000),
    source: request.source,
    destination: request.destination,
    sendingCurrency: currencyOf(sendingCurrency),
    receivingCurrency: currencyOf(receivingCurrency),
    totalSendingAmount: amounts.sending,
    totalReceivingAmount: amounts.receiving,
    exchangeRate: amounts.rate.exchangeRate,
    feesIncluded: amounts.fees,
    platformFeesIncluded: 0,
    ...(request.source.sourceType === 'REALTIME_FUNDING' ? { paymentInstructions: fundingInstructionsFor(id, sendingCurrency, true, depositNetwork(request.source)) } : {}),
    transactionId: tenant.ids('Transaction'),
    ...(request.description ? { description: request.description } : {}),
    ...(customerId ? { customerId } : {}),
    ...(request.remittanceInformation ? { remittanceInformation: request.remittanceInformation } : {}),
    ...(request.purposeOfPayment ? { purposeOfPayment: request.purposeOfPayment } : {}),
    executed: false,
  };
  const wallet = walletOf(source);
  if (wallet) quote.paymentInstructions = [{ accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', payloadToSign: walletPayloadFor(tenant, quote, wallet, now) } }];
  if (sca && factor) {
    const challenge = issueQuoteChallenge(tenant, challengedOf(quote), sca.steps[0]!, factor.factor, factor.available, Date.parse(quote.expiresAt));
    quote.sca = { steps: sca.steps, step: 0, factor: factor.factor, challengeId: challenge.id };
  }
  tenant.quotes.insert(quote);
  // Nobody may pay a real-time-funded quote: at its expiry its payment opens EXPIRED.
  if (request.source.sourceType === 'REALTIME_FUNDING') tenant.scheduler.schedule(QUOTE_EXPIRY_JOB, QUOTE_LIFETIME_SECONDS * 1000, { quoteId: id });
  tenant.changed();
  if (!request.immediatelyExecute) return presentQuote(tenant, quote);
  try {
    return executeFromAccount(tenant, quote, undefined, sideOf(tenant, quote, 'source'), sideOf(tenant, quote, 'destination'), request.scaFactor);
  } catch (err) {
    // A quote that could not execute at once was never really given.
    tenant.quotes.remove(id);
    throw err;
  }
}

function sideOf(tenant: Tenant, quote: QuoteRecord, which: 'source' | 'destination'): Party {
  if (which === 'source') return resolveSource(tenant, quote.source);
  const destination = quote.destination;
  if (destination.destinationType === 'UMA_ADDRESS') return { kind: 'UMA', address: destination.umaAddress, receiver: resolveUmaReceiver(tenant, destination.umaAddress, quote.receivingCurrency.code) };
  return findAccount(tenant, destination.accountId, 'destination.accountId');
}

function payoutOf(quote: QuoteRecord): PayoutAmounts {
  return { sendingCurrency: quote.sendingCurrency.code, receivingCurrency: quote.receivingCurrency.code, receivingAmount: quote.totalReceivingAmount };
}

/** How the payment of a quote will unfold, from its destination (or, for a pull, its source). */
function planFor(source: Party, destination: Party, seen: RuleHits | undefined): Plan {
  if (source.kind === 'EXTERNAL') {
    const rule = ruleFor('accountTransfer', identifierOf(source.account), seen);
    return planTransfer(rule.outcome, rule.description, 'INCOMING');
  }
  if (destination.kind === 'EXTERNAL') {
    const rule = ruleFor('quoteExecution', identifierOf(destination.account), seen);
    return planQuotePayout(rule.outcome, rule.description);
  }
  if (destination.kind === 'UMA' && destination.receiver.kind === 'SANDBOX') return planUma(destination.receiver.outcome, destination.receiver.description);
  return IMMEDIATE;
}

function deliveryOf(destination: Party): Delivery {
  if (destination.kind === 'INTERNAL') return { kind: 'INTERNAL', accountId: destination.account.id };
  if (destination.kind === 'UMA' && destination.receiver.kind === 'CUSTOMER' && destination.receiver.accountId.startsWith('InternalAccount:')) {
    return { kind: 'INTERNAL', accountId: destination.receiver.accountId };
  }
  return { kind: 'OUTSIDE' };
}

/** The payment a quote makes: what the transaction is, where its money comes from and goes, and how it unfolds. */
interface QuotePayment {
  init: NewTransaction;
  funding: Funding;
  delivery: Delivery;
  plan: Plan;
}

/** `seen` is told the rows that decide the plan: given only where the plan is put to work. */
function quotePaymentOf(quote: QuoteRecord, source: Party, destination: Party, seen: RuleHits | undefined): QuotePayment {
  const funding: Funding = source.kind === 'INTERNAL' ? { kind: 'INTERNAL', accountId: source.account.id } : { kind: 'OUTSIDE' };
  const delivery = deliveryOf(destination);
  const sourceSide: Transaction['source'] =
    quote.source.sourceType === 'ACCOUNT'
      ? { sourceType: 'ACCOUNT', accountId: quote.source.accountId, currency: quote.sendingCurrency.code }
      : { sourceType: 'REALTIME_FUNDING', currency: quote.sendingCurrency.code, ...(quote.customerId ? { customerId: quote.customerId } : {}) };
  const destinationSide: Transaction['destination'] =
    quote.destination.destinationType === 'ACCOUNT'
      ? { destinationType: 'ACCOUNT', accountId: quote.destination.accountId, currency: quote.receivingCurrency.code }
      : { destinationType: 'UMA_ADDRESS', umaAddress: quote.destination.umaAddress, currency: quote.receivingCurrency.code };
  return {
    init: {
      id: quote.transactionId,
      // Money from outside the sandbox landing in an internal account is incoming; everything else goes out.
      type: source.kind !== 'INTERNAL' && delivery.kind === 'INTERNAL' ? 'INCOMING' : 'OUTGOING',
      source: sourceSide,
      destination: destinationSide,
      customerId: quote.customerId ?? customerOfParty(destination),
      sent: { amount: quote.totalSendingAmount, currency: quote.sendingCurrency.code },
      received: { amount: quote.totalReceivingAmount, currency: quote.receivingCurrency.code },
      exchangeRate: quote.exchangeRate,
      fees: quote.feesIncluded,
      quoteId: quote.id,
      description: quote.description,
      paymentRail: quote.destination.destinationType === 'ACCOUNT' ? quote.destination.paymentRail : undefined,
      agentId: quote.agentId,
    },
    funding,
    delivery,
    plan: planFor(source, destination, seen),
  };
}

/** The quote's payment has started (or ended unpaid): nothing else can execute it, and a real-time-funded one no longer expires. */
function markExecuted(tenant: Tenant, quote: QuoteRecord): void {
  tenant.quotes.update(quote.id, (q) => {
    q.executed = true;
  });
  tenant.scheduler.cancel((job) => job.kind === QUOTE_EXPIRY_JOB && job.payload.quoteId === quote.id);
}

/** Starts the payment of a quote whose money is on hand: in an internal account, at an external account, or just arrived. */
export function startQuotePayment(tenant: Tenant, quote: QuoteRecord, source: Party, destination: Party): Transaction {
  const payment = quotePaymentOf(quote, source, destination, tenant.coverage);
  markExecuted(tenant, quote);
  return startPayment(tenant, payment.init, payment.funding, payment.delivery, payment.plan);
}

/**
 * The checks executing `quote` must pass before its money is reserved:
 * executable, within the corridor limits, funded. Returns the two ends.
 */
export function checkQuoteExecution(tenant: Tenant, quote: QuoteRecord): { source: Party; destination: Party } {
  requireExecutable(tenant, quote);
  requireTermsAccepted(tenant, quote.customerId);
  if (quote.source.sourceType === 'REALTIME_FUNDING') {
    throw apiError('CONFLICT', 'This quote is funded by paying its paymentInstructions; simulate that with POST /sandbox/send', { quoteId: quote.id });
  }
  const source = sideOf(tenant, quote, 'source');
  const destination = sideOf(tenant, quote, 'destination');
  if (source.kind === 'INTERNAL') {
    checkPayoutLimits(tenant, payoutOf(quote), destination);
    checkFunds(tenant, source.account, quote.totalSendingAmount);
  }
  return { source, destination };
}

/**
 * Opens the payment of an account-funded quote PENDING, its money reserved,
 * without starting it (an agent's action awaiting approval): the quote
 * counts as executed, so nothing else can execute it meanwhile.
 */
export function holdQuotePayment(tenant: Tenant, quote: QuoteRecord): Transaction {
  const { source, destination } = checkQuoteExecution(tenant, quote);
  const payment = quotePaymentOf(quote, source, destination, undefined);
  markExecuted(tenant, quote);
  return holdPayment(tenant, payment.init, payment.funding, payment.delivery);
}

/** Starts a held quote payment, by the quote's ends as they are now. */
export function releaseQuotePayment(tenant: Tenant, quote: QuoteRecord): Transaction {
  const payment = quotePaymentOf(quote, sideOf(tenant, quote, 'source'), sideOf(tenant, quote, 'destination'), tenant.coverage);
  return proceedPayment(tenant, quote.transactionId, payment.plan);
}

export function isQuoteExpired(tenant: Tenant, quote: QuoteRecord): boolean {
  return isExpired(tenant, quote);
}

/**
 * An executed send of an SCA customer: the transaction waits in
 * PENDING_AUTHORIZATION (no money moves yet) and the quote carries the
 * challenge; an unanswered challenge fails it when it expires.
 */
function awaitAuthorization(tenant: Tenant, quote: QuoteRecord, source: Party, destination: Party, steps: ScaPurpose[], factor: { factor: 'SMS_OTP' | 'PASSKEY'; available: ScaFactor[] }): void {
  const challenge = issueQuoteChallenge(tenant, challengedOf(quote), steps[0]!, factor.factor, factor.available);
  tenant.quotes.update(quote.id, (q) => {
    q.executed = true;
    q.sca = { steps, step: 0, factor: factor.factor, challengeId: challenge.id };
  });
  openTransaction(tenant, quotePaymentOf(quote, source, destination, undefined).init, 'PENDING_AUTHORIZATION');
  scheduleChallengeExpiry(tenant, quote.id, challenge.id, challenge.expiresAt);
}

export function scheduleChallengeExpiry(tenant: Tenant, quoteId: string, challengeId: string, expiresAt: string): void {
  tenant.scheduler.schedule(QUOTE_CHALLENGE_EXPIRY_JOB, Date.parse(expiresAt) - tenant.clock.nowMs(), { quoteId, challengeId });
}

/** What must still hold when an authorized send is released (the money may have gone meanwhile). */
export function checkRelease(tenant: Tenant, quote: QuoteRecord): void {
  if (!quote.executed) return;
  const source = sideOf(tenant, quote, 'source');
  const destination = sideOf(tenant, quote, 'destination');
  if (source.kind === 'INTERNAL') {
    checkPayoutLimits(tenant, payoutOf(quote), destination);
    checkFunds(tenant, source.account, quote.totalSendingAmount);
  }
}

/** Every step authorized: an executed send starts its payment; a real-time-funded one gets its payment instructions. */
export function releaseAuthorized(tenant: Tenant, quote: QuoteRecord): void {
  if (quote.executed) startQuotePayment(tenant, quote, sideOf(tenant, quote, 'source'), sideOf(tenant, quote, 'destination'));
}

/** Refuses a quote that can no longer be executed. */
export function requireExecutable(tenant: Tenant, quote: QuoteRecord): void {
  if (quote.executed) throw apiError('CONFLICT', `Quote ${quote.id} was already executed`, { transactionId: quote.transactionId });
  if (isExpired(tenant, quote)) throw apiError('QUOTE_EXPIRED', `Quote ${quote.id} expired at ${quote.expiresAt}; request a new one`, { expiresAt: quote.expiresAt });
}

/**
 * Executes an account-funded quote: limits and funds are checked, then the
 * payment starts, or, for a customer under SCA, waits for authorization.
 */
function executeFromAccount(tenant: Tenant, quote: QuoteRecord, idempotencyKey: string | undefined, source: Party, destination: Party, scaFactor?: ScaFactor): Quote {
  requireExecutable(tenant, quote);
  requireTermsAccepted(tenant, quote.customerId);
  if (source.kind === 'INTERNAL') {
    checkPayoutLimits(tenant, payoutOf(quote), destination);
    checkFunds(tenant, source.account, quote.totalSendingAmount);
  }
  // An embedded wallet's own signature authorizes its payments; other sends of an SCA customer take a challenge.
  const sca =
    source.kind === 'INTERNAL' && source.account.type !== 'EMBEDDED_WALLET'
      ? authorizationSteps(tenant, { customerId: quote.customerId, realtime: false, crossCurrency: quote.sendingCurrency.code !== quote.receivingCurrency.code, externalDestinationId: externalDestinationOf(destination) })
      : undefined;
  const factor = sca ? perTransactionFactor(tenant, sca.customer, scaFactor, 'scaFactor') : undefined;
  if (idempotencyKey !== undefined) tenant.idempotencyKeys.insert({ id: idempotencyKey, quoteId: quote.id, createdAt: tenant.clock.nowIso() });
  if (sca && factor) awaitAuthorization(tenant, quote, source, destination, sca.steps, factor);
  else startQuotePayment(tenant, quote, source, destination);
  return presentQuote(tenant, quote);
}

/**
 * POST /quotes/{quoteId}/execute. From an embedded wallet it is a wallet
 * action: with a stamp of the quote's payloadToSign and no Request-Id it
 * executes at once; otherwise a 202 challenge first, the payment starts on
 * the signed retry.
 */
export function executeQuote(tenant: Tenant, quoteId: string, idempotencyKey: string | undefined, request: WalletActionRequest, scaFactor?: ScaFactor): Promise<OperationResult> {
  const quote = requireQuote(tenant, quoteId);
  if (idempotencyKey !== undefined) {
    const seen = tenant.idempotencyKeys.get(idempotencyKey);
    if (seen && seen.quoteId !== quoteId) {
      throw apiError('CONFLICT', `Idempotency-Key ${idempotencyKey} was already used to execute ${seen.quoteId}`, { quoteId: seen.quoteId });
    }
    if (seen) return Promise.resolve({ status: 200, body: presentQuote(tenant, quote) });
  }
  requireExecutable(tenant, quote);
  if (quote.source.sourceType === 'REALTIME_FUNDING') {
    throw apiError('CONFLICT', 'This quote is funded by paying its paymentInstructions; simulate that with POST /sandbox/send', { quoteId });
  }
  const source = sideOf(tenant, quote, 'source');
  const destination = sideOf(tenant, quote, 'destination');
  const execute = (): OperationResult => ({ status: 200, body: executeFromAccount(tenant, quote, idempotencyKey, source, destination, scaFactor) });
  if (source.kind !== 'INTERNAL' || source.account.type !== 'EMBEDDED_WALLET') return Promise.resolve(execute());
  return runPresignedOrSigned(tenant, request, walletPayloadOf(quote), () => ({
    operation: 'EXECUTE_QUOTE',
    accountId: source.account.id,
    prepare: () => {
      checkPayoutLimits(tenant, payoutOf(quote), destination);
      checkFunds(tenant, source.account, quote.totalSendingAmount);
      return {};
    },
    perform: execute,
  }));
}

export function getQuote(tenant: Tenant, id: string): Quote {
  return presentQuote(tenant, requireQuote(tenant, id));
}

export function listQuotes(tenant: Tenant, query: { customerId?: string | undefined; status?: QuoteStatus | undefined; limit: number; cursor?: string | undefined }): ListResult<Quote> {
  const beforeSeq = decodeCursor(LIST, query.cursor);
  const { customerId, status } = query;
  const page = tenant.quotes.page({
    index: customerId !== undefined ? 'customer' : undefined,
    key: customerId,
    limit: query.limit,
    beforeSeq,
    where: status !== undefined ? (q: QuoteRecord) => presentQuote(tenant, q).status === status : undefined,
  });
  return toListResult(LIST, page, (q) => presentQuote(tenant, q));
}

/** The transaction a quote started, for responses that return it. */
export function transactionOf(tenant: Tenant, quote: QuoteRecord): Transaction {
  return requireTransaction(tenant, quote.transactionId);
}

/**
 * POST /sandbox/send: the payer pays a real-time-funded quote's payment
 * instructions. The exact amount starts the payment; any other amount fails
 * it (FUNDING_AMOUNT_MISMATCH) and goes back to the payer.
 */
export function sendRealtimeFunding(tenant: Tenant, request: { quoteId: string; currencyCode: string; currencyAmount?: number | undefined }): Transaction {
  const quote = requireQuote(tenant, request.quoteId);
  // This operation has no 409: a quote it cannot pay is bad input.
  if (quote.source.sourceType !== 'REALTIME_FUNDING') {
    throw invalidInput([{ field: 'quoteId', message: 'This quote is funded from an account; execute it with POST /quotes/{quoteId}/execute' }]);
  }
  if (!quote.executed && isExpired(tenant, quote)) expireUnpaid(tenant, quote);
  const expired = expiredPaymentOf(tenant, quote);
  if (expired) return returnLateFunding(tenant, quote, expired, request.currencyCode);
  if (quote.executed) throw invalidInput([{ field: 'quoteId', message: `Quote ${quote.id} was already paid` }]);
  requireExecutable(tenant, quote);
  if (scaPending(quote.sca)) {
    throw invalidInput([{ field: 'quoteId', message: `Quote ${quote.id} awaits Strong Customer Authentication; its paymentInstructions are given once POST /quotes/${quote.id}/authorize succeeds` }]);
  }
  requireFundingCurrency(quote, request.currencyCode);
  const source = sideOf(tenant, quote, 'source');
  const destination = sideOf(tenant, quote, 'destination');
  const amount = request.currencyAmount ?? quote.totalSendingAmount;
  if (amount === quote.totalSendingAmount) {
    checkPayoutLimits(tenant, payoutOf(quote), destination);
    return startQuotePayment(tenant, quote, source, destination);
  }
  markExecuted(tenant, quote);
  return startPayment(
    tenant,
    unfundedPaymentOf(quote, amount),
    { kind: 'OUTSIDE' },
    { kind: 'OUTSIDE' },
    {
      now: {
        result: 'FAILED',
        failureReason: 'FUNDING_AMOUNT_MISMATCH',
        failureMessage: `${amount} ${quote.sendingCurrency.code} arrived; the quote asked for ${quote.totalSendingAmount}`,
        refund: 'REFUNDED',
      },
    },
  );
}

/** The payment of a real-time-funded quote as it stands on what arrived (`amount`), not on a party that may be gone. */
function unfundedPaymentOf(quote: QuoteRecord, amount: number): NewTransaction {
  return {
    id: quote.transactionId,
    type: 'OUTGOING',
    source: { sourceType: 'REALTIME_FUNDING', currency: quote.sendingCurrency.code, ...(quote.customerId ? { customerId: quote.customerId } : {}) },
    destination:
      quote.destination.destinationType === 'ACCOUNT'
        ? { destinationType: 'ACCOUNT', accountId: quote.destination.accountId, currency: quote.receivingCurrency.code }
        : { destinationType: 'UMA_ADDRESS', umaAddress: quote.destination.umaAddress, currency: quote.receivingCurrency.code },
    customerId: quote.customerId,
    sent: { amount, currency: quote.sendingCurrency.code },
    received: { amount: quote.totalReceivingAmount, currency: quote.receivingCurrency.code },
    exchangeRate: quote.exchangeRate,
    fees: quote.feesIncluded,
    quoteId: quote.id,
  };
}

export { QUOTE_EXPIRY_JOB };

/** Its payment opens EXPIRED (failureReason QUOTE_EXPIRED): announced as OUTGOING_PAYMENT.EXPIRED; no money moved. */
function expireUnpaid(tenant: Tenant, quote: QuoteRecord): Transaction {
  markExecuted(tenant, quote);
  return openTransaction(
    tenant,
    { ...unfundedPaymentOf(quote, quote.totalSendingAmount), failureReason: 'QUOTE_EXPIRED', failureMessage: `Nobody paid the paymentInstructions before the quote expired at ${quote.expiresAt}` },
    'EXPIRED',
  );
}

export function expireUnpaidQuote(tenant: Tenant, job: { payload: Record<string, unknown> }): void {
  const quote = tenant.quotes.get(String(job.payload.quoteId));
  if (quote && !quote.executed && quote.source.sourceType === 'REALTIME_FUNDING') expireUnpaid(tenant, quote);
}

/** The EXPIRED payment of a real-time-funded quote, if it expired unpaid. */
function expiredPaymentOf(tenant: Tenant, quote: QuoteRecord): Transaction | undefined {
  const transaction = quote.executed ? tenant.transactions.get(quote.transactionId) : undefined;
  return transaction && transaction.type !== 'CARD' && transaction.status === 'EXPIRED' ? transaction : undefined;
}

/** Money paid to an expired quote's instructions goes back to the payer: REFUND_PENDING, then REFUND_COMPLETED, each time some arrives. */
function returnLateFunding(tenant: Tenant, quote: QuoteRecord, expired: Transaction, currencyCode: string): Transaction {
  requireFundingCurrency(quote, currencyCode);
  recordRefund(tenant, expired.id, 'PENDING', 'TIMEOUT');
  return recordRefund(tenant, expired.id, 'COMPLETED', 'TIMEOUT');
}

function requireFundingCurrency(quote: QuoteRecord, currencyCode: string): void {
  if (currencyCode !== quote.sendingCurrency.code) {
    throw apiError('INVALID_CURRENCY', `The quote is paid in ${quote.sendingCurrency.code}`, { field: 'currencyCode', expected: quote.sendingCurrency.code });
  }
}
