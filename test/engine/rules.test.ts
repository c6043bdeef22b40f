/** Every rule table, row by row, through the one lookup the services use. */
import { describe, expect, it } from 'vitest';
import { RULES, outcomeFor, ruleFor, thresholdWhere, identifierLast3, umaUser } from '../../src/rules/index.js';

describe('reducing values', () => {
  it('takes the user part of identifiers with a domain', () => {
    expect(identifierLast3('jane002@okaxis')).toBe('002');
    expect(identifierLast3('$alice005@sandbox.uma.local')).toBe('005');
    expect(identifierLast3('DE89370400440532013003')).toBe('003');
    expect(umaUser('$Success.USD@example.com')).toBe('$success.usd');
  });
});

describe('individual KYC by fullName suffix', () => {
  it.each([
    ['Jane Doe 001', 'PENDING', 'PENDING_MANUAL_REVIEW'],
    ['Jane Doe 002', 'REJECTED', 'REJECTED'],
    ['Jane Doe 003', 'UNVERIFIED', 'POOR_QUALITY_DOCUMENT'],
    ['Jane Doe', 'APPROVED', 'APPROVED'],
    ['Jane Doe 004', 'APPROVED', 'APPROVED'],
  ])('%s -> kycStatus %s, complete submission %s', (name, status, submission) => {
    expect(outcomeFor('individualKyc', name)).toEqual({ kycStatus: status, completeSubmission: submission });
  });
});

describe('business KYB by registrationNumber suffix', () => {
  it.each([
    ['REG-001', 'REVIEW'],
    ['REG-002', 'REJECTED'],
    ['REG-003', 'REVIEW'],
    ['REG-004', 'APPROVED'],
  ])('%s -> %s', (value, decision) => expect(outcomeFor('businessKyb', value)).toEqual({ decision }));
});

describe('beneficial owner KYC by lastName suffix', () => {
  it.each([
    ['Smith001', 'PENDING'],
    ['Smith002', 'REJECTED'],
    ['Smith003', 'APPROVED'],
    ['Smith', 'APPROVED'],
  ])('%s -> %s', (value, kycStatus) => expect(outcomeFor('beneficialOwnerKyc', value)).toEqual({ kycStatus }));
});

describe('transfers by account identifier suffix', () => {
  it.each([
    ['000123002', { result: 'FAILED', failureReason: 'INSUFFICIENT_FUNDS', delaySeconds: 0 }],
    ['000123003', { result: 'FAILED', failureReason: 'ACCOUNT_CLOSED_OR_INVALID', delaySeconds: 0 }],
    ['000123004', { result: 'FAILED', failureReason: 'BANK_REJECTED', delaySeconds: 0 }],
    ['000123005', { result: 'FAILED', failureReason: 'BANK_REJECTED', delaySeconds: 30 }],
    ['000123006', { result: 'SUCCESS', delaySeconds: 0 }],
    ['jane005@okaxis', { result: 'FAILED', failureReason: 'BANK_REJECTED', delaySeconds: 30 }],
  ])('%s -> %j', (value, outcome) => expect(outcomeFor('accountTransfer', value)).toEqual(outcome));
});

describe('beneficiary verification by 1xx suffix', () => {
  it.each([
    ['102', { kind: 'status', status: 'NOT_MATCHED', verifiedName: 'DIFFERENT' }],
    ['103', { kind: 'status', status: 'PARTIAL_MATCH', verifiedName: 'SIMILAR' }],
    ['104', { kind: 'status', status: 'PENDING', verifiedName: 'NONE' }],
    ['105', { kind: 'invalidAccount' }],
    ['106', { kind: 'status', status: 'UNSUPPORTED', verifiedName: 'NONE' }],
    ['107', { kind: 'status', status: 'CHECKED_BY_RECEIVING_FI', verifiedName: 'NONE' }],
    ['108', { kind: 'status', status: 'MATCHED', verifiedName: 'SAME' }],
    ['002', { kind: 'status', status: 'MATCHED', verifiedName: 'SAME' }],
  ])('...%s -> %j', (suffix, outcome) => expect(outcomeFor('beneficiaryVerification', `0001234${suffix}`)).toEqual(outcome));
});

describe('quote execution by destination suffix', () => {
  it.each([
    ['002', 'FAILED', 'QUOTE_EXECUTION_FAILED', 'NONE', 0],
    ['003', 'COMPLETED', undefined, 'NONE', 360],
    ['004', 'FAILED', 'COUNTERPARTY_DELIVERY_FAILED', 'REFUNDED', 0],
    ['005', 'COMPLETED_THEN_RETURNED', 'PAYOUT_RETURNED', 'REFUNDED', 30],
    ['006', 'FAILED', 'USER_CANCELLED', 'REFUNDED', 0],
    ['007', 'FAILED', 'PAYOUT_AND_REFUND_FAILED', 'REFUND_FAILED', 0],
    ['008', 'COMPLETED', undefined, 'NONE', 0],
  ])('...%s -> %s', (suffix, result, failureReason, refund, delaySeconds) => {
    const outcome = outcomeFor('quoteExecution', `12345${suffix}`);
    expect(outcome).toEqual({ result, refund, delaySeconds, ...(failureReason ? { failureReason } : {}) });
  });
});

describe('card authorization by merchant descriptor suffix', () => {
  it.each([
    ['COFFEE SHOP 002', 'DECLINED', 'INSUFFICIENT_FUNDS', 'NONE'],
    ['COFFEE SHOP 003', 'DECLINED', 'CARD_PAUSED', 'NONE'],
    ['COFFEE SHOP 005', 'APPROVED', undefined, 'DELAYED'],
    ['COFFEE SHOP 006', 'APPROVED', undefined, 'FAILS_LATER'],
    ['COFFEE SHOP', 'APPROVED', undefined, 'IMMEDIATE'],
  ])('%s -> %s', (descriptor, decision, declineReason, pull) => {
    const outcome = outcomeFor('cardAuthorization', descriptor);
    expect(outcome.decision).toBe(decision);
    expect(outcome.declineReason).toBe(declineReason);
    expect(outcome.pull).toBe(pull);
  });
});

describe('UMA receivers', () => {
  it.each([
    ['$success.usd@sandbox.uma.local', 'SUCCESS', 'USD'],
    ['$success.eur@other.domain', 'SUCCESS', 'EUR'],
    ['$success.mxn@sandbox.uma.local', 'SUCCESS', 'MXN'],
    ['$pending.long.usd@sandbox.uma.local', 'LONG_PENDING', 'USD'],
    ['$fail.compliance.usd@sandbox.uma.local', 'COMPLIANCE_FAILURE', 'USD'],
    ['$alice@sandbox.uma.local', 'UNKNOWN_RECEIVER', undefined],
  ])('%s -> %s', (address, result, currency) => expect(outcomeFor('umaReceiver', address)).toEqual({ result, ...(currency ? { currency } : {}) }));
});

describe('wallet ownership signatures', () => {
  it.each([
    ['sandbox-valid-signature', 'VALID'],
    ['sandbox-invalid-signature', 'INVALID'],
    ['0xabc', 'VERIFY'],
  ])('%s -> %s', (signature, result) => expect(outcomeFor('walletOwnershipSignature', signature)).toEqual({ result }));
});

describe('contact verification and SCA codes', () => {
  it.each([
    ['123456', 'ACCEPTED'],
    ['654321', 'REJECTED'],
    ['000000', 'REJECTED'],
    ['', 'REJECTED'],
  ])('contact code %s -> %s', (code, result) => expect(outcomeFor('contactVerificationCode', code)).toEqual({ result }));
  it.each([
    ['123456', 'ACCEPTED'],
    ['287082', 'VERIFY'],
    ['ABCD-EFGH-IJKL', 'VERIFY'],
  ])('SCA code %s -> %s', (code, result) => expect(outcomeFor('scaCode', code)).toEqual({ result }));
});

describe('lifetimes, by seconds elapsed (atLeast)', () => {
  it.each([
    ['contactVerificationCodeLifetime', 599, true],
    ['contactVerificationCodeLifetime', 600, false],
    ['scaChallengeLifetime', 0, true],
    ['scaChallengeLifetime', 299, true],
    ['scaChallengeLifetime', 300, false],
    ['scaChallengeLifetime', 301, false],
    ['scaSession', 899, true],
    ['scaSession', 900, false],
    ['scaSession', 100_000, false],
    ['scaCodeResend', 0, false],
    ['scaCodeResend', 29, false],
    ['scaCodeResend', 30, true],
  ] as const)('%s at %i s -> valid %s', (table, seconds, valid) => expect(outcomeFor(table, String(seconds))).toEqual({ valid }));

  it('gives the thresholds the services compute expiries from', () => {
    expect(thresholdWhere('scaSession', (o) => !o.valid)).toBe(900);
    expect(thresholdWhere('scaChallengeLifetime', (o) => !o.valid)).toBe(300);
    expect(thresholdWhere('twoFactorResetProgress', (o) => o.status === 'EXPIRED')).toBe(900);
    expect(() => thresholdWhere('scaSession', () => false)).toThrow();
  });
});

describe('SCA lockout ladder, by failed attempts', () => {
  it.each([
    [0, { lock: 'NONE' }],
    [4, { lock: 'NONE' }],
    [5, { lock: 'TEMPORARY', seconds: 900 }],
    [6, { lock: 'TEMPORARY', seconds: 1800 }],
    [7, { lock: 'TEMPORARY', seconds: 3600 }],
    [8, { lock: 'TEMPORARY', seconds: 86_400 }],
    [9, { lock: 'SUSPENDED' }],
    [42, { lock: 'SUSPENDED' }],
  ])('%i -> %j', (attempts, outcome) => expect(outcomeFor('scaLockout', String(attempts))).toEqual(outcome));

  it('treats a value that is no number as below every key', () => {
    expect(outcomeFor('scaLockout', 'many')).toEqual({ lock: 'NONE' });
  });
});

describe('2FA resets', () => {
  it.each([
    [0, true],
    [4, true],
    [5, false],
    [6, false],
  ])('%i started in 24 h -> a new one allowed: %s', (count, allowed) => expect(outcomeFor('twoFactorResetLimit', String(count))).toEqual({ allowed }));
  it.each([
    [0, 'INITIATED'],
    [19, 'INITIATED'],
    [20, 'PENDING_REVIEW'],
    [59, 'PENDING_REVIEW'],
    [60, 'LIVENESS_PASSED'],
    [899, 'LIVENESS_PASSED'],
    [900, 'EXPIRED'],
  ])('%i s -> %s', (seconds, status) => expect(outcomeFor('twoFactorResetProgress', String(seconds))).toEqual({ status }));
  it.each([
    ['Jana Novak 009', false],
    ['Jana Novak 001', true],
    ['Acme GmbH', true],
  ])('liveness of %s passes: %s', (name, passes) => expect(outcomeFor('twoFactorResetLiveness', name)).toEqual({ passes }));
});

describe('stablecoin provider credentials by apiClientSecret suffix', () => {
  it.each([
    ['secret-002', { status: 'INVALID' }],
    ['secret-003', { status: 'ACTIVE', revokedAfterSeconds: 300 }],
    ['secret-004', { status: 'ACTIVE' }],
  ])('%s -> %j', (secret, outcome) => expect(outcomeFor('stablecoinProviderCredentials', secret)).toEqual(outcome));
});

describe('stablecoin issuance by networkTokenIdentifier suffix', () => {
  it.each([
    ['btkn1qqqq002', { review: 'REJECTED' }],
    ['btkn1qqqq003', { review: 'APPROVED', provisioning: 'FAILED' }],
    ['btkn1qqqq004', { review: 'VERIFICATION_FAILED' }],
    ['btkn1qqqq005', { review: 'APPROVED', provisioning: 'PROVISIONED', serviceOperations: 'DISABLED', burns: true }],
    ['btkn1qqqq006', { review: 'APPROVED', provisioning: 'PROVISIONED', serviceOperations: 'ENABLED', burns: false }],
    ['btkn1qqqq007', { review: 'APPROVED', provisioning: 'PROVISIONED', serviceOperations: 'ENABLED', burns: true }],
  ])('%s -> %j', (token, outcome) => expect(outcomeFor('stablecoinIssuance', token)).toMatchObject(outcome));
});

describe('stablecoin mints and burns by amount in cents', () => {
  it.each([
    ['502', 'REJECTED'],
    ['1503', 'UNAVAILABLE'],
    ['504', 'FAILS_LATER'],
    ['505', 'ACCEPTED'],
    ['3', 'ACCEPTED'],
  ])('%s -> %s', (cents, result) => expect(outcomeFor('stablecoinAmount', cents)).toEqual({ result }));
});

describe('stablecoin account links by identifier suffix', () => {
  it.each([
    ['1234567301', 'STABLECOIN_EXTERNAL_ACCOUNT_LINK_FAILED'],
    ['1234567302', 'STABLECOIN_EXTERNAL_ACCOUNT_LINK_METHOD_REQUIRED'],
    ['1234567303', 'STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_FAILED'],
    ['1234567304', 'STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_REQUIRED'],
    ['1234567305', 'STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED'],
    ['1234567002', 'LINKED'],
  ])('%s -> %s', (identifier, result) => expect(outcomeFor('stablecoinAccountLink', identifier).result).toBe(result));
  it('302 refuses debits only', () => expect(outcomeFor('stablecoinAccountLink', '302').debitsOnly).toBe(true));
});

describe('provider balances that fund mints', () => {
  it.each([
    ['USDC/SOLANA', true],
    ['USDC/BASE', true],
    ['USDC/ETHEREUM', true],
    ['USDT/TRON', false],
    ['usdc/solana', false],
  ])('%s -> linked %s', (pair, linked) => expect(outcomeFor('stablecoinProviderSource', pair)).toEqual({ linked }));
});

describe('table shape', () => {
  it('ends every table with exactly one "any other" row and describes every row', () => {
    for (const [name, table] of Object.entries(RULES)) {
      const rows = table.rows as readonly { key: string | null; description: string }[];
      expect(rows.filter((r) => r.key === null), name).toHaveLength(1);
      expect(rows[rows.length - 1]!.key, name).toBeNull();
      for (const row of rows) expect(row.description.length, name).toBeGreaterThan(3);
    }
  });

  it('returns the row itself for documentation', () => {
    expect(ruleFor('accountTransfer', '...005').description).toBe('stays pending about 30 seconds, then fails');
  });
});
