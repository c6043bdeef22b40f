/**
 * A customer live or deleted x every customer-scoped operation.
 *
 * The reference: DELETE /customers/{id} deletes for good; the customer
 * stays readable (isDeleted true) and its internal accounts close. Acting on
 * it through its own path is then 410 CUSTOMER_DELETED (a second DELETE
 * too); naming it in a request body (customerId of a card, an external
 * account, an agent) is 400 INVALID_INPUT naming the field; its accounts are
 * CLOSED, so they move no money (400 INVALID_INPUT, see the internal-account
 * table); its UMA address no longer invites or receives.
 */
import { expect } from 'vitest';
import { individual, makeSandbox, usdAccount, type Client } from '../helpers.js';
import { policy } from '../agents/helpers.js';
import { passes, refused, stateMatrix, type Answer, type StateTable } from './matrix.js';

type State = 'LIVE' | 'DELETED';
type Operation =
  | 'read it'
  | 'update it'
  | 'delete it'
  | 'list its accounts'
  | 'fund its account'
  | 'quote from its account'
  | 'add an external account for it'
  | 'issue a card to it'
  | 'create an agent for it'
  | 'start a KYC link'
  | 'submit a verification'
  | 'invite from its UMA address'
  | 'look up its UMA address';

const GONE = refused(410, 'CUSTOMER_DELETED');
const NAMED_IN_BODY = refused(400, 'INVALID_INPUT');

const TABLE: StateTable<State, Operation> = {
  LIVE: {
    'read it': passes(200, { isDeleted: false }),
    'update it': passes(200, { fullName: 'Renamed Person' }),
    'delete it': passes(200, { isDeleted: true }),
    'list its accounts': passes(200, { 'data.0.status': 'ACTIVE' }),
    'fund its account': passes(200, { 'balance.amount': 100 }),
    'quote from its account': passes(201, { status: 'PENDING' }),
    'add an external account for it': passes(201, { status: 'ACTIVE' }),
    'issue a card to it': passes(201, { status: 'PROCESSING' }),
    'create an agent for it': passes(201, { 'agent.isPaused': false }),
    // An APPROVED customer (a regulated platform resolves the suffix at creation): the status is final (spec), 400,
    // for a hosted link as for a submission (both paths make the same transitions).
    'start a KYC link': refused(400, 'INVALID_INPUT'),
    'submit a verification': refused(400, 'INVALID_INPUT'),
    'invite from its UMA address': passes(201, { status: 'PENDING' }),
    'look up its UMA address': passes(200, { receiverUmaAddress: 'self' }),
  },
  DELETED: {
    'read it': passes(200, { isDeleted: true }),
    'update it': GONE,
    'delete it': GONE,
    'list its accounts': passes(200, { 'data.0.status': 'CLOSED' }),
    'fund its account': refused(400, 'INVALID_INPUT'),
    'quote from its account': refused(400, 'INVALID_INPUT'),
    'add an external account for it': NAMED_IN_BODY,
    'issue a card to it': NAMED_IN_BODY,
    'create an agent for it': NAMED_IN_BODY,
    'start a KYC link': GONE,
    'submit a verification': GONE,
    'invite from its UMA address': refused(400, 'INVALID_UMA_ADDRESS'),
    'look up its UMA address': refused(404, 'UMA_NOT_FOUND'),
  } satisfies Record<Operation, Answer>,
};

interface World {
  client: Client;
  /** Another customer's funded account and its payee: the sender in lookups. */
  payer: string;
}

interface Person {
  id: string;
  account: string;
  bank: string;
  uma: string;
}

async function world(): Promise<World> {
  const client = makeSandbox().client();
  expect((await client.patch('/config', { isRegulatedFinancialInstitution: true, invitationsEnabled: true })).status).toBe(200);
  const payer = (await client.post('/customers', individual({ fullName: 'Payer Person' }))).body.id as string;
  return { client, payer };
}

let people = 0;

const reach = (state: State) => async ({ client }: World): Promise<Person> => {
  const n = ++people;
  const created = await client.post('/customers', individual({ fullName: 'State Person', umaAddress: `$person${n}@sandbox.uma.local` }));
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const account = (await client.get(`/customers/internal-accounts?customerId=${id}&currency=USD`)).body.data[0].id as string;
  expect((await client.post(`/sandbox/internal-accounts/${account}/fund`, { amount: 10_000 })).status).toBe(200);
  const bank = (await client.post('/customers/external-accounts', usdAccount(id, `55500${n}000`))).body.id as string;
  if (state === 'DELETED') expect((await client.delete(`/customers/${id}`)).status).toBe(200);
  return { id, account, bank, uma: created.body.umaAddress };
};

stateMatrix<World, Person, State, Operation>('customers deleted', TABLE, {
  world,
  reach: { LIVE: reach('LIVE'), DELETED: reach('DELETED') },
  perform: {
    'read it': ({ client }, p) => client.get(`/customers/${p.id}`),
    'update it': ({ client }, p) => client.patch(`/customers/${p.id}`, { customerType: 'INDIVIDUAL', fullName: 'Renamed Person' }),
    'delete it': ({ client }, p) => client.delete(`/customers/${p.id}`),
    'list its accounts': ({ client }, p) => client.get(`/customers/internal-accounts?customerId=${p.id}&currency=USD`),
    'fund its account': async ({ client }, p) => {
      const res = await client.post(`/sandbox/internal-accounts/${p.account}/fund`, { amount: 100 });
      // The key field, relative to what the account held.
      if (res.status === 200) res.body.balance.amount -= 10_000;
      return res;
    },
    'quote from its account': ({ client }, p) =>
      client.post('/quotes', { source: { sourceType: 'ACCOUNT', accountId: p.account }, destination: { destinationType: 'ACCOUNT', accountId: p.bank }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 100 }),
    'add an external account for it': ({ client }, p) => client.post('/customers/external-accounts', usdAccount(p.id, `66600${people}999`)),
    'issue a card to it': ({ client }, p) => client.post('/cards', { customerId: p.id, form: 'VIRTUAL', fundingSource: p.account }),
    'create an agent for it': ({ client }, p) => client.post('/agents', { name: 'State bot', customerId: p.id, policy: policy() }),
    'start a KYC link': ({ client }, p) => client.post(`/customers/${p.id}/kyc-link`),
    'submit a verification': ({ client }, p) => client.post('/verifications', { customerId: p.id }),
    'invite from its UMA address': ({ client }, p) => client.post('/invitations', { inviterUma: p.uma }),
    'look up its UMA address': async ({ client, payer }, p) => {
      const res = await client.get(`/receiver/uma/${encodeURIComponent(p.uma)}?customerId=${payer}`);
      if (res.body?.receiverUmaAddress === p.uma) res.body.receiverUmaAddress = 'self';
      return res;
    },
  },
  moving: ['update it', 'delete it', 'fund its account'],
});
