/**
 * Invitation status x what can be done with an invitation.
 *
 * The reference: an invitation is PENDING until it is claimed (CLAIMED),
 * cancelled by the platform that created it (CANCELLED) or its expiresAt
 * comes (EXPIRED). Only a PENDING invitation can be claimed or cancelled;
 * claiming or cancelling any other is 400: INVITATION_ALREADY_CLAIMED,
 * INVITATION_CANCELLED, or, for an expired one, EXPIRED (the catalogue's
 * only expiry code outside quotes and certificates). Only the creating
 * platform may cancel, whatever the status (403 FORBIDDEN). Anyone reads it.
 * Each state is reached through the API and the sandbox clock.
 */
import { expect } from 'vitest';
import { individual, makeSandbox, type Client } from '../helpers.js';
import { passes, refused, stateMatrix, type Answer, type StateTable } from './matrix.js';

const STATES = ['PENDING', 'CLAIMED', 'CANCELLED', 'EXPIRED'] as const;
type State = (typeof STATES)[number];
type Operation = 'read' | 'claim from another platform' | 'claim from its own platform' | 'cancel' | 'cancel from another platform';

/** Every way an invitation that is no longer PENDING answers a claim or a cancel. */
const closed = (code: string, status: State): Record<Operation, Answer> => ({
  read: passes(200, { status }),
  'claim from another platform': refused(400, code),
  'claim from its own platform': refused(400, code),
  cancel: refused(400, code),
  'cancel from another platform': refused(403, 'FORBIDDEN'),
});

const TABLE: StateTable<State, Operation> = {
  PENDING: {
    read: passes(200, { status: 'PENDING' }),
    'claim from another platform': passes(200, { status: 'CLAIMED', inviteeUma: '$bob@beta.example' }),
    'claim from its own platform': passes(200, { status: 'CLAIMED', inviteeUma: '$bob@beta.example' }),
    cancel: passes(200, { status: 'CANCELLED' }),
    'cancel from another platform': refused(403, 'FORBIDDEN'),
  },
  CLAIMED: closed('INVITATION_ALREADY_CLAIMED', 'CLAIMED'),
  CANCELLED: closed('INVITATION_CANCELLED', 'CANCELLED'),
  EXPIRED: closed('EXPIRED', 'EXPIRED'),
};

interface World {
  alpha: Client;
  beta: Client;
}

async function world(): Promise<World> {
  const sandbox = makeSandbox();
  const alpha = sandbox.client('platform-alpha', 'a');
  const beta = sandbox.client('platform-beta', 'b');
  expect((await alpha.post('/customers', individual({ umaAddress: '$alice@sandbox.uma.local' }))).status).toBe(201);
  return { alpha, beta };
}

const claim = (client: Client, code: string) => client.post(`/invitations/${code}/claim`, { inviteeUma: '$bob@beta.example' });

const reach = (state: State) => async ({ alpha, beta }: World): Promise<string> => {
  const now = Date.parse((await alpha.get('/__admin/clock')).body.now);
  const made = await alpha.post('/invitations', { inviterUma: '$alice@sandbox.uma.local', ...(state === 'EXPIRED' ? { expiresAt: new Date(now + 60_000).toISOString() } : {}) });
  expect(made.status).toBe(201);
  const code = made.body.code as string;
  if (state === 'CLAIMED') expect((await claim(beta, code)).status).toBe(200);
  if (state === 'CANCELLED') expect((await alpha.post(`/invitations/${code}/cancel`)).status).toBe(200);
  if (state === 'EXPIRED') expect((await alpha.post('/__admin/clock/advance', { seconds: 60 })).status).toBe(200);
  expect((await alpha.get(`/invitations/${code}`)).body.status).toBe(state);
  return code;
};

stateMatrix<World, string, State, Operation>('invitations', TABLE, {
  world,
  reach: { PENDING: reach('PENDING'), CLAIMED: reach('CLAIMED'), CANCELLED: reach('CANCELLED'), EXPIRED: reach('EXPIRED') },
  perform: {
    read: ({ beta }, code) => beta.get(`/invitations/${code}`),
    'claim from another platform': ({ beta }, code) => claim(beta, code),
    'claim from its own platform': ({ alpha }, code) => claim(alpha, code),
    cancel: ({ alpha }, code) => alpha.post(`/invitations/${code}/cancel`),
    'cancel from another platform': ({ beta }, code) => beta.post(`/invitations/${code}/cancel`),
  },
  moving: ['claim from another platform', 'claim from its own platform', 'cancel'],
});
