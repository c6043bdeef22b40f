/**
 * The signed-retry engine: every wallet action that needs a session's
 * signature runs through `runSigned`. The first leg (no signature headers)
 * gets a 202 challenge whose payloadToSign binds the operation, the method
 * and path, a digest of the exact body, the wallet, the requestId and the
 * expiry; the identical retry, stamped by a session key of that wallet,
 * performs the operation once. Checks run in the order wire-formats.md gives.
 */
import { apiError } from '../../core/errors.js';
import { clonePlain } from '../../core/objects.js';
import { isoAt, parseInstant } from '../../core/clock.js';
import { outcomeFor, SIGNED_REQUEST_LIFETIME_SECONDS } from '../../rules/index.js';
import { parseStamp, verifyStamp, type Stamp } from '../../crypto/stamp.js';
import { compressedHex } from '../../crypto/keys.js';
import { sha256Hex } from '../../crypto/digest.js';
import type { Tenant } from '../../store/tenant.js';
import { settleOnce, hasPendingResult, type OperationResult } from './processing.js';
import { activeSessionByKey } from './sessions.store.js';
import type { AuthType, SessionRecord, SignedRequestRecord, SignedRetryChallenge } from './wallet-auth.schemas.js';

/** The parts of the HTTP request a wallet signature covers. */
export interface WalletActionRequest {
  method: string;
  path: string;
  body: string;
  signature?: string | undefined;
  requestId?: string | undefined;
  /** The host the request came to (its public host): a passkey registered without a configured RP ID is for it. */
  host?: string | undefined;
}

export type WalletOperation =
  | 'ADD_CREDENTIAL'
  | 'REVOKE_CREDENTIAL'
  | 'VERIFY_CREDENTIAL'
  | 'REFRESH_SESSION'
  | 'REVOKE_SESSION'
  | 'EXPORT_WALLET'
  | 'UPDATE_WALLET_PRIVACY'
  | 'UPDATE_CUSTOMER_EMAIL'
  | 'EXECUTE_QUOTE'
  | 'TRANSFER_OUT'
  | 'CREATE_DELEGATED_KEY'
  | 'ACTIVATE_DELEGATED_KEY';

export interface SignedOperation<C extends object> {
  operation: WalletOperation;
  /** The wallet (EMBEDDED_WALLET internal account) whose sessions may sign. */
  accountId: string;
  /** True when no signature can be asked for (a wallet's first credential): performed at once. */
  unsigned?: boolean;
  /** Echoed in the challenge of credential operations. */
  type?: AuthType | undefined;
  /** First leg: validates the request and returns what the retry needs (kept with the challenge, so JSON only). */
  prepare(): Promise<C> | C;
  /** The one key that may sign (OTP verification); otherwise any active session of the wallet. */
  signerKey?(context: C): string;
  /** Further authority rules on the signing session; undefined for the legacy signature. */
  checkSigner?(session: SessionRecord | undefined, context: C): void;
  perform(context: C): Promise<OperationResult> | OperationResult;
  /** False when the result must never be stored (wallet export). */
  storesResult?: boolean;
}

/** Challenges are kept one lifetime past expiry so a late retry still hears "expired", not "unknown". */
function prune(tenant: Tenant): void {
  const horizon = tenant.clock.nowMs() - SIGNED_REQUEST_LIFETIME_SECONDS * 1000;
  tenant.signedRequests.removeOldestWhile((r) => (parseInstant(r.expiresAt) ?? 0) < horizon && !hasPendingResult(tenant, r.id));
}

async function issueChallenge<C extends object>(tenant: Tenant, request: WalletActionRequest, op: SignedOperation<C>): Promise<OperationResult> {
  return challengeFor(tenant, request, op, await op.prepare());
}

/** The challenge for the next leg of a multi-leg operation: the same request, signed again over a new payloadToSign that carries `context`. */
export function nextChallenge<C extends object>(tenant: Tenant, request: WalletActionRequest, op: Pick<SignedOperation<C>, 'operation' | 'accountId' | 'type'>, context: C): OperationResult {
  return challengeFor(tenant, request, op, context);
}

function challengeFor<C extends object>(tenant: Tenant, request: WalletActionRequest, op: Pick<SignedOperation<C>, 'operation' | 'accountId' | 'type' | 'signerKey'>, context: C): OperationResult {
  prune(tenant);
  const requestId = tenant.ids('Request');
  const now = tenant.clock.nowMs();
  const expiresAt = isoAt(now + SIGNED_REQUEST_LIFETIME_SECONDS * 1000);
  const bodySha256 = sha256Hex(request.body);
  const payloadToSign = JSON.stringify({
    organizationId: tenant.id,
    type: `ACTIVITY_TYPE_${op.operation}`,
    timestampMs: String(now),
    parameters: { requestId, walletId: op.accountId, method: request.method, path: request.path, bodySha256, expiresAt },
  });
  const signerKey = op.signerKey?.(context);
  tenant.signedRequests.insert({
    id: requestId,
    accountId: op.accountId,
    operation: op.operation,
    method: request.method,
    path: request.path,
    bodySha256,
    payloadToSign,
    ...(signerKey !== undefined ? { signerKey: compressedHex(signerKey) ?? signerKey } : {}),
    context: clonePlain(context) as Record<string, unknown>,
    expiresAt,
  });
  tenant.changed();
  const challenge: SignedRetryChallenge = { payloadToSign, requestId, expiresAt, ...(op.type ? { type: op.type } : {}) };
  return { status: 202, body: challenge };
}

/**
 * The stamp in a wallet signature header: undefined for the legacy value the
 * rules table accepts without the cryptographic check;
 * WALLET_SIGNATURE_MALFORMED when it cannot be parsed.
 */
export function readWalletSignature(tenant: Tenant, signature: string): Stamp | undefined {
  if (outcomeFor('walletSignature', signature, tenant.coverage).result === 'ACCEPTED') return undefined;
  const stamp = parseStamp(signature);
  if (!stamp) throw apiError('WALLET_SIGNATURE_MALFORMED', 'Service-Wallet-Signature must be base64url JSON {publicKey, scheme: SIGNATURE_SCHEME_TK_API_P256, signature (DER hex)}');
  return stamp;
}

/** The wallet's active session that holds the stamping key; WALLET_SIGNATURE_INVALID for a stranger's key, an expired or revoked session. */
export function requireSigningSession(tenant: Tenant, accountId: string, publicKey: string): SessionRecord {
  const session = activeSessionByKey(tenant, accountId, publicKey);
  if (!session) throw apiError('WALLET_SIGNATURE_INVALID', 'The stamped public key is not an active session of this wallet');
  return session;
}

/** The accepted challenge an identical re-send refers to, while its result is still to be collected. */
function acceptedChallenge(tenant: Tenant, request: WalletActionRequest): SignedRequestRecord | undefined {
  const { signature, requestId } = request;
  if (signature === undefined || requestId === undefined) return undefined;
  const record = tenant.signedRequests.get(requestId);
  if (!record || record.usedAt === undefined || record.acceptedSignature !== signature || !hasPendingResult(tenant, record.id)) return undefined;
  if (record.method !== request.method || record.path !== request.path || record.bodySha256 !== sha256Hex(request.body)) return undefined;
  return record;
}

/**
 * Answers a signed operation: the 202 challenge on the first leg, the
 * operation's result on a valid retry, a 401 with the failed check otherwise.
 * `build` looks up what the operation acts on; the identical re-send of a
 * retry that answered PROCESSING gets the kept result without it, because
 * the operation may have removed its own target.
 */
export async function runSigned<C extends object>(tenant: Tenant, request: WalletActionRequest, build: () => SignedOperation<C>): Promise<OperationResult> {
  const resent = acceptedChallenge(tenant, request);
  const op = resent && tenant.pendingOperations.get(resent.id)?.result ? undefined : build();
  if (!op) {
    return settleOnce(tenant, { key: resent!.id, operation: resent!.operation, bodySha256: resent!.bodySha256 }, () => {
      throw apiError('UNAUTHORIZED', 'The operation already settled');
    });
  }
  if (op.unsigned) return op.perform(await op.prepare());
  const { signature, requestId, method, path, body } = request;
  if (signature === undefined && requestId === undefined) return issueChallenge(tenant, request, op);
  if (signature === undefined) throw apiError('WALLET_SIGNATURE_MISSING');

  const stamp = readWalletSignature(tenant, signature);
  if (requestId === undefined) throw apiError('REQUEST_ID_MISSING');

  const record = tenant.signedRequests.get(requestId);
  if (!record || record.accountId !== op.accountId) throw apiError('UNAUTHORIZED', `Request-Id ${requestId} is not a challenge issued for this wallet`);
  if (record.method !== method || record.path !== path || record.bodySha256 !== sha256Hex(body)) {
    throw apiError('WALLET_SIGNATURE_BODY_MISMATCH', `The retry must repeat ${record.method} ${record.path} with the identical body of the first request`);
  }
  if (stamp && !verifyStamp(stamp, record.payloadToSign)) {
    throw apiError('WALLET_SIGNATURE_INVALID', 'The signature does not verify over payloadToSign with the stamped public key');
  }
  const correlation = { key: record.id, operation: record.operation, bodySha256: record.bodySha256, storesResult: op.storesResult ?? true };
  // A copy: what the operation builds from it (e.g. the credential it inserts) must not share objects with the stored challenge.
  const context = clonePlain(record.context) as C;
  // A re-send of an operation whose result is never kept (export) performs it now.
  if (resent) return settleOnce(tenant, correlation, () => op.perform(context));

  let session: SessionRecord | undefined;
  if (stamp) {
    if (record.signerKey !== undefined) {
      if (stamp.publicKey !== record.signerKey) throw apiError('WALLET_SIGNATURE_INVALID', 'The retry must be stamped with the key placed in encryptedOtpBundle');
    } else {
      session = requireSigningSession(tenant, record.accountId, stamp.publicKey);
    }
  }
  op.checkSigner?.(session, context);
  if (record.usedAt !== undefined) throw apiError('UNAUTHORIZED', `Request-Id ${requestId} was already used; start again without signature headers`);
  if ((parseInstant(record.expiresAt) ?? 0) <= tenant.clock.nowMs()) {
    throw apiError('UNAUTHORIZED', `Request-Id ${requestId} expired at ${record.expiresAt}; start again without signature headers`);
  }
  tenant.signedRequests.update(record.id, (r) => {
    r.usedAt = tenant.clock.nowIso();
    r.acceptedSignature = signature;
  });
  tenant.changed();
  return settleOnce(tenant, correlation, () => op.perform(context));
}
