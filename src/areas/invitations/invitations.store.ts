/** UMA invitations created by the tenant's customers, keyed by their code. */
import { z } from '@hono/zod-openapi';
import { defineCollection } from '../../store/spec.js';
import { UmaInvitation, type InvitationRecord } from './invitations.schemas.js';

declare module '../../store/spec.js' {
  interface TenantRecords {
    invitations: InvitationRecord;
  }
}

export const invitationsCollection = defineCollection('invitations', {
  schema: UmaInvitation.omit({ code: true, amountToSend: true }).extend({
    id: z.string().min(1),
    inviterCustomerId: z.string(),
    amountToSend: z.object({ amount: z.number().int().min(1), currencyCode: z.string() }).optional(),
  }),
  indexes: { status: (i) => i.status, inviter: (i) => i.inviterCustomerId },
});
