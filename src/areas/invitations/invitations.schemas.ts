import { z } from '@hono/zod-openapi';
import { CurrencyAmount, ListQuery, PositiveAmount, Timestamp, listResponse } from '../../core/schemas.js';
import { defineWebhook } from '../../events/events.schemas.js';

export const InvitationStatus = z.enum(['PENDING', 'CLAIMED', 'EXPIRED', 'CANCELLED']).openapi('UmaInvitationStatus');

export const UmaInvitation = z
  .object({
    code: z.string().openapi({ description: 'Names the invitation to every platform: it carries the creating platform', example: 'dGVzdC1jbGllbnQ.V1StGXR8_Z' }),
    createdAt: Timestamp,
    claimedAt: Timestamp.optional(),
    cancelledAt: Timestamp.optional().openapi({ description: 'Sandbox: when it was cancelled' }),
    url: z.string().openapi({ description: 'Where the invitation is claimed' }),
    expiresAt: Timestamp.optional().openapi({ description: 'Absent: it never expires' }),
    inviterUma: z.string(),
    inviteeUma: z.string().optional(),
    status: InvitationStatus,
    firstName: z.string().optional(),
    amountToSend: CurrencyAmount.optional().openapi({ description: "In the inviter's currency; the inviting platform sends it itself after INVITATION.CLAIMED" }),
  })
  .openapi('UmaInvitation');

/** INVITATION.CLAIMED: an invitation of one of the platform's customers was claimed. */
export const InvitationClaimedWebhook = defineWebhook({
  key: 'invitation-claimed',
  operationId: 'invitationClaimedWebhook',
  name: 'InvitationClaimedWebhook',
  summary: 'An invitation was claimed',
  description: 'Sent to the platform that created the invitation when any platform claims it. `data` is the invitation, CLAIMED, with inviteeUma; send amountToSend now if the invitation promised it.',
  types: ['INVITATION.CLAIMED'],
  data: UmaInvitation,
});

export const UmaInvitationCreateRequest = z
  .object({
    inviterUma: z.string().min(1).max(255).openapi({ description: 'The UMA address of one of the platform’s customers (400 INVALID_UMA_ADDRESS otherwise)', example: '$alice@sandbox.uma.local' }),
    firstName: z.string().min(1).max(255).optional(),
    amountToSend: PositiveAmount.optional().openapi({ description: "Minor units of the inviter's currency" }),
    expiresAt: Timestamp.optional().openapi({ description: 'In the future, on the sandbox clock; omit for an invitation that never expires' }),
  })
  .openapi('UmaInvitationCreateRequest');

export const UmaInvitationClaimRequest = z
  .object({ inviteeUma: z.string().min(1).max(255).openapi({ description: 'The UMA address of the customer accepting the invitation', example: '$bob@other.example' }) })
  .openapi('UmaInvitationClaimRequest');

export const InvitationListQuery = ListQuery.extend({ status: InvitationStatus.optional() });

export const InvitationList = listResponse(UmaInvitation, 'UmaInvitationListResponse');

export const InvitationCodeParam = z.object({
  invitationCode: z.string().min(1).max(400).openapi({ param: { name: 'invitationCode', in: 'path' }, example: 'dGVzdC1jbGllbnQ.V1StGXR8_Z' }),
});

export type UmaInvitation = z.infer<typeof UmaInvitation>;
export type InvitationStatus = z.infer<typeof InvitationStatus>;
export type UmaInvitationCreateRequest = z.infer<typeof UmaInvitationCreateRequest>;
export type InvitationListQuery = z.infer<typeof InvitationListQuery>;

/** What the store keeps: the code is the record id; the amount is kept with its currency code. */
export interface InvitationRecord extends Omit<UmaInvitation, 'code' | 'amountToSend'> {
  id: string;
  inviterCustomerId: string;
  amountToSend?: { amount: number; currencyCode: string };
}
