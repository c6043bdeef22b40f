/**
 * Wallet actions authorized ahead by a payload their resource carries (a
 * quote from an embedded wallet: its paymentInstructions[] entry
 * {accountType: EMBEDDED_WALLET, payloadToSign}). The client stamps that
 * payload with a session key and sends the stamp with the action and no
 * Request-Id: one request, no 202. Without a stamp, or with a Request-Id,
 * the action is the ordinary signed retry (./signed-requests.ts).
 */
import { apiError } from '../../core/errors.js';
import { verifyStamp } from '../../crypto/stamp.js';
import type { Tenant } from '../../store/tenant.js';
import type { OperationResult } from './processing.js';
import { readWalletSignature, requireSigningSession, runSigned, type SignedOperation, type WalletActionRequest, type WalletOperation } from './signed-requests.js';

/**
 * The payload a resource carries for its holder to stamp: the signed-retry
 * challenge's shape (organizationId, type, timestampMs, parameters), its
 * parameters naming the resource and what it does. Key order is fixed by
 * construction, so the same resource always gives the same bytes.
 */
export function presignedPayload(tenant: Tenant, operation: WalletOperation, timestampMs: number, parameters: Record<string, unknown>): string {
  return JSON.stringify({ organizationId: tenant.id, type: `ACTIVITY_TYPE_${operation}`, timestampMs: String(timestampMs), parameters });
}

/** Whether the request carries a stamp of the resource's own payload: a signature without Request-Id. */
function isPresigned(request: WalletActionRequest, payloadToSign: string | undefined): payloadToSign is string {
  return payloadToSign !== undefined && request.signature !== undefined && request.requestId === undefined;
}

/**
 * Checks, in the signed retry's order: the header parses
 * (WALLET_SIGNATURE_MALFORMED), the stamp verifies over `payloadToSign`, and
 * its key is an active session of the wallet (WALLET_SIGNATURE_INVALID).
 */
function checkPresigned(tenant: Tenant, accountId: string, signature: string, payloadToSign: string): void {
  const stamp = readWalletSignature(tenant, signature);
  if (!stamp) return;
  if (!verifyStamp(stamp, payloadToSign)) {
    throw apiError(
      'WALLET_SIGNATURE_INVALID',
      "The signature does not verify over this resource's payloadToSign (paymentInstructions[].accountOrWalletInfo.payloadToSign, stamped byte for byte); a stamp of a 202 challenge goes with its Request-Id",
    );
  }
  requireSigningSession(tenant, accountId, stamp.publicKey);
}

/**
 * Runs a wallet action: at once when the request stamps `payloadToSign`
 * (the resource's own payload; undefined when it has none), else as a
 * signed retry.
 */
export async function runPresignedOrSigned<C extends object>(tenant: Tenant, request: WalletActionRequest, payloadToSign: string | undefined, build: () => SignedOperation<C>): Promise<OperationResult> {
  if (!isPresigned(request, payloadToSign)) return runSigned(tenant, request, build);
  const op = build();
  checkPresigned(tenant, op.accountId, request.signature!, payloadToSign);
  return op.perform(await op.prepare());
}
