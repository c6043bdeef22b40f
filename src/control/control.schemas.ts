import { z } from '@hono/zod-openapi';
import { ListQuery, Timestamp, listResponse } from '../core/schemas.js';
import { WebhookEvent } from '../events/events.schemas.js';

export const Health = z
  .object({
    status: z.literal('ok'),
    version: z.string().openapi({ description: 'The API version served' }),
    tenant: z.string().openapi({ description: 'Your client id' }),
    now: Timestamp.openapi({ description: "Your tenant's clock" }),
    persistent: z.boolean().openapi({ description: 'Whether your data is written to disk' }),
    persistence: z
      .object({
        file: z.string().optional().openapi({ description: 'The snapshot file; changes since it are in the journal beside it' }),
        commits: z.number().int().openapi({ description: 'Journal lines written since start-up: one per request that changed something' }),
        journalBytes: z.number().int(),
        compactions: z.number().int().openapi({ description: 'Times the journal was folded into the snapshot, in the background' }),
        longestCompactionStepMs: z.number().openapi({ description: 'Longest a compaction held the event loop at once' }),
        lastCompactionMs: z.number(),
      })
      .openapi({ description: "Your tenant's data files" }),
    addresses: z
      .array(
        z.object({
          kind: z.enum(['local', 'network']).openapi({ description: '`local`: this machine only; `network`: other devices (a phone on the same network) too' }),
          origin: z.string().openapi({ description: 'Scheme, host and port, as the start-up banner lists it', example: 'http://192.168.1.20:4010' }),
        }),
      )
      .openapi({ description: 'Where the sandbox can be reached: every interface\'s address when it listens on all of them (--host 0.0.0.0); empty when it is not listening (in process)' }),
  })
  .openapi('AdminHealth');

export const PendingJob = z.object({ id: z.string(), kind: z.string(), dueAt: Timestamp }).openapi('AdminPendingJob');
export const RanJob = PendingJob.extend({ error: z.string().optional() }).openapi('AdminRanJob');

export const ClockState = z
  .object({
    now: Timestamp,
    realNow: Timestamp.openapi({ description: 'Real time, which externally minted timestamps (OIDC iat and exp) are judged against however far your clock has moved' }),
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

export const ClockSetRequest = z
  .object({ to: Timestamp.openapi({ description: 'An instant at or after the current time: the clock never goes back' }) })
  .openapi('AdminClockSetRequest');

const JournalMethod = z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const JournalStatus = z.coerce.number().int().min(100).max(599);

export const JournalQuery = z.object({
  path: z.string().min(1).max(300).optional().openapi({ description: 'Part of the path' }),
  method: JournalMethod.optional(),
  status: JournalStatus.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

export const UnmatchedQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) });

export const JournalCountQuery = z.object({
  path: z
    .string()
    .regex(/^\/?[A-Za-z0-9_\-./*{}:$@~%]*$/, 'A path like /customers or /quotes/*/execute')
    .max(300)
    .optional()
    .openapi({ description: 'The whole path, relative to the API base; `*` stands for one segment', example: '/quotes/*/execute' }),
  method: JournalMethod.optional(),
  status: JournalStatus.optional(),
});

export const JournalCount = z.object({ count: z.number().int() }).openapi('AdminJournalCount');
export const JournalCleared = z.object({ removed: z.number().int() }).openapi('AdminJournalCleared');

export const JournalEntry = z
  .object({
    id: z.number().int(),
    requestId: z.string().openapi({ description: 'The request id in the request log: the caller\'s X-Request-Id, or one the sandbox made' }),
    at: Timestamp,
    method: z.string(),
    path: z.string(),
    query: z.string().optional(),
    status: z.number().int(),
    durationMs: z.number(),
    matched: z.boolean().openapi({ description: 'false: no route matched (GET /__admin/requests/unmatched lists these)' }),
    requestHeaders: z.record(z.string(), z.string()).openapi({ description: 'Authorization, cookies and signatures redacted' }),
    requestBody: z.unknown().optional().openapi({ description: 'Secrets, OTP bundles, tokens, signatures and national identity numbers redacted, and card numbers in the fields that carry them (cardNumber, card); account numbers, CLABEs and timestamps are shown as sent' }),
    responseBody: z.unknown().optional(),
    unknownInputs: z
      .object({ query: z.array(z.string()).optional(), body: z.array(z.string()).optional() })
      .optional()
      .openapi({ description: 'Query parameters and body fields (dot paths) the operation does not define: ignored, and named in the Sandbox-Warning header' }),
  })
  .openapi('AdminJournalEntry');

export const JournalList = z.object({ data: z.array(JournalEntry), total: z.number().int().openapi({ description: 'Requests kept (the latest 1,000)' }) }).openapi('AdminJournal');

export const TriggerRequest = z.object({ type: z.string().min(1).max(100).openapi({ example: 'OUTGOING_PAYMENT.COMPLETED' }) }).openapi('AdminTriggerRequest');

export const TriggerResult = z
  .object({
    type: z.string(),
    event: z.object({ id: z.string(), type: z.string() }).openapi({ description: 'The first event of the requested type' }),
    events: z.array(z.object({ id: z.string(), type: z.string() })).openapi({ description: 'Every event the flow produced, in order' }),
    created: z.record(z.string(), z.string()).openapi({ description: 'The ids of what the flow created, by role (customer, internalAccount, externalAccount, quote, transaction, card, ...)' }),
  })
  .openapi('AdminTriggerResult');

export const TriggerTypes = z
  .object({ data: z.array(z.object({ type: z.string(), description: z.string() })) })
  .openapi('AdminTriggerTypes');

export const DeliveryListQuery = ListQuery.extend({
  status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']).optional(),
  eventType: z.string().min(1).max(100).optional(),
});

export const WebhookPublicKey = z
  .object({
    pem: z.string().openapi({ description: 'SPKI PEM, for node:crypto verify()' }),
    hex: z.string().openapi({ description: 'Uncompressed P-256 point' }),
    header: z.string(),
    algorithm: z.string(),
  })
  .openapi('AdminWebhookPublicKey');

export const ScenarioList = z
  .object({ data: z.array(z.object({ name: z.string(), description: z.string() })) })
  .openapi('AdminScenarioList');

export const RulesReference = z
  .object({
    tables: z.array(
      z.object({
        name: z.string(),
        title: z.string(),
        subject: z.string().openapi({ description: 'The request value that selects the row' }),
        match: z.string().openapi({ description: 'How the value is reduced: last3, identifierLast3, umaUser, exact, or atLeast (a whole number selects the row with the greatest key not above it)' }),
        rows: z.array(z.object({ key: z.string().nullable().openapi({ description: 'null: any other value' }), description: z.string() })),
      }),
    ),
  })
  .openapi('AdminRulesReference');
