/** Every webhook the sandbox delivers, as the API document declares them: the areas' event schemas, loaded together when first asked for (areas/index.ts). */
import type { WebhookDefinition } from '../events/events.schemas.js';
import { TestWebhook } from '../webhooks/webhooks.schemas.js';
import { CustomerWebhook } from './customers/customers.schemas.js';
import { VerificationWebhook } from './verifications/verifications.schemas.js';
import { IncomingPaymentWebhook, OutgoingPaymentWebhook } from './transactions/transactions.schemas.js';
import { CardFundingSourceWebhook, CardStatusWebhook, CardTransactionWebhook } from './cards/cards.schemas.js';
import { InternalAccountWebhook } from './internal-accounts/internal-accounts.schemas.js';
import { ExternalAccountWebhook } from './external-accounts/external-accounts.schemas.js';
import { AgentActionWebhook } from './agents/agents.schemas.js';
import { InvitationClaimedWebhook } from './invitations/invitations.schemas.js';
import { BulkUploadWebhook } from './customer-imports/customer-imports.schemas.js';

export const WEBHOOK_DEFINITIONS: readonly WebhookDefinition[] = [
  IncomingPaymentWebhook,
  OutgoingPaymentWebhook,
  TestWebhook,
  CustomerWebhook,
  VerificationWebhook,
  CardStatusWebhook,
  CardFundingSourceWebhook,
  CardTransactionWebhook,
  InternalAccountWebhook,
  ExternalAccountWebhook,
  AgentActionWebhook,
  InvitationClaimedWebhook,
  BulkUploadWebhook,
];
