/**
 * Every sandbox outcome table, as data. A row with `key: null` is the
 * table's "any other value" row. Services never test suffixes themselves:
 * they call `outcomeFor(table, value)` (./lookup.ts). The dashboard and the
 * README's magic-value reference are generated from these rows.
 */

export interface SuffixRow<O> {
  /** The reduced value that selects the row (usually the last three characters); null for "any other". */
  key: string | null;
  outcome: O;
  /** What a developer sees, in one line. */
  description: string;
}

export interface SuffixTable<O> {
  title: string;
  /** The request field whose value selects the row. */
  subject: string;
  /** How the value is reduced before matching. */
  /**
   * How the value is reduced before matching. `atLeast`: the value is a whole
   * number and selects the row with the greatest key not above it (keys are
   * whole numbers); the "any other" row covers values below every key.
   */
  match: 'last3' | 'identifierLast3' | 'umaUser' | 'exact' | 'atLeast';
  rows: readonly SuffixRow<O>[];
}

function table<O>(t: SuffixTable<O>): SuffixTable<O> {
  const others = t.rows.filter((r) => r.key === null);
  if (others.length !== 1 || t.rows[t.rows.length - 1]!.key !== null) throw new Error(`${t.title}: exactly one trailing "any other" row`);
  if (t.match === 'atLeast' && t.rows.some((r) => r.key !== null && !/^\d+$/.test(r.key))) throw new Error(`${t.title}: atLeast keys are whole numbers`);
  return t;
}

export type KycStatus = 'UNVERIFIED' | 'PENDING' | 'APPROVED' | 'REJECTED';

/** KYC of an individual, by the last 3 characters of fullName. */
export interface IndividualKycOutcome {
  /** kycStatus once the outcome applies (at creation on regulated or paperwork-skipped platforms). */
  kycStatus: KycStatus;
  /** What a complete submission yields while the customer is still submittable. */
  completeSubmission: 'PENDING_MANUAL_REVIEW' | 'POOR_QUALITY_DOCUMENT' | 'REJECTED' | 'APPROVED';
}

/** KYB of a business, by the last 3 characters of businessInfo.registrationNumber. */
export interface BusinessKybOutcome {
  decision: 'REVIEW' | 'REJECTED' | 'APPROVED';
}

/** Transfers and pulls, by the last 3 digits of an external account's identifier. */
export interface AccountTransferOutcome {
  result: 'SUCCESS' | 'FAILED';
  failureReason?: 'INSUFFICIENT_FUNDS' | 'ACCOUNT_CLOSED_OR_INVALID' | 'BANK_REJECTED';
  /** Seconds the transfer stays pending before the result applies; 0 is immediate. */
  delaySeconds: number;
}

export type BeneficiaryVerificationStatus = 'MATCHED' | 'PARTIAL_MATCH' | 'NOT_MATCHED' | 'UNSUPPORTED' | 'CHECKED_BY_RECEIVING_FI' | 'PENDING';

/** Beneficiary name verification at account creation, by the 1xx suffix. */
export type BeneficiaryVerificationOutcome =
  | { kind: 'status'; status: BeneficiaryVerificationStatus; verifiedName: 'SAME' | 'SIMILAR' | 'DIFFERENT' | 'NONE' }
  | { kind: 'invalidAccount' };

/** Quote execution to an external account, by the destination's identifier suffix. */
export interface QuoteExecutionOutcome {
  result: 'COMPLETED' | 'FAILED' | 'COMPLETED_THEN_RETURNED';
  failureReason?: 'QUOTE_EXECUTION_FAILED' | 'COUNTERPARTY_DELIVERY_FAILED' | 'PAYOUT_RETURNED' | 'USER_CANCELLED' | 'PAYOUT_AND_REFUND_FAILED';
  /** What happens to the sender's money when it fails: never left (NONE), came back (REFUNDED), or lost (REFUND_FAILED). */
  refund: 'NONE' | 'REFUNDED' | 'REFUND_FAILED';
  delaySeconds: number;
}

/** Card authorization decisions, by the last 3 characters of merchant.descriptor. */
export interface CardAuthorizationOutcome {
  decision: 'APPROVED' | 'DECLINED';
  declineReason?: 'INSUFFICIENT_FUNDS' | 'CARD_PAUSED';
  pull: 'NONE' | 'IMMEDIATE' | 'DELAYED' | 'FAILS_LATER';
  delaySeconds: number;
  /**
   * How clearings settle the authorization. FIRST (the spec's default): the
   * first clearing settles it. IN_PARTS: clearings that leave part of the
   * authorization uncleared keep it open (PARTIALLY_SETTLED, the rest still
   * held); it settles once the clearings reach the authorized amount, or on
   * a 0 clearing (the rest expires).
   */
  clearing: 'FIRST' | 'IN_PARTS';
}

/** Sandbox UMA receivers, by the user part of the address. */
export interface UmaReceiverOutcome {
  result: 'SUCCESS' | 'LONG_PENDING' | 'COMPLIANCE_FAILURE' | 'UNKNOWN_RECEIVER';
  currency?: string;
}

/** How an incoming UMA payment gets the platform's approval, by the sender's address (user part). */
export interface IncomingApprovalOutcome {
  /** WEBHOOK: the webhook endpoint's reply decides (approved at once without an endpoint); AWAIT_DECISION: as if the endpoint answered 202. */
  approval: 'WEBHOOK' | 'AWAIT_DECISION';
}

/** Ownership proofs of self-custody wallets, by the submitted signature. */
export interface WalletOwnershipOutcome {
  result: 'VALID' | 'INVALID' | 'VERIFY';
}

/** Document review at upload, by the last 3 characters of documentNumber: a rejection is the matching 400 code. */
export interface DocumentReviewOutcome {
  result: 'ACCEPTED' | 'LOW_QUALITY' | 'DATA_MISMATCH' | 'EXPIRED' | 'SUSPECTED_FRAUD' | 'UNSUITABLE_DOCUMENT' | 'INCOMPLETE';
}

/** Embedded-wallet authentication: what a sandbox literal or claim value does. */
export interface AuthCheckOutcome {
  result: 'ACCEPTED' | 'REJECTED' | 'VERIFY';
}

/** Codes of contact verification and Strong Customer Authentication: what a submitted code does. */
export interface CodeCheckOutcome {
  result: 'ACCEPTED' | 'REJECTED' | 'VERIFY';
}

/** The SCA lockout after a number of failed login (or SCA proof) attempts. */
export type ScaLockoutOutcome = { lock: 'NONE' } | { lock: 'TEMPORARY'; seconds: number } | { lock: 'SUSPENDED' };

/** Whether something issued a number of seconds ago still holds. */
export interface LifetimeOutcome {
  valid: boolean;
}

/** A 2FA reset's status by the seconds since it started (COMPLETED is recorded, not timed). */
export interface TwoFactorResetProgressOutcome {
  status: 'INITIATED' | 'PENDING_REVIEW' | 'LIVENESS_PASSED' | 'EXPIRED';
}

/** Stablecoin provider credentials, by the last 3 characters of apiClientSecret. */
export interface StablecoinCredentialsOutcome {
  status: 'ACTIVE' | 'INVALID';
  /** Seconds after linking at which the provider revokes the link; absent when it never does. */
  revokedAfterSeconds?: number;
}

/** A registered stablecoin's path through review, provisioning and enablement, by the last 3 characters of networkTokenIdentifier. */
export interface StablecoinIssuanceOutcome {
  /** VERIFICATION_FAILED: registration is refused (400 STABLECOIN_VERIFICATION_FAILED). */
  review: 'APPROVED' | 'REJECTED' | 'VERIFICATION_FAILED';
  provisioning: 'PROVISIONED' | 'FAILED';
  /** Where serviceOperationsStatus ends once provisioned. */
  serviceOperations: 'ENABLED' | 'DISABLED';
  burns: boolean;
}

/** What the provider does with a mint or burn, by the last 3 digits of its amount in whole cents. */
export interface StablecoinAmountOutcome {
  result: 'ACCEPTED' | 'UNAVAILABLE' | 'REJECTED' | 'FAILS_LATER';
}

/** Linking an external account with the stablecoin provider, by the account's identifier suffix. */
export interface StablecoinAccountLinkOutcome {
  result:
    | 'LINKED'
    | 'STABLECOIN_EXTERNAL_ACCOUNT_LINK_FAILED'
    | 'STABLECOIN_EXTERNAL_ACCOUNT_LINK_METHOD_REQUIRED'
    | 'STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_FAILED'
    | 'STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_REQUIRED'
    | 'STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED';
  /** Only refuses accounts the provider debits (ACH debit funding); payouts and mint destinations link anyway. */
  debitsOnly?: true;
}

/**
 * The domains the sandbox UMA receivers ($success.usd@ and friends) answer
 * at, in any letter case: the sandbox's own first, then the one the service's
 * guides use, then the public description's example.
 */
export const SANDBOX_UMA_DOMAINS = ['sandbox.uma.local', 'sandbox.uma.money', 'sandbox.grid.uma.money'];

/** The sandbox's own invitee: the UMA address it claims an invitation with (`paysandbox trigger INVITATION.CLAIMED`), on its UMA domain. */
export const SANDBOX_INVITEE_UMA = '$invitee@sandbox.uma.local';

/** Transfers to a wallet still awaiting ownership verification are allowed up to this value, in US dollar cents. */
export const UNVERIFIED_WALLET_LIMIT_USD_CENTS = 100_000;

/** A long-pending sandbox UMA payment settles after this many seconds of tenant clock time. */
export const LONG_PENDING_SECONDS = 86_400;

/** A pending incoming payment the platform answered 202 for must be approved or rejected within this many seconds of tenant clock time. */
export const PAYMENT_APPROVAL_WINDOW_SECONDS = 5;

/** How long a quote's rate holds, in seconds of tenant clock time. */
export const QUOTE_LIFETIME_SECONDS = 300;

/** Bulk customer import: rows created per step, and the tenant-clock time between steps (the first step runs one interval after the upload). */
export const BULK_IMPORT_CHUNK_ROWS = 250;
export const BULK_IMPORT_CHUNK_INTERVAL_MS = 10;

/** A LIVENESS ownership challenge passes on its own after this many seconds of tenant clock time. */
export const LIVENESS_COMPLETES_AFTER_SECONDS = 10;

/** Webhook delivery: wait before each retry, on the tenant clock (6 attempts over about an hour), and per attempt. */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [60, 300, 600, 1200, 1800] as const;
export const WEBHOOK_TIMEOUT_SECONDS = 10;

/** A new card is PROCESSING for this long, then the issuer activates it. */
export const CARD_ACTIVATION_SECONDS = 5;
/** A card reveal link (panEmbedUrl) works once, within this long. */
export const CARD_REVEAL_SECONDS = 60;

/** A signed-retry challenge (payloadToSign, requestId) is good for this long. */
export const SIGNED_REQUEST_LIFETIME_SECONDS = 300;
/** Wallet sessions last this long from verification or refresh. */
export const SESSION_LIFETIME_SECONDS = 900;
/** A passkey authentication challenge is good for this long. */
export const PASSKEY_CHALLENGE_LIFETIME_SECONDS = 300;
/** A new OTP for the same credential is refused (429) for this long after the last one. */
export const OTP_REISSUE_WINDOW_SECONDS = 30;
/** An OTP is good for this long unless embeddedWalletConfig.expirationSeconds says otherwise. */
export const OTP_LIFETIME_SECONDS = 300;
/** OIDC `iat` may be at most this old, give or take the skew. */
export const OIDC_MAX_AGE_SECONDS = 60;
export const OIDC_CLOCK_SKEW_SECONDS = 5;
/** An agent's device code can be redeemed for this long after it is issued. */
export const AGENT_DEVICE_CODE_LIFETIME_SECONDS = 86_400;

/** Stablecoins: decimals of every provider token in the sandbox (an amount must be a whole number of cents: a multiple of 10^(6-2)). */
export const STABLECOIN_DECIMALS = 6;
/** A stablecoin registration: PENDING_REVIEW for this long, then PROVISIONING (or REJECTED). */
export const STABLECOIN_REVIEW_SECONDS = 60;
/** PROVISIONING for this long, then PROVISIONED (serviceOperationsStatus PENDING_APPROVAL) or FAILED. */
export const STABLECOIN_PROVISIONING_SECONDS = 120;
/** serviceOperationsStatus PENDING_APPROVAL for this long, then ENABLING (or DISABLED); ENABLING for as long again, then ENABLED. */
export const STABLECOIN_OPERATIONS_APPROVAL_SECONDS = 60;
/** A mint or burn that waits for external funds (wire, Spark deposit) expires this long after creation. */
export const STABLECOIN_FUNDING_WINDOW_SECONDS = 7 * 86_400;
/** A mint or burn the provider has not picked up yet (CREATED) starts PROCESSING after this long. */
export const STABLECOIN_SUBMISSION_SECONDS = 5;
/** An ACH debit funding a mint clears (PENDING_PROVIDER -> PROCESSING) after this long. */
export const STABLECOIN_ACH_CLEARING_SECONDS = { ACH_DEBIT: 180, SAME_DAY_ACH_DEBIT: 60 } as const;
/** A PROCESSING mint or burn completes after this long. */
export const STABLECOIN_SETTLEMENT_SECONDS = 30;
/** Idempotency-Keys of the stablecoin endpoints are remembered this long. */
export const STABLECOIN_IDEMPOTENCY_KEY_SECONDS = 86_400;

export const RULES = {
  individualKyc: table<IndividualKycOutcome>({
    title: 'KYC of an individual customer',
    subject: 'fullName',
    match: 'last3',
    rows: [
      { key: '001', outcome: { kycStatus: 'PENDING', completeSubmission: 'PENDING_MANUAL_REVIEW' }, description: 'kycStatus PENDING; a complete submission goes to PENDING_MANUAL_REVIEW' },
      { key: '002', outcome: { kycStatus: 'REJECTED', completeSubmission: 'REJECTED' }, description: 'kycStatus REJECTED (terminal)' },
      { key: '003', outcome: { kycStatus: 'UNVERIFIED', completeSubmission: 'POOR_QUALITY_DOCUMENT' }, description: 'kycStatus UNVERIFIED; a complete submission gets RESOLVE_ERRORS with POOR_QUALITY_DOCUMENT' },
      { key: null, outcome: { kycStatus: 'APPROVED', completeSubmission: 'APPROVED' }, description: 'kycStatus APPROVED (terminal)' },
    ],
  }),

  businessKyb: table<BusinessKybOutcome>({
    title: 'KYB of a business customer',
    subject: 'businessInfo.registrationNumber',
    match: 'last3',
    rows: [
      { key: '001', outcome: { decision: 'REVIEW' }, description: 'no auto-decision; normal validation (same as 003)' },
      { key: '002', outcome: { decision: 'REJECTED' }, description: 'kybStatus REJECTED at the first submission' },
      { key: '003', outcome: { decision: 'REVIEW' }, description: 'no auto-decision; documents and beneficial owners verified for real' },
      { key: null, outcome: { decision: 'APPROVED' }, description: 'kybStatus APPROVED at the first submission' },
    ],
  }),

  beneficialOwnerKyc: table<{ kycStatus: KycStatus }>({
    title: 'KYC of a beneficial owner (when the business resolves through its suffix)',
    subject: 'personalInfo.lastName',
    match: 'last3',
    rows: [
      { key: '001', outcome: { kycStatus: 'PENDING' }, description: 'owner kycStatus PENDING' },
      { key: '002', outcome: { kycStatus: 'REJECTED' }, description: 'owner kycStatus REJECTED' },
      { key: null, outcome: { kycStatus: 'APPROVED' }, description: 'owner kycStatus APPROVED' },
    ],
  }),

  accountTransfer: table<AccountTransferOutcome>({
    title: 'Transfers and pulls, as source or destination',
    subject: 'external account identifier',
    match: 'identifierLast3',
    rows: [
      { key: '002', outcome: { result: 'FAILED', failureReason: 'INSUFFICIENT_FUNDS', delaySeconds: 0 }, description: 'insufficient funds; fails immediately' },
      { key: '003', outcome: { result: 'FAILED', failureReason: 'ACCOUNT_CLOSED_OR_INVALID', delaySeconds: 0 }, description: 'account closed or invalid; fails immediately' },
      { key: '004', outcome: { result: 'FAILED', failureReason: 'BANK_REJECTED', delaySeconds: 0 }, description: 'the bank rejects the transfer' },
      { key: '005', outcome: { result: 'FAILED', failureReason: 'BANK_REJECTED', delaySeconds: 30 }, description: 'stays pending about 30 seconds, then fails' },
      { key: null, outcome: { result: 'SUCCESS', delaySeconds: 0 }, description: 'success' },
    ],
  }),

  beneficiaryVerification: table<BeneficiaryVerificationOutcome>({
    title: 'Beneficiary name verification',
    subject: 'external account identifier',
    match: 'identifierLast3',
    rows: [
      { key: '102', outcome: { kind: 'status', status: 'NOT_MATCHED', verifiedName: 'DIFFERENT' }, description: 'beneficiaryVerificationStatus NOT_MATCHED' },
      { key: '103', outcome: { kind: 'status', status: 'PARTIAL_MATCH', verifiedName: 'SIMILAR' }, description: 'beneficiaryVerificationStatus PARTIAL_MATCH' },
      { key: '104', outcome: { kind: 'status', status: 'PENDING', verifiedName: 'NONE' }, description: 'beneficiaryVerificationStatus PENDING' },
      { key: '105', outcome: { kind: 'invalidAccount' }, description: '400 INVALID_BANK_ACCOUNT; the account is not created' },
      { key: '106', outcome: { kind: 'status', status: 'UNSUPPORTED', verifiedName: 'NONE' }, description: 'beneficiaryVerificationStatus UNSUPPORTED' },
      { key: '107', outcome: { kind: 'status', status: 'CHECKED_BY_RECEIVING_FI', verifiedName: 'NONE' }, description: 'beneficiaryVerificationStatus CHECKED_BY_RECEIVING_FI' },
      { key: null, outcome: { kind: 'status', status: 'MATCHED', verifiedName: 'SAME' }, description: 'beneficiaryVerificationStatus MATCHED' },
    ],
  }),

  quoteExecution: table<QuoteExecutionOutcome>({
    title: 'Quote execution to an external account',
    subject: 'destination external account identifier',
    match: 'identifierLast3',
    rows: [
      { key: '002', outcome: { result: 'FAILED', failureReason: 'QUOTE_EXECUTION_FAILED', refund: 'NONE', delaySeconds: 0 }, description: 'quote execution fails; the money never leaves' },
      { key: '003', outcome: { result: 'COMPLETED', refund: 'NONE', delaySeconds: 360 }, description: 'completes after about 6 minutes' },
      { key: '004', outcome: { result: 'FAILED', failureReason: 'COUNTERPARTY_DELIVERY_FAILED', refund: 'REFUNDED', delaySeconds: 0 }, description: 'counterparty delivery fails; the sender is refunded' },
      { key: '005', outcome: { result: 'COMPLETED_THEN_RETURNED', failureReason: 'PAYOUT_RETURNED', refund: 'REFUNDED', delaySeconds: 30 }, description: 'the receiving bank returns the payment: completes, then fails 30 seconds later and the sender is refunded' },
      { key: '006', outcome: { result: 'FAILED', failureReason: 'USER_CANCELLED', refund: 'REFUNDED', delaySeconds: 0 }, description: 'user cancellation; the sender is refunded' },
      { key: '007', outcome: { result: 'FAILED', failureReason: 'PAYOUT_AND_REFUND_FAILED', refund: 'REFUND_FAILED', delaySeconds: 0 }, description: 'payout and refund both fail; the money is lost' },
      { key: null, outcome: { result: 'COMPLETED', refund: 'NONE', delaySeconds: 0 }, description: 'successful payment' },
    ],
  }),

  cardAuthorization: table<CardAuthorizationOutcome>({
    title: 'Card authorization decisions',
    subject: 'merchant.descriptor',
    match: 'last3',
    rows: [
      { key: '002', outcome: { decision: 'DECLINED', declineReason: 'INSUFFICIENT_FUNDS', pull: 'NONE', delaySeconds: 0, clearing: 'FIRST' }, description: 'declined: insufficient funds' },
      { key: '003', outcome: { decision: 'DECLINED', declineReason: 'CARD_PAUSED', pull: 'NONE', delaySeconds: 0, clearing: 'FIRST' }, description: 'declined: card paused' },
      { key: '005', outcome: { decision: 'APPROVED', pull: 'DELAYED', delaySeconds: 30, clearing: 'FIRST' }, description: 'approved; the funding pull settles about 30 seconds later' },
      { key: '006', outcome: { decision: 'APPROVED', pull: 'FAILS_LATER', delaySeconds: 30, clearing: 'FIRST' }, description: 'approved; the funding pull later reports failure' },
      {
        key: '007',
        outcome: { decision: 'APPROVED', pull: 'IMMEDIATE', delaySeconds: 0, clearing: 'IN_PARTS' },
        description: 'approved; the merchant clears in parts: a clearing below the authorization leaves it PARTIALLY_SETTLED (the rest still held) until the clearings reach it or a 0 clearing closes it',
      },
      { key: null, outcome: { decision: 'APPROVED', pull: 'IMMEDIATE', delaySeconds: 0, clearing: 'FIRST' }, description: 'approved' },
    ],
  }),

  umaReceiver: table<UmaReceiverOutcome>({
    title: 'Sandbox UMA receivers',
    subject: 'receiver UMA address (user part)',
    match: 'umaUser',
    rows: [
      { key: '$success.usd', outcome: { result: 'SUCCESS', currency: 'USD' }, description: 'succeeds in USD' },
      { key: '$success.eur', outcome: { result: 'SUCCESS', currency: 'EUR' }, description: 'succeeds in EUR' },
      { key: '$success.mxn', outcome: { result: 'SUCCESS', currency: 'MXN' }, description: 'succeeds in MXN' },
      { key: '$pending.long.usd', outcome: { result: 'LONG_PENDING', currency: 'USD' }, description: 'a long-pending payment in USD' },
      { key: '$fail.compliance.usd', outcome: { result: 'COMPLIANCE_FAILURE', currency: 'USD' }, description: 'a compliance failure in USD' },
      { key: null, outcome: { result: 'UNKNOWN_RECEIVER' }, description: 'not a sandbox receiver' },
    ],
  }),

  incomingApproval: table<IncomingApprovalOutcome>({
    title: "Approval of incoming UMA payments (POST /sandbox/uma/receive)",
    subject: 'senderUmaAddress (user part)',
    match: 'umaUser',
    rows: [
      {
        key: '$pending.approval',
        outcome: { approval: 'AWAIT_DECISION' },
        description: 'stays PENDING as if the webhook endpoint answered 202: approve or reject within 5 s of sandbox time, else it fails PAYMENT_APPROVAL_TIMED_OUT',
      },
      {
        key: null,
        outcome: { approval: 'WEBHOOK' },
        description: 'with a webhook endpoint, its reply to INCOMING_PAYMENT.PENDING decides (200 approves, 202 waits 5 s for approve or reject, 403 rejects, anything else fails PAYMENT_APPROVAL_WEBHOOK_ERROR); without one, approved at once',
      },
    ],
  }),

  quoteRate: table<{ available: boolean }>({
    title: 'Exchange rate availability at quote time',
    subject: 'lockedCurrencyAmount',
    match: 'last3',
    rows: [
      { key: '666', outcome: { available: false }, description: '400 QUOTE_RATE_UNAVAILABLE: no rate for the corridor right now' },
      { key: null, outcome: { available: true }, description: 'a rate is quoted' },
    ],
  }),

  documentReview: table<DocumentReviewOutcome>({
    title: 'Document review at upload',
    subject: 'documentNumber',
    match: 'last3',
    rows: [
      { key: '201', outcome: { result: 'LOW_QUALITY' }, description: '400 LOW_QUALITY: the document quality is too low' },
      { key: '202', outcome: { result: 'DATA_MISMATCH' }, description: '400 DATA_MISMATCH: the details differ from the customer data' },
      { key: '203', outcome: { result: 'EXPIRED' }, description: '400 EXPIRED: the document has expired' },
      { key: '204', outcome: { result: 'SUSPECTED_FRAUD' }, description: '400 SUSPECTED_FRAUD: forged or edited' },
      { key: '205', outcome: { result: 'UNSUITABLE_DOCUMENT' }, description: '400 UNSUITABLE_DOCUMENT: this document type is not accepted' },
      { key: '206', outcome: { result: 'INCOMPLETE' }, description: '400 INCOMPLETE: pages or sides are missing' },
      { key: null, outcome: { result: 'ACCEPTED' }, description: 'accepted (also when there is no documentNumber)' },
    ],
  }),

  walletOwnershipSignature: table<WalletOwnershipOutcome>({
    title: 'Wallet ownership signatures (external account verify)',
    subject: 'signature',
    match: 'exact',
    rows: [
      { key: 'sandbox-valid-signature', outcome: { result: 'VALID' }, description: 'accepted without a cryptographic check' },
      { key: 'sandbox-invalid-signature', outcome: { result: 'INVALID' }, description: 'rejected: the account becomes UNVERIFIED' },
      { key: null, outcome: { result: 'VERIFY' }, description: 'verified for real: EIP-191 for EVM wallets, Ed25519 (base58) for Solana; other chains only accept the sandbox value' },
    ],
  }),

  otpCode: table<AuthCheckOutcome>({
    title: 'OTP verification (EMAIL_OTP, SMS_OTP)',
    subject: 'otp_code inside encryptedOtpBundle',
    match: 'exact',
    rows: [
      { key: '000000', outcome: { result: 'ACCEPTED' }, description: 'the code the sandbox always "delivers": accepted after real HPKE decryption' },
      { key: null, outcome: { result: 'REJECTED' }, description: "401 UNAUTHORIZED, reason 'Invalid OTP code'" },
    ],
  }),

  walletSignature: table<AuthCheckOutcome>({
    title: 'Wallet signatures on signed retries',
    subject: 'Service-Wallet-Signature',
    match: 'exact',
    rows: [
      { key: 'sandbox-valid-signature', outcome: { result: 'ACCEPTED' }, description: 'legacy value: accepted without the cryptographic check' },
      { key: null, outcome: { result: 'VERIFY' }, description: 'a P-256 stamp over payloadToSign by an active session key of the wallet' },
    ],
  }),

  passkeyAssertion: table<AuthCheckOutcome>({
    title: 'Passkey assertions',
    subject: 'assertion.signature',
    match: 'exact',
    rows: [
      { key: 'sandbox-valid-passkey-signature', outcome: { result: 'ACCEPTED' }, description: 'legacy value: accepted without WebAuthn verification (the credential id must still match)' },
      { key: null, outcome: { result: 'VERIFY' }, description: 'full WebAuthn verification: credential id, challenge, origin and RP ID, user presence, signature, counter' },
    ],
  }),

  oidcToken: table<AuthCheckOutcome>({
    title: 'OIDC tokens (OAUTH)',
    subject: 'oidcToken',
    match: 'exact',
    rows: [
      { key: 'sandbox-valid-oidc-token', outcome: { result: 'REJECTED' }, description: 'the former fixed token: 401 UNAUTHORIZED' },
      { key: null, outcome: { result: 'VERIFY' }, description: 'a JWT whose claims pass every check (any signature segment)' },
    ],
  }),

  contactVerificationCode: table<CodeCheckOutcome>({
    title: 'Contact verification codes (verify-email, verify-phone)',
    subject: 'code',
    match: 'exact',
    rows: [
      { key: '123456', outcome: { result: 'ACCEPTED' }, description: 'the code the sandbox always "sends" (no e-mail or SMS leaves the sandbox)' },
      { key: null, outcome: { result: 'REJECTED' }, description: '400 INVALID_INPUT: wrong code' },
    ],
  }),

  contactVerificationCodeLifetime: table<LifetimeOutcome>({
    title: 'Contact verification code lifetime',
    subject: 'seconds since the code was sent',
    match: 'atLeast',
    rows: [
      { key: '600', outcome: { valid: false }, description: 'expired: confirming is 400 until a new code is sent' },
      { key: null, outcome: { valid: true }, description: 'the code can be confirmed' },
    ],
  }),

  scaCode: table<CodeCheckOutcome>({
    title: 'SCA codes (SMS_OTP and TOTP: login, authorize, trust, TOTP enrollment)',
    subject: 'code',
    match: 'exact',
    rows: [
      { key: '123456', outcome: { result: 'ACCEPTED' }, description: 'always accepted (no SMS leaves the sandbox)' },
      {
        key: null,
        outcome: { result: 'VERIFY' },
        description: 'TOTP: an RFC 6238 code of the enrolled secret (SHA-1, 6 digits, 30 s, one step either side, each step once) or an unused recovery code; SMS_OTP: 400',
      },
    ],
  }),

  scaChallengeLifetime: table<LifetimeOutcome>({
    title: 'SCA challenge lifetime (login SMS code, trust and quote challenges)',
    subject: 'seconds since the challenge was issued',
    match: 'atLeast',
    rows: [
      { key: '300', outcome: { valid: false }, description: 'expired: 400; an executed quote fails with SCA_NOT_COMPLETED, a real-time funded one EXPIRES' },
      { key: null, outcome: { valid: true }, description: 'the challenge can be satisfied' },
    ],
  }),

  scaCodeResend: table<LifetimeOutcome>({
    title: 'SCA code re-send (POST /quotes/{quoteId}/authorize/resend)',
    subject: 'seconds since the code was last sent',
    match: 'atLeast',
    rows: [
      { key: '30', outcome: { valid: true }, description: 're-sent (204); the expiry stays as it was' },
      { key: null, outcome: { valid: false }, description: '429 RATE_LIMITED with Retry-After' },
    ],
  }),

  scaSession: table<LifetimeOutcome>({
    title: 'SCA login session',
    subject: 'seconds since the SCA login completed',
    match: 'atLeast',
    rows: [
      { key: '900', outcome: { valid: false }, description: 'lapsed: authorizing money movement is 409 SCA_SESSION_REQUIRED until the next login' },
      { key: null, outcome: { valid: true }, description: 'live (sessionExpiresAt)' },
    ],
  }),

  scaLockout: table<ScaLockoutOutcome>({
    title: 'SCA lockout ladder',
    subject: 'failed login attempts (record-event FAILED_LOGIN_ATTEMPT and wrong SCA proofs)',
    match: 'atLeast',
    rows: [
      { key: '9', outcome: { lock: 'SUSPENDED' }, description: 'suspended until RESET_PASSWORD_COMPLETED: 423 ACCOUNT_LOCKED' },
      { key: '8', outcome: { lock: 'TEMPORARY', seconds: 86_400 }, description: 'locked for 24 hours: 423 ACCOUNT_LOCKED' },
      { key: '7', outcome: { lock: 'TEMPORARY', seconds: 3_600 }, description: 'locked for 1 hour' },
      { key: '6', outcome: { lock: 'TEMPORARY', seconds: 1_800 }, description: 'locked for 30 minutes' },
      { key: '5', outcome: { lock: 'TEMPORARY', seconds: 900 }, description: 'locked for 15 minutes' },
      { key: null, outcome: { lock: 'NONE' }, description: 'not locked' },
    ],
  }),

  twoFactorResetLimit: table<{ allowed: boolean }>({
    title: '2FA resets per customer',
    subject: 'resets started in the last 24 hours',
    match: 'atLeast',
    rows: [
      { key: '5', outcome: { allowed: false }, description: '429 RATE_LIMITED; Retry-After says when the oldest leaves the 24-hour window' },
      { key: null, outcome: { allowed: true }, description: 'a new reset starts (201)' },
    ],
  }),

  twoFactorResetProgress: table<TwoFactorResetProgressOutcome>({
    title: '2FA reset status on the clock',
    subject: 'seconds since the reset started',
    match: 'atLeast',
    rows: [
      { key: '900', outcome: { status: 'EXPIRED' }, description: 'EXPIRED unless completed before (expiresAt)' },
      { key: '60', outcome: { status: 'LIVENESS_PASSED' }, description: 'LIVENESS_PASSED (or REJECTED, see the liveness table): the reset can be completed' },
      { key: '20', outcome: { status: 'PENDING_REVIEW' }, description: 'PENDING_REVIEW' },
      { key: null, outcome: { status: 'INITIATED' }, description: 'INITIATED' },
    ],
  }),

  twoFactorResetLiveness: table<{ passes: boolean }>({
    title: '2FA reset liveness check',
    subject: "the customer's fullName (a business: businessInfo.legalName)",
    match: 'last3',
    rows: [
      { key: '009', outcome: { passes: false }, description: 'liveness fails: REJECTED once the review ends' },
      { key: null, outcome: { passes: true }, description: 'liveness passes' },
    ],
  }),

  oidcIssuer: table<AuthCheckOutcome>({
    title: 'Supported OIDC issuers',
    subject: 'iss claim',
    match: 'exact',
    rows: [
      { key: 'https://accounts.google.com', outcome: { result: 'ACCEPTED' }, description: 'Google' },
      { key: 'accounts.google.com', outcome: { result: 'ACCEPTED' }, description: 'Google (bare host form)' },
      { key: 'https://appleid.apple.com', outcome: { result: 'ACCEPTED' }, description: 'Apple' },
      { key: null, outcome: { result: 'REJECTED' }, description: "401 UNAUTHORIZED: unsupported issuer" },
    ],
  }),

  stablecoinProviderCredentials: table<StablecoinCredentialsOutcome>({
    title: 'Stablecoin provider credentials (POST /stablecoin-provider-accounts)',
    subject: 'apiClientSecret',
    match: 'last3',
    rows: [
      { key: '002', outcome: { status: 'INVALID' }, description: 'the provider refuses the credentials: the link is created with status INVALID' },
      { key: '003', outcome: { status: 'ACTIVE', revokedAfterSeconds: 300 }, description: 'ACTIVE, then the provider revokes the link 300 seconds later (REVOKED)' },
      { key: null, outcome: { status: 'ACTIVE' }, description: 'ACTIVE' },
    ],
  }),

  stablecoinIssuance: table<StablecoinIssuanceOutcome>({
    title: 'Stablecoin registration (POST /stablecoins)',
    subject: 'networkTokenIdentifier',
    match: 'last3',
    rows: [
      { key: '002', outcome: { review: 'REJECTED', provisioning: 'FAILED', serviceOperations: 'DISABLED', burns: true }, description: 'review fails: issuanceStatus REJECTED after 60 seconds' },
      { key: '003', outcome: { review: 'APPROVED', provisioning: 'FAILED', serviceOperations: 'DISABLED', burns: true }, description: 'provisioning fails: PROVISIONING, then FAILED' },
      { key: '004', outcome: { review: 'VERIFICATION_FAILED', provisioning: 'FAILED', serviceOperations: 'DISABLED', burns: true }, description: '400 STABLECOIN_VERIFICATION_FAILED: the provider does not know the token; nothing is registered' },
      { key: '005', outcome: { review: 'APPROVED', provisioning: 'PROVISIONED', serviceOperations: 'DISABLED', burns: true }, description: 'PROVISIONED for issuer operations, but serviceOperationsStatus ends DISABLED' },
      { key: '006', outcome: { review: 'APPROVED', provisioning: 'PROVISIONED', serviceOperations: 'ENABLED', burns: false }, description: 'PROVISIONED and ENABLED, but burns are 400 STABLECOIN_OPERATION_NOT_SUPPORTED' },
      { key: null, outcome: { review: 'APPROVED', provisioning: 'PROVISIONED', serviceOperations: 'ENABLED', burns: true }, description: 'PENDING_REVIEW, PROVISIONING, PROVISIONED; service operations PENDING_APPROVAL, ENABLING, ENABLED' },
    ],
  }),

  stablecoinAmount: table<StablecoinAmountOutcome>({
    title: 'Stablecoin mints and burns, by amount',
    subject: 'amount converted to whole cents',
    match: 'last3',
    rows: [
      { key: '502', outcome: { result: 'REJECTED' }, description: '400 STABLECOIN_PROVIDER_ERROR: the provider rejects the operation' },
      { key: '503', outcome: { result: 'UNAVAILABLE' }, description: '503 SERVICE_UNAVAILABLE: the provider is down; nothing is created, retry with the same Idempotency-Key' },
      { key: '504', outcome: { result: 'FAILS_LATER' }, description: 'accepted, then FAILED (PROVIDER_TRANSFER_FAILED) when it would have completed; held money is released' },
      { key: null, outcome: { result: 'ACCEPTED' }, description: 'accepted' },
    ],
  }),

  stablecoinAccountLink: table<StablecoinAccountLinkOutcome>({
    title: 'External accounts used by stablecoin mints and burns',
    subject: 'external account identifier',
    match: 'identifierLast3',
    rows: [
      { key: '301', outcome: { result: 'STABLECOIN_EXTERNAL_ACCOUNT_LINK_FAILED' }, description: '400 STABLECOIN_EXTERNAL_ACCOUNT_LINK_FAILED' },
      { key: '302', outcome: { result: 'STABLECOIN_EXTERNAL_ACCOUNT_LINK_METHOD_REQUIRED', debitsOnly: true }, description: '400 STABLECOIN_EXTERNAL_ACCOUNT_LINK_METHOD_REQUIRED as an ACH debit source (no debit authorization); fine as a payout destination' },
      { key: '303', outcome: { result: 'STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_FAILED' }, description: '400 STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_FAILED' },
      { key: '304', outcome: { result: 'STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_REQUIRED' }, description: '400 STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_REQUIRED' },
      { key: '305', outcome: { result: 'STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED' }, description: '400 STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED' },
      { key: null, outcome: { result: 'LINKED' }, description: 'linked with the provider on first use' },
    ],
  }),

  stablecoinProviderSource: table<{ linked: boolean }>({
    title: 'Provider balances that can fund a mint (PROVIDER_INTERNAL_BALANCE)',
    subject: 'fundingSource sourceTokenIdentifier/cryptoNetwork',
    match: 'exact',
    rows: [
      { key: 'USDC/SOLANA', outcome: { linked: true }, description: 'USDC held at the provider on Solana' },
      { key: 'USDC/BASE', outcome: { linked: true }, description: 'USDC held at the provider on Base' },
      { key: 'USDC/ETHEREUM', outcome: { linked: true }, description: 'USDC held at the provider on Ethereum' },
      { key: null, outcome: { linked: false }, description: '400 STABLECOIN_PROVIDER_SOURCE_NOT_LINKED' },
    ],
  }),
} as const;

export type RuleTableName = keyof typeof RULES;
export type OutcomeOf<K extends RuleTableName> = (typeof RULES)[K] extends SuffixTable<infer O> ? O : never;
