/**
 * Internal account status x every operation that status decides.
 *
 * The reference: an internal account is PENDING while provisioned, ACTIVE,
 * FROZEN on a compliance hold, FAILED when provisioning failed, CLOSED for
 * good; only an ACTIVE account sends or receives payments. The operations
 * that move money declare no 409, so a blocked one is 400 INVALID_INPUT
 * naming the field; a card can be issued only on an eligible funding source
 * (400 FUNDING_SOURCE_INELIGIBLE); a card authorization against a blocked
 * account is declined CARD_PAUSED (202, the decline's status). The status
 * itself is moved by the control plane (docs/account-statuses.md): any move
 * but out of CLOSED (409 INVALID_STATE_TRANSITION); the same status again
 * changes nothing (200). Every state here is reached through that route.
 *
 * The internal-account side of stablecoin mints and burns is in
 * stablecoins.test.ts (it uses the platform's accounts).
 */
import { expect } from 'vitest';
import { individual, makeSandbox, usdAccount, type Client } from '../helpers.js';
import { passes, refused, stateMatrix, type Answer, type StateTable } from './matrix.js';

const STATES = ['PENDING', 'ACTIVE', 'FROZEN', 'FAILED', 'CLOSED', 'ACTIVE again after FROZEN'] as const;
type State = (typeof STATES)[number];
type Operation =
  | 'fund'
  | 'quote source'
  | 'quote destination'
  | 'execute a quote made while ACTIVE'
  | 'transfer out'
  | 'transfer in'
  | 'card issue'
  | 'authorize on a card issued while ACTIVE';
type Move = 'freeze' | 'unfreeze' | 'close';

/** What every operation answers on an account that cannot move money. */
const BLOCKED: Record<Operation, Answer> = {
  fund: refused(400, 'INVALID_INPUT'),
  'quote source': refused(400, 'INVALID_INPUT'),
  'quote destination': refused(400, 'INVALID_INPUT'),
  'execute a quote made while ACTIVE': refused(400, 'INVALID_INPUT'),
  'transfer out': refused(400, 'INVALID_INPUT'),
  'transfer in': refused(400, 'INVALID_INPUT'),
  'card issue': refused(400, 'FUNDING_SOURCE_INELIGIBLE'),
  'authorize on a card issued while ACTIVE': passes(202, { declineReason: 'CARD_PAUSED', id: undefined }),
};

const ACTIVE: Record<Operation, Answer> = {
  fund: passes(200, { 'balance.amount': 100_100 }),
  'quote source': passes(201, { status: 'PENDING', 'source.accountId': 'self' }),
  'quote destination': passes(201, { status: 'PENDING' }),
  'execute a quote made while ACTIVE': passes(200, { status: 'COMPLETED' }),
  'transfer out': passes(201, { type: 'OUTGOING' }),
  'transfer in': passes(201, { type: 'INCOMING' }),
  'card issue': passes(201, { status: 'PROCESSING', form: 'VIRTUAL' }),
  'authorize on a card issued while ACTIVE': passes(200, { status: 'AUTHORIZED', declineReason: undefined }),
};

const TABLE: StateTable<State, Operation> = {
  PENDING: BLOCKED,
  ACTIVE,
  // A hold lifted lifts every block.
  'ACTIVE again after FROZEN': ACTIVE,
  FROZEN: BLOCKED,
  FAILED: BLOCKED,
  CLOSED: BLOCKED,
};

/** Any move but out of CLOSED (final); closing again is the same status, which changes nothing. */
const MOVABLE: Record<Move, Answer> = { freeze: passes(200, { status: 'FROZEN' }), unfreeze: passes(200, { status: 'ACTIVE' }), close: passes(200, { status: 'CLOSED' }) };

const MOVES: StateTable<State, Move> = {
  PENDING: MOVABLE,
  ACTIVE: MOVABLE,
  'ACTIVE again after FROZEN': MOVABLE,
  FROZEN: MOVABLE,
  FAILED: MOVABLE,
  CLOSED: { freeze: refused(409, 'INVALID_STATE_TRANSITION'), unfreeze: refused(409, 'INVALID_STATE_TRANSITION'), close: passes(200, { status: 'CLOSED' }) },
};

interface World {
  client: Client;
  /** A funded ACTIVE account of another customer: the far side of the quotes that pay into the account under test. */
  payer: string;
}

interface Subject {
  holder: string;
  account: string;
  bank: string;
  card: string;
  quote: string;
}

const quoteBody = (from: string, to: string) => ({ source: { sourceType: 'ACCOUNT', accountId: from }, destination: { destinationType: 'ACCOUNT', accountId: to }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 100, description: 'state matrix' });

const usdOf = async (client: Client, customerId: string) => (await client.get(`/customers/internal-accounts?customerId=${customerId}&currency=USD`)).body.data[0].id as string;

const setStatus = (client: Client, id: string, status: string) => client.post(`/__admin/internal-accounts/${id}/status`, { status });

async function world(): Promise<World> {
  const client = makeSandbox().client();
  expect((await client.patch('/config', { isRegulatedFinancialInstitution: true })).status).toBe(200);
  const payerId = (await client.post('/customers', individual({ fullName: 'Payer Person' }))).body.id as string;
  const payer = await usdOf(client, payerId);
  expect((await client.post(`/sandbox/internal-accounts/${payer}/fund`, { amount: 10_000_000 })).status).toBe(200);
  return { client, payer };
}

const moveTo = async (client: Client, account: string, status: State) => {
  for (const step of status === 'ACTIVE again after FROZEN' ? ['FROZEN', 'ACTIVE'] : status === 'ACTIVE' ? [] : [status]) {
    expect((await setStatus(client, account, step)).status).toBe(200);
  }
};

const newHolder = async (client: Client) => {
  const holder = (await client.post('/customers', individual({ fullName: 'State Person' }))).body.id as string;
  return { holder, account: await usdOf(client, holder) };
};

/** A customer's funded USD account with an ACTIVE card on it and a quote from it, all made while ACTIVE, then moved to `status`. */
function reach(status: State) {
  return async ({ client }: World): Promise<Subject> => {
    const { holder, account } = await newHolder(client);
    const bank = (await client.post('/customers/external-accounts', usdAccount(holder, '000123456000'))).body.id as string;
    expect((await client.post(`/sandbox/internal-accounts/${account}/fund`, { amount: 100_000 })).status).toBe(200);
    const card = (await client.post('/cards', { customerId: holder, form: 'VIRTUAL', fundingSource: account })).body.id as string;
    expect((await client.post('/__admin/clock/advance', { seconds: 5 })).status).toBe(200);
    expect((await client.get(`/cards/${card}`)).body.status).toBe('ACTIVE');
    const quote = (await client.post('/quotes', quoteBody(account, bank))).body.id as string;
    await moveTo(client, account, status);
    return { holder, account, bank, card, quote };
  };
}

stateMatrix<World, Subject, State, Operation>('internal accounts', TABLE, {
  world,
  reach: Object.fromEntries(STATES.map((s) => [s, reach(s)])) as Record<State, (w: World) => Promise<Subject>>,
  perform: {
    fund: ({ client }, s) => client.post(`/sandbox/internal-accounts/${s.account}/fund`, { amount: 100 }),
    'quote source': async ({ client }, s) => {
      const res = await client.post('/quotes', quoteBody(s.account, s.bank));
      // The key field, made comparable: the quote is drawn on this account.
      if (res.body?.source?.accountId === s.account) res.body.source.accountId = 'self';
      return res;
    },
    'quote destination': ({ client, payer }, s) => client.post('/quotes', quoteBody(payer, s.account)),
    'execute a quote made while ACTIVE': ({ client }, s) => client.post(`/quotes/${s.quote}/execute`),
    'transfer out': ({ client }, s) => client.post('/transfer-out', { source: { accountId: s.account }, destination: { accountId: s.bank }, amount: 100 }),
    'transfer in': ({ client }, s) => client.post('/transfer-in', { source: { accountId: s.bank }, destination: { accountId: s.account }, amount: 100 }),
    'card issue': ({ client }, s) => client.post('/cards', { customerId: s.holder, form: 'VIRTUAL', fundingSource: s.account }),
    'authorize on a card issued while ACTIVE': ({ client }, s) =>
      client.post(`/sandbox/cards/${s.card}/simulate/authorization`, { amount: 100, currency: { code: 'USD' }, merchant: { descriptor: 'STATE SHOP', mcc: '5814', country: 'US' } }),
  },
});

/** The moves themselves need only the account: a new customer's, moved to the state. */
stateMatrix<World, string, State, Move>('internal account status moves', MOVES, {
  world,
  reach: Object.fromEntries(
    STATES.map((state) => [
      state,
      async ({ client }: World) => {
        const { account } = await newHolder(client);
        await moveTo(client, account, state);
        return account;
      },
    ]),
  ) as Record<State, (w: World) => Promise<string>>,
  perform: {
    freeze: ({ client }, account) => setStatus(client, account, 'FROZEN'),
    unfreeze: ({ client }, account) => setStatus(client, account, 'ACTIVE'),
    close: ({ client }, account) => setStatus(client, account, 'CLOSED'),
  },
  moving: ['freeze', 'unfreeze', 'close'],
});
