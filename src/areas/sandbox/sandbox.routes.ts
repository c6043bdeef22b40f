import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponse } from '../../core/schemas.js';
import { InternalAccount, SandboxFundRequest } from '../internal-accounts/internal-accounts.schemas.js';
import { CurrencyCode, PositiveAmount } from '../../core/schemas.js';
import { Transaction } from '../transactions/transactions.schemas.js';
import { SandboxUmaReceiveRequest } from '../uma/uma.schemas.js';
import { WebhookEvent } from '../../events/events.schemas.js';
import { WebhookDelivery } from '../../webhooks/webhooks.schemas.js';
import { TAGS } from '../../core/tags.js';

export const fundInternalAccountRoute = createRoute({
  operationId: 'sandboxFundInternalAccount',
  method: 'post',
  path: '/sandbox/internal-accounts/{accountId}/fund',
  tags: [TAGS.sandbox],
  summary: 'Fund an internal account',
  description: 'Credits the account at once with a ledger entry. `amount` is a positive integer in minor units.',
  request: {
    params: z.object({ accountId: z.string().min(1).max(200).openapi({ param: { name: 'accountId', in: 'path' }, example: 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002' }) }),
    body: jsonBody(SandboxFundRequest),
  },
  responses: { 200: jsonResponse(InternalAccount, 'The funded account') },
});

export const sendRoute = createRoute({
  operationId: 'sandboxSend',
  method: 'post',
  path: '/sandbox/send',
  tags: [TAGS.sandbox],
  summary: "Pay a real-time-funded quote's payment instructions",
  description: 'The exact amount starts the payment; another amount fails it with FUNDING_AMOUNT_MISMATCH and returns the money.',
  request: {
    body: jsonBody(
      z
        .object({ quoteId: z.string().min(1).max(200), currencyCode: CurrencyCode, currencyAmount: PositiveAmount.optional().openapi({ description: "Defaults to the quote's totalSendingAmount" }) })
        .openapi('SandboxSendRequest'),
    ),
  },
  responses: { 200: jsonResponse(Transaction, 'The transaction') },
});

export const umaReceiveRoute = createRoute({
  operationId: 'sandboxReceive',
  method: 'post',
  path: '/sandbox/uma/receive',
  tags: [TAGS.sandbox],
  summary: 'Receive a UMA payment',
  description: "Credits the receiver's default UMA deposit account, else its internal account in the currency (or its primary account, converted). A sandbox sender address picks the outcome: $pending.long.usd@ stays pending a day, $fail.compliance.usd@ fails.",
  request: { body: jsonBody(SandboxUmaReceiveRequest) },
  responses: { 200: jsonResponse(Transaction, 'The incoming transaction') },
});

export const testWebhookRoute = createRoute({
  operationId: 'sendTestWebhook',
  method: 'post',
  path: '/sandbox/webhooks/test',
  tags: [TAGS.sandbox],
  summary: 'Send a test webhook now',
  description: '400 WEBHOOK_ENDPOINT_NOT_SET without an endpoint; 400 WEBHOOK_DELIVERY_ERROR (status or network error in details) when the endpoint does not answer 2xx.',
  responses: { 200: jsonResponse(z.object({ event: WebhookEvent, delivery: WebhookDelivery }).openapi('SandboxWebhookTestResult'), 'Delivered') },
});
