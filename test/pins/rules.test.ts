/**
 * Every rules table (src/rules/tables.ts) pinned row by row: the tables,
 * their match and keys in order as GET /__admin/rules serves them, each
 * row's outcome through the lookup the services use (a value that selects
 * the row; for atLeast tables the key and one below it), and every timing
 * constant. The rows are written out here, so an edit to one row of the
 * source fails this file.
 */
import { describe, expect, it } from 'vitest';
import * as RULES_MODULE from '../../src/rules/tables.js';
import { outcomeFor, RULES } from '../../src/rules/index.js';
import { makeSandbox } from '../helpers.js';

const TABLES: Record<string, { match: string; rows: Array<[string | null, unknown]> }> = {
  individualKyc: {
    match: 'last3',
    rows: [
      ["001", {"kycStatus":"PENDING","completeSubmission":"PENDING_MANUAL_REVIEW"}],
      ["002", {"kycStatus":"REJECTED","completeSubmission":"REJECTED"}],
      ["003", {"kycStatus":"UNVERIFIED","completeSubmission":"POOR_QUALITY_DOCUMENT"}],
      [null, {"kycStatus":"APPROVED","completeSubmission":"APPROVED"}],
    ],
  },
  businessKyb: {
    match: 'last3',
    rows: [
      ["001", {"decision":"REVIEW"}],
      ["002", {"decision":"REJECTED"}],
      ["003", {"decision":"REVIEW"}],
      [null, {"decision":"APPROVED"}],
    ],
  },
  beneficialOwnerKyc: {
    match: 'last3',
    rows: [
      ["001", {"kycStatus":"PENDING"}],
      ["002", {"kycStatus":"REJECTED"}],
      [null, {"kycStatus":"APPROVED"}],
    ],
  },
  accountTransfer: {
    match: 'identifierLast3',
    rows: [
      ["002", {"result":"FAILED","failureReason":"INSUFFICIENT_FUNDS","delaySeconds":0}],
      ["003", {"result":"FAILED","failureReason":"ACCOUNT_CLOSED_OR_INVALID","delaySeconds":0}],
      ["004", {"result":"FAILED","failureReason":"BANK_REJECTED","delaySeconds":0}],
      ["005", {"result":"FAILED","failureReason":"BANK_REJECTED","delaySeconds":30}],
      [null, {"result":"SUCCESS","delaySeconds":0}],
    ],
  },
  beneficiaryVerification: {
    match: 'identifierLast3',
    rows: [
      ["102", {"kind":"status","status":"NOT_MATCHED","verifiedName":"DIFFERENT"}],
      ["103", {"kind":"status","status":"PARTIAL_MATCH","verifiedName":"SIMILAR"}],
      ["104", {"kind":"status","status":"PENDING","verifiedName":"NONE"}],
      ["105", {"kind":"invalidAccount"}],
      ["106", {"kind":"status","status":"UNSUPPORTED","verifiedName":"NONE"}],
      ["107", {"kind":"status","status":"CHECKED_BY_RECEIVING_FI","verifiedName":"NONE"}],
      [null, {"kind":"status","status":"MATCHED","verifiedName":"SAME"}],
    ],
  },
  quoteExecution: {
    match: 'identifierLast3',
    rows: [
      ["002", {"result":"FAILED","failureReason":"QUOTE_EXECUTION_FAILED","refund":"NONE","delaySeconds":0}],
      ["003", {"result":"COMPLETED","refund":"NONE","delaySeconds":360}],
      ["004", {"result":"FAILED","failureReason":"COUNTERPARTY_DELIVERY_FAILED","refund":"REFUNDED","delaySeconds":0}],
      ["005", {"result":"COMPLETED_THEN_RETURNED","failureReason":"PAYOUT_RETURNED","refund":"REFUNDED","delaySeconds":30}],
      ["006", {"result":"FAILED","failureReason":"USER_CANCELLED","refund":"REFUNDED","delaySeconds":0}],
      ["007", {"result":"FAILED","failureReason":"PAYOUT_AND_REFUND_FAILED","refund":"REFUND_FAILED","delaySeconds":0}],
      [null, {"result":"COMPLETED","refund":"NONE","delaySeconds":0}],
    ],
  },
  cardAuthorization: {
    match: 'last3',
    rows: [
      ["002", {"decision":"DECLINED","declineReason":"INSUFFICIENT_FUNDS","pull":"NONE","delaySeconds":0,"clearing":"FIRST"}],
      ["003", {"decision":"DECLINED","declineReason":"CARD_PAUSED","pull":"NONE","delaySeconds":0,"clearing":"FIRST"}],
      ["005", {"decision":"APPROVED","pull":"DELAYED","delaySeconds":30,"clearing":"FIRST"}],
      ["006", {"decision":"APPROVED","pull":"FAILS_LATER","delaySeconds":30,"clearing":"FIRST"}],
      ["007", {"decision":"APPROVED","pull":"IMMEDIATE","delaySeconds":0,"clearing":"IN_PARTS"}],
      [null, {"decision":"APPROVED","pull":"IMMEDIATE","delaySeconds":0,"clearing":"FIRST"}],
    ],
  },
  umaReceiver: {
    match: 'umaUser',
    rows: [
      ["$success.usd", {"result":"SUCCESS","currency":"USD"}],
      ["$success.eur", {"result":"SUCCESS","currency":"EUR"}],
      ["$success.mxn", {"result":"SUCCESS","currency":"MXN"}],
      ["$pending.long.usd", {"result":"LONG_PENDING","currency":"USD"}],
      ["$fail.compliance.usd", {"result":"COMPLIANCE_FAILURE","currency":"USD"}],
      [null, {"result":"UNKNOWN_RECEIVER"}],
    ],
  },
  incomingApproval: {
    match: 'umaUser',
    rows: [
      ["$pending.approval", {"approval":"AWAIT_DECISION"}],
      [null, {"approval":"WEBHOOK"}],
    ],
  },
  quoteRate: {
    match: 'last3',
    rows: [
      ["666", {"available":false}],
      [null, {"available":true}],
    ],
  },
  documentReview: {
    match: 'last3',
    rows: [
      ["201", {"result":"LOW_QUALITY"}],
      ["202", {"result":"DATA_MISMATCH"}],
      ["203", {"result":"EXPIRED"}],
      ["204", {"result":"SUSPECTED_FRAUD"}],
      ["205", {"result":"UNSUITABLE_DOCUMENT"}],
      ["206", {"result":"INCOMPLETE"}],
      [null, {"result":"ACCEPTED"}],
    ],
  },
  walletOwnershipSignature: {
    match: 'exact',
    rows: [
      ["sandbox-valid-signature", {"result":"VALID"}],
      ["sandbox-invalid-signature", {"result":"INVALID"}],
      [null, {"result":"VERIFY"}],
    ],
  },
  otpCode: {
    match: 'exact',
    rows: [
      ["000000", {"result":"ACCEPTED"}],
      [null, {"result":"REJECTED"}],
    ],
  },
  walletSignature: {
    match: 'exact',
    rows: [
      ["sandbox-valid-signature", {"result":"ACCEPTED"}],
      [null, {"result":"VERIFY"}],
    ],
  },
  passkeyAssertion: {
    match: 'exact',
    rows: [
      ["sandbox-valid-passkey-signature", {"result":"ACCEPTED"}],
      [null, {"result":"VERIFY"}],
    ],
  },
  oidcToken: {
    match: 'exact',
    rows: [
      ["sandbox-valid-oidc-token", {"result":"REJECTED"}],
      [null, {"result":"VERIFY"}],
    ],
  },
  contactVerificationCode: {
    match: 'exact',
    rows: [
      ["123456", {"result":"ACCEPTED"}],
      [null, {"result":"REJECTED"}],
    ],
  },
  contactVerificationCodeLifetime: {
    match: 'atLeast',
    rows: [
      ["600", {"valid":false}],
      [null, {"valid":true}],
    ],
  },
  scaCode: {
    match: 'exact',
    rows: [
      ["123456", {"result":"ACCEPTED"}],
      [null, {"result":"VERIFY"}],
    ],
  },
  scaChallengeLifetime: {
    match: 'atLeast',
    rows: [
      ["300", {"valid":false}],
      [null, {"valid":true}],
    ],
  },
  scaCodeResend: {
    match: 'atLeast',
    rows: [
      ["30", {"valid":true}],
      [null, {"valid":false}],
    ],
  },
  scaSession: {
    match: 'atLeast',
    rows: [
      ["900", {"valid":false}],
      [null, {"valid":true}],
    ],
  },
  scaLockout: {
    match: 'atLeast',
    rows: [
      ["9", {"lock":"SUSPENDED"}],
      ["8", {"lock":"TEMPORARY","seconds":86400}],
      ["7", {"lock":"TEMPORARY","seconds":3600}],
      ["6", {"lock":"TEMPORARY","seconds":1800}],
      ["5", {"lock":"TEMPORARY","seconds":900}],
      [null, {"lock":"NONE"}],
    ],
  },
  twoFactorResetLimit: {
    match: 'atLeast',
    rows: [
      ["5", {"allowed":false}],
      [null, {"allowed":true}],
    ],
  },
  twoFactorResetProgress: {
    match: 'atLeast',
    rows: [
      ["900", {"status":"EXPIRED"}],
      ["60", {"status":"LIVENESS_PASSED"}],
      ["20", {"status":"PENDING_REVIEW"}],
      [null, {"status":"INITIATED"}],
    ],
  },
  twoFactorResetLiveness: {
    match: 'last3',
    rows: [
      ["009", {"passes":false}],
      [null, {"passes":true}],
    ],
  },
  oidcIssuer: {
    match: 'exact',
    rows: [
      ["https://accounts.google.com", {"result":"ACCEPTED"}],
      ["accounts.google.com", {"result":"ACCEPTED"}],
      ["https://appleid.apple.com", {"result":"ACCEPTED"}],
      [null, {"result":"REJECTED"}],
    ],
  },
  stablecoinProviderCredentials: {
    match: 'last3',
    rows: [
      ["002", {"status":"INVALID"}],
      ["003", {"status":"ACTIVE","revokedAfterSeconds":300}],
      [null, {"status":"ACTIVE"}],
    ],
  },
  stablecoinIssuance: {
    match: 'last3',
    rows: [
      ["002", {"review":"REJECTED","provisioning":"FAILED","serviceOperations":"DISABLED","burns":true}],
      ["003", {"review":"APPROVED","provisioning":"FAILED","serviceOperations":"DISABLED","burns":true}],
      ["004", {"review":"VERIFICATION_FAILED","provisioning":"FAILED","serviceOperations":"DISABLED","burns":true}],
      ["005", {"review":"APPROVED","provisioning":"PROVISIONED","serviceOperations":"DISABLED","burns":true}],
      ["006", {"review":"APPROVED","provisioning":"PROVISIONED","serviceOperations":"ENABLED","burns":false}],
      [null, {"review":"APPROVED","provisioning":"PROVISIONED","serviceOperations":"ENABLED","burns":true}],
    ],
  },
  stablecoinAmount: {
    match: 'last3',
    rows: [
      ["502", {"result":"REJECTED"}],
      ["503", {"result":"UNAVAILABLE"}],
      ["504", {"result":"FAILS_LATER"}],
      [null, {"result":"ACCEPTED"}],
    ],
  },
  stablecoinAccountLink: {
    match: 'identifierLast3',
    rows: [
      ["301", {"result":"STABLECOIN_EXTERNAL_ACCOUNT_LINK_FAILED"}],
      ["302", {"result":"STABLECOIN_EXTERNAL_ACCOUNT_LINK_METHOD_REQUIRED","debitsOnly":true}],
      ["303", {"result":"STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_FAILED"}],
      ["304", {"result":"STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_REQUIRED"}],
      ["305", {"result":"STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED"}],
      [null, {"result":"LINKED"}],
    ],
  },
  stablecoinProviderSource: {
    match: 'exact',
    rows: [
      ["USDC/SOLANA", {"linked":true}],
      ["USDC/BASE", {"linked":true}],
      ["USDC/ETHEREUM", {"linked":true}],
      [null, {"linked":false}],
    ],
  },
};

const CONSTANTS: Record<string, unknown> = {
  UNVERIFIED_WALLET_LIMIT_USD_CENTS: 100000,
  LONG_PENDING_SECONDS: 86400,
  PAYMENT_APPROVAL_WINDOW_SECONDS: 5,
  QUOTE_LIFETIME_SECONDS: 300,
  SANDBOX_UMA_DOMAINS: ['sandbox.uma.local', 'sandbox.uma.money', 'sandbox.grid.uma.money'],
  SANDBOX_INVITEE_UMA: '$invitee@sandbox.uma.local',
  BULK_IMPORT_CHUNK_ROWS: 250,
  BULK_IMPORT_CHUNK_INTERVAL_MS: 10,
  LIVENESS_COMPLETES_AFTER_SECONDS: 10,
  WEBHOOK_RETRY_DELAYS_SECONDS: [60,300,600,1200,1800],
  WEBHOOK_TIMEOUT_SECONDS: 10,
  CARD_ACTIVATION_SECONDS: 5,
  CARD_REVEAL_SECONDS: 60,
  SIGNED_REQUEST_LIFETIME_SECONDS: 300,
  SESSION_LIFETIME_SECONDS: 900,
  PASSKEY_CHALLENGE_LIFETIME_SECONDS: 300,
  OTP_REISSUE_WINDOW_SECONDS: 30,
  OTP_LIFETIME_SECONDS: 300,
  OIDC_MAX_AGE_SECONDS: 60,
  OIDC_CLOCK_SKEW_SECONDS: 5,
  AGENT_DEVICE_CODE_LIFETIME_SECONDS: 86400,
  STABLECOIN_DECIMALS: 6,
  STABLECOIN_REVIEW_SECONDS: 60,
  STABLECOIN_PROVISIONING_SECONDS: 120,
  STABLECOIN_OPERATIONS_APPROVAL_SECONDS: 60,
  STABLECOIN_FUNDING_WINDOW_SECONDS: 604800,
  STABLECOIN_SUBMISSION_SECONDS: 5,
  STABLECOIN_ACH_CLEARING_SECONDS: {"ACH_DEBIT":180,"SAME_DAY_ACH_DEBIT":60},
  STABLECOIN_SETTLEMENT_SECONDS: 30,
  STABLECOIN_IDEMPOTENCY_KEY_SECONDS: 86400,
};


type TableName = keyof typeof RULES;

/** A value of the request field that selects the row with `key` under `match`. */
function valueFor(match: string, key: string): string {
  switch (match) {
    case 'last3':
      return `PIN VALUE ${key}`;
    case 'identifierLast3':
      return `000000${key}`;
    case 'umaUser':
      return `${key}@sandbox.uma.local`;
    default:
      return key;
  }
}

/** A value no keyed row of the table selects. */
function otherValue(match: string, keys: string[]): string {
  if (match === 'atLeast') return 'not a number';
  for (let n = 999; n >= 0; n--) {
    const candidate = match === 'exact' || match === 'umaUser' ? `pin-other-${n}` : String(n).padStart(3, '0');
    if (!keys.some((k) => k.toLowerCase() === candidate.toLowerCase())) return valueFor(match, candidate);
  }
  throw new Error('no free key');
}

describe('the rules tables, row by row', () => {
  it('GET /__admin/rules serves exactly these tables, with their match and keys in order', async () => {
    const served = (await makeSandbox().client().get('/__admin/rules')).body.tables as Array<{ name: string; match: string; rows: Array<{ key: string | null }> }>;
    expect(served.map((t) => [t.name, t.match, t.rows.map((r) => r.key)])).toEqual(Object.entries(TABLES).map(([name, t]) => [name, t.match, t.rows.map(([key]) => key)]));
  });

  for (const [name, table] of Object.entries(TABLES)) {
    it(`${name}: each row's outcome`, () => {
      const keys = table.rows.map(([key]) => key).filter((key): key is string => key !== null);
      const other = table.rows.find(([key]) => key === null)![1];
      for (const [key, outcome] of table.rows) {
        if (key === null) {
          expect([name, 'other', outcomeFor(name as TableName, otherValue(table.match, keys))]).toEqual([name, 'other', outcome]);
          continue;
        }
        expect([name, key, outcomeFor(name as TableName, valueFor(table.match, key))]).toEqual([name, key, outcome]);
        if (table.match === 'atLeast') {
          // One below the key: the row with the greatest key not above it, else the "any other" row.
          const below = Number(key) - 1;
          const lower = table.rows.filter(([k]) => k !== null && Number(k) <= below).sort(([a], [b]) => Number(b) - Number(a))[0];
          expect([name, below, outcomeFor(name as TableName, String(below))]).toEqual([name, below, lower ? lower[1] : other]);
        }
      }
    });
  }

  it('the timing and limit constants', () => {
    const actual = Object.fromEntries(Object.entries(RULES_MODULE).filter(([name, value]) => name !== 'RULES' && typeof value !== 'function'));
    expect(actual).toEqual(CONSTANTS);
  });
});
