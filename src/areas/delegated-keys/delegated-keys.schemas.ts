import { z } from '@hono/zod-openapi';
import { Timestamp } from '../../core/schemas.js';

export const DelegatedKeyStatus = z.enum(['PENDING', 'ACTIVE', 'REVOKED']).openapi('DelegatedKeyStatus');

export const DelegatedKey = z
  .object({
    id: z.string().openapi({ example: 'DelegatedKey:019542f5-b3e7-1d02-0000-000000000020' }),
    cardId: z.string(),
    fundingSourceId: z.string().openapi({ description: "The card's funding source: in the sandbox, the embedded wallet's internal account id" }),
    accountId: z.string().openapi({ description: 'The EMBEDDED_WALLET internal account' }),
    publicKey: z.string().openapi({ description: 'Compressed P-256 public key (hex) of the delegated key; its private key never leaves the service' }),
    nickname: z.string(),
    status: DelegatedKeyStatus,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('DelegatedKey');

export const DelegatedKeyCreateRequest = z
  .object({
    cardId: z.string().min(1).max(200),
    internalAccountId: z.string().min(1).max(200).openapi({ description: "The card's EMBEDDED_WALLET funding source" }),
    nickname: z.string().min(1).max(256),
  })
  .openapi('DelegatedKeyCreateRequest');

export const DelegatedKeyChallenge = z
  .object({
    payloadToSign: z.string().openapi({ description: 'Stamp these bytes exactly as returned, with a session key of the wallet' }),
    requestId: z.string(),
    expiresAt: Timestamp,
  })
  .openapi('DelegatedKeySignedRequestChallenge');

export const DelegatedKeyListQuery = z.object({
  accountId: z.string().min(1).max(200).optional().openapi({ description: 'Keys of this embedded wallet' }),
  fundingSourceId: z.string().min(1).max(200).optional().openapi({ description: 'Keys of this card funding source' }),
});

export const DelegatedKeyList = z.object({ data: z.array(DelegatedKey) }).openapi('DelegatedKeyListResponse');

export const DelegatedKeyIdParam = z.object({
  id: z.string().min(1).max(200).openapi({ param: { name: 'id', in: 'path' }, example: 'DelegatedKey:019542f5-b3e7-1d02-0000-000000000020' }),
});

export type DelegatedKey = z.infer<typeof DelegatedKey>;
export type DelegatedKeyCreateRequest = z.infer<typeof DelegatedKeyCreateRequest>;
export type DelegatedKeyListQuery = z.infer<typeof DelegatedKeyListQuery>;
