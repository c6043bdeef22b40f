import { z } from '@hono/zod-openapi';

export const ContactChannel = z.enum(['email', 'phone']);
export type ContactChannel = z.infer<typeof ContactChannel>;

export const ContactVerificationConfirmRequest = z
  .object({ code: z.string().min(1).max(64).openapi({ description: 'The code the customer received; in the sandbox always 123456', example: '123456' }) })
  .openapi('ContactVerificationConfirmRequest');

/** The code last sent on a channel: one per customer and channel, keyed `customerId|channel`. */
export interface ContactCodeRecord {
  id: string;
  customerId: string;
  channel: ContactChannel;
  /** The address or number it went to: a code sent before the customer changed it proves nothing. */
  sentTo: string;
  sentAt: string;
}
