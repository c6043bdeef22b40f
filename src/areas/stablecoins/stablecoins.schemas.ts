import { z } from '@hono/zod-openapi';
import { ListQuery, Timestamp, listResponse } from '../../core/schemas.js';

// ---------------------------------------------------------------- shared enums

export const StablecoinProvider = z.enum(['BRALE']).openapi('StablecoinProvider');
export const StablecoinProviderEnvironment = z.enum(['SANDBOX', 'PRODUCTION']).openapi('StablecoinProviderEnvironment');
export const StablecoinNetwork = z.enum(['SPARK']).openapi('StablecoinNetwork');
export const StablecoinIssuanceStatus = z.enum(['PENDING_REVIEW', 'PROVISIONING', 'PROVISIONED', 'REJECTED', 'FAILED']).openapi('StablecoinIssuanceStatus');
export const StablecoinServiceOperationsStatus = z.enum(['NOT_ENABLED', 'PENDING_APPROVAL', 'ENABLING', 'ENABLED', 'DISABLED']).openapi('StablecoinServiceOperationsStatus');
export const StablecoinProviderAccountStatus = z.enum(['ACTIVE', 'INVALID', 'REVOKED']).openapi('StablecoinProviderAccountStatus');
export const StablecoinOperationType = z.enum(['MINT', 'BURN']).openapi('StablecoinOperationType');
export const StablecoinOperationStatus = z
  .enum(['CREATED', 'PENDING_FUNDING', 'PENDING_PROVIDER', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED'])
  .openapi('StablecoinOperationStatus');
export const StablecoinPayoutRail = z.enum(['WIRE', 'ACH_CREDIT', 'SAME_DAY_ACH_CREDIT', 'RTP_CREDIT']);

const Id = z.string().min(1).max(200);
/** An amount in the token's smallest unit, as a digit string (it may exceed 2^53). */
const TokenAmount = z
  .string()
  .regex(/^[0-9]+$/)
  .max(30)
  .openapi({ description: "In the stablecoin's smallest unit (6 decimals); it must be a whole number of cents: a multiple of 10000", example: '1000000' });
const Description = z.string().max(1024).optional().openapi({ example: 'Initial program funding mint' });

// ---------------------------------------------------------------- provider accounts

export const StablecoinProviderAccount = z
  .object({
    id: z.string().openapi({ example: 'StablecoinProviderAccount:019542f5-b3e7-1d02-0000-000000000001' }),
    provider: StablecoinProvider,
    providerAccountId: z.string().openapi({ example: '2VcUIonJeVQzFoBuC7LdFT0dRe4' }),
    providerEnvironment: StablecoinProviderEnvironment,
    status: StablecoinProviderAccountStatus,
    lastVerifiedAt: Timestamp.optional().openapi({ description: 'Last successful credential check; absent when the credentials never verified' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('StablecoinProviderAccount');

export const StablecoinProviderAccountLinkRequest = z
  .object({
    provider: StablecoinProvider,
    apiClientId: z.string().min(1).max(255).openapi({ example: 'provider_client_123' }),
    apiClientSecret: z.string().min(1).max(255).openapi({ description: 'Write-only: checked, never stored or returned. Its last three characters pick the sandbox outcome', example: 'provider_secret_456' }),
    providerAccountId: z.string().min(1).max(255).optional().openapi({ description: 'Derived from apiClientId when omitted (the sandbox credentials expose one account)' }),
  })
  .openapi('StablecoinProviderAccountLinkRequest');

export const StablecoinProviderAccountListQuery = ListQuery.extend({ provider: StablecoinProvider.optional(), status: StablecoinProviderAccountStatus.optional() });
export const StablecoinProviderAccountList = listResponse(StablecoinProviderAccount, 'StablecoinProviderAccountListResponse');

// ---------------------------------------------------------------- stablecoins

export const Stablecoin = z
  .object({
    id: z.string().openapi({ example: 'Stablecoin:019542f5-b3e7-1d02-0000-000000000002' }),
    name: z.string().openapi({ example: 'ACME Stablecoin' }),
    symbol: z.string().openapi({ example: 'ACME' }),
    baseCurrency: z.string().openapi({ example: 'USD' }),
    network: StablecoinNetwork,
    decimals: z.number().int().min(0),
    issuanceStatus: StablecoinIssuanceStatus,
    serviceOperationsStatus: StablecoinServiceOperationsStatus,
    networkTokenIdentifier: z.string(),
    currency: z.string().optional().openapi({ description: 'The service currency code, once serviceOperationsStatus is ENABLED', example: 'ACME' }),
    provider: StablecoinProvider,
    stablecoinProviderAccountId: z.string(),
    providerEnvironment: StablecoinProviderEnvironment,
    providerTokenIdentifier: z.string().openapi({ example: 'ACME' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Stablecoin');

export const StablecoinRegisterRequest = z
  .object({
    providerTokenIdentifier: z
      .string()
      .regex(/^[A-Za-z0-9]{3,5}$/)
      .openapi({ description: "The provider's value type; 3 to 5 letters or digits, since it becomes the stablecoin's service currency code", example: 'ACME' }),
    networkTokenIdentifier: z
      .string()
      .max(200)
      .regex(/^btkn[a-z]*1[02-9ac-hj-np-z]{6,}$/)
      .openapi({ description: 'The Spark token identifier (bech32m). Its last three characters pick the sandbox outcome', example: 'btkn1qw508d6qejxtdg4y5r3zarvary0c5xw7k' }),
    network: StablecoinNetwork,
    stablecoinProviderAccountId: Id.optional().openapi({ description: 'Optional only when exactly one ACTIVE provider link exists' }),
  })
  .openapi('StablecoinRegisterRequest');

export const StablecoinListQuery = ListQuery.extend({
  issuanceStatus: StablecoinIssuanceStatus.optional(),
  serviceOperationsStatus: StablecoinServiceOperationsStatus.optional(),
  provider: StablecoinProvider.optional(),
});
export const StablecoinList = listResponse(Stablecoin, 'StablecoinListResponse');

// ---------------------------------------------------------------- mint and burn requests

const ExternalAccountId = Id.openapi({ example: 'ExternalAccount:019542f5-b3e7-1d02-0000-000000000101' });
const InternalAccountId = Id.openapi({ example: 'InternalAccount:019542f5-b3e7-1d02-0000-000000000102' });

export const StablecoinMintFundingSource = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('WIRE') }).openapi('StablecoinWireFundingSource'),
    z.object({ type: z.literal('ACH_DEBIT'), externalAccountId: ExternalAccountId }).openapi('StablecoinAchDebitFundingSource'),
    z.object({ type: z.literal('SAME_DAY_ACH_DEBIT'), externalAccountId: ExternalAccountId }).openapi('StablecoinSameDayAchDebitFundingSource'),
    z.object({ type: z.literal('SERVICE_INTERNAL_ACCOUNT'), accountId: InternalAccountId }).openapi('StablecoinServiceInternalFundingSource'),
    z
      .object({
        type: z.literal('PROVIDER_INTERNAL_BALANCE'),
        sourceTokenIdentifier: z.string().min(1).max(64).openapi({ example: 'USDC' }),
        cryptoNetwork: z.string().min(1).max(64).openapi({ example: 'SOLANA' }),
      })
      .openapi('StablecoinProviderBalanceFundingSource'),
  ])
  .openapi('StablecoinMintFundingSource');

export const StablecoinMintDestination = z
  .object({
    accountId: Id.regex(/^(ExternalAccount|InternalAccount):/).openapi({
      description: "An ACTIVE SPARK_WALLET external account, or the platform's internal account in the stablecoin's currency (once ENABLED)",
      example: 'ExternalAccount:019542f5-b3e7-1d02-0000-000000000201',
    }),
  })
  .openapi('StablecoinMintDestination');

export const StablecoinMintRequest = z
  .object({ amount: TokenAmount, fundingSource: StablecoinMintFundingSource, destination: StablecoinMintDestination, description: Description })
  .openapi('StablecoinMintRequest');

export const StablecoinBurnSource = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('EXTERNAL_ACCOUNT') }).openapi('StablecoinExternalAccountBurnSource'),
    z.object({ type: z.literal('SERVICE_INTERNAL_ACCOUNT'), accountId: InternalAccountId }).openapi('StablecoinServiceInternalBurnSource'),
    z.object({ type: z.literal('PROVIDER_INTERNAL_BALANCE') }).openapi('StablecoinProviderBalanceBurnSource'),
  ])
  .openapi('StablecoinBurnSource');

export const StablecoinBurnDestination = z
  .object({ type: z.literal('EXTERNAL_ACCOUNT'), externalAccountId: ExternalAccountId, rail: StablecoinPayoutRail })
  .openapi('StablecoinBurnDestination');

export const StablecoinBurnRequest = z
  .object({ amount: TokenAmount, source: StablecoinBurnSource, destination: StablecoinBurnDestination, description: Description })
  .openapi('StablecoinBurnRequest');

// ---------------------------------------------------------------- operations

export const StablecoinOperationSource = z
  .object({
    type: z.enum(['WIRE', 'ACH_DEBIT', 'SAME_DAY_ACH_DEBIT', 'EXTERNAL_ACCOUNT', 'SERVICE_INTERNAL_ACCOUNT', 'PROVIDER_INTERNAL_BALANCE']),
    externalAccountId: z.string().optional(),
    accountId: z.string().optional(),
    sourceTokenIdentifier: z.string().optional(),
    cryptoNetwork: z.string().optional(),
  })
  .openapi('StablecoinOperationSource');

export const StablecoinFundingInstructions = z
  .object({
    rail: z.string().openapi({ example: 'WIRE' }),
    network: z.string().optional(),
    address: z.string().optional().openapi({ description: 'Spark deposit address (burns from an external wallet)' }),
    valueType: z.string().optional(),
    amount: z.string().optional().openapi({ description: 'What to send: cents for a wire, token units for a Spark deposit' }),
    currency: z.string().optional(),
    bankName: z.string().optional(),
    accountNumber: z.string().optional(),
    routingNumber: z.string().optional(),
    beneficiaryName: z.string().optional(),
    reference: z.string().optional().openapi({ description: 'Put it in the wire memo so the funds are matched to this operation' }),
  })
  .openapi('StablecoinFundingInstructions');

export const StablecoinOperationDestination = z
  .object({ accountId: z.string(), rail: StablecoinPayoutRail.optional().openapi({ description: 'Burns only: the fiat payout rail' }) })
  .openapi('StablecoinOperationDestination');

export const StablecoinEstimatedDelivery = z
  .object({ rail: z.string(), amount: z.string().openapi({ description: 'Cents' }), currency: z.string(), timing: z.string() })
  .openapi('StablecoinEstimatedDelivery');

export const StablecoinOperation = z
  .object({
    id: z.string().openapi({ example: 'StablecoinOperation:019542f5-b3e7-1d02-0000-000000000301' }),
    stablecoinId: z.string(),
    operationType: StablecoinOperationType,
    status: StablecoinOperationStatus,
    amount: z.string().openapi({ description: "In the stablecoin's smallest unit", example: '1000000' }),
    provider: StablecoinProvider,
    providerEnvironment: StablecoinProviderEnvironment,
    stablecoinProviderAccountId: z.string(),
    source: StablecoinOperationSource.optional(),
    fundingInstructions: StablecoinFundingInstructions.optional(),
    destination: StablecoinOperationDestination.optional(),
    estimatedDelivery: StablecoinEstimatedDelivery.optional(),
    expiresAt: Timestamp.optional().openapi({ description: 'Operations waiting for external funds expire then (EXPIRED)' }),
    providerStatus: z.string().optional().openapi({ example: 'pending' }),
    failureReason: z.string().optional().openapi({ example: 'PROVIDER_TRANSFER_FAILED' }),
    description: z.string().optional(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('StablecoinOperation');

export const StablecoinOperationListQuery = ListQuery.extend({ operationType: StablecoinOperationType.optional() });
export const StablecoinOperationList = listResponse(StablecoinOperation, 'StablecoinOperationListResponse');

export const SandboxStablecoinFundRequest = z
  .object({
    amount: TokenAmount.optional().openapi({ description: "Defaults to the operation's amount; any other amount is 400 INVALID_AMOUNT" }),
  })
  .openapi('SandboxStablecoinFundRequest');

// ---------------------------------------------------------------- types

export type StablecoinProviderAccount = z.infer<typeof StablecoinProviderAccount>;
export type StablecoinProviderAccountLinkRequest = z.infer<typeof StablecoinProviderAccountLinkRequest>;
export type StablecoinProviderAccountListQuery = z.infer<typeof StablecoinProviderAccountListQuery>;
export type Stablecoin = z.infer<typeof Stablecoin>;
export type StablecoinRegisterRequest = z.infer<typeof StablecoinRegisterRequest>;
export type StablecoinListQuery = z.infer<typeof StablecoinListQuery>;
export type StablecoinMintRequest = z.infer<typeof StablecoinMintRequest>;
export type StablecoinBurnRequest = z.infer<typeof StablecoinBurnRequest>;
export type StablecoinOperation = z.infer<typeof StablecoinOperation>;
export type StablecoinOperationStatus = z.infer<typeof StablecoinOperationStatus>;
export type StablecoinOperationListQuery = z.infer<typeof StablecoinOperationListQuery>;
export type StablecoinFundingInstructions = z.infer<typeof StablecoinFundingInstructions>;
export type StablecoinIssuanceStatus = z.infer<typeof StablecoinIssuanceStatus>;
export type StablecoinServiceOperationsStatus = z.infer<typeof StablecoinServiceOperationsStatus>;

/** A stored operation: what the API shows, plus its amount in cents (what the ledger and the provider's magic amounts use). */
export type StablecoinOperationRecord = StablecoinOperation & { fiatAmount: number };

/** An Idempotency-Key of the stablecoin endpoints: what it was used for, and what that created. */
export interface StablecoinIdempotencyRecord {
  id: string;
  fingerprint: string;
  resourceId: string;
  createdAt: string;
}
