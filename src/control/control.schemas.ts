import { z } from '@hono/zod-openapi';
import { ListQuery, Timestamp, listResponse } from '../core/schemas.js';
import { WebhookEvent } from '../events/events.schemas.js';
import { PROCESSING_OPERATIONS } from '../areas/wallet-auth/processing.js';

export const Health = z
  .object({
    status: z.literal('ok'),
    version: z.string().openapi({ description: 'The API version served' }),
    tenant: z.string().openapi({ description: 'Your client id' }),
    now: Timestamp.openapi({ description: "Your tenant's clock" }),
    persistent: z.boolean().openapi({ description: 'Whether your data is written to disk' }),
    persistence: z
      .object({
        file: z.string().optional(),
        writes: z.number().int().openapi({ description: 'Whole-file writes so far; changes are coalesced' }),
        lastWriteMs: z.number(),
        pending: z.boolean().openapi({ description: 'Changes not yet on disk' }),
      })
      .openapi({ description: "Your tenant's data file" }),
  })
  .openapi('AdminHealth');

export const PendingJob = z.object({ id: z.string(), kind: z.string(), dueAt: Timestamp }).openapi('AdminPendingJob');
export const RanJob = PendingJob.extend({ error: z.string().optional() }).openapi('AdminRanJob');

export const ClockState = z
  .object({
    now: Timestamp,
    offsetSeconds: z.number().openapi({ description: 'How far ahead of real time your tenant is' }),
    pendingJobs: z.array(PendingJob),
  })
  .openapi('AdminClock');

export const ClockAdvanceRequest = z
  .object({ seconds: z.number().positive().max(10 * 365 * 24 * 3600).openapi({ example: 360 }) })
  .openapi('AdminClockAdvanceRequest');

export const ClockAdvanceResult = z
  .object({ previous: Timestamp, now: Timestamp, ran: z.array(RanJob) })
  .openapi('AdminClockAdvanceResult');

export const ResetResult = z.object({ reset: z.literal(true), now: Timestamp }).openapi('AdminResetResult');

export const EventListQuery = ListQuery.extend({ type: z.string().min(1).max(100).optional().openapi({ example: 'CUSTOMER.KYC_APPROVED' }) });
export const EventList = listResponse(WebhookEvent, 'AdminEventList');

export const FaultRequest = z
  .object({
    kind: z.literal('WALLET_PROCESSING').openapi({ description: 'Answer 200 {status: PROCESSING} instead of the result; the identical re-send gets the result' }),
    operation: z.enum(PROCESSING_OPERATIONS).optional().openapi({ description: 'Only this wallet operation; any of them when absent' }),
    count: z.number().int().min(1).max(100).default(1).openapi({ description: 'How many replies answer PROCESSING' }),
  })
  .openapi('AdminFaultRequest');

export const Fault = z
  .object({ id: z.string(), kind: z.literal('WALLET_PROCESSING'), operation: z.enum(PROCESSING_OPERATIONS).optional(), remaining: z.number().int(), createdAt: Timestamp })
  .openapi('AdminFault');
export const FaultList = z.object({ data: z.array(Fault) }).openapi('AdminFaultList');
export const FaultsCleared = z.object({ removed: z.number().int() }).openapi('AdminFaultsCleared');

export const WalletSandboxInfo = z
  .object({
    signerPublicKey: z.string().openapi({ description: 'Uncompressed hex P-256 key that signs OTP target and export bundles: pass it as the trusted signer (e.g. dangerouslyOverrideSignerPublicKey)' }),
    otpCode: z.string().openapi({ description: 'The OTP every EMAIL_OTP and SMS_OTP challenge "delivers"' }),
    legacyWalletSignature: z.string(),
    legacyPasskeySignature: z.string(),
    oidcIssuers: z.array(z.string()),
    relyingPartyId: z.string(),
  })
  .openapi('AdminWalletSandbox');
