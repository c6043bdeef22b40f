/** Cards and their single-use reveal links. */
import { z } from '@hono/zod-openapi';
import { defineCollection } from '../../store/spec.js';
import { Card, type CardRecord, type CardRevealRecord } from './cards.schemas.js';

declare module '../../store/spec.js' {
  interface TenantRecords {
    cards: CardRecord;
    cardReveals: CardRevealRecord;
  }
}

export const cardsCollection = defineCollection('cards', {
  schema: Card,
  indexes: { customer: (c) => c.customerId, fundingSource: (c) => c.fundingSource, platformCardId: (c) => c.platformCardId },
});

export const cardRevealsCollection = defineCollection('cardReveals', {
  schema: z.object({ id: z.string().min(1), cardId: z.string(), expiresAt: z.string(), usedAt: z.string().optional() }),
});
