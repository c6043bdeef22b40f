/**
 * Wallet sessions: opened by verifying a credential, listed, refreshed and
 * revoked (the last two through the signed retry). A compressed
 * clientPublicKey is the client's own session key; for an uncompressed one
 * the sandbox makes a key pair and seals the private half to it.
 */
import { apiError, notFound } from '../../core/errors.js';
import { isoAt } from '../../core/clock.js';
import { sealSessionKey } from '../../crypto/bundles.js';
import { compressedHex, isCompressed, newP256KeyPair } from '../../crypto/keys.js';
import { SESSION_LIFETIME_SECONDS } from '../../rules/index.js';
import type { Tenant } from '../../store/tenant.js';
import type { OperationResult } from './processing.js';
import { runSigned, type WalletActionRequest } from './signed-requests.js';
import { activeSessionsOf, isActive } from './sessions.store.js';
import type { AuthMethodRecord, AuthSession, SessionRecord } from './wallet-auth.schemas.js';

/** How the session key is chosen: the client's own key, or a sandbox key sealed to the client's key. */
export type SessionKeyRequest = { adopt: string } | { clientPublicKey: string };

export function presentSession(record: SessionRecord, encryptedSessionSigningKey?: string): AuthSession {
  const { authMethodId: _method, publicKey: _key, revokedAt: _revoked, ...session } = record;
  return { ...session, ...(encryptedSessionSigningKey !== undefined ? { encryptedSessionSigningKey } : {}) };
}

export async function openSession(tenant: Tenant, method: AuthMethodRecord, key: SessionKeyRequest): Promise<AuthSession> {
  let publicKey: string;
  let sealed: string | undefined;
  if ('adopt' in key || isCompressed(key.clientPublicKey)) {
    publicKey = compressedHex('adopt' in key ? key.adopt : key.clientPublicKey)!;
  } else {
    const pair = newP256KeyPair();
    publicKey = pair.publicKey;
    sealed = await sealSessionKey(key.clientPublicKey, pair.privateKey);
  }
  const now = tenant.clock.nowMs();
  const record: SessionRecord = {
    id: tenant.ids('Session'),
    accountId: method.accountId,
    type: method.type,
    ...(method.credentialId !== undefined ? { credentialId: method.credentialId } : {}),
    nickname: method.nickname,
    authMethodId: method.id,
    publicKey,
    createdAt: isoAt(now),
    updatedAt: isoAt(now),
    expiresAt: isoAt(now + SESSION_LIFETIME_SECONDS * 1000),
  };
  tenant.authSessions.insert(record);
  tenant.changed();
  return presentSession(record, sealed);
}

export function listSessions(tenant: Tenant, accountId: string): { data: AuthSession[] } {
  return { data: activeSessionsOf(tenant, accountId).map((s) => presentSession(s)) };
}

function revoke(tenant: Tenant, id: string): void {
  const now = tenant.clock.nowIso();
  tenant.authSessions.update(id, (s) => {
    s.revokedAt = now;
    s.updatedAt = now;
  });
  tenant.changed();
}

/** Revoking a credential revokes every session it issued. */
export function revokeSessionsOf(tenant: Tenant, authMethodId: string): void {
  for (const session of tenant.authSessions.byIndex('credential', authMethodId)) if (isActive(tenant, session)) revoke(tenant, session.id);
}

/**
 * The session, while active. An ended one is 401 to a refresh (it can no
 * longer authorize one: verify the credential again) and 404 to a revoke
 * (the reference: revoking an ended session is safe, the answer says what
 * the session is, not that the client erred).
 */
function requireActiveSession(tenant: Tenant, id: string, whenEnded: 'UNAUTHORIZED' | 'NOT_FOUND'): SessionRecord {
  const session = tenant.authSessions.get(id);
  if (!session) throw notFound('Session', id);
  if (!isActive(tenant, session)) {
    const ended = `Session ${id} ${session.revokedAt ? 'was revoked' : 'has expired'}`;
    if (whenEnded === 'NOT_FOUND') throw apiError('REFERENCE_NOT_FOUND', `${ended}; it is no longer an active session`, { resource: 'Session', id });
    throw apiError('UNAUTHORIZED', `${ended}; verify the credential again`, { sessionId: id });
  }
  return session;
}

/** POST /auth/sessions/{id}/refresh: a new session from the same credential; the old one ends. */
export function refreshSession(tenant: Tenant, id: string, clientPublicKey: string, request: WalletActionRequest): Promise<OperationResult> {
  return runSigned(tenant, request, () => ({
    operation: 'REFRESH_SESSION',
    accountId: requireActiveSession(tenant, id, 'UNAUTHORIZED').accountId,
    prepare: () => ({}),
    perform: async () => {
      const current = requireActiveSession(tenant, id, 'UNAUTHORIZED');
      const method = tenant.authMethods.get(current.authMethodId);
      if (!method) throw apiError('UNAUTHORIZED', `The credential that issued session ${id} was revoked`);
      const refreshed = await openSession(tenant, method, { clientPublicKey });
      revoke(tenant, id);
      return { status: 201, body: refreshed };
    },
  }));
}

/** DELETE /auth/sessions/{id}. */
export function revokeSession(tenant: Tenant, id: string, request: WalletActionRequest): Promise<OperationResult> {
  return runSigned(tenant, request, () => {
    const session = requireActiveSession(tenant, id, 'NOT_FOUND');
    return {
      operation: 'REVOKE_SESSION',
      accountId: session.accountId,
      type: session.type,
      prepare: () => ({}),
      perform: () => {
        requireActiveSession(tenant, id, 'NOT_FOUND');
        revoke(tenant, id);
        return { status: 204 };
      },
    };
  });
}
