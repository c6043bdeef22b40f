/** The card reveal page's data: a reveal link works once and briefly; the number is derived, never stored. */
import { parseInstant } from '../../core/clock.js';
import type { Tenant } from '../../store/tenant.js';
import { cvvOf, panOf } from './card-numbers.js';
import type { Card } from './cards.schemas.js';

export interface RevealedCard {
  card: Card;
  pan: string;
  cvv: string;
}

export type RevealOutcome = { kind: 'revealed'; revealed: RevealedCard } | { kind: 'gone'; why: string } | { kind: 'unknown' };

export function openReveal(tenant: Tenant, token: string): RevealOutcome {
  const reveal = tenant.cardReveals.get(token);
  const card = reveal ? tenant.cards.get(reveal.cardId) : undefined;
  if (!reveal || !card) return { kind: 'unknown' };
  if (reveal.usedAt !== undefined) return { kind: 'gone', why: 'This link was already used. Ask for a new one.' };
  if ((parseInstant(reveal.expiresAt) ?? 0) <= tenant.clock.nowMs()) return { kind: 'gone', why: 'This link has expired. Ask for a new one.' };
  tenant.cardReveals.update(token, (r) => void (r.usedAt = tenant.clock.nowIso()));
  tenant.changed();
  return { kind: 'revealed', revealed: { card, pan: panOf(tenant, card), cvv: cvvOf(tenant, card.id) } };
}
