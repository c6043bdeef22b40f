/**
 * The one error catalogue: every code the sandbox can answer with, its HTTP
 * status, its default reason and the operations (by operationId) that raise
 * it. Services throw `apiError(code)`; the app's error handler turns it into
 * the spec's error body; the OpenAPI documents declare, per operation, the
 * codes listed here (src/docs/error-responses.ts), and the test suite checks
 * every error response it provokes against that declaration.
 *
 * A new operation that throws a code adds its operationId to that code's
 * `raisedBy`. A code no operation raises keeps `raisedBy: []`: it stays in
 * the catalogue (the spec lists it; faults can inject it) but no document
 * declares it.
 */

/**
 * Who raises a code: a list of operationIds, or a rule that picks operations
 * by their shape (any input can be invalid, any body can be too large, ...).
 */
export type RaisedBy = readonly string[] | 'EVERY_OPERATION' | 'OPERATIONS_WITH_INPUT' | 'OPERATIONS_WITH_BODY' | 'WRITES';

/** Operations that end in a signed retry when the wallet is involved. */
const SIGNED_RETRY = [
  'updateCustomerById',
  'updateInternalAccount',
  'exportInternalAccount',
  'createAuthCredential',
  'revokeAuthCredential',
  'verifyAuthCredential',
  'refreshAuthSession',
  'revokeAuthSession',
  'executeQuote',
  'createTransferOut',
  'createDelegatedKey',
] as const;

/** The further card simulators: a card looked up by id, a body that can be wrong. */
const CARD_MESSAGES = [
  'sandboxSimulateCardBalanceInquiry',
  'sandboxSimulateCardCreditAuthorization',
  'sandboxSimulateCardFinancialAuthorization',
  'sandboxSimulateCardFinancialCreditAuthorization',
  'sandboxSimulateCardAuthorizationAdvice',
  'sandboxSimulateCardCreditAuthorizationAdvice',
  'sandboxSimulateCardReturnReversal',
] as const;

/** Claiming or cancelling an invitation that is no longer PENDING. */
const INVITATION_DECISIONS = ['claimInvitation', 'cancelInvitation'] as const;

/** Operations that move money out of an internal account, checking limits and funds. */
const PAYOUTS = ['createQuote', 'executeQuote', 'createTransferOut', 'authorizeQuote'] as const;

/** Strong Customer Authentication operations keyed by customerId (query). */
const SCA_CUSTOMER_OPERATIONS = [
  'listScaFactors',
  'startScaFactorEnrollment',
  'confirmScaFactorEnrollment',
  'deleteScaFactor',
  'startScaLogin',
  'completeScaLogin',
  'recordSecurityEvent',
  'startTwoFactorReset',
  'getTwoFactorResetStatus',
  'completeTwoFactorReset',
] as const;

/** Trusting and untrusting a beneficiary (keyed by the external account). */
const SCA_TRUST_OPERATIONS = ['startBeneficiaryTrust', 'confirmBeneficiaryTrust', 'startBeneficiaryUntrust', 'confirmBeneficiaryUntrust'] as const;

/** Authorizing a quote's SCA challenges. */
const SCA_QUOTE_OPERATIONS = ['authorizeQuote', 'resendQuoteScaCode'] as const;

/** SCA operations that check a proof (code or passkey assertion), counting failures towards the lockout. */
const SCA_PROOF_OPERATIONS = ['completeScaLogin', 'confirmBeneficiaryTrust', 'confirmBeneficiaryUntrust', 'authorizeQuote'] as const;

/** Contact verification of a customer's e-mail and phone. */
const CONTACT_VERIFICATION_OPERATIONS = ['sendCustomerEmailVerification', 'confirmCustomerEmailVerification', 'sendCustomerPhoneVerification', 'confirmCustomerPhoneVerification'] as const;

/** Operations that upload a document, whose number picks the review outcome. */
const DOCUMENT_REVIEW = ['uploadDocument', 'replaceDocument'] as const;

/** Operations that look up, by an id, a resource without a 404 code of its own (REFERENCE_NOT_FOUND). */
const NOT_FOUND_RAISERS = [
  'adminSetInternalAccountStatus',
  'adminGetInternalAccountLedger',
  'adminReviewExternalAccount',
  'getBeneficialOwner',
  'updateBeneficialOwner',
  'deleteBeneficialOwner',
  'uploadDocument',
  'getDocument',
  'replaceDocument',
  'deleteDocument',
  'getVerification',
  'updateInternalAccount',
  'exportInternalAccount',
  'getCustomerExternalAccountById',
  'deleteCustomerExternalAccountById',
  'createExternalAccountOwnershipChallenge',
  'verifyExternalAccountOwnership',
  'getPlatformExternalAccountById',
  'deletePlatformExternalAccountById',
  'createPlatformExternalAccountOwnershipChallenge',
  'verifyPlatformExternalAccountOwnership',
  'lookupExternalAccount',
  'executeQuote',
  'createTransferIn',
  'createTransferOut',
  'createAuthCredential',
  'challengeAuthCredential',
  'verifyAuthCredential',
  'revokeAuthCredential',
  'refreshAuthSession',
  'revokeAuthSession',
  'createCard',
  'getCardById',
  'updateCardById',
  'revealCard',
  'listCardTransactions',
  'sandboxFundInternalAccount',
  'sandboxSimulateCardAuthorization',
  'sandboxSimulateCardClearing',
  'sandboxSimulateCardReturn',
  ...CARD_MESSAGES,
  'createDelegatedKey',
  'getDelegatedKeyById',
  'revokeDelegatedKey',
  'estimateCryptoWithdrawalFee',
  'adminReplayWebhookDelivery',
  'adminLoadScenario',
  'deleteScaFactor',
  'getTwoFactorResetStatus',
  'completeTwoFactorReset',
  ...SCA_TRUST_OPERATIONS,
  'getStablecoin',
  'createStablecoinMint',
  'createStablecoinBurn',
  'listStablecoinOperations',
  'getStablecoinOperation',
  'sandboxFundStablecoinOperation',
  'getAgentById',
  'updateAgent',
  'deleteAgent',
  'updateAgentPolicy',
  'regenerateAgentDeviceCode',
  'approveAgentAction',
  'rejectAgentAction',
  'getAgentDeviceCodeStatus',
  'redeemAgentDeviceCode',
  'agentGetAction',
] as const;

/** Agent operations that move money: weighed by the agent's spending limits. */
const AGENT_MONEY = ['agentCreateQuote', 'agentExecuteQuote', 'agentCreateTransferIn', 'agentCreateTransferOut'] as const;

/**
 * An agent's operation does what the platform's operation it mirrors does,
 * on its customer's behalf: it raises every code that one raises.
 */
const PLATFORM_TWIN: Readonly<Record<string, string>> = {
  agentGetTransaction: 'getTransactionById',
  agentCreateQuote: 'createQuote',
  agentGetQuote: 'getQuoteById',
  agentExecuteQuote: 'executeQuote',
  agentCreateTransferIn: 'createTransferIn',
  agentCreateTransferOut: 'createTransferOut',
  agentCreateExternalAccount: 'createCustomerExternalAccount',
  agentGetExternalAccount: 'getCustomerExternalAccountById',
  agentDeleteExternalAccount: 'deleteCustomerExternalAccountById',
};

export const ERROR_CATALOGUE = {
  // 400: the spec's table, in its order.
  INVALID_INPUT: { status: 400, reason: 'Invalid input', raisedBy: 'OPERATIONS_WITH_INPUT' },
  END_USER_TERMS_VERSION_NOT_FOUND: { status: 400, reason: 'The submitted terms version is not supported for that agreement', raisedBy: ['createCustomer', 'updateCustomerById'] },
  MISSING_MANDATORY_USER_INFO: { status: 400, reason: 'Required customer information is missing', raisedBy: ['createAuthCredential', 'createCustomer'] },
  INVITATION_ALREADY_CLAIMED: { status: 400, reason: 'The invitation was already claimed', raisedBy: INVITATION_DECISIONS },
  INVITATIONS_NOT_CONFIGURED: { status: 400, reason: 'Invitations are not configured for this platform', raisedBy: ['createInvitation', 'claimInvitation'] },
  INVALID_UMA_ADDRESS: { status: 400, reason: 'The UMA address format is invalid', raisedBy: ['lookupUma', 'createQuote', 'executeQuote', 'createInvitation', 'claimInvitation'] },
  INVITATION_CANCELLED: { status: 400, reason: 'The invitation was cancelled', raisedBy: INVITATION_DECISIONS },
  QUOTE_REQUEST_FAILED: { status: 400, reason: 'The quote could not be created; retry the request', raisedBy: [] },
  INVALID_PAYREQ_RESPONSE: { status: 400, reason: "The counterparty's pay-request response is invalid", raisedBy: [] },
  INVALID_RECEIVER: { status: 400, reason: 'The receiver is invalid', raisedBy: ['createQuote'] },
  PARSE_PAYREQ_RESPONSE_ERROR: { status: 400, reason: "The receiver's pay-request response could not be parsed", raisedBy: [] },
  CERT_CHAIN_INVALID: { status: 400, reason: "The counterparty's certificate chain is invalid", raisedBy: [] },
  CERT_CHAIN_EXPIRED: { status: 400, reason: "The counterparty's certificate chain has expired", raisedBy: [] },
  INVALID_PUBKEY_FORMAT: { status: 400, reason: "The counterparty's public key format is invalid", raisedBy: [] },
  MISSING_REQUIRED_UMA_PARAMETERS: { status: 400, reason: 'The counterparty did not send every required UMA parameter', raisedBy: [] },
  SENDER_NOT_ACCEPTED: { status: 400, reason: 'The sender is not accepted', raisedBy: [] },
  AMOUNT_OUT_OF_RANGE: { status: 400, reason: 'The amount is out of range', raisedBy: ['createQuote', 'executeQuote', 'createTransferIn', 'sandboxFundInternalAccount', 'sandboxSend', 'sandboxReceive', 'sandboxSimulateCardReturn', 'sandboxSimulateCardCreditAuthorization', 'sandboxSimulateCardCreditAuthorizationAdvice', 'sandboxSimulateCardFinancialCreditAuthorization', 'createStablecoinMint', 'createStablecoinBurn'] },
  INVALID_CURRENCY: { status: 400, reason: 'The currency is invalid', raisedBy: ['getExchangeRates', 'lookupUma', 'createQuote', 'executeQuote', 'createTransferIn', 'createTransferOut', 'sandboxSend', 'sandboxReceive', 'sandboxSimulateCardAuthorization', 'sandboxSimulateCardCreditAuthorization', 'sandboxSimulateCardFinancialAuthorization', 'sandboxSimulateCardFinancialCreditAuthorization', 'sandboxSimulateCardCreditAuthorizationAdvice', 'estimateCryptoWithdrawalFee', 'updateAgentPolicy'] },
  INVALID_TIMESTAMP: { status: 400, reason: 'The timestamp is invalid', raisedBy: [] },
  INVALID_NONCE: { status: 400, reason: 'The nonce is invalid', raisedBy: [] },
  INVALID_REQUEST_FORMAT: { status: 400, reason: 'The request format is invalid', raisedBy: ['createQuote', 'createTransferIn', 'createTransferOut'] },
  INVALID_BANK_ACCOUNT: { status: 400, reason: 'The bank account is invalid', raisedBy: ['createCustomerExternalAccount', 'createPlatformExternalAccount'] },
  SELF_PAYMENT: { status: 400, reason: 'Paying yourself is not allowed', raisedBy: ['createQuote'] },
  LOOKUP_REQUEST_FAILED: { status: 400, reason: 'The lookup request failed', raisedBy: ['lookupUma', 'createQuote', 'executeQuote'] },
  PARSE_LNURLP_RESPONSE_ERROR: { status: 400, reason: 'The LNURLP response could not be parsed', raisedBy: [] },
  INVALID_AMOUNT: { status: 400, reason: 'The amount is invalid', raisedBy: ['createQuote', 'sandboxReceive', 'estimateCryptoWithdrawalFee', 'createStablecoinMint', 'createStablecoinBurn', 'sandboxFundStablecoinOperation'] },
  WEBHOOK_ENDPOINT_NOT_SET: { status: 400, reason: 'No webhook endpoint is configured', raisedBy: ['sendTestWebhook', 'adminTriggerEvent'] },
  WEBHOOK_DELIVERY_ERROR: { status: 400, reason: 'The webhook could not be delivered', raisedBy: ['sendTestWebhook'] },

  // 400 and 409: the sandbox's fixtures (POST /__admin/fixtures), checked whole before a step runs, then run step by step.
  FIXTURE_INVALID: { status: 400, reason: 'The fixture is not a list of steps as docs/fixtures.md describes', raisedBy: ['adminLoadFixtures'] },
  FIXTURE_UNKNOWN_KEY: { status: 400, reason: 'A step of the fixture has a key the format does not define', raisedBy: ['adminLoadFixtures'] },
  FIXTURE_INVALID_REPEAT: { status: 400, reason: 'A step repeats a whole number of times, from 1 to 1,000', raisedBy: ['adminLoadFixtures'] },
  FIXTURE_UNDEFINED_REFERENCE: { status: 400, reason: 'A step refers to something no earlier step defines', raisedBy: ['adminLoadFixtures'] },
  FIXTURE_UNKNOWN_ROUTE: { status: 400, reason: 'A step requests a route the sandbox does not have', raisedBy: ['adminLoadFixtures'] },
  FIXTURE_STEP_FAILED: { status: 409, reason: 'A step of the fixture answered an error; the steps before it stay done', raisedBy: ['adminLoadFixtures'] },
  FIXTURE_EXPECTATION_FAILED: { status: 409, reason: "A step's answer is not what its expect says; the steps before it stay done", raisedBy: ['adminLoadFixtures'] },
  FIXTURE_EXPORT_INCOMPLETE: { status: 409, reason: 'The request journal no longer holds every write since the last reset', raisedBy: ['adminExportFixture'] },
  LOW_QUALITY: { status: 400, reason: 'The document quality is too low', raisedBy: DOCUMENT_REVIEW },
  DATA_MISMATCH: { status: 400, reason: 'The document details differ from the information provided', raisedBy: DOCUMENT_REVIEW },
  EXPIRED: { status: 400, reason: 'The document has expired', raisedBy: [...DOCUMENT_REVIEW, ...INVITATION_DECISIONS] },
  SUSPECTED_FRAUD: { status: 400, reason: 'The document is suspected to be forged or edited', raisedBy: DOCUMENT_REVIEW },
  UNSUITABLE_DOCUMENT: { status: 400, reason: 'This document type is not accepted', raisedBy: DOCUMENT_REVIEW },
  INCOMPLETE: { status: 400, reason: 'The document is missing pages or sides', raisedBy: DOCUMENT_REVIEW },
  EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS: { status: 400, reason: 'The internal account already has an EMAIL_OTP credential', raisedBy: ['createAuthCredential'] },
  SMS_OTP_CREDENTIAL_ALREADY_EXISTS: { status: 400, reason: 'The internal account already has an SMS_OTP credential', raisedBy: ['createAuthCredential'] },
  PASSKEY_CREDENTIAL_ALREADY_EXISTS: { status: 400, reason: 'A passkey with this credentialId is already registered on the account', raisedBy: ['createAuthCredential'] },
  STABLECOIN_PROVIDER_ACCOUNT_INVALID: { status: 400, reason: 'The stablecoin provider account link is not usable', raisedBy: ['registerStablecoin', 'createStablecoinMint', 'createStablecoinBurn'] },
  STABLECOIN_PROVIDER_ACCOUNT_REVOKED: { status: 400, reason: 'The stablecoin provider account link was revoked', raisedBy: ['registerStablecoin', 'createStablecoinMint', 'createStablecoinBurn'] },
  STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED: { status: 400, reason: 'Several active provider links exist; pass stablecoinProviderAccountId', raisedBy: ['registerStablecoin'] },
  CARDHOLDER_KYC_NOT_APPROVED: { status: 400, reason: 'The cardholder is not KYC approved, so no card can be issued', raisedBy: ['createCard'] },
  TRANSACTION_SIZE_LIMIT_EXCEEDED: { status: 400, reason: 'The amount exceeds the configured single-transaction maximum', raisedBy: PAYOUTS },
  EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED: { status: 400, reason: 'The destination ownership must be verified before this transfer', raisedBy: PAYOUTS },
  INSUFFICIENT_FUNDS: { status: 400, reason: 'Insufficient funds', raisedBy: [...PAYOUTS, 'createStablecoinMint', 'createStablecoinBurn'] },
  QUOTE_EXPIRED: { status: 400, reason: 'The quote has expired; request a new one', raisedBy: ['executeQuote', 'sandboxSend'] },
  QUOTE_RATE_UNAVAILABLE: { status: 400, reason: 'No exchange rate is available for this corridor right now', raisedBy: ['createQuote', 'sandboxReceive', 'estimateCryptoWithdrawalFee'] },
  STABLECOIN_AMOUNT_NOT_REPRESENTABLE: { status: 400, reason: "The amount cannot be represented at the token's precision", raisedBy: ['createStablecoinMint', 'createStablecoinBurn'] },
  STABLECOIN_BURN_SOURCE_NOT_SUPPORTED: { status: 400, reason: 'The burn source account cannot be used for this operation', raisedBy: ['createStablecoinBurn'] },
  STABLECOIN_EXTERNAL_ACCOUNT_LINK_FAILED: { status: 400, reason: 'Linking the external account failed', raisedBy: ['createStablecoinMint', 'createStablecoinBurn'] },
  STABLECOIN_EXTERNAL_ACCOUNT_LINK_METHOD_REQUIRED: { status: 400, reason: 'The external account needs a link method', raisedBy: ['createStablecoinMint'] },
  STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED: { status: 400, reason: 'The external account is not linked', raisedBy: ['createStablecoinMint', 'createStablecoinBurn'] },
  STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED: { status: 400, reason: 'This external account type is not supported', raisedBy: ['createStablecoinMint', 'createStablecoinBurn'] },
  STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_FAILED: { status: 400, reason: 'The provider could not link the account', raisedBy: ['createStablecoinMint', 'createStablecoinBurn'] },
  STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_REQUIRED: { status: 400, reason: 'The external account must be linked with the provider first', raisedBy: ['createStablecoinMint', 'createStablecoinBurn'] },
  STABLECOIN_SERVICE_OPERATIONS_NOT_ENABLED: { status: 400, reason: 'The stablecoin is not enabled for service operations', raisedBy: ['createStablecoinMint', 'createStablecoinBurn'] },
  STABLECOIN_NOT_PROVISIONED: { status: 400, reason: 'The stablecoin is not provisioned for issuer operations', raisedBy: ['createStablecoinMint', 'createStablecoinBurn'] },
  STABLECOIN_OPERATION_NOT_SUPPORTED: { status: 400, reason: 'The stablecoin does not support this operation', raisedBy: ['createStablecoinBurn'] },
  STABLECOIN_PROVIDER_ERROR: { status: 400, reason: 'The provider rejected the operation', raisedBy: ['createStablecoinMint', 'createStablecoinBurn'] },
  STABLECOIN_PROVIDER_SOURCE_NOT_LINKED: { status: 400, reason: 'The provider source account is not linked', raisedBy: ['createStablecoinMint'] },
  STABLECOIN_VERIFICATION_FAILED: { status: 400, reason: 'The stablecoin could not be verified with the provider', raisedBy: ['registerStablecoin'] },

  // 400 codes the public description uses beside the spec's table.
  FUNDING_SOURCE_INELIGIBLE: { status: 400, reason: 'This internal account cannot fund the card', raisedBy: ['createCard', 'updateCardById'] },

  // 401: the spec's table.
  UNAUTHORIZED: { status: 401, reason: 'Invalid or missing API credentials', raisedBy: 'EVERY_OPERATION' },
  INVALID_SIGNATURE: { status: 401, reason: 'The signature header is invalid', raisedBy: [] },
  WALLET_SIGNATURE_MISSING: { status: 401, reason: 'Service-Wallet-Signature is required for this wallet action', raisedBy: SIGNED_RETRY },
  WALLET_SIGNATURE_MALFORMED: { status: 401, reason: 'Service-Wallet-Signature could not be parsed', raisedBy: SIGNED_RETRY },
  WALLET_SIGNATURE_BODY_MISMATCH: { status: 401, reason: 'The signature was computed over a different body than the one received', raisedBy: SIGNED_RETRY },
  WALLET_SIGNATURE_INVALID: { status: 401, reason: 'The wallet signature failed verification against the registered credential', raisedBy: SIGNED_RETRY },
  REQUEST_ID_MISSING: { status: 401, reason: 'Request-Id is required on the signed retry', raisedBy: [...SIGNED_RETRY] },

  // 403: the public description's codes.
  // Every operation: an API token without the permission the operation needs (src/areas/permissions.ts), and more (revealCard, cancelInvitation; an agent that is paused or lacks the policy permission).
  FORBIDDEN: { status: 403, reason: 'This action is not allowed on this resource', raisedBy: 'EVERY_OPERATION' },

  VELOCITY_LIMIT_EXCEEDED: { status: 403, reason: 'A spending limit would be exceeded', raisedBy: AGENT_MONEY },

  END_USER_TERMS_NOT_ACCEPTED: { status: 403, reason: 'The customer has not accepted the End User Terms', raisedBy: ['createQuote', 'executeQuote', 'createTransferIn', 'createTransferOut'] },

  // 404: the public description's codes, one per kind of resource; REFERENCE_NOT_FOUND where no specific one fits.
  USER_NOT_FOUND: { status: 404, reason: 'The customer does not exist', raisedBy: ['getCustomerById', 'updateCustomerById', 'deleteCustomerById', 'createCustomerKycLink', 'getCustomerKycLink', 'createVerification', 'uploadDocument', 'replaceDocument', 'createBeneficialOwner', 'updateBeneficialOwner', 'listBeneficialOwners', 'lookupUma', 'sandboxReceive', ...CONTACT_VERIFICATION_OPERATIONS, ...SCA_CUSTOMER_OPERATIONS] },
  QUOTE_NOT_FOUND: { status: 404, reason: 'The quote does not exist', raisedBy: ['getQuoteById', 'executeQuote', 'sandboxSend', ...SCA_QUOTE_OPERATIONS] },
  TRANSACTION_NOT_FOUND: {
    status: 404,
    reason: 'The transaction does not exist',
    raisedBy: [
      'getTransactionById',
      'adminGetTransactionTimeline',
      'confirmReceiptDelivery',
      'approvePendingPayment',
      'rejectPendingPayment',
      'cancelTransaction',
      'sandboxSimulateCardClearing',
      'sandboxSimulateCardReturn',
      'sandboxSimulateCardAuthorizationAdvice',
      'sandboxSimulateCardReturnReversal',
    ],
  },
  INVITATION_NOT_FOUND: { status: 404, reason: 'The invitation does not exist', raisedBy: ['getInvitation', 'claimInvitation', 'cancelInvitation'] },
  TOKEN_NOT_FOUND: { status: 404, reason: 'The API token does not exist', raisedBy: ['getTokenById', 'deleteTokenById'] },
  UMA_NOT_FOUND: { status: 404, reason: 'The UMA address is well-formed but no receiver exists at it', raisedBy: ['lookupUma', 'executeQuote', 'sandboxReceive'] },
  REFERENCE_NOT_FOUND: { status: 404, reason: 'The referenced resource does not exist', raisedBy: NOT_FOUND_RAISERS },
  BULK_UPLOAD_JOB_NOT_FOUND: { status: 404, reason: 'No bulk upload job with this id', raisedBy: ['getBulkCustomerImportJob'] },
  STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND: { status: 404, reason: 'The stablecoin provider account link does not exist', raisedBy: ['getStablecoinProviderAccount', 'registerStablecoin'] },
  /** Only for a path no route serves: every missing resource has its own code above. */
  NOT_FOUND: { status: 404, reason: 'The requested resource does not exist', raisedBy: [] },

  // Statuses the spec uses without a table of codes.
  METHOD_NOT_ALLOWED: { status: 405, reason: 'This HTTP method is not supported on this path', raisedBy: 'EVERY_OPERATION' },
  CONFLICT: { status: 409, reason: 'The request conflicts with the current state of the resource', raisedBy: ['createCustomer', 'updateCustomerById', 'deleteDocument', 'createExternalAccountOwnershipChallenge', 'verifyExternalAccountOwnership', 'createPlatformExternalAccountOwnershipChallenge', 'verifyPlatformExternalAccountOwnership', 'executeQuote', 'sandboxSend', 'sandboxSimulateCardClearing', 'adminReplayWebhookDelivery', 'createDelegatedKey', 'createCustomerKycLink', 'getCustomerKycLink', ...CONTACT_VERIFICATION_OPERATIONS, ...SCA_CUSTOMER_OPERATIONS, ...SCA_TRUST_OPERATIONS, ...SCA_QUOTE_OPERATIONS, 'linkStablecoinProviderAccount', 'registerStablecoin', 'createStablecoinMint', 'createStablecoinBurn', 'regenerateAgentDeviceCode'] },
  UMA_ADDRESS_EXISTS: { status: 409, reason: 'The UMA address is already taken', raisedBy: ['createCustomer', 'updateCustomerById'] },
  EMAIL_OTP_EMAIL_ALREADY_EXISTS: { status: 409, reason: 'The e-mail address is already the address of an EMAIL_OTP credential', raisedBy: ['updateCustomerById'] },
  EMAIL_OTP_CREDENTIAL_SET_CHANGED: { status: 409, reason: 'The tied EMAIL_OTP credentials changed since the signed-retry challenge was issued; start again', raisedBy: ['updateCustomerById'] },
  TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL: { status: 409, reason: "The transaction is not waiting for the platform's approval", raisedBy: ['approvePendingPayment', 'rejectPendingPayment', 'approveAgentAction', 'rejectAgentAction'] },
  TRANSACTION_NOT_CANCELLABLE: { status: 409, reason: 'The transaction has settled or cannot be cancelled', raisedBy: ['cancelTransaction'] },
  INVALID_STATE_TRANSITION: { status: 409, reason: 'The resource cannot make this state transition', raisedBy: ['adminSetInternalAccountStatus', 'adminReviewExternalAccount', 'updateCardById', 'sandboxSimulateCardClearing', 'sandboxSimulateCardReturn', 'sandboxFundInternalAccount', 'createQuote', 'executeQuote', 'createTransferIn', 'createTransferOut', 'sandboxFundStablecoinOperation'] },
  CARD_ALREADY_CLOSED: { status: 409, reason: 'The card is closed; nothing about it can change', raisedBy: ['updateCardById'] },
  CARD_NOT_MUTABLE: { status: 409, reason: 'The card is still being provisioned; its status cannot change yet', raisedBy: ['updateCardById'] },
  PASSKEY_ALREADY_ENROLLED: { status: 409, reason: 'The customer already has a passkey; delete it before enrolling another', raisedBy: ['startScaFactorEnrollment', 'confirmScaFactorEnrollment'] },
  SCA_SESSION_REQUIRED: { status: 409, reason: "The customer's SCA login session is missing or expired; log the customer in again, then retry", raisedBy: ['authorizeQuote'] },
  BENEFICIARY_TRUSTED: { status: 409, reason: 'The external account is a trusted beneficiary; untrust it before deleting it', raisedBy: ['deleteCustomerExternalAccountById'] },
  CUSTOMER_DELETED: { status: 410, reason: 'The customer has been deleted', raisedBy: ['updateCustomerById', 'deleteCustomerById', 'createBeneficialOwner', 'updateBeneficialOwner', 'uploadDocument', 'replaceDocument', 'createVerification', 'createCustomerKycLink', 'getCustomerKycLink', 'lookupUma', 'sandboxReceive', ...CONTACT_VERIFICATION_OPERATIONS, ...SCA_CUSTOMER_OPERATIONS] },
  PAYLOAD_TOO_LARGE: { status: 413, reason: 'The request body is too large', raisedBy: 'WRITES' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, reason: 'Send the request body as JSON with Content-Type: application/json', raisedBy: 'OPERATIONS_WITH_BODY' },
  ACCOUNT_LOCKED: { status: 423, reason: "The customer's login is locked after too many failed attempts", raisedBy: [...SCA_PROOF_OPERATIONS, 'recordSecurityEvent'] },
  RATE_LIMITED: { status: 429, reason: 'Too many requests; retry after the number of seconds in Retry-After', raisedBy: ['challengeAuthCredential', 'startTwoFactorReset', 'resendQuoteScaCode'] },

  // 503: the public description's code for a downstream provider that is down.
  SERVICE_UNAVAILABLE: { status: 503, reason: 'A downstream service is temporarily unavailable; retry later', raisedBy: ['createStablecoinMint', 'createStablecoinBurn'] },

  // 500: the spec's list.
  SERVICE_SWITCH_ERROR: { status: 500, reason: 'Switch error', raisedBy: [] },
  INTERNAL_ERROR: { status: 500, reason: 'Internal server error', raisedBy: 'EVERY_OPERATION' },
} as const satisfies Record<string, { status: number; reason: string; raisedBy: RaisedBy }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export type ErrorStatus = (typeof ERROR_CATALOGUE)[ErrorCode]['status'];

export interface FieldConstraint {
  format?: string;
  pattern?: string;
  enum?: readonly string[];
  minLength?: number;
  maxLength?: number;
}

export interface FieldError {
  field: string;
  message?: string;
  constraint?: FieldConstraint;
}

export type ErrorDetails = Record<string, unknown> & { errors?: FieldError[] };

/** The spec's error body, plus `message` and `status` for clients written against the public description. */
export interface ErrorBody {
  code: ErrorCode;
  reason: string;
  message: string;
  status: number;
  details?: ErrorDetails;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: ErrorStatus;
  readonly details: ErrorDetails | undefined;
  /** Extra response headers, e.g. Allow or Retry-After. */
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, reason?: string, details?: ErrorDetails, headers?: Record<string, string>) {
    const entry = ERROR_CATALOGUE[code];
    super(reason ?? entry.reason);
    // Stryker disable next-line StringLiteral: the name shows only in stack traces; responses and logs carry the code and message
    this.name = 'ApiError';
    this.code = code;
    this.status = entry.status;
    this.details = details;
    this.headers = headers;
  }

  toBody(): ErrorBody {
    return errorBody(this.code, this.message, this.details);
  }
}

export function apiError(code: ErrorCode, reason?: string, details?: ErrorDetails, headers?: Record<string, string>): ApiError {
  return new ApiError(code, reason, details, headers);
}

export function errorBody(code: ErrorCode, reason?: string, details?: ErrorDetails): ErrorBody {
  const entry = ERROR_CATALOGUE[code];
  const text = reason ?? entry.reason;
  const body: ErrorBody = { code, reason: text, message: text, status: entry.status };
  if (details !== undefined) body.details = details;
  return body;
}

/** 400 INVALID_INPUT carrying one entry per invalid field. */
export function invalidInput(errors: FieldError[], reason?: string): ApiError {
  const text = reason ?? (errors.length === 1 ? `Invalid value for ${errors[0]!.field}` : `${errors.length} fields are invalid`);
  return new ApiError('INVALID_INPUT', text, { errors });
}

/** The kinds of resource a request can name by id. */
export type ResourceKind =
  | 'Customer'
  | 'Quote'
  | 'Transaction'
  | 'CardTransaction'
  | 'InternalAccount'
  | 'ExternalAccount'
  | 'Card'
  | 'Document'
  | 'BeneficialOwner'
  | 'Verification'
  | 'AuthMethod'
  | 'Session'
  | 'Scenario'
  | 'WebhookDelivery'
  | 'ApiToken'
  | 'Invitation'
  | 'DelegatedKey'
  | 'ScaFactor'
  | 'TwoFactorReset'
  | 'BulkUploadJob'
  | 'Stablecoin'
  | 'StablecoinOperation'
  | 'StablecoinProviderAccount'
  | 'Agent'
  | 'AgentAction'
  | 'AgentDeviceCode';

/** The public description's 404 code of each kind of resource; the kinds it has no code of its own for share REFERENCE_NOT_FOUND. */
const NOT_FOUND_CODES: Partial<Record<ResourceKind, ErrorCode>> = {
  Customer: 'USER_NOT_FOUND',
  Quote: 'QUOTE_NOT_FOUND',
  Transaction: 'TRANSACTION_NOT_FOUND',
  CardTransaction: 'TRANSACTION_NOT_FOUND',
  ApiToken: 'TOKEN_NOT_FOUND',
  Invitation: 'INVITATION_NOT_FOUND',
  BulkUploadJob: 'BULK_UPLOAD_JOB_NOT_FOUND',
  StablecoinProviderAccount: 'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND',
};

/** 404 for a resource looked up by id, with its kind's code. */
export function notFound(resource: ResourceKind, id: string): ApiError {
  return new ApiError(NOT_FOUND_CODES[resource] ?? 'REFERENCE_NOT_FOUND', `${resource} ${id} not found`, { resource, id });
}

/**
 * For an id inside a request body, on an operation whose only answer to bad
 * input is 400: a lookup's 404 (or 410, deleted) becomes a field error on
 * that member.
 */
export function referencedIn<T>(field: string, lookup: () => T): T {
  try {
    return lookup();
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 410)) throw invalidInput([{ field, message: err.message }]);
    throw err;
  }
}

/** What decides which shape rules apply to an operation. */
export interface OperationShape {
  operationId: string;
  method: string;
  /** Parameters (path, query, header) or a body that can fail validation. */
  hasInput: boolean;
  hasBody: boolean;
}

function raises(raisedBy: RaisedBy, op: OperationShape): boolean {
  switch (raisedBy) {
    case 'EVERY_OPERATION':
      return true;
    case 'OPERATIONS_WITH_INPUT':
      return op.hasInput;
    case 'OPERATIONS_WITH_BODY':
      return op.hasBody;
    case 'WRITES':
      return !['get', 'head'].includes(op.method.toLowerCase());
    default: {
      const twin = PLATFORM_TWIN[op.operationId];
      return raisedBy.includes(op.operationId) || (twin !== undefined && raisedBy.includes(twin));
    }
  }
}

/** Every code an operation can answer with, in catalogue order. */
export function codesRaisedBy(op: OperationShape): ErrorCode[] {
  return (Object.keys(ERROR_CATALOGUE) as ErrorCode[]).filter((code) => raises(ERROR_CATALOGUE[code].raisedBy, op));
}

/** The operationIds the catalogue names, to check them against the documents. */
export function operationIdsNamedInCatalogue(): Set<string> {
  const ids = new Set<string>();
  for (const entry of Object.values(ERROR_CATALOGUE)) if (typeof entry.raisedBy !== 'string') for (const id of entry.raisedBy) ids.add(id);
  return ids;
}
