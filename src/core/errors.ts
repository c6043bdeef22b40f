/**
 * The one error catalogue: every code the sandbox can answer with, its HTTP
 * status and its default reason. Services throw `apiError(code)`; the app's
 * error handler turns it into the spec's error body.
 */
export const ERROR_CATALOGUE = {
  // 400: the spec's table, in its order.
  INVALID_INPUT: { status: 400, reason: 'Invalid input' },
  END_USER_TERMS_VERSION_NOT_FOUND: { status: 400, reason: 'The submitted terms version is not supported for that agreement' },
  MISSING_MANDATORY_USER_INFO: { status: 400, reason: 'Required customer information is missing' },
  INVITATION_ALREADY_CLAIMED: { status: 400, reason: 'The invitation was already claimed' },
  INVITATIONS_NOT_CONFIGURED: { status: 400, reason: 'Invitations are not configured for this platform' },
  INVALID_UMA_ADDRESS: { status: 400, reason: 'The UMA address format is invalid' },
  INVITATION_CANCELLED: { status: 400, reason: 'The invitation was cancelled' },
  QUOTE_REQUEST_FAILED: { status: 400, reason: 'The quote could not be created; retry the request' },
  INVALID_PAYREQ_RESPONSE: { status: 400, reason: "The counterparty's pay-request response is invalid" },
  INVALID_RECEIVER: { status: 400, reason: 'The receiver is invalid' },
  PARSE_PAYREQ_RESPONSE_ERROR: { status: 400, reason: "The receiver's pay-request response could not be parsed" },
  CERT_CHAIN_INVALID: { status: 400, reason: "The counterparty's certificate chain is invalid" },
  CERT_CHAIN_EXPIRED: { status: 400, reason: "The counterparty's certificate chain has expired" },
  INVALID_PUBKEY_FORMAT: { status: 400, reason: "The counterparty's public key format is invalid" },
  MISSING_REQUIRED_UMA_PARAMETERS: { status: 400, reason: 'The counterparty did not send every required UMA parameter' },
  SENDER_NOT_ACCEPTED: { status: 400, reason: 'The sender is not accepted' },
  AMOUNT_OUT_OF_RANGE: { status: 400, reason: 'The amount is out of range' },
  INVALID_CURRENCY: { status: 400, reason: 'The currency is invalid' },
  INVALID_TIMESTAMP: { status: 400, reason: 'The timestamp is invalid' },
  INVALID_NONCE: { status: 400, reason: 'The nonce is invalid' },
  INVALID_REQUEST_FORMAT: { status: 400, reason: 'The request format is invalid' },
  INVALID_BANK_ACCOUNT: { status: 400, reason: 'The bank account is invalid' },
  SELF_PAYMENT: { status: 400, reason: 'Paying yourself is not allowed' },
  LOOKUP_REQUEST_FAILED: { status: 400, reason: 'The lookup request failed' },
  PARSE_LNURLP_RESPONSE_ERROR: { status: 400, reason: 'The LNURLP response could not be parsed' },
  INVALID_AMOUNT: { status: 400, reason: 'The amount is invalid' },
  WEBHOOK_ENDPOINT_NOT_SET: { status: 400, reason: 'No webhook endpoint is configured' },
  WEBHOOK_DELIVERY_ERROR: { status: 400, reason: 'The webhook could not be delivered' },
  LOW_QUALITY: { status: 400, reason: 'The document quality is too low' },
  DATA_MISMATCH: { status: 400, reason: 'The document details differ from the information provided' },
  EXPIRED: { status: 400, reason: 'The document has expired' },
  SUSPECTED_FRAUD: { status: 400, reason: 'The document is suspected to be forged or edited' },
  UNSUITABLE_DOCUMENT: { status: 400, reason: 'This document type is not accepted' },
  INCOMPLETE: { status: 400, reason: 'The document is missing pages or sides' },
  EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS: { status: 400, reason: 'The internal account already has an EMAIL_OTP credential' },
  SMS_OTP_CREDENTIAL_ALREADY_EXISTS: { status: 400, reason: 'The internal account already has an SMS_OTP credential' },
  PASSKEY_CREDENTIAL_ALREADY_EXISTS: { status: 400, reason: 'A passkey with this credentialId is already registered on the account' },
  STABLECOIN_PROVIDER_ACCOUNT_INVALID: { status: 400, reason: 'The stablecoin provider account link is not usable' },
  STABLECOIN_PROVIDER_ACCOUNT_REVOKED: { status: 400, reason: 'The stablecoin provider account link was revoked' },
  STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED: { status: 400, reason: 'Several active provider links exist; pass stablecoinProviderAccountId' },
  CARDHOLDER_KYC_NOT_APPROVED: { status: 400, reason: 'The cardholder is not KYC approved, so no card can be issued' },
  TRANSACTION_SIZE_LIMIT_EXCEEDED: { status: 400, reason: 'The amount exceeds the configured single-transaction maximum' },
  EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED: { status: 400, reason: 'The destination ownership must be verified before this transfer' },
  INSUFFICIENT_FUNDS: { status: 400, reason: 'Insufficient funds' },
  QUOTE_EXPIRED: { status: 400, reason: 'The quote has expired; request a new one' },
  QUOTE_RATE_UNAVAILABLE: { status: 400, reason: 'No exchange rate is available for this corridor right now' },
  STABLECOIN_AMOUNT_NOT_REPRESENTABLE: { status: 400, reason: "The amount cannot be represented at the token's precision" },
  STABLECOIN_BURN_SOURCE_NOT_SUPPORTED: { status: 400, reason: 'The burn source account cannot be used for this operation' },
  STABLECOIN_EXTERNAL_ACCOUNT_LINK_FAILED: { status: 400, reason: 'Linking the external account failed' },
  STABLECOIN_EXTERNAL_ACCOUNT_LINK_METHOD_REQUIRED: { status: 400, reason: 'The external account needs a link method' },
  STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED: { status: 400, reason: 'The external account is not linked' },
  STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED: { status: 400, reason: 'This external account type is not supported' },
  STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_FAILED: { status: 400, reason: 'The provider could not link the account' },
  STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_REQUIRED: { status: 400, reason: 'The external account must be linked with the provider first' },
  STABLECOIN_SERVICE_OPERATIONS_NOT_ENABLED: { status: 400, reason: 'The stablecoin is not enabled for service operations' },
  STABLECOIN_NOT_PROVISIONED: { status: 400, reason: 'The stablecoin is not provisioned for issuer operations' },
  STABLECOIN_OPERATION_NOT_SUPPORTED: { status: 400, reason: 'The stablecoin does not support this operation' },
  STABLECOIN_PROVIDER_ERROR: { status: 400, reason: 'The provider rejected the operation' },
  STABLECOIN_PROVIDER_SOURCE_NOT_LINKED: { status: 400, reason: 'The provider source account is not linked' },
  STABLECOIN_VERIFICATION_FAILED: { status: 400, reason: 'The stablecoin could not be verified with the provider' },

  // 400 codes the public description uses beside the spec's table.
  FUNDING_SOURCE_INELIGIBLE: { status: 400, reason: 'This internal account cannot fund the card' },

  // 401: the spec's table.
  UNAUTHORIZED: { status: 401, reason: 'Invalid or missing API credentials' },
  INVALID_SIGNATURE: { status: 401, reason: 'The signature header is invalid' },
  WALLET_SIGNATURE_MISSING: { status: 401, reason: 'Service-Wallet-Signature is required for this wallet action' },
  WALLET_SIGNATURE_MALFORMED: { status: 401, reason: 'Service-Wallet-Signature could not be parsed' },
  WALLET_SIGNATURE_BODY_MISMATCH: { status: 401, reason: 'The signature was computed over a different body than the one received' },
  WALLET_SIGNATURE_INVALID: { status: 401, reason: 'The wallet signature failed verification against the registered credential' },
  REQUEST_ID_MISSING: { status: 401, reason: 'Request-Id is required on the signed retry' },

  // 403: the public description's codes.
  FORBIDDEN: { status: 403, reason: 'This action is not allowed on this resource' },

  // 404: the public description's codes, one per kind of resource; REFERENCE_NOT_FOUND where no specific one fits.
  USER_NOT_FOUND: { status: 404, reason: 'The customer does not exist' },
  QUOTE_NOT_FOUND: { status: 404, reason: 'The quote does not exist' },
  TRANSACTION_NOT_FOUND: { status: 404, reason: 'The transaction does not exist' },
  UMA_NOT_FOUND: { status: 404, reason: 'The UMA address is well-formed but no receiver exists at it' },
  REFERENCE_NOT_FOUND: { status: 404, reason: 'The referenced resource does not exist' },
  /** Only for a path no route serves: every missing resource has its own code above. */
  NOT_FOUND: { status: 404, reason: 'The requested resource does not exist' },

  // Statuses the spec uses without a table of codes.
  METHOD_NOT_ALLOWED: { status: 405, reason: 'This HTTP method is not supported on this path' },
  CONFLICT: { status: 409, reason: 'The request conflicts with the current state of the resource' },
  UMA_ADDRESS_EXISTS: { status: 409, reason: 'The UMA address is already taken' },
  EMAIL_OTP_EMAIL_ALREADY_EXISTS: { status: 409, reason: 'The e-mail address is already the address of an EMAIL_OTP credential' },
  EMAIL_OTP_CREDENTIAL_SET_CHANGED: { status: 409, reason: 'The tied EMAIL_OTP credentials changed since the signed-retry challenge was issued; start again' },
  INVALID_STATE_TRANSITION: { status: 409, reason: 'The resource cannot make this state transition' },
  CARD_ALREADY_CLOSED: { status: 409, reason: 'The card is closed; nothing about it can change' },
  CARD_NOT_MUTABLE: { status: 409, reason: 'The card is still being provisioned; its status cannot change yet' },
  CUSTOMER_DELETED: { status: 410, reason: 'The customer has been deleted' },
  PAYLOAD_TOO_LARGE: { status: 413, reason: 'The request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, reason: 'Send the request body as JSON with Content-Type: application/json' },
  RATE_LIMITED: { status: 429, reason: 'Too many requests; retry after the number of seconds in Retry-After' },

  // 500: the spec's list.
  SERVICE_SWITCH_ERROR: { status: 500, reason: 'Switch error' },
  INTERNAL_ERROR: { status: 500, reason: 'Internal server error' },
} as const satisfies Record<string, { status: number; reason: string }>;

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
  | 'WebhookDelivery';

/** The public description's 404 code of each kind of resource; the kinds it has no code of its own for share REFERENCE_NOT_FOUND. */
const NOT_FOUND_CODES: Partial<Record<ResourceKind, ErrorCode>> = {
  Customer: 'USER_NOT_FOUND',
  Quote: 'QUOTE_NOT_FOUND',
  Transaction: 'TRANSACTION_NOT_FOUND',
  CardTransaction: 'TRANSACTION_NOT_FOUND',
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
