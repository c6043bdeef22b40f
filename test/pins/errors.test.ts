/**
 * The error catalogue (src/core/errors.ts) pinned row by row: each code's
 * status, default reason and the operations that can answer with it,
 * written out here and compared with what the served OpenAPI documents
 * declare over HTTP (/openapi.json and /__admin/openapi.json: the status of
 * each error response, the reason in its status's code table, the
 * operations whose responses list the code). A shape rule stands for the
 * operations it picks when exactly those declare the code. Codes no
 * operation raises are declared nowhere; their status and reason are
 * compared with the catalogue itself.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../../src/core/errors.js';
import { makeSandbox } from '../helpers.js';
import { catalogueView } from './catalogue-view.js';
import { activeCard } from './fixtures.js';

type Rule = 'EVERY_OPERATION' | 'OPERATIONS_WITH_INPUT' | 'OPERATIONS_WITH_BODY' | 'WRITES';

/** The operations that take a signed retry: each can answer every wallet-signature code. */
const SIGNED_RETRY_OPERATIONS = [
  'agentCreateTransferOut', 'agentExecuteQuote', 'createAuthCredential', 'createDelegatedKey', 'createTransferOut', 'executeQuote',
  'exportInternalAccount', 'refreshAuthSession', 'revokeAuthCredential', 'revokeAuthSession', 'updateCustomerById', 'updateInternalAccount',
  'verifyAuthCredential',
];

const EXPECTED: Record<string, [status: number, reason: string, raisedBy: Rule | string[]]> = {
  INVALID_INPUT: [400, "Invalid input", 'OPERATIONS_WITH_INPUT'],
  END_USER_TERMS_VERSION_NOT_FOUND: [400, "The submitted terms version is not supported for that agreement", ['createCustomer', 'updateCustomerById']],
  MISSING_MANDATORY_USER_INFO: [400, "Required customer information is missing", ['createAuthCredential', 'createCustomer']],
  INVITATION_ALREADY_CLAIMED: [400, "The invitation was already claimed", ['cancelInvitation', 'claimInvitation']],
  INVITATIONS_NOT_CONFIGURED: [400, "Invitations are not configured for this platform", ['claimInvitation', 'createInvitation']],
  INVALID_UMA_ADDRESS: [400, "The UMA address format is invalid", [
    'agentCreateQuote', 'agentExecuteQuote', 'claimInvitation', 'createInvitation', 'createQuote', 'executeQuote', 'lookupUma'
  ]],
  INVITATION_CANCELLED: [400, "The invitation was cancelled", ['cancelInvitation', 'claimInvitation']],
  QUOTE_REQUEST_FAILED: [400, "The quote could not be created; retry the request", []],
  INVALID_PAYREQ_RESPONSE: [400, "The counterparty's pay-request response is invalid", []],
  INVALID_RECEIVER: [400, "The receiver is invalid", ['agentCreateQuote', 'createQuote']],
  PARSE_PAYREQ_RESPONSE_ERROR: [400, "The receiver's pay-request response could not be parsed", []],
  CERT_CHAIN_INVALID: [400, "The counterparty's certificate chain is invalid", []],
  CERT_CHAIN_EXPIRED: [400, "The counterparty's certificate chain has expired", []],
  INVALID_PUBKEY_FORMAT: [400, "The counterparty's public key format is invalid", []],
  MISSING_REQUIRED_UMA_PARAMETERS: [400, "The counterparty did not send every required UMA parameter", []],
  SENDER_NOT_ACCEPTED: [400, "The sender is not accepted", []],
  AMOUNT_OUT_OF_RANGE: [400, "The amount is out of range", [
    'agentCreateQuote', 'agentCreateTransferIn', 'agentExecuteQuote', 'createQuote', 'createStablecoinBurn', 'createStablecoinMint',
    'createTransferIn', 'executeQuote', 'sandboxFundInternalAccount', 'sandboxReceive', 'sandboxSend', 'sandboxSimulateCardCreditAuthorization',
    'sandboxSimulateCardCreditAuthorizationAdvice', 'sandboxSimulateCardFinancialCreditAuthorization', 'sandboxSimulateCardReturn'
  ]],
  INVALID_CURRENCY: [400, "The currency is invalid", [
    'agentCreateQuote', 'agentCreateTransferIn', 'agentCreateTransferOut', 'agentExecuteQuote', 'createQuote', 'createTransferIn',
    'createTransferOut', 'estimateCryptoWithdrawalFee', 'executeQuote', 'getExchangeRates', 'lookupUma', 'sandboxReceive', 'sandboxSend',
    'sandboxSimulateCardAuthorization', 'sandboxSimulateCardCreditAuthorization', 'sandboxSimulateCardCreditAuthorizationAdvice',
    'sandboxSimulateCardFinancialAuthorization', 'sandboxSimulateCardFinancialCreditAuthorization', 'updateAgentPolicy'
  ]],
  INVALID_TIMESTAMP: [400, "The timestamp is invalid", []],
  INVALID_NONCE: [400, "The nonce is invalid", []],
  INVALID_REQUEST_FORMAT: [400, "The request format is invalid", [
    'agentCreateQuote', 'agentCreateTransferIn', 'agentCreateTransferOut', 'createQuote', 'createTransferIn', 'createTransferOut'
  ]],
  INVALID_BANK_ACCOUNT: [400, "The bank account is invalid", ['agentCreateExternalAccount', 'createCustomerExternalAccount', 'createPlatformExternalAccount']],
  SELF_PAYMENT: [400, "Paying yourself is not allowed", ['agentCreateQuote', 'createQuote']],
  LOOKUP_REQUEST_FAILED: [400, "The lookup request failed", ['agentCreateQuote', 'agentExecuteQuote', 'createQuote', 'executeQuote', 'lookupUma']],
  PARSE_LNURLP_RESPONSE_ERROR: [400, "The LNURLP response could not be parsed", []],
  INVALID_AMOUNT: [400, "The amount is invalid", [
    'agentCreateQuote', 'createQuote', 'createStablecoinBurn', 'createStablecoinMint', 'estimateCryptoWithdrawalFee',
    'sandboxFundStablecoinOperation', 'sandboxReceive'
  ]],
  WEBHOOK_ENDPOINT_NOT_SET: [400, "No webhook endpoint is configured", ['adminTriggerEvent', 'sendTestWebhook']],
  WEBHOOK_DELIVERY_ERROR: [400, "The webhook could not be delivered", ['sendTestWebhook']],
  FIXTURE_INVALID: [400, "The fixture is not a list of steps as docs/fixtures.md describes", ['adminLoadFixtures']],
  FIXTURE_UNKNOWN_KEY: [400, "A step of the fixture has a key the format does not define", ['adminLoadFixtures']],
  FIXTURE_INVALID_REPEAT: [400, "A step repeats a whole number of times, from 1 to 1,000", ['adminLoadFixtures']],
  FIXTURE_UNDEFINED_REFERENCE: [400, "A step refers to something no earlier step defines", ['adminLoadFixtures']],
  FIXTURE_UNKNOWN_ROUTE: [400, "A step requests a route the sandbox does not have", ['adminLoadFixtures']],
  FIXTURE_STEP_FAILED: [409, "A step of the fixture answered an error; the steps before it stay done", ['adminLoadFixtures']],
  FIXTURE_EXPECTATION_FAILED: [409, "A step's answer is not what its expect says; the steps before it stay done", ['adminLoadFixtures']],
  FIXTURE_EXPORT_INCOMPLETE: [409, "The request journal no longer holds every write since the last reset", ['adminExportFixture']],
  LOW_QUALITY: [400, "The document quality is too low", ['replaceDocument', 'uploadDocument']],
  DATA_MISMATCH: [400, "The document details differ from the information provided", ['replaceDocument', 'uploadDocument']],
  EXPIRED: [400, "The document has expired", ['cancelInvitation', 'claimInvitation', 'replaceDocument', 'uploadDocument']],
  SUSPECTED_FRAUD: [400, "The document is suspected to be forged or edited", ['replaceDocument', 'uploadDocument']],
  UNSUITABLE_DOCUMENT: [400, "This document type is not accepted", ['replaceDocument', 'uploadDocument']],
  INCOMPLETE: [400, "The document is missing pages or sides", ['replaceDocument', 'uploadDocument']],
  EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS: [400, "The internal account already has an EMAIL_OTP credential", ['createAuthCredential']],
  SMS_OTP_CREDENTIAL_ALREADY_EXISTS: [400, "The internal account already has an SMS_OTP credential", ['createAuthCredential']],
  PASSKEY_CREDENTIAL_ALREADY_EXISTS: [400, "A passkey with this credentialId is already registered on the account", ['createAuthCredential']],
  STABLECOIN_PROVIDER_ACCOUNT_INVALID: [400, "The stablecoin provider account link is not usable", [
    'createStablecoinBurn', 'createStablecoinMint', 'registerStablecoin'
  ]],
  STABLECOIN_PROVIDER_ACCOUNT_REVOKED: [400, "The stablecoin provider account link was revoked", [
    'createStablecoinBurn', 'createStablecoinMint', 'registerStablecoin'
  ]],
  STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED: [400, "Several active provider links exist; pass stablecoinProviderAccountId", ['registerStablecoin']],
  CARDHOLDER_KYC_NOT_APPROVED: [400, "The cardholder is not KYC approved, so no card can be issued", ['createCard']],
  TRANSACTION_SIZE_LIMIT_EXCEEDED: [400, "The amount exceeds the configured single-transaction maximum", [
    'agentCreateQuote', 'agentCreateTransferOut', 'agentExecuteQuote', 'authorizeQuote', 'createQuote', 'createTransferOut', 'executeQuote'
  ]],
  EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED: [400, "The destination ownership must be verified before this transfer", [
    'agentCreateQuote', 'agentCreateTransferOut', 'agentExecuteQuote', 'authorizeQuote', 'createQuote', 'createTransferOut', 'executeQuote'
  ]],
  INSUFFICIENT_FUNDS: [400, "Insufficient funds", [
    'agentCreateQuote', 'agentCreateTransferOut', 'agentExecuteQuote', 'authorizeQuote', 'createQuote', 'createStablecoinBurn',
    'createStablecoinMint', 'createTransferOut', 'executeQuote'
  ]],
  QUOTE_EXPIRED: [400, "The quote has expired; request a new one", ['agentExecuteQuote', 'executeQuote', 'sandboxSend']],
  QUOTE_RATE_UNAVAILABLE: [400, "No exchange rate is available for this corridor right now", [
    'agentCreateQuote', 'createQuote', 'estimateCryptoWithdrawalFee', 'sandboxReceive'
  ]],
  STABLECOIN_AMOUNT_NOT_REPRESENTABLE: [400, "The amount cannot be represented at the token's precision", ['createStablecoinBurn', 'createStablecoinMint']],
  STABLECOIN_BURN_SOURCE_NOT_SUPPORTED: [400, "The burn source account cannot be used for this operation", ['createStablecoinBurn']],
  STABLECOIN_EXTERNAL_ACCOUNT_LINK_FAILED: [400, "Linking the external account failed", ['createStablecoinBurn', 'createStablecoinMint']],
  STABLECOIN_EXTERNAL_ACCOUNT_LINK_METHOD_REQUIRED: [400, "The external account needs a link method", ['createStablecoinMint']],
  STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED: [400, "The external account is not linked", ['createStablecoinBurn', 'createStablecoinMint']],
  STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED: [400, "This external account type is not supported", ['createStablecoinBurn', 'createStablecoinMint']],
  STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_FAILED: [400, "The provider could not link the account", ['createStablecoinBurn', 'createStablecoinMint']],
  STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_REQUIRED: [400, "The external account must be linked with the provider first", [
    'createStablecoinBurn', 'createStablecoinMint'
  ]],
  STABLECOIN_SERVICE_OPERATIONS_NOT_ENABLED: [400, "The stablecoin is not enabled for service operations", ['createStablecoinBurn', 'createStablecoinMint']],
  STABLECOIN_NOT_PROVISIONED: [400, "The stablecoin is not provisioned for issuer operations", ['createStablecoinBurn', 'createStablecoinMint']],
  STABLECOIN_OPERATION_NOT_SUPPORTED: [400, "The stablecoin does not support this operation", ['createStablecoinBurn']],
  STABLECOIN_PROVIDER_ERROR: [400, "The provider rejected the operation", ['createStablecoinBurn', 'createStablecoinMint']],
  STABLECOIN_PROVIDER_SOURCE_NOT_LINKED: [400, "The provider source account is not linked", ['createStablecoinMint']],
  STABLECOIN_VERIFICATION_FAILED: [400, "The stablecoin could not be verified with the provider", ['registerStablecoin']],
  FUNDING_SOURCE_INELIGIBLE: [400, "This internal account cannot fund the card", ['createCard', 'updateCardById']],
  UNAUTHORIZED: [401, "Invalid or missing API credentials", 'EVERY_OPERATION'],
  INVALID_SIGNATURE: [401, "The signature header is invalid", []],
  WALLET_SIGNATURE_MISSING: [401, "Service-Wallet-Signature is required for this wallet action", SIGNED_RETRY_OPERATIONS],
  WALLET_SIGNATURE_MALFORMED: [401, "Service-Wallet-Signature could not be parsed", SIGNED_RETRY_OPERATIONS],
  WALLET_SIGNATURE_BODY_MISMATCH: [401, "The signature was computed over a different body than the one received", SIGNED_RETRY_OPERATIONS],
  WALLET_SIGNATURE_INVALID: [401, "The wallet signature failed verification against the registered credential", SIGNED_RETRY_OPERATIONS],
  REQUEST_ID_MISSING: [401, "Request-Id is required on the signed retry", SIGNED_RETRY_OPERATIONS],
  FORBIDDEN: [403, "This action is not allowed on this resource", 'EVERY_OPERATION'],
  VELOCITY_LIMIT_EXCEEDED: [403, "A spending limit would be exceeded", [
    'agentCreateQuote', 'agentCreateTransferIn', 'agentCreateTransferOut', 'agentExecuteQuote'
  ]],
  END_USER_TERMS_NOT_ACCEPTED: [403, "The customer has not accepted the End User Terms", [
    'agentCreateQuote', 'agentCreateTransferIn', 'agentCreateTransferOut', 'agentExecuteQuote', 'createQuote', 'createTransferIn',
    'createTransferOut', 'executeQuote'
  ]],
  USER_NOT_FOUND: [404, "The customer does not exist", [
    'completeScaLogin', 'completeTwoFactorReset', 'confirmCustomerEmailVerification', 'confirmCustomerPhoneVerification',
    'confirmScaFactorEnrollment', 'createBeneficialOwner', 'createCustomerKycLink', 'createVerification', 'deleteCustomerById', 'deleteScaFactor',
    'getCustomerById', 'getCustomerKycLink', 'getTwoFactorResetStatus', 'listBeneficialOwners', 'listScaFactors', 'lookupUma', 'recordSecurityEvent',
    'replaceDocument', 'sandboxReceive', 'sendCustomerEmailVerification', 'sendCustomerPhoneVerification', 'startScaFactorEnrollment',
    'startScaLogin', 'startTwoFactorReset', 'updateBeneficialOwner', 'updateCustomerById', 'uploadDocument'
  ]],
  QUOTE_NOT_FOUND: [404, "The quote does not exist", [
    'agentExecuteQuote', 'agentGetQuote', 'authorizeQuote', 'executeQuote', 'getQuoteById', 'resendQuoteScaCode', 'sandboxSend'
  ]],
  TRANSACTION_NOT_FOUND: [404, "The transaction does not exist", [
    'adminGetTransactionTimeline', 'agentGetTransaction', 'approvePendingPayment', 'cancelTransaction', 'confirmReceiptDelivery', 'getTransactionById', 'rejectPendingPayment',
    'sandboxSimulateCardAuthorizationAdvice', 'sandboxSimulateCardClearing', 'sandboxSimulateCardReturn', 'sandboxSimulateCardReturnReversal'
  ]],
  INVITATION_NOT_FOUND: [404, "The invitation does not exist", ['cancelInvitation', 'claimInvitation', 'getInvitation']],
  TOKEN_NOT_FOUND: [404, "The API token does not exist", ['deleteTokenById', 'getTokenById']],
  UMA_NOT_FOUND: [404, "The UMA address is well-formed but no receiver exists at it", ['agentExecuteQuote', 'executeQuote', 'lookupUma', 'sandboxReceive']],
  REFERENCE_NOT_FOUND: [404, "The referenced resource does not exist", [
    'adminGetInternalAccountLedger', 'adminLoadScenario', 'adminReplayWebhookDelivery', 'adminReviewExternalAccount', 'adminSetInternalAccountStatus', 'agentCreateTransferIn', 'agentCreateTransferOut', 'agentDeleteExternalAccount',
    'agentExecuteQuote', 'agentGetAction', 'agentGetExternalAccount', 'approveAgentAction', 'challengeAuthCredential', 'completeTwoFactorReset',
    'confirmBeneficiaryTrust', 'confirmBeneficiaryUntrust', 'createAuthCredential', 'createCard', 'createDelegatedKey',
    'createExternalAccountOwnershipChallenge', 'createPlatformExternalAccountOwnershipChallenge', 'createStablecoinBurn', 'createStablecoinMint',
    'createTransferIn', 'createTransferOut', 'deleteAgent', 'deleteBeneficialOwner', 'deleteCustomerExternalAccountById', 'deleteDocument',
    'deletePlatformExternalAccountById', 'deleteScaFactor', 'estimateCryptoWithdrawalFee', 'executeQuote', 'exportInternalAccount', 'getAgentById',
    'getAgentDeviceCodeStatus', 'getBeneficialOwner', 'getCardById', 'getCustomerExternalAccountById', 'getDelegatedKeyById', 'getDocument',
    'getPlatformExternalAccountById', 'getStablecoin', 'getStablecoinOperation', 'getTwoFactorResetStatus', 'getVerification',
    'listCardTransactions', 'listStablecoinOperations', 'lookupExternalAccount', 'redeemAgentDeviceCode', 'refreshAuthSession',
    'regenerateAgentDeviceCode', 'rejectAgentAction', 'replaceDocument', 'revealCard', 'revokeAuthCredential', 'revokeAuthSession',
    'revokeDelegatedKey', 'sandboxFundInternalAccount', 'sandboxFundStablecoinOperation', 'sandboxSimulateCardAuthorization',
    'sandboxSimulateCardAuthorizationAdvice', 'sandboxSimulateCardBalanceInquiry', 'sandboxSimulateCardClearing',
    'sandboxSimulateCardCreditAuthorization', 'sandboxSimulateCardCreditAuthorizationAdvice', 'sandboxSimulateCardFinancialAuthorization',
    'sandboxSimulateCardFinancialCreditAuthorization', 'sandboxSimulateCardReturn', 'sandboxSimulateCardReturnReversal', 'startBeneficiaryTrust',
    'startBeneficiaryUntrust', 'updateAgent', 'updateAgentPolicy', 'updateBeneficialOwner', 'updateCardById', 'updateInternalAccount',
    'uploadDocument', 'verifyAuthCredential', 'verifyExternalAccountOwnership', 'verifyPlatformExternalAccountOwnership'
  ]],
  BULK_UPLOAD_JOB_NOT_FOUND: [404, "No bulk upload job with this id", ['getBulkCustomerImportJob']],
  STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND: [404, "The stablecoin provider account link does not exist", ['getStablecoinProviderAccount', 'registerStablecoin']],
  NOT_FOUND: [404, "The requested resource does not exist", []],
  METHOD_NOT_ALLOWED: [405, "This HTTP method is not supported on this path", 'EVERY_OPERATION'],
  CONFLICT: [409, "The request conflicts with the current state of the resource", [
    'adminReplayWebhookDelivery', 'agentExecuteQuote', 'authorizeQuote', 'completeScaLogin', 'completeTwoFactorReset', 'confirmBeneficiaryTrust',
    'confirmBeneficiaryUntrust', 'confirmCustomerEmailVerification', 'confirmCustomerPhoneVerification', 'confirmScaFactorEnrollment',
    'createCustomer', 'createCustomerKycLink', 'createDelegatedKey', 'createExternalAccountOwnershipChallenge',
    'createPlatformExternalAccountOwnershipChallenge', 'createStablecoinBurn', 'createStablecoinMint', 'deleteDocument', 'deleteScaFactor',
    'executeQuote', 'getCustomerKycLink', 'getTwoFactorResetStatus', 'linkStablecoinProviderAccount', 'listScaFactors', 'recordSecurityEvent',
    'regenerateAgentDeviceCode', 'registerStablecoin', 'resendQuoteScaCode', 'sandboxSend', 'sandboxSimulateCardClearing',
    'sendCustomerEmailVerification', 'sendCustomerPhoneVerification', 'startBeneficiaryTrust', 'startBeneficiaryUntrust', 'startScaFactorEnrollment',
    'startScaLogin', 'startTwoFactorReset', 'updateCustomerById', 'verifyExternalAccountOwnership', 'verifyPlatformExternalAccountOwnership'
  ]],
  UMA_ADDRESS_EXISTS: [409, "The UMA address is already taken", ['createCustomer', 'updateCustomerById']],
  EMAIL_OTP_EMAIL_ALREADY_EXISTS: [409, "The e-mail address is already the address of an EMAIL_OTP credential", ['updateCustomerById']],
  EMAIL_OTP_CREDENTIAL_SET_CHANGED: [409, "The tied EMAIL_OTP credentials changed since the signed-retry challenge was issued; start again", [
    'updateCustomerById'
  ]],
  TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL: [409, "The transaction is not waiting for the platform's approval", [
    'approveAgentAction', 'approvePendingPayment', 'rejectAgentAction', 'rejectPendingPayment'
  ]],
  TRANSACTION_NOT_CANCELLABLE: [409, "The transaction has settled or cannot be cancelled", ['cancelTransaction']],
  INVALID_STATE_TRANSITION: [409, "The resource cannot make this state transition", [
    'adminReviewExternalAccount', 'adminSetInternalAccountStatus', 'agentCreateQuote', 'agentCreateTransferIn', 'agentCreateTransferOut', 'agentExecuteQuote', 'createQuote', 'createTransferIn',
    'createTransferOut', 'executeQuote', 'sandboxFundInternalAccount', 'sandboxFundStablecoinOperation', 'sandboxSimulateCardClearing',
    'sandboxSimulateCardReturn', 'updateCardById'
  ]],
  CARD_ALREADY_CLOSED: [409, "The card is closed; nothing about it can change", ['updateCardById']],
  CARD_NOT_MUTABLE: [409, "The card is still being provisioned; its status cannot change yet", ['updateCardById']],
  PASSKEY_ALREADY_ENROLLED: [409, "The customer already has a passkey; delete it before enrolling another", [
    'confirmScaFactorEnrollment', 'startScaFactorEnrollment'
  ]],
  SCA_SESSION_REQUIRED: [409, "The customer's SCA login session is missing or expired; log the customer in again, then retry", ['authorizeQuote']],
  BENEFICIARY_TRUSTED: [409, "The external account is a trusted beneficiary; untrust it before deleting it", [
    'agentDeleteExternalAccount', 'deleteCustomerExternalAccountById'
  ]],
  CUSTOMER_DELETED: [410, "The customer has been deleted", [
    'completeScaLogin', 'completeTwoFactorReset', 'confirmCustomerEmailVerification', 'confirmCustomerPhoneVerification',
    'confirmScaFactorEnrollment', 'createBeneficialOwner', 'createCustomerKycLink', 'createVerification', 'deleteCustomerById', 'deleteScaFactor',
    'getCustomerKycLink', 'getTwoFactorResetStatus', 'listScaFactors', 'lookupUma', 'recordSecurityEvent', 'replaceDocument', 'sandboxReceive',
    'sendCustomerEmailVerification', 'sendCustomerPhoneVerification', 'startScaFactorEnrollment', 'startScaLogin', 'startTwoFactorReset',
    'updateBeneficialOwner', 'updateCustomerById', 'uploadDocument'
  ]],
  PAYLOAD_TOO_LARGE: [413, "The request body is too large", 'WRITES'],
  UNSUPPORTED_MEDIA_TYPE: [415, "Send the request body as JSON with Content-Type: application/json", 'OPERATIONS_WITH_BODY'],
  ACCOUNT_LOCKED: [423, "The customer's login is locked after too many failed attempts", [
    'authorizeQuote', 'completeScaLogin', 'confirmBeneficiaryTrust', 'confirmBeneficiaryUntrust', 'recordSecurityEvent'
  ]],
  RATE_LIMITED: [429, "Too many requests; retry after the number of seconds in Retry-After", [
    'challengeAuthCredential', 'resendQuoteScaCode', 'startTwoFactorReset'
  ]],
  SERVICE_UNAVAILABLE: [503, "A downstream service is temporarily unavailable; retry later", ['createStablecoinBurn', 'createStablecoinMint']],
  SERVICE_SWITCH_ERROR: [500, "Switch error", []],
  INTERNAL_ERROR: [500, "Internal server error", 'EVERY_OPERATION'],
};

async function servedView() {
  const sandbox = makeSandbox();
  const api = sandbox.client();
  const documents = [(await api.call('GET', '/openapi.json')).body, (await api.call('GET', '/__admin/openapi.json')).body];
  return catalogueView(documents);
}

describe('the error catalogue, row by row', () => {
  it('holds exactly the codes pinned here, in this order, each with its status and default reason', () => {
    expect(Object.keys(ERROR_CATALOGUE)).toEqual(Object.keys(EXPECTED));
    for (const [code, [status, reason]] of Object.entries(EXPECTED)) {
      const entry = ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE];
      expect([code, entry.status, entry.reason]).toEqual([code, status, reason]);
    }
  });

  it('the served documents declare each code at its status, with its reason, on exactly its operations', async () => {
    const view = await servedView();
    const silent = Object.entries(EXPECTED).filter(([, [, , raisedBy]]) => Array.isArray(raisedBy) && raisedBy.length === 0).map(([code]) => code);
    for (const [code, [status, reason, raisedBy]] of Object.entries(EXPECTED)) {
      if (silent.includes(code)) continue;
      expect([code, view[code]]).toEqual([code, { status, reason, raisedBy }]);
    }
    expect(silent.filter((code) => view[code] !== undefined)).toEqual([]);
    expect(Object.keys(view).filter((code) => !(code in EXPECTED))).toEqual([]);
  });
});

describe('the 404 code of each kind of resource', () => {
  it('answers an unknown id with its kind’s code, REFERENCE_NOT_FOUND for a kind without one', async () => {
    const { client, cardId } = await activeCard();
    const lookups: Array<[kind: string, path: string, code: string]> = [
      ['Customer', '/customers/Customer:00000000-0000-4000-8000-000000000000', 'USER_NOT_FOUND'],
      ['Quote', '/quotes/Quote:00000000-0000-4000-8000-000000000000', 'QUOTE_NOT_FOUND'],
      ['Transaction', '/transactions/Transaction:00000000-0000-4000-8000-000000000000', 'TRANSACTION_NOT_FOUND'],
      ['ApiToken', '/tokens/Token:00000000-0000-4000-8000-000000000000', 'TOKEN_NOT_FOUND'],
      ['Invitation', '/invitations/pin-no-such-invitation', 'INVITATION_NOT_FOUND'],
      ['BulkUploadJob', '/customers/bulk/jobs/Job:00000000-0000-4000-8000-000000000000', 'BULK_UPLOAD_JOB_NOT_FOUND'],
      ['StablecoinProviderAccount', '/stablecoin-provider-accounts/StablecoinProviderAccount:00000000-0000-4000-8000-000000000000', 'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND'],
      ['Document (no code of its own)', '/documents/Document:00000000-0000-4000-8000-000000000000', 'REFERENCE_NOT_FOUND'],
    ];
    for (const [kind, path, code] of lookups) {
      const res = await client.get(path);
      expect([kind, res.status, res.body.code]).toEqual([kind, 404, code]);
    }
    const clearing = await client.post(`/sandbox/cards/${cardId}/simulate/clearing`, { cardTransactionId: 'Transaction:00000000-0000-4000-8000-000000000000', amount: 100 });
    expect(['CardTransaction', clearing.status, clearing.body.code]).toEqual(['CardTransaction', 404, 'TRANSACTION_NOT_FOUND']);
  });
});
