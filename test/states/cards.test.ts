/**
 * Card status x every card operation.
 *
 * The spec: a card is issued PROCESSING and becomes ACTIVE when activation
 * completes. The reference (FACTS C8, PATCH /cards/{id}): freeze, unfreeze
 * and close are PATCH status ACTIVE | FROZEN | CLOSED; the allowed moves are
 * ACTIVE <-> FROZEN and ACTIVE | FROZEN -> CLOSED, anything else 409
 * INVALID_STATE_TRANSITION; closing a CLOSED card 409 CARD_ALREADY_CLOSED;
 * any other change to a CLOSED card 409 CARD_NOT_MUTABLE. Only an ACTIVE card
 * spends: a network message on any other is declined CARD_PAUSED (202, the
 * decline's status; no transaction). The number is revealed for an ACTIVE or
 * FROZEN card; a card still PROCESSING has none yet and a CLOSED one none
 * any more (403 FORBIDDEN: the only refusal reveal declares besides 404).
 * Each state is reached through the API: issue (PROCESSING), the clock's
 * 5 s activation (ACTIVE), PATCH (FROZEN, CLOSED).
 */
import { expect } from 'vitest';
import { individual, makeSandbox, type Client } from '../helpers.js';
import { passes, refused, stateMatrix, type Answer, type StateTable } from './matrix.js';

const STATES = ['PROCESSING', 'ACTIVE', 'FROZEN', 'CLOSED'] as const;
type State = (typeof STATES)[number];
type Operation = 'freeze' | 'unfreeze' | 'close' | 'set a spend limit' | 'reveal' | 'simulate authorization' | 'simulate financial authorization';

const DECLINED: Answer = passes(202, { declineReason: 'CARD_PAUSED', id: undefined });

const TABLE: StateTable<State, Operation> = {
  PROCESSING: {
    freeze: refused(409, 'INVALID_STATE_TRANSITION'),
    unfreeze: refused(409, 'INVALID_STATE_TRANSITION'),
    close: refused(409, 'INVALID_STATE_TRANSITION'),
    'set a spend limit': passes(200, { status: 'PROCESSING', maxSpendPerTransaction: 5_000 }),
    reveal: refused(403, 'FORBIDDEN'),
    'simulate authorization': DECLINED,
    'simulate financial authorization': DECLINED,
  },
  ACTIVE: {
    freeze: passes(200, { status: 'FROZEN' }),
    // The reference allows ACTIVE <-> FROZEN and ACTIVE | FROZEN -> CLOSED, "any other transition" is 409: the same status again too.
    unfreeze: refused(409, 'INVALID_STATE_TRANSITION'),
    close: passes(200, { status: 'CLOSED', statusReason: 'CLOSED_BY_PLATFORM' }),
    'set a spend limit': passes(200, { status: 'ACTIVE', maxSpendPerTransaction: 5_000 }),
    reveal: passes(200, { panEmbedUrl: expect.any(String) }),
    'simulate authorization': passes(200, { status: 'AUTHORIZED', authorizedAmount: 100 }),
    'simulate financial authorization': passes(202, { status: 'SETTLED', declineReason: undefined }),
  },
  FROZEN: {
    freeze: refused(409, 'INVALID_STATE_TRANSITION'),
    unfreeze: passes(200, { status: 'ACTIVE' }),
    close: passes(200, { status: 'CLOSED', statusReason: 'CLOSED_BY_PLATFORM' }),
    'set a spend limit': passes(200, { status: 'FROZEN', maxSpendPerTransaction: 5_000 }),
    reveal: passes(200, { panEmbedUrl: expect.any(String) }),
    'simulate authorization': DECLINED,
    'simulate financial authorization': DECLINED,
  },
  CLOSED: {
    freeze: refused(409, 'INVALID_STATE_TRANSITION'),
    unfreeze: refused(409, 'INVALID_STATE_TRANSITION'),
    close: refused(409, 'CARD_ALREADY_CLOSED'),
    'set a spend limit': refused(409, 'CARD_NOT_MUTABLE'),
    reveal: refused(403, 'FORBIDDEN'),
    'simulate authorization': DECLINED,
    'simulate financial authorization': DECLINED,
  },
};

interface World {
  client: Client;
  holder: string;
  account: string;
}

async function world(): Promise<World> {
  const client = makeSandbox().client();
  expect((await client.patch('/config', { isRegulatedFinancialInstitution: true })).status).toBe(200);
  const holder = (await client.post('/customers', individual({ fullName: 'Card Holder' }))).body.id as string;
  const account = (await client.get(`/customers/internal-accounts?customerId=${holder}&currency=USD`)).body.data[0].id as string;
  expect((await client.post(`/sandbox/internal-accounts/${account}/fund`, { amount: 10_000_000 })).status).toBe(200);
  return { client, holder, account };
}

/** The moves from a new card to each state. */
const PATH: Record<State, Array<'ACTIVATE' | 'FROZEN' | 'CLOSED'>> = { PROCESSING: [], ACTIVE: ['ACTIVATE'], FROZEN: ['ACTIVATE', 'FROZEN'], CLOSED: ['ACTIVATE', 'CLOSED'] };

/** A PROCESSING card is activated by the next clock advance: that row's shared card is made and used before any other reach advances the clock. */
const reach = (state: State) => async ({ client, holder, account }: World): Promise<string> => {
  const card = await client.post('/cards', { customerId: holder, form: 'VIRTUAL', fundingSource: account });
  expect(card.status).toBe(201);
  for (const step of PATH[state]) {
    if (step === 'ACTIVATE') expect((await client.post('/__admin/clock/advance', { seconds: 5 })).status).toBe(200);
    else expect((await client.patch(`/cards/${card.body.id}`, { status: step })).status).toBe(200);
  }
  expect((await client.get(`/cards/${card.body.id}`)).body.status).toBe(state);
  return card.body.id;
};

const spend = { amount: 100, currency: { code: 'USD' }, merchant: { descriptor: 'STATE SHOP', mcc: '5814', country: 'US' } };

stateMatrix<World, string, State, Operation>('cards', TABLE, {
  world,
  reach: { PROCESSING: reach('PROCESSING'), ACTIVE: reach('ACTIVE'), FROZEN: reach('FROZEN'), CLOSED: reach('CLOSED') },
  perform: {
    freeze: ({ client }, card) => client.patch(`/cards/${card}`, { status: 'FROZEN' }),
    unfreeze: ({ client }, card) => client.patch(`/cards/${card}`, { status: 'ACTIVE' }),
    close: ({ client }, card) => client.patch(`/cards/${card}`, { status: 'CLOSED' }),
    'set a spend limit': ({ client }, card) => client.patch(`/cards/${card}`, { maxSpendPerTransaction: 5_000 }),
    reveal: ({ client }, card) => client.post(`/cards/${card}/reveal`),
    'simulate authorization': ({ client }, card) => client.post(`/sandbox/cards/${card}/simulate/authorization`, spend),
    'simulate financial authorization': ({ client }, card) => client.post(`/sandbox/cards/${card}/simulate/financial_authorization`, spend),
  },
  moving: ['freeze', 'unfreeze', 'close', 'set a spend limit'],
});
