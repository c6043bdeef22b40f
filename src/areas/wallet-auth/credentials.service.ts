/**
 * Credentials (AuthMethods) of embedded wallets: added (the first directly,
 * later ones through the signed retry), listed and revoked, with the
 * account rules of rule 7 and 8.
 */
import { apiError, invalidInput, notFound } from '../../core/errors.js';
import type { Tenant } from '../../store/tenant.js';
import { readOidcToken } from './oidc.js';
import { verifyPasskeyRegistration } from './passkeys.js';
import type { OperationResult } from './processing.js';
import { revokeSessionsOf } from './sessions.service.js';
import { runSigned, type WalletActionRequest } from './signed-requests.js';
import { requireWallet } from './wallets.service.js';
import type { AuthMethod, AuthMethodRecord, CredentialCreateRequest } from './wallet-auth.schemas.js';

export function presentAuthMethod(record: AuthMethodRecord): AuthMethod {
  const { identity: _identity, passkey: _passkey, ...method } = record;
  return method;
}

export function requireCredential(tenant: Tenant, id: string): AuthMethodRecord {
  const method = tenant.authMethods.get(id);
  if (!method) throw notFound('AuthMethod', id);
  return method;
}

/** GET /auth/credentials: not paginated; an unknown account simply has none. */
export function listCredentials(tenant: Tenant, accountId: string): { data: AuthMethod[] } {
  return { data: tenant.authMethods.byIndex('account', accountId).map(presentAuthMethod) };
}

/** A credential about to be added: everything checked, nothing stored. JSON, since it waits with the challenge. */
type CredentialDraft = Omit<AuthMethodRecord, 'id' | 'createdAt' | 'updatedAt'>;

function customerOf(tenant: Tenant, accountId: string) {
  const customerId = tenant.internalAccounts.get(accountId)?.customerId;
  return customerId !== undefined ? tenant.customers.get(customerId) : undefined;
}

/** Rule 8 and its siblings: checked when the request arrives and again when the credential is stored. */
function checkAccountRules(tenant: Tenant, draft: CredentialDraft): void {
  const existing = tenant.authMethods.byIndex('account', draft.accountId);
  if (draft.type === 'EMAIL_OTP' && existing.some((m) => m.type === 'EMAIL_OTP')) throw apiError('EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS');
  if (draft.type === 'SMS_OTP' && existing.some((m) => m.type === 'SMS_OTP')) throw apiError('SMS_OTP_CREDENTIAL_ALREADY_EXISTS');
  if (draft.type === 'PASSKEY' && [...tenant.authMethods.values()].some((m) => m.type === 'PASSKEY' && m.credentialId === draft.credentialId)) {
    throw apiError('PASSKEY_CREDENTIAL_ALREADY_EXISTS', undefined, { credentialId: draft.credentialId });
  }
  const identity = draft.identity;
  if (identity && existing.some((m) => m.identity?.iss === identity.iss && m.identity.aud === identity.aud && m.identity.sub === identity.sub)) {
    throw invalidInput([{ field: 'oidcToken', message: 'An OAUTH credential for this identity (iss, aud, sub) already exists on the account' }]);
  }
}

async function draftCredential(tenant: Tenant, input: CredentialCreateRequest, host: string | undefined): Promise<CredentialDraft> {
  const { accountId } = input;
  let draft: CredentialDraft;
  switch (input.type) {
    case 'EMAIL_OTP': {
      const email = customerOf(tenant, accountId)?.email;
      if (email === undefined) throw apiError('MISSING_MANDATORY_USER_INFO', "An EMAIL_OTP credential needs the customer's email", { field: 'email' });
      draft = { accountId, type: 'EMAIL_OTP', nickname: email };
      break;
    }
    case 'SMS_OTP': {
      const phone = customerOf(tenant, accountId)?.phoneNumber;
      if (phone === undefined) throw apiError('MISSING_MANDATORY_USER_INFO', "An SMS_OTP credential needs the customer's phoneNumber", { field: 'phoneNumber' });
      draft = { accountId, type: 'SMS_OTP', nickname: phone };
      break;
    }
    case 'OAUTH': {
      const token = await readOidcToken(input.oidcToken, tenant.clock.realNowMs(), tenant.coverage);
      draft = { accountId, type: 'OAUTH', nickname: token.email ?? token.sub, identity: { iss: token.iss, aud: token.aud, sub: token.sub } };
      break;
    }
    case 'PASSKEY': {
      const passkey = await verifyPasskeyRegistration(tenant, input.challenge, input.attestation, host);
      draft = { accountId, type: 'PASSKEY', nickname: input.nickname, credentialId: passkey.credentialId, passkey: { publicKey: passkey.publicKey, counter: passkey.counter, ...(passkey.transports ? { transports: passkey.transports } : {}), ...(passkey.rpId ? { rpId: passkey.rpId } : {}) } };
      break;
    }
  }
  checkAccountRules(tenant, draft);
  return draft;
}

function addCredential(tenant: Tenant, draft: CredentialDraft): OperationResult {
  requireWallet(tenant, draft.accountId, 'accountId');
  checkAccountRules(tenant, draft);
  const now = tenant.clock.nowIso();
  const record: AuthMethodRecord = { id: tenant.ids('AuthMethod'), ...draft, createdAt: now, updatedAt: now };
  tenant.authMethods.insert(record);
  tenant.changed();
  return { status: 201, body: presentAuthMethod(record) };
}

/** POST /auth/credentials: the wallet's first credential is added at once; any later one needs a session's signature. */
export function createCredential(tenant: Tenant, input: CredentialCreateRequest, request: WalletActionRequest): Promise<OperationResult> {
  return runSigned(tenant, request, () => {
    const wallet = requireWallet(tenant, input.accountId, 'accountId');
    const first = tenant.authMethods.byIndex('account', wallet.id).length === 0;
    return {
      operation: 'ADD_CREDENTIAL',
      accountId: wallet.id,
      type: input.type,
      unsigned: first,
      prepare: () => draftCredential(tenant, input, request.host),
      perform: (draft) => addCredential(tenant, draft),
    };
  });
}

function checkNotLast(tenant: Tenant, method: AuthMethodRecord): void {
  if (tenant.authMethods.byIndex('account', method.accountId).length <= 1) {
    throw invalidInput([{ field: 'id', message: 'An account must keep at least one credential; add another before revoking this one' }], `${method.id} is the only credential of ${method.accountId}`);
  }
}

/** DELETE /auth/credentials/{id}: signed by a session of another credential; its own sessions end with it. */
export function revokeCredential(tenant: Tenant, id: string, request: WalletActionRequest): Promise<OperationResult> {
  return runSigned(tenant, request, () => {
    const method = requireCredential(tenant, id);
    return {
      operation: 'REVOKE_CREDENTIAL',
      accountId: method.accountId,
      type: method.type,
      prepare: () => {
        checkNotLast(tenant, method);
        return {};
      },
      checkSigner: (session) => {
        if (session?.authMethodId === id) {
          throw apiError('WALLET_SIGNATURE_INVALID', 'Revoking a credential needs a session issued by a different credential of the same account');
        }
      },
      perform: () => {
        checkNotLast(tenant, requireCredential(tenant, id));
        tenant.authMethods.remove(id);
        revokeSessionsOf(tenant, id);
        tenant.changed();
        return { status: 204 };
      },
    };
  });
}
