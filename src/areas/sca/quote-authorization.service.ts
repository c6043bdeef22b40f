/**
 * Authorizing a quote's Strong Customer Authentication, step by step: each
 * authorize satisfies the current challenge and either issues the next or
 * releases the send. Needs a live SCA login session; a wrong proof counts
 * towards the lockout.
 */
import { apiError } from '../../core/errors.js';
import { outcomeFor, thresholdWhere } from '../../rules/index.js';
import type { DueJob } from '../../store/jobs.js';
import type { Tenant } from '../../store/tenant.js';
import type { Quote, QuoteRecord } from '../quotes/quotes.schemas.js';
import { checkRelease, presentQuote, releaseAuthorized, requireQuote, scheduleChallengeExpiry } from '../quotes/quotes.service.js';
import { moveTransaction } from '../transactions/transactions.service.js';
import { scaCustomer } from './access.js';
import { isExpired, settleChallenge } from './challenges.js';
import { issueQuoteChallenge, scaPending } from './money.js';
import { expiredChallenge, verifyProof } from './proofs.js';
import type { QuoteSca, ScaProof } from './sca.schemas.js';
import type { ScaChallengeRecord } from './sca.store.js';
import { requireLiveSession, requireNotLocked } from './security.service.js';

/** The quote, its SCA state and current challenge: 409 outside SCA or with nothing to authorize. */
function pendingAuthorization(tenant: Tenant, quoteId: string): { quote: QuoteRecord; sca: QuoteSca; challenge: ScaChallengeRecord; customerId: string } {
  const quote = requireQuote(tenant, quoteId);
  const customer = scaCustomer(tenant, quote.customerId);
  if (!customer) throw apiError('CONFLICT', `SCA is not required for quote ${quoteId}: its sender is not a customer of an SCA region`, { quoteId });
  const sca = quote.sca;
  const challenge = scaPending(sca) ? tenant.scaChallenges.get(sca.challengeId) : undefined;
  if (!scaPending(sca) || !challenge) throw apiError('CONFLICT', `Quote ${quoteId} has no challenge to authorize`, { quoteId, status: presentQuote(tenant, quote).status });
  return { quote, sca, challenge, customerId: customer.id };
}

/** POST /quotes/{quoteId}/authorize. */
export async function authorizeQuote(tenant: Tenant, quoteId: string, proof: ScaProof): Promise<Quote> {
  const { quote, sca, challenge, customerId } = pendingAuthorization(tenant, quoteId);
  requireNotLocked(tenant, customerId);
  requireLiveSession(tenant, customerId);
  if (isExpired(tenant, challenge)) throw expiredChallenge(challenge);
  const status = presentQuote(tenant, quote).status;
  if (status !== 'PENDING_AUTHORIZATION') throw apiError('CONFLICT', `Quote ${quoteId} is ${status}; there is nothing left to authorize`, { quoteId, status });
  const last = sca.step + 1 >= sca.steps.length;
  // The money must still be there before the last step is spent on it.
  if (last) checkRelease(tenant, quote);
  await verifyProof(tenant, challenge, proof, { recoveryCodes: false });
  settleChallenge(tenant, challenge.id, 'SATISFIED');
  if (last) {
    tenant.quotes.update(quoteId, (q) => {
      q.sca!.step = sca.steps.length;
    });
    releaseAuthorized(tenant, quote);
  } else {
    const next = sca.step + 1;
    const payee = quote.destination.destinationType === 'ACCOUNT' ? quote.destination.accountId : quote.destination.umaAddress;
    const nextChallenge = issueQuoteChallenge(
      tenant,
      { id: quote.id, customerId, amount: quote.totalSendingAmount, currency: quote.sendingCurrency.code, payee },
      sca.steps[next]!,
      sca.factor,
      challenge.availableFactors,
      quote.executed ? undefined : Date.parse(quote.expiresAt),
    );
    tenant.quotes.update(quoteId, (q) => {
      q.sca = { ...sca, step: next, challengeId: nextChallenge.id };
    });
    if (quote.executed) scheduleChallengeExpiry(tenant, quote.id, nextChallenge.id, nextChallenge.expiresAt);
  }
  tenant.changed();
  return presentQuote(tenant, requireQuote(tenant, quoteId));
}

/** POST /quotes/{quoteId}/authorize/resend: SMS_OTP challenges only; the expiry stays. */
export function resendQuoteCode(tenant: Tenant, quoteId: string): void {
  const { challenge } = pendingAuthorization(tenant, quoteId);
  if (challenge.factor !== 'SMS_OTP') throw apiError('CONFLICT', `The challenge of quote ${quoteId} is a ${challenge.factor} challenge; only SMS codes can be re-sent`, { factor: challenge.factor });
  if (isExpired(tenant, challenge)) throw apiError('CONFLICT', `The challenge of quote ${quoteId} expired at ${challenge.expiresAt}; it can no longer be authorized`, { expiresAt: challenge.expiresAt });
  const sinceSeconds = Math.floor((tenant.clock.nowMs() - Date.parse(challenge.lastSentAt)) / 1000);
  if (!outcomeFor('scaCodeResend', String(sinceSeconds), tenant.coverage).valid) {
    const wait = thresholdWhere('scaCodeResend', (o) => o.valid) - sinceSeconds;
    throw apiError('RATE_LIMITED', `The code was sent ${sinceSeconds} s ago; retry in ${wait} s`, { retryAfterSeconds: wait }, { 'Retry-After': String(wait) });
  }
  tenant.scaChallenges.update(challenge.id, (c) => {
    c.lastSentAt = tenant.clock.nowIso();
  });
  tenant.changed();
}

/** Due job: the challenge of an executed send expired unanswered; the send fails with SCA_NOT_COMPLETED. */
export function expireQuoteChallenge(tenant: Tenant, job: DueJob): void {
  const quote = tenant.quotes.get(String(job.payload.quoteId));
  if (!quote || !scaPending(quote.sca) || quote.sca.challengeId !== job.payload.challengeId) return;
  const transaction = tenant.transactions.get(quote.transactionId);
  if (!transaction || transaction.type === 'CARD' || transaction.status !== 'PENDING_AUTHORIZATION') return;
  settleChallenge(tenant, quote.sca.challengeId, 'CANCELLED');
  moveTransaction(tenant, transaction.id, 'FAILED', { failureReason: 'SCA_NOT_COMPLETED', failureMessage: 'The customer did not complete Strong Customer Authentication before the challenge expired' });
}
