/**
 * What each API route needs of the caller's credential, as data: reads need
 * VIEW; quotes, their execution and money movement need TRANSACT; the
 * configuration, API tokens and customers' data (accounts, documents, KYC,
 * credentials, cards, invitations) need MANAGE. The sandbox-only simulators
 * stand for the outside world, which no permission limits: any valid
 * credential may call them (the reference only refuses production tokens
 * there). The platform's own credentials hold every permission; API tokens
 * hold theirs (src/app.ts); agents hold none, so their own routes (and the
 * device-code redemption, which needs no credential) let any caller through
 * this table (src/app.ts keeps everyone but agents out of /agents/me/*) and
 * the agent's policy decides. A test checks that every served route has its
 * row.
 */
import type { Permission, RoutePermission } from '../core/auth.js';

const VIEW: Permission = 'VIEW';
const TRANSACT: Permission = 'TRANSACT';
const MANAGE: Permission = 'MANAGE';
const ANY: RoutePermission = 'ANY';

/** `METHOD /path/{param}` (the OpenAPI path, without the version prefix) -> what it needs. */
export const ROUTE_PERMISSIONS: Readonly<Record<string, RoutePermission>> = {
  // Platform configuration
  'GET /config': VIEW,
  'PATCH /config': MANAGE,

  // Customers
  'POST /customers': MANAGE,
  'GET /customers': VIEW,
  'GET /customers/{customerId}': VIEW,
  'PATCH /customers/{customerId}': MANAGE,
  'DELETE /customers/{customerId}': MANAGE,

  // Internal accounts
  'GET /customers/internal-accounts': VIEW,
  'GET /platform/internal-accounts': VIEW,
  'PATCH /internal-accounts/{id}': MANAGE,
  'POST /internal-accounts/{id}/export': MANAGE,

  // External accounts
  'GET /customers/external-accounts': VIEW,
  'POST /customers/external-accounts': MANAGE,
  'GET /customers/external-accounts/{externalAccountId}': VIEW,
  'DELETE /customers/external-accounts/{externalAccountId}': MANAGE,
  'POST /customers/external-accounts/{externalAccountId}/challenge': MANAGE,
  'POST /customers/external-accounts/{externalAccountId}/verify': MANAGE,
  'GET /platform/external-accounts': VIEW,
  'POST /platform/external-accounts': MANAGE,
  'GET /platform/external-accounts/{externalAccountId}': VIEW,
  'DELETE /platform/external-accounts/{externalAccountId}': MANAGE,
  'POST /platform/external-accounts/{externalAccountId}/challenge': MANAGE,
  'POST /platform/external-accounts/{externalAccountId}/verify': MANAGE,

  // KYC/KYB: owners, documents, verifications, hosted links
  'POST /beneficial-owners': MANAGE,
  'GET /beneficial-owners': VIEW,
  'GET /beneficial-owners/{beneficialOwnerId}': VIEW,
  'PATCH /beneficial-owners/{beneficialOwnerId}': MANAGE,
  'DELETE /beneficial-owners/{beneficialOwnerId}': MANAGE,
  'POST /documents': MANAGE,
  'GET /documents': VIEW,
  'GET /documents/{documentId}': VIEW,
  'PUT /documents/{documentId}': MANAGE,
  'DELETE /documents/{documentId}': MANAGE,
  'POST /verifications': MANAGE,
  'GET /verifications': VIEW,
  'GET /verifications/{verificationId}': VIEW,
  'POST /customers/{customerId}/kyc-link': MANAGE,
  'GET /customers/{customerId}/kyc-link': VIEW,

  // Rates, directories, lookups
  'GET /exchange-rates': VIEW,
  'GET /discoveries': VIEW,
  'GET /uma-providers': VIEW,
  'GET /vasps': VIEW,
  'GET /receiver/uma/{receiverUmaAddress}': VIEW,
  'GET /receiver/external-account/{accountId}': VIEW,
  'POST /crypto/estimate-withdrawal-fee': VIEW,

  // Money movement
  'POST /quotes': TRANSACT,
  'GET /quotes': VIEW,
  'GET /quotes/{quoteId}': VIEW,
  'POST /quotes/{quoteId}/execute': TRANSACT,
  'POST /transfer-in': TRANSACT,
  'POST /transfer-out': TRANSACT,
  'GET /transactions': VIEW,
  'GET /transactions/{transactionId}': VIEW,
  'POST /transactions/{transactionId}/confirm': TRANSACT,
  'POST /transactions/{transactionId}/approve': TRANSACT,
  'POST /transactions/{transactionId}/reject': TRANSACT,
  'POST /transactions/{transactionId}/cancel': TRANSACT,

  // Invitations
  'POST /invitations': MANAGE,
  'GET /invitations': VIEW,
  'GET /invitations/{invitationCode}': VIEW,
  'POST /invitations/{invitationCode}/claim': MANAGE,
  'POST /invitations/{invitationCode}/cancel': MANAGE,

  // API tokens
  'POST /tokens': MANAGE,
  'GET /tokens': VIEW,
  'GET /tokens/{tokenId}': VIEW,
  'DELETE /tokens/{tokenId}': MANAGE,

  // Embedded wallet auth: customers' credentials, sessions and delegated keys
  'POST /auth/credentials': MANAGE,
  'GET /auth/credentials': VIEW,
  'POST /auth/credentials/{id}/challenge': MANAGE,
  'POST /auth/credentials/{id}/verify': MANAGE,
  'DELETE /auth/credentials/{id}': MANAGE,
  'GET /auth/sessions': VIEW,
  'POST /auth/sessions/{id}/refresh': MANAGE,
  'DELETE /auth/sessions/{id}': MANAGE,
  'POST /auth/delegated-keys': MANAGE,
  'GET /auth/delegated-keys': VIEW,
  'GET /auth/delegated-keys/{id}': VIEW,
  'DELETE /auth/delegated-keys/{id}': MANAGE,

  // Cards
  'POST /cards': MANAGE,
  'GET /cards': VIEW,
  'GET /cards/{id}': VIEW,
  'PATCH /cards/{id}': MANAGE,
  'POST /cards/{id}/reveal': MANAGE,
  'GET /cards/{id}/transactions': VIEW,

  // End User Terms, bulk import, contact verification
  'GET /customers/end-user-terms': VIEW,
  'POST /customers/bulk/csv': MANAGE,
  'GET /customers/bulk/jobs/{jobId}': VIEW,
  'POST /customers/{customerId}/verify-email': MANAGE,
  'POST /customers/{customerId}/verify-email/confirm': MANAGE,
  'POST /customers/{customerId}/verify-phone': MANAGE,
  'POST /customers/{customerId}/verify-phone/confirm': MANAGE,

  // Strong Customer Authentication: customers' factors, logins and trusted beneficiaries; authorizing a send moves money
  'GET /sca/factors': VIEW,
  'POST /sca/factors': MANAGE,
  'POST /sca/factors/confirm': MANAGE,
  'DELETE /sca/factors/{credentialId}': MANAGE,
  'POST /sca/factors/reset': MANAGE,
  'GET /sca/factors/reset/{resetId}': VIEW,
  'POST /sca/factors/reset/{resetId}/complete': MANAGE,
  'POST /sca/login/start': MANAGE,
  'POST /sca/login/complete': MANAGE,
  'POST /sca/record-event': MANAGE,
  'POST /customers/external-accounts/{externalAccountId}/trust': MANAGE,
  'POST /customers/external-accounts/{externalAccountId}/trust/confirm': MANAGE,
  'POST /customers/external-accounts/{externalAccountId}/untrust': MANAGE,
  'POST /customers/external-accounts/{externalAccountId}/untrust/confirm': MANAGE,
  'POST /quotes/{quoteId}/authorize': TRANSACT,
  'POST /quotes/{quoteId}/authorize/resend': TRANSACT,

  // Stablecoin issuance
  'POST /stablecoin-provider-accounts': MANAGE,
  'GET /stablecoin-provider-accounts': VIEW,
  'GET /stablecoin-provider-accounts/{stablecoinProviderAccountId}': VIEW,
  'POST /stablecoins': MANAGE,
  'GET /stablecoins': VIEW,
  'GET /stablecoins/{stablecoinId}': VIEW,
  'POST /stablecoins/{stablecoinId}/mints': TRANSACT,
  'POST /stablecoins/{stablecoinId}/burns': TRANSACT,
  'GET /stablecoins/{stablecoinId}/operations': VIEW,
  'GET /stablecoin-operations/{stablecoinOperationId}': VIEW,

  // Agent management: the platform's (deciding an agent's action moves money, as approving a transaction does)
  'POST /agents': MANAGE,
  'GET /agents': VIEW,
  'GET /agents/approvals': VIEW,
  'GET /agents/{agentId}': VIEW,
  'PATCH /agents/{agentId}': MANAGE,
  'DELETE /agents/{agentId}': MANAGE,
  'PATCH /agents/{agentId}/policy': MANAGE,
  'POST /agents/{agentId}/device-codes': MANAGE,
  'POST /agents/{agentId}/actions/{actionId}/approve': TRANSACT,
  'POST /agents/{agentId}/actions/{actionId}/reject': TRANSACT,
  'GET /agents/device-codes/{code}/status': VIEW,
  // Redemption needs no credential (the code is the proof); credentials sent anyway are only checked to be valid.
  'POST /agents/device-codes/{code}/redeem': ANY,

  // The agent's own operations: only its Bearer token opens them (src/app.ts), and it holds no platform
  // permission; its policy decides what it may do (src/areas/agents/policy.ts).
  'GET /agents/me': ANY,
  'GET /agents/me/transactions': ANY,
  'GET /agents/me/transactions/{transactionId}': ANY,
  'POST /agents/me/quotes': ANY,
  'GET /agents/me/quotes/{quoteId}': ANY,
  'POST /agents/me/quotes/{quoteId}/execute': ANY,
  'GET /agents/me/actions': ANY,
  'GET /agents/me/actions/{actionId}': ANY,
  'POST /agents/me/transfer-in': ANY,
  'POST /agents/me/transfer-out': ANY,
  'GET /agents/me/internal-accounts': ANY,
  'GET /agents/me/external-accounts': ANY,
  'POST /agents/me/external-accounts': ANY,
  'GET /agents/me/external-accounts/{externalAccountId}': ANY,
  'DELETE /agents/me/external-accounts/{externalAccountId}': ANY,

  // Sandbox simulators: the outside world acting
  'POST /sandbox/internal-accounts/{accountId}/fund': ANY,
  'POST /sandbox/send': ANY,
  'POST /sandbox/uma/receive': ANY,
  'POST /sandbox/webhooks/test': ANY,
  'POST /sandbox/cards/{id}/simulate/authorization': ANY,
  'POST /sandbox/cards/{id}/simulate/clearing': ANY,
  'POST /sandbox/cards/{id}/simulate/return': ANY,
  'POST /sandbox/cards/{id}/simulate/balance_inquiry': ANY,
  'POST /sandbox/cards/{id}/simulate/credit_authorization': ANY,
  'POST /sandbox/cards/{id}/simulate/financial_authorization': ANY,
  'POST /sandbox/cards/{id}/simulate/financial_credit_authorization': ANY,
  'POST /sandbox/cards/{id}/simulate/authorization_advice': ANY,
  'POST /sandbox/cards/{id}/simulate/credit_authorization_advice': ANY,
  'POST /sandbox/cards/{id}/simulate/return_reversal': ANY,
  'POST /sandbox/stablecoin-operations/{stablecoinOperationId}/fund': ANY,
};

/** The control plane (/__admin) administers the sandbox tenant itself: tokens need MANAGE there. */
export const CONTROL_PLANE_PERMISSION: Permission = MANAGE;

/**
 * What the route `method path` (OpenAPI path) needs. A served route missing
 * from the table (the test prevents it) needs MANAGE: closed, not open.
 */
export function permissionFor(method: string, path: string): RoutePermission {
  return ROUTE_PERMISSIONS[`${method.toUpperCase()} ${path}`] ?? MANAGE;
}
