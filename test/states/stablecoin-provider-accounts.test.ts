/**
 * A stablecoin provider account link's status x what the platform does with it.
 *
 * The reference: a link is ACTIVE, INVALID (the provider refused its
 * credentials) or REVOKED (the provider withdrew them later); the three 400
 * codes STABLECOIN_PROVIDER_ACCOUNT_INVALID / _REVOKED ("not usable",
 * "revoked") refuse a registration or an operation through such a link, and
 * STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED answers a registration that
 * names no link when there is not exactly one ACTIVE one to take. Linking an
 * account already linked is a conflict (409); one whose link is INVALID or
 * REVOKED can be linked again. Every status stays readable.
 *
 * Each link lives in a sandbox of its own (a registration that names no link
 * depends on every other link of the platform). Reached through the API: the
 * sandbox provider takes a secret ending in 002 as refused (INVALID) and one
 * ending in 003 as revoked 300 s after linking (REVOKED).
 */
import { expect } from 'vitest';
import { stablecoinSandbox, tokenId, type StablecoinBox } from '../stablecoins/helpers.js';
import { passes, refused, stateMatrix, type Answer, type StateTable } from './matrix.js';

const LINK_STATES = ['ACTIVE', 'INVALID', 'REVOKED'] as const;
type LinkState = (typeof LINK_STATES)[number];
type LinkUse = 'read it' | 'list links of its status' | 'register a stablecoin naming it' | 'register a stablecoin naming no link' | 'link its provider account again';

/** The secret the sandbox provider answers with each status. */
const SECRET: Record<LinkState, string> = { ACTIVE: 'secret-000', INVALID: 'secret-002', REVOKED: 'secret-003' };
const CLIENT_ID = 'platform-client';

const unusable = (state: LinkState, code: string): Record<LinkUse, Answer> => ({
  'read it': passes(200, { status: state }),
  'list links of its status': passes(200, { 'data.0.status': state, 'data.length': 1 }),
  'register a stablecoin naming it': refused(400, code),
  'register a stablecoin naming no link': refused(400, 'STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED'),
  'link its provider account again': passes(201, { status: 'ACTIVE' }),
});

const LINKS: StateTable<LinkState, LinkUse> = {
  ACTIVE: {
    'read it': passes(200, { status: 'ACTIVE' }),
    'list links of its status': passes(200, { 'data.0.status': 'ACTIVE', 'data.length': 1 }),
    'register a stablecoin naming it': passes(201, { issuanceStatus: 'PENDING_REVIEW' }),
    // The only ACTIVE link is the one taken.
    'register a stablecoin naming no link': passes(201, { issuanceStatus: 'PENDING_REVIEW' }),
    'link its provider account again': refused(409, 'CONFLICT'),
  },
  INVALID: unusable('INVALID', 'STABLECOIN_PROVIDER_ACCOUNT_INVALID'),
  REVOKED: unusable('REVOKED', 'STABLECOIN_PROVIDER_ACCOUNT_REVOKED'),
};

interface Link {
  box: StablecoinBox;
  id: string;
}

/** A link in a sandbox of its own, brought to `state` (REVOKED: 300 s after linking). */
const reachLink = (state: LinkState) => async (): Promise<Link> => {
  const box = stablecoinSandbox();
  const linked = await box.link({ apiClientId: CLIENT_ID, apiClientSecret: SECRET[state] });
  expect(linked.status, JSON.stringify(linked.body)).toBe(201);
  if (state === 'REVOKED') await box.advance(300);
  expect((await box.client.get(`/stablecoin-provider-accounts/${linked.body.id}`)).body.status).toBe(state);
  return { box, id: linked.body.id };
};

stateMatrix<void, Link, LinkState, LinkUse>('stablecoin provider account links', LINKS, {
  world: async () => undefined,
  reach: Object.fromEntries(LINK_STATES.map((s) => [s, reachLink(s)])) as Record<LinkState, () => Promise<Link>>,
  perform: {
    'read it': (_, { box, id }) => box.client.get(`/stablecoin-provider-accounts/${id}`),
    'list links of its status': async (_, { box, id }) => box.client.get(`/stablecoin-provider-accounts?status=${(await box.client.get(`/stablecoin-provider-accounts/${id}`)).body.status}`),
    'register a stablecoin naming it': (_, { box, id }) => box.register({ providerTokenIdentifier: 'NAMED', networkTokenIdentifier: tokenId('aa0'), stablecoinProviderAccountId: id }),
    'register a stablecoin naming no link': (_, { box }) => box.register({ providerTokenIdentifier: 'ANON', networkTokenIdentifier: tokenId('cc0') }),
    'link its provider account again': (_, { box }) => box.link({ apiClientId: CLIENT_ID, apiClientSecret: SECRET.ACTIVE }),
  },
  moving: ['link its provider account again'],
});

// --- The link of an enabled stablecoin x the operations on the stablecoin ---

/**
 * A stablecoin registered through an ACTIVE link whose credentials the
 * provider revokes meanwhile: issuer operations go through the link, so a
 * mint or a burn is then 400 STABLECOIN_PROVIDER_ACCOUNT_REVOKED. (No
 * stablecoin is ever registered through an INVALID link: that row is above.)
 */
const COIN_LINK_STATES = ['ACTIVE', 'REVOKED'] as const;
type CoinLinkState = (typeof COIN_LINK_STATES)[number];
type CoinOperation = 'mint by wire to a Spark wallet' | 'burn from a deposit';

const REVOKED_LINK = refused(400, 'STABLECOIN_PROVIDER_ACCOUNT_REVOKED');

const COIN_LINKS: StateTable<CoinLinkState, CoinOperation> = {
  ACTIVE: { 'mint by wire to a Spark wallet': passes(201, { status: 'PENDING_FUNDING', operationType: 'MINT' }), 'burn from a deposit': passes(201, { status: 'PENDING_FUNDING', operationType: 'BURN' }) },
  REVOKED: { 'mint by wire to a Spark wallet': REVOKED_LINK, 'burn from a deposit': REVOKED_LINK },
};

interface Coin {
  box: StablecoinBox;
  id: string;
  spark: string;
  bank: string;
}

/** Linked and registered at once; 300 s later the stablecoin is ENABLED and a 003 link REVOKED. */
const reachCoin = (state: CoinLinkState) => async (): Promise<Coin> => {
  const box = stablecoinSandbox();
  const linked = await box.link({ apiClientSecret: SECRET[state] });
  const registered = await box.register({ stablecoinProviderAccountId: linked.body.id });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  await box.advance(300);
  expect((await box.client.get(`/stablecoin-provider-accounts/${linked.body.id}`)).body.status).toBe(state);
  expect((await box.client.get(`/stablecoins/${registered.body.id}`)).body.issuanceStatus).toBe('PROVISIONED');
  return { box, id: registered.body.id, spark: await box.sparkWallet(), bank: await box.usdBank() };
};

stateMatrix<void, Coin, CoinLinkState, CoinOperation>('stablecoins x their provider link', COIN_LINKS, {
  world: async () => undefined,
  reach: Object.fromEntries(COIN_LINK_STATES.map((s) => [s, reachCoin(s)])) as Record<CoinLinkState, () => Promise<Coin>>,
  perform: {
    'mint by wire to a Spark wallet': (_, { box, id, spark }) => box.mint(id, { amount: '1000000', fundingSource: { type: 'WIRE' }, destination: { accountId: spark } }),
    'burn from a deposit': (_, { box, id, bank }) => box.burn(id, { amount: '1000000', source: { type: 'EXTERNAL_ACCOUNT' }, destination: { type: 'EXTERNAL_ACCOUNT', externalAccountId: bank, rail: 'ACH_CREDIT' } }),
  },
});
