/**
 * Stablecoin operations: the operation's status x what can be done to it,
 * and the status of the platform's internal account x the mints it funds
 * and the burns held from it.
 *
 * A mint funded by wire waits PENDING_FUNDING until its wire arrives (the
 * sandbox's fund route), then is PROCESSING and COMPLETED once settled; it
 * EXPIRES when its funding window closes; a debit from a bank account is
 * with the provider (PENDING_PROVIDER) or FAILED at once by the account's
 * suffix. Only an operation waiting for funds takes them: any other is 409
 * INVALID_STATE_TRANSITION. Every status stays readable.
 *
 * An internal account takes part in a mint or a burn only while ACTIVE
 * (the reference: only an ACTIVE account moves money): otherwise a mint is
 * 400 INVALID_INPUT naming the field, and a burn 400
 * STABLECOIN_BURN_SOURCE_NOT_SUPPORTED (the spec's code for a burn source
 * unusable for the operation); nothing is held.
 */
import { expect } from 'vitest';
import { stablecoinSandbox, tokenId, type StablecoinBox } from '../stablecoins/helpers.js';
import { passes, refused, stateMatrix, type Answer, type StateTable } from './matrix.js';

const wire = { type: 'WIRE' };

// --- The operation's status x its actions ---

const OPERATION_STATES = ['PENDING_FUNDING', 'PENDING_PROVIDER', 'FAILED', 'PROCESSING', 'COMPLETED', 'EXPIRED'] as const;
type OperationState = (typeof OPERATION_STATES)[number];
type OperationAction = 'fund it' | 'read it';

const TAKES_NO_FUNDS = refused(409, 'INVALID_STATE_TRANSITION');

const OPERATIONS: StateTable<OperationState, OperationAction> = {
  PENDING_FUNDING: { 'fund it': passes(200, { status: 'PROCESSING' }), 'read it': passes(200, { status: 'PENDING_FUNDING' }) },
  PENDING_PROVIDER: { 'fund it': TAKES_NO_FUNDS, 'read it': passes(200, { status: 'PENDING_PROVIDER' }) },
  FAILED: { 'fund it': TAKES_NO_FUNDS, 'read it': passes(200, { status: 'FAILED', failureReason: 'FUNDING_ACCOUNT_CLOSED_OR_INVALID' }) },
  PROCESSING: { 'fund it': TAKES_NO_FUNDS, 'read it': passes(200, { status: 'PROCESSING' }) },
  COMPLETED: { 'fund it': TAKES_NO_FUNDS, 'read it': passes(200, { status: 'COMPLETED' }) },
  // Last: reaching it moves the clock past every funding window.
  EXPIRED: { 'fund it': TAKES_NO_FUNDS, 'read it': passes(200, { status: 'EXPIRED' }) },
};

interface MintWorld {
  box: StablecoinBox;
  stablecoinId: string;
  spark: string;
}

async function mintWorld(): Promise<MintWorld> {
  const box = stablecoinSandbox();
  const stablecoin = await box.enabledStablecoin();
  return { box, stablecoinId: stablecoin.id, spark: await box.sparkWallet() };
}

const mintTo = async ({ box, stablecoinId, spark }: MintWorld, fundingSource: Record<string, unknown>): Promise<string> => {
  const res = await box.mint(stablecoinId, { amount: '1000000', fundingSource, destination: { accountId: spark } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
};

const REACH_OPERATION: Record<OperationState, (w: MintWorld) => Promise<string>> = {
  PENDING_FUNDING: (w) => mintTo(w, wire),
  PENDING_PROVIDER: async (w) => mintTo(w, { type: 'ACH_DEBIT', externalAccountId: await w.box.usdBank('000') }),
  FAILED: async (w) => mintTo(w, { type: 'ACH_DEBIT', externalAccountId: await w.box.usdBank('003') }),
  PROCESSING: async (w) => {
    const id = await mintTo(w, wire);
    expect((await w.box.fund(id)).status).toBe(200);
    return id;
  },
  COMPLETED: async (w) => {
    const id = await REACH_OPERATION.PROCESSING(w);
    await w.box.advance(30);
    return id;
  },
  EXPIRED: async (w) => {
    const id = await mintTo(w, wire);
    await w.box.advance(7 * 86_400);
    return id;
  },
};

stateMatrix<MintWorld, string, OperationState, OperationAction>('stablecoin operations', OPERATIONS, {
  world: mintWorld,
  // Each reach checks it got there.
  reach: Object.fromEntries(
    OPERATION_STATES.map((state) => [
      state,
      async (w: MintWorld) => {
        const id = await REACH_OPERATION[state](w);
        expect(await w.box.status(id)).toBe(state);
        return id;
      },
    ]),
  ) as Record<OperationState, (w: MintWorld) => Promise<string>>,
  perform: {
    'fund it': ({ box }, id) => box.fund(id),
    'read it': ({ box }, id) => box.operation(id),
  },
  moving: ['fund it'],
});

// --- The platform's internal account status x the mints and burns that use it ---

const ACCOUNT_STATES = ['ACTIVE', 'PENDING', 'FROZEN', 'FAILED', 'CLOSED'] as const;
type AccountState = (typeof ACCOUNT_STATES)[number];
type AccountUse = 'mint funded by its USD account' | 'burn held from its ACME account';

const NOT_ACTIVE: Record<AccountUse, Answer> = {
  'mint funded by its USD account': refused(400, 'INVALID_INPUT'),
  // The spec's code for a burn source account unusable for the operation.
  'burn held from its ACME account': refused(400, 'STABLECOIN_BURN_SOURCE_NOT_SUPPORTED'),
};

const ACCOUNTS: StateTable<AccountState, AccountUse> = {
  ACTIVE: {
    'mint funded by its USD account': passes(201, { status: 'PROCESSING', 'source.type': 'SERVICE_INTERNAL_ACCOUNT' }),
    'burn held from its ACME account': passes(201, { status: 'PROCESSING', 'source.type': 'SERVICE_INTERNAL_ACCOUNT' }),
  },
  PENDING: NOT_ACTIVE,
  FROZEN: NOT_ACTIVE,
  FAILED: NOT_ACTIVE,
  CLOSED: NOT_ACTIVE,
};

interface Platform {
  box: StablecoinBox;
  stablecoinId: string;
  usd: string;
  acme: string;
  bank: string;
}

/**
 * The platform's accounts are one per currency, so each state has a sandbox
 * of its own: an enabled stablecoin, 10.00 USD and 10.00 ACME on the
 * platform's accounts, both then moved to the state.
 */
const reachAccounts = (state: AccountState) => async (): Promise<Platform> => {
  const box = stablecoinSandbox();
  const stablecoin = await box.enabledStablecoin();
  const usd = (await box.platformAccount('USD')).id;
  const acme = (await box.platformAccount('ACME')).id;
  expect((await box.client.post(`/sandbox/internal-accounts/${usd}/fund`, { amount: 1_000 })).status).toBe(200);
  const stock = await box.mint(stablecoin.id, { amount: '10000000', fundingSource: { type: 'PROVIDER_INTERNAL_BALANCE', sourceTokenIdentifier: 'USDC', cryptoNetwork: 'SOLANA' }, destination: { accountId: acme } });
  expect(stock.status).toBe(201);
  await box.advance(35);
  expect(await box.status(stock.body.id)).toBe('COMPLETED');
  if (state !== 'ACTIVE') {
    for (const id of [usd, acme]) expect((await box.client.post(`/__admin/internal-accounts/${id}/status`, { status: state })).status).toBe(200);
  }
  return { box, stablecoinId: stablecoin.id, usd, acme, bank: await box.usdBank() };
};

stateMatrix<void, Platform, AccountState, AccountUse>('stablecoins x internal account status', ACCOUNTS, {
  world: async () => undefined,
  reach: Object.fromEntries(ACCOUNT_STATES.map((s) => [s, reachAccounts(s)])) as Record<AccountState, () => Promise<Platform>>,
  perform: {
    'mint funded by its USD account': (_, p) => p.box.mint(p.stablecoinId, { amount: '1000000', fundingSource: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: p.usd }, destination: { accountId: p.acme } }),
    'burn held from its ACME account': (_, p) =>
      p.box.burn(p.stablecoinId, { amount: '1000000', source: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: p.acme }, destination: { type: 'EXTERNAL_ACCOUNT', externalAccountId: p.bank, rail: 'ACH_CREDIT' } }),
  },
});

// --- The stablecoin's own statuses x the mints and burns on it ---

/**
 * A registered stablecoin is reviewed (60 s), provisioned (120 s), then its
 * service operations are approved and enabled (60 s apart); the token's
 * suffix can make it REJECTED (002), FAILED (003) or DISABLED (005). Issuer
 * operations (a mint by wire to a Spark wallet, a burn from a deposit) need
 * it PROVISIONED, else 400 STABLECOIN_NOT_PROVISIONED; an internal account
 * takes part only once service operations are ENABLED, else 400
 * STABLECOIN_SERVICE_OPERATIONS_NOT_ENABLED (the spec's codes).
 */
const COIN_STATES = ['PENDING_REVIEW', 'PROVISIONING', 'REJECTED', 'FAILED', 'PROVISIONED, PENDING_APPROVAL', 'PROVISIONED, ENABLING', 'PROVISIONED, DISABLED', 'PROVISIONED, ENABLED'] as const;
type CoinState = (typeof COIN_STATES)[number];
type CoinUse = 'mint by wire to a Spark wallet' | 'burn from a deposit' | 'mint into an internal account';

/** The token suffix and the seconds after registration that reach each state. */
const COIN_PATH: Record<CoinState, [suffix: string, seconds: number, issuance: string, service: string]> = {
  PENDING_REVIEW: ['000', 0, 'PENDING_REVIEW', 'NOT_ENABLED'],
  PROVISIONING: ['000', 60, 'PROVISIONING', 'NOT_ENABLED'],
  REJECTED: ['002', 60, 'REJECTED', 'NOT_ENABLED'],
  FAILED: ['003', 180, 'FAILED', 'NOT_ENABLED'],
  'PROVISIONED, PENDING_APPROVAL': ['000', 180, 'PROVISIONED', 'PENDING_APPROVAL'],
  'PROVISIONED, ENABLING': ['000', 240, 'PROVISIONED', 'ENABLING'],
  'PROVISIONED, DISABLED': ['005', 300, 'PROVISIONED', 'DISABLED'],
  'PROVISIONED, ENABLED': ['000', 300, 'PROVISIONED', 'ENABLED'],
};

const NOT_PROVISIONED: Record<CoinUse, Answer> = {
  'mint by wire to a Spark wallet': refused(400, 'STABLECOIN_NOT_PROVISIONED'),
  'burn from a deposit': refused(400, 'STABLECOIN_NOT_PROVISIONED'),
  'mint into an internal account': refused(400, 'STABLECOIN_NOT_PROVISIONED'),
};

const PROVISIONED_ONLY: Record<CoinUse, Answer> = {
  'mint by wire to a Spark wallet': passes(201, { status: 'PENDING_FUNDING' }),
  'burn from a deposit': passes(201, { status: 'PENDING_FUNDING' }),
  'mint into an internal account': refused(400, 'STABLECOIN_SERVICE_OPERATIONS_NOT_ENABLED'),
};

const COINS: StateTable<CoinState, CoinUse> = {
  PENDING_REVIEW: NOT_PROVISIONED,
  PROVISIONING: NOT_PROVISIONED,
  REJECTED: NOT_PROVISIONED,
  FAILED: NOT_PROVISIONED,
  'PROVISIONED, PENDING_APPROVAL': PROVISIONED_ONLY,
  'PROVISIONED, ENABLING': PROVISIONED_ONLY,
  'PROVISIONED, DISABLED': PROVISIONED_ONLY,
  'PROVISIONED, ENABLED': { ...PROVISIONED_ONLY, 'mint into an internal account': passes(201, { status: 'CREATED' }) },
};

interface CoinWorld {
  box: StablecoinBox;
  link: string;
  spark: string;
  bank: string;
  usd: string;
}

interface Coin {
  id: string;
  /** The platform's account in the stablecoin, once it is a service currency; else the USD one (refused before it is read). */
  account: string;
}

let coins = 0;

stateMatrix<CoinWorld, Coin, CoinState, CoinUse>('stablecoin statuses', COINS, {
  world: async () => {
    const box = stablecoinSandbox();
    const linked = await box.link();
    expect(linked.status).toBe(201);
    const usd = (await box.platformAccount('USD')).id;
    return { box, link: linked.body.id, spark: await box.sparkWallet(), bank: await box.usdBank(), usd };
  },
  // Rows run in order, so a state's coin is used before the next row's registration moves the clock on.
  reach: Object.fromEntries(
    COIN_STATES.map((state) => [
      state,
      async ({ box, link, usd }: CoinWorld): Promise<Coin> => {
        const [suffix, seconds, issuance, service] = COIN_PATH[state];
        const symbol = `C${String(++coins).padStart(3, '0')}`;
        const registered = await box.register({ providerTokenIdentifier: symbol, networkTokenIdentifier: tokenId(`${'acdefghjkl'[coins % 10]}${suffix}`), stablecoinProviderAccountId: link });
        expect(registered.status, JSON.stringify(registered.body)).toBe(201);
        if (seconds > 0) await box.advance(seconds);
        const coin = (await box.client.get(`/stablecoins/${registered.body.id}`)).body;
        expect([coin.issuanceStatus, coin.serviceOperationsStatus]).toEqual([issuance, service]);
        return { id: coin.id, account: service === 'ENABLED' ? (await box.platformAccount(symbol)).id : usd };
      },
    ]),
  ) as Record<CoinState, (w: CoinWorld) => Promise<Coin>>,
  perform: {
    'mint by wire to a Spark wallet': ({ box, spark }, coin) => box.mint(coin.id, { amount: '1000000', fundingSource: wire, destination: { accountId: spark } }),
    'burn from a deposit': ({ box, bank }, coin) => box.burn(coin.id, { amount: '1000000', source: { type: 'EXTERNAL_ACCOUNT' }, destination: { type: 'EXTERNAL_ACCOUNT', externalAccountId: bank, rail: 'ACH_CREDIT' } }),
    'mint into an internal account': ({ box }, coin) =>
      box.mint(coin.id, { amount: '1000000', fundingSource: { type: 'PROVIDER_INTERNAL_BALANCE', sourceTokenIdentifier: 'USDC', cryptoNetwork: 'SOLANA' }, destination: { accountId: coin.account } }),
  },
});
