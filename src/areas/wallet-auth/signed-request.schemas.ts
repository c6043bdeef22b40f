/**
 * The schemas of a wallet-signed request's two legs (its headers and the 202 challenge), on their
 * own: the routes of other areas that take a signed retry (customers, quotes, transfers) register
 * them without building every wallet schema.
 */
import { z } from '@hono/zod-openapi';
import { Timestamp } from '../../core/schemas.js';

export const AuthType = z.enum(['PASSKEY', 'OAUTH', 'EMAIL_OTP', 'SMS_OTP']).openapi('AuthMethodType');
export type AuthType = z.infer<typeof AuthType>;

export const SignedRetryChallenge = z
  .object({
    payloadToSign: z.string().openapi({ description: 'Stamp these bytes exactly as returned' }),
    requestId: z.string(),
    expiresAt: Timestamp,
    type: AuthType.optional(),
  })
  .openapi('SignedRetryChallenge');
export type SignedRetryChallenge = z.infer<typeof SignedRetryChallenge>;

export const SignedRequestHeaders = z.object({
  'service-wallet-signature': z.string().max(4096).optional().openapi({ description: 'The stamp of payloadToSign; absent on the first leg' }),
  'request-id': z.string().max(200).optional().openapi({ description: 'The requestId of the 202 challenge; absent on the first leg' }),
});
