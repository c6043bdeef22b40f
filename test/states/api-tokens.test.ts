/**
 * API token state x using it.
 *
 * The reference: a platform's API token authenticates with its client id
 * and secret (Basic) until the platform deletes it; from then on every use
 * is 401 UNAUTHORIZED ("issue with API credentials"), and the token itself
 * is gone for the platform too (404 TOKEN_NOT_FOUND on read and on a second
 * delete). A live token is let through to what its permissions allow.
 */
import { expect } from 'vitest';
import { individual, makeSandbox, type Client } from '../helpers.js';
import { passes, refused, stateMatrix, type Answer, type StateTable } from './matrix.js';

type State = 'ACTIVE' | 'DELETED';
type Operation = 'read with it' | 'create a customer with it' | 'fund with it' | 'the platform reads it' | 'the platform deletes it';

const UNAUTHORIZED = refused(401, 'UNAUTHORIZED');

const TABLE: StateTable<State, Operation> = {
  ACTIVE: {
    'read with it': passes(200, { fullName: 'Token Holder' }),
    'create a customer with it': passes(201, { customerType: 'INDIVIDUAL', fullName: 'Token Made' }),
    'fund with it': passes(200, { 'balance.amount': 100 }),
    'the platform reads it': passes(200, { name: 'state matrix', permissions: ['VIEW', 'TRANSACT', 'MANAGE'] }),
    'the platform deletes it': passes(204),
  },
  DELETED: {
    'read with it': UNAUTHORIZED,
    'create a customer with it': UNAUTHORIZED,
    'fund with it': UNAUTHORIZED,
    'the platform reads it': refused(404, 'TOKEN_NOT_FOUND'),
    'the platform deletes it': refused(404, 'TOKEN_NOT_FOUND'),
  } satisfies Record<Operation, Answer>,
};

interface World {
  sandbox: ReturnType<typeof makeSandbox>;
  platform: Client;
  holder: string;
}

interface Token {
  id: string;
  as: Client;
  /** A fresh, empty USD account to fund. */
  account: string;
}

async function world(): Promise<World> {
  const sandbox = makeSandbox();
  const platform = sandbox.client();
  const holder = (await platform.post('/customers', individual({ fullName: 'Token Holder' }))).body.id as string;
  return { sandbox, platform, holder };
}

const reach = (state: State) => async ({ sandbox, platform }: World): Promise<Token> => {
  const made = await platform.post('/tokens', { name: 'state matrix', permissions: ['VIEW', 'TRANSACT', 'MANAGE'] });
  expect(made.status).toBe(201);
  const customer = (await platform.post('/customers', individual({ fullName: 'Funded Person' }))).body.id as string;
  const account = (await platform.get(`/customers/internal-accounts?customerId=${customer}&currency=USD`)).body.data[0].id as string;
  if (state === 'DELETED') expect((await platform.delete(`/tokens/${made.body.id}`)).status).toBe(204);
  return { id: made.body.id, as: sandbox.client(made.body.clientId, made.body.clientSecret), account };
};

stateMatrix<World, Token, State, Operation>('API tokens', TABLE, {
  world,
  reach: { ACTIVE: reach('ACTIVE'), DELETED: reach('DELETED') },
  perform: {
    'read with it': ({ holder }, token) => token.as.get(`/customers/${holder}`),
    'create a customer with it': (_, token) => token.as.post('/customers', individual({ fullName: 'Token Made' })),
    'fund with it': (_, token) => token.as.post(`/sandbox/internal-accounts/${token.account}/fund`, { amount: 100 }),
    'the platform reads it': ({ platform }, token) => platform.get(`/tokens/${token.id}`),
    'the platform deletes it': ({ platform }, token) => platform.delete(`/tokens/${token.id}`),
  },
  moving: ['fund with it', 'the platform deletes it'],
});
