/**
 * SCA on money movement: which authorization steps a send of an SCA
 * customer needs, and the per-transaction challenges that carry them. A
 * cross-currency real-time-funded send authorizes the conversion and the
 * payout separately; a pre-funded send authorizes once; a trusted
 * beneficiary needs no payee step. TOTP cannot carry dynamic linking, so
 * per-transaction challenges take SMS_OTP or PASSKEY only.
 */
import { invalidInput } from '../../core/errors.js';
import type { Tenant } from '../../store/tenant.js';
import type { Customer } from '../customers/customers.schemas.js';
import { smsPhoneOf } from '../customers/regulation.js';
import { scaCustomer } from './access.js';
import { issueChallenge } from './challenges.js';
import { activePasskey } from './factors.service.js';
import type { QuoteSca, ScaFactor, ScaPurpose as Purpose } from './sca.schemas.js';
import type { ScaChallengeRecord } from './sca.store.js';
import { isTrusted } from './trust.service.js';
import { linkedWebauthnChallenge } from './webauthn.js';
import { QUOTE_CHALLENGE_EXPIRY_JOB } from '../job-kinds.js';

export { QUOTE_CHALLENGE_EXPIRY_JOB };

export function scaPending(sca: QuoteSca | undefined): sca is QuoteSca {
  return sca !== undefined && sca.step < sca.steps.length;
}

export interface SendShape {
  customerId: string | undefined;
  realtime: boolean;
  crossCurrency: boolean;
  /** The external account paid, when the destination is one (trusted ones skip the payee step). */
  externalDestinationId: string | undefined;
}

/** The steps a send needs, with its customer; undefined when SCA does not apply or nothing is left to authorize. */
export function authorizationSteps(tenant: Tenant, send: SendShape): { customer: Customer; steps: Purpose[] } | undefined {
  const customer = scaCustomer(tenant, send.customerId);
  if (!customer) return undefined;
  const trusted = send.externalDestinationId !== undefined && isTrusted(tenant, send.externalDestinationId);
  const steps: Purpose[] = send.realtime
    ? [...(send.crossCurrency ? (['CURRENCY_CONVERSION'] as const) : []), ...(trusted ? [] : [send.crossCurrency ? ('PAYOUT' as const) : ('TRANSFER' as const)])]
    : trusted
      ? []
      : ['TRANSFER'];
  return steps.length > 0 ? { customer, steps } : undefined;
}

/** The factor of a per-transaction challenge and the ones the customer may use instead; `field` names the preference in errors. */
export function perTransactionFactor(tenant: Tenant, customer: Customer, preferred: ScaFactor | undefined, field: string): { factor: 'SMS_OTP' | 'PASSKEY'; available: Array<'SMS_OTP' | 'PASSKEY'> } {
  const available: Array<'SMS_OTP' | 'PASSKEY'> = [...(smsPhoneOf(customer) ? (['SMS_OTP'] as const) : []), ...(activePasskey(tenant, customer.id) ? (['PASSKEY'] as const) : [])];
  if (preferred === 'TOTP') throw invalidInput([{ field, message: 'TOTP cannot authorize a payment (it carries no dynamic linking); use SMS_OTP or PASSKEY', constraint: { enum: ['SMS_OTP', 'PASSKEY'] } }]);
  if (preferred !== undefined && !available.includes(preferred)) {
    throw invalidInput([{ field, message: preferred === 'PASSKEY' ? 'The customer has no passkey enrolled' : 'The customer has no verified phone for SMS_OTP', constraint: { enum: available } }]);
  }
  // Quote creation has no 409: a customer who cannot authorize a payment is bad input.
  if (available.length === 0) {
    throw invalidInput([{ field, message: `Customer ${customer.id} has no factor that can authorize a payment: verify its phone or enroll a passkey` }]);
  }
  return { factor: preferred ?? available[0]!, available };
}

export interface ChallengedQuote {
  id: string;
  customerId: string;
  amount: number;
  currency: string;
  payee: string;
}

/** Issues the challenge of one step of a quote's authorization, dynamically linked to amount and payee. */
export function issueQuoteChallenge(tenant: Tenant, quote: ChallengedQuote, purpose: Purpose, factor: 'SMS_OTP' | 'PASSKEY', available: readonly ScaFactor[], notAfterMs?: number): ScaChallengeRecord {
  return issueChallenge(tenant, {
    customerId: quote.customerId,
    kind: 'QUOTE',
    subjectId: quote.id,
    factor,
    availableFactors: [...available],
    purpose,
    ...(available.includes('PASSKEY') ? { webauthnChallenge: linkedWebauthnChallenge({ quoteId: quote.id, purpose, amount: quote.amount, currency: quote.currency, payee: quote.payee }) } : {}),
    ...(notAfterMs !== undefined ? { notAfterMs } : {}),
  });
}
