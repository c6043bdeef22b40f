/**
 * External account status x what a client does with the account.
 *
 * The spec and the reference: a FIRST_PARTY self-custody wallet on a
 * platform with counterparty requirements starts PENDING_OWNERSHIP_VERIFICATION;
 * a failed attempt makes it UNVERIFIED; a new challenge takes it back to
 * PENDING_OWNERSHIP_VERIFICATION; a good signature makes it ACTIVE. Until its
 * ownership is verified, transfers below the regulatory threshold are still
 * allowed (paying 1.00 USD passes) and larger ones are refused (400
 * EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED). An account UNDER_REVIEW or
 * INACTIVE is paid nothing (400 INVALID_INPUT naming the account). A review (control plane,
 * docs/account-statuses.md) sets UNDER_REVIEW, INACTIVE or ACTIVE, but never
 * for an unproven wallet (409 INVALID_STATE_TRANSITION: only its challenge
 * gets it out); a challenge applies only to an unproven wallet (409 CONFLICT,
 * a resource-state conflict). Deleting works in any status.
 *
 * Every state but PENDING is reached through the API: the platform's
 * travel-rule config, real EIP-191 signatures (viem) good and bad, the review
 * route. PENDING is in the spec's and the reference's list of statuses, but
 * no path of the API or the control plane moves an account into it, and
 * neither says what it blocks: a proven wallet is put in it the way a stored
 * account of that status would exist, through PUT /__admin/snapshot, and its
 * row pins what the sandbox does with it: like UNDER_REVIEW and INACTIVE
 * it is paid nothing (decision 0012) and a review moves it, and a
 * challenge is refused since only an unproven wallet takes one.
 */
import { expect } from 'vitest';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { plainWalletAccount } from '../support/wallets.js';
import { individual, makeSandbox, type Client } from '../helpers.js';
import { passes, refused, stateMatrix, type Answer, type StateTable } from './matrix.js';
import { travelRuleConfig } from '../support/travel-rule.js';

const STATES = ['PENDING_OWNERSHIP_VERIFICATION', 'UNVERIFIED', 'ACTIVE', 'UNDER_REVIEW', 'INACTIVE', 'PENDING'] as const;
type State = (typeof STATES)[number];
type Operation = 'pay it 1.00 USD' | 'pay it 2,000.00 USD' | 'review: ACTIVE' | 'review: UNDER_REVIEW' | 'review: INACTIVE' | 'start a challenge' | 'delete';

const UNPROVEN: Record<Operation, Answer> = {
  'pay it 1.00 USD': passes(200, { status: 'COMPLETED' }),
  'pay it 2,000.00 USD': refused(400, 'EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED'),
  'review: ACTIVE': refused(409, 'INVALID_STATE_TRANSITION'),
  'review: UNDER_REVIEW': refused(409, 'INVALID_STATE_TRANSITION'),
  'review: INACTIVE': refused(409, 'INVALID_STATE_TRANSITION'),
  'start a challenge': passes(201, { method: 'WALLET_SIGNATURE' }),
  delete: passes(204),
};

const NOT_PAYABLE = refused(400, 'INVALID_INPUT');

/** A proven wallet: paid without the cap, reviewed freely, no challenge. */
const proven = (overrides: Partial<Record<Operation, Answer>> = {}): Record<Operation, Answer> => ({
  'pay it 1.00 USD': passes(200, { status: 'COMPLETED' }),
  'pay it 2,000.00 USD': passes(200, { status: 'COMPLETED' }),
  'review: ACTIVE': passes(200, { status: 'ACTIVE' }),
  'review: UNDER_REVIEW': passes(200, { status: 'UNDER_REVIEW' }),
  'review: INACTIVE': passes(200, { status: 'INACTIVE' }),
  'start a challenge': refused(409, 'CONFLICT'),
  delete: passes(204),
  ...overrides,
});

const TABLE: StateTable<State, Operation> = {
  PENDING_OWNERSHIP_VERIFICATION: UNPROVEN,
  UNVERIFIED: UNPROVEN,
  ACTIVE: proven(),
  // The reference: an account under review is not yet active, an INACTIVE one is not active, a PENDING one is still
  // being provisioned; as for an internal account that is not ACTIVE, a payment to it is refused naming the field
  // (400, no 409 on quotes; decision 0012). A review still moves it.
  UNDER_REVIEW: proven({ 'pay it 1.00 USD': NOT_PAYABLE, 'pay it 2,000.00 USD': NOT_PAYABLE }),
  INACTIVE: proven({ 'pay it 1.00 USD': NOT_PAYABLE, 'pay it 2,000.00 USD': NOT_PAYABLE }),
  PENDING: proven({ 'pay it 1.00 USD': NOT_PAYABLE, 'pay it 2,000.00 USD': NOT_PAYABLE }),
};

/** Counterparty requirements on USDC (the counterparty's name): a FIRST_PARTY wallet must prove its ownership. */
const TRAVEL_RULE = travelRuleConfig('USDC');

interface World {
  client: Client;
  customerId: string;
  usd: string;
}

interface Wallet {
  id: string;
  owner: PrivateKeyAccount;
}

async function world(): Promise<World> {
  const client = makeSandbox().client();
  expect((await client.patch('/config', TRAVEL_RULE)).status).toBe(200);
  const customerId = (await client.post('/customers', individual())).body.id as string;
  const usd = (await client.get(`/customers/internal-accounts?customerId=${customerId}&currency=USD`)).body.data[0].id as string;
  expect((await client.post(`/sandbox/internal-accounts/${usd}/fund`, { amount: 100_000_000 })).status).toBe(200);
  return { client, customerId, usd };
}

const challenge = async (client: Client, id: string) => {
  const res = await client.post(`/customers/external-accounts/${id}/challenge`, { method: 'WALLET_SIGNATURE' });
  expect(res.status).toBe(201);
  return res.body.messageToSign as string;
};

const verify = (client: Client, id: string, signer: PrivateKeyAccount, message: string) =>
  signer.signMessage({ message }).then((signature) => client.post(`/customers/external-accounts/${id}/verify`, { signature }));

/** The tenant restored from its own snapshot with account `id` in `status` (a status no route gives). */
async function restoredWithStatus(client: Client, id: string, status: State) {
  const snapshot = (await client.get('/__admin/snapshot')).body;
  snapshot.externalAccounts[id].status = status;
  expect((await client.call('PUT', '/__admin/snapshot', snapshot)).status).toBe(200);
}

const reach = (state: State) => async ({ client, customerId }: World): Promise<Wallet> => {
  const owner = plainWalletAccount();
  const created = await client.post('/customers/external-accounts', { customerId, currency: 'USDC', ownershipType: 'FIRST_PARTY', accountInfo: { accountType: 'ETHEREUM_WALLET', address: owner.address } });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  if (state === 'UNVERIFIED') expect((await verify(client, id, privateKeyToAccount(generatePrivateKey()), await challenge(client, id))).status).toBe(400);
  if (state !== 'PENDING_OWNERSHIP_VERIFICATION' && state !== 'UNVERIFIED') {
    expect((await verify(client, id, owner, await challenge(client, id))).status).toBe(200);
    if (state === 'PENDING') await restoredWithStatus(client, id, state);
    else if (state !== 'ACTIVE') expect((await client.post(`/__admin/external-accounts/${id}/status`, { status: state })).status).toBe(200);
  }
  expect((await client.get(`/customers/external-accounts/${id}`)).body.status).toBe(state);
  return { id, owner };
};

/** A quote to the wallet, executed: the transfer the threshold is about (a quote itself moves nothing). */
async function pay({ client, usd }: World, to: string, cents: number) {
  const quote = await client.post('/quotes', { source: { sourceType: 'ACCOUNT', accountId: usd }, destination: { destinationType: 'ACCOUNT', accountId: to }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: cents, description: 'state matrix' });
  // An account that is paid nothing is refused at the quote already.
  if (quote.status !== 201) return quote;
  return client.post(`/quotes/${quote.body.id}/execute`);
}

const review = (status: string) => ({ client }: World, wallet: Wallet) => client.post(`/__admin/external-accounts/${wallet.id}/status`, { status });

stateMatrix<World, Wallet, State, Operation>('external accounts', TABLE, {
  world,
  reach: Object.fromEntries(STATES.map((s) => [s, reach(s)])) as Record<State, (w: World) => Promise<Wallet>>,
  perform: {
    'pay it 1.00 USD': (w, wallet) => pay(w, wallet.id, 100),
    'pay it 2,000.00 USD': (w, wallet) => pay(w, wallet.id, 200_000),
    'review: ACTIVE': review('ACTIVE'),
    'review: UNDER_REVIEW': review('UNDER_REVIEW'),
    'review: INACTIVE': review('INACTIVE'),
    'start a challenge': ({ client }, wallet) => client.post(`/customers/external-accounts/${wallet.id}/challenge`, { method: 'WALLET_SIGNATURE' }),
    delete: ({ client }, wallet) => client.delete(`/customers/external-accounts/${wallet.id}`),
  },
  moving: ['review: ACTIVE', 'review: UNDER_REVIEW', 'review: INACTIVE', 'start a challenge', 'delete'],
});
