/**
 * Stablecoin registration over HTTP: provider link selection and its codes,
 * validation, idempotency, symbol conflicts, and the lifecycle on the tenant
 * clock for every row of stablecoinIssuance, each step checked one second
 * before and at its time.
 */
import { describe, expect, it } from 'vitest';
import { START, stablecoinSandbox, tokenId } from './helpers.js';

const iso = (ms: number) => new Date(ms).toISOString();

describe('registering a stablecoin', () => {
  it('answers 201 PENDING_REVIEW / NOT_ENABLED with the token, on the only ACTIVE link when none is named', async () => {
    const { link, register } = stablecoinSandbox();
    const linked = await link();
    await link({ apiClientSecret: 'refused-002' }); // INVALID links do not count
    const res = await register({ providerTokenIdentifier: 'acme' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^Stablecoin:[0-9a-f-]{36}$/),
      name: 'ACME Stablecoin',
      symbol: 'ACME',
      baseCurrency: 'USD',
      network: 'SPARK',
      decimals: 6,
      issuanceStatus: 'PENDING_REVIEW',
      serviceOperationsStatus: 'NOT_ENABLED',
      networkTokenIdentifier: tokenId(),
      provider: 'BRALE',
      stablecoinProviderAccountId: linked.body.id,
      providerEnvironment: 'SANDBOX',
      providerTokenIdentifier: 'acme',
      createdAt: iso(START),
      updatedAt: iso(START),
    });
  });

  it('needs stablecoinProviderAccountId unless exactly one link is ACTIVE: 400 STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED', async () => {
    const { link, register } = stablecoinSandbox();
    const none = await register();
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED', details: { activeLinks: [] } });
    const a = await link();
    const b = await link();
    const two = await register();
    expect(two.status).toBe(400);
    expect(two.body).toMatchObject({ code: 'STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED', details: { activeLinks: [a.body.id, b.body.id] } });
    const chosen = await register({ stablecoinProviderAccountId: a.body.id });
    expect(chosen.status).toBe(201);
    expect(chosen.body.stablecoinProviderAccountId).toBe(a.body.id);
  });

  it('refuses a named link that is unknown (404), INVALID or REVOKED (400 with their codes)', async () => {
    const { link, register, advance } = stablecoinSandbox();
    const unknown = await register({ stablecoinProviderAccountId: 'StablecoinProviderAccount:nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND');
    const invalid = await link({ apiClientSecret: 'refused-002' });
    const refused = await register({ stablecoinProviderAccountId: invalid.body.id });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'STABLECOIN_PROVIDER_ACCOUNT_INVALID', details: { stablecoinProviderAccountId: invalid.body.id, status: 'INVALID' } });
    const revoking = await link({ apiClientSecret: 'revoked-003' });
    await advance(299);
    expect((await register({ stablecoinProviderAccountId: revoking.body.id })).status).toBe(201);
    await advance(1);
    const revoked = await register({ providerTokenIdentifier: 'BETA', stablecoinProviderAccountId: revoking.body.id });
    expect(revoked.status).toBe(400);
    expect(revoked.body).toMatchObject({ code: 'STABLECOIN_PROVIDER_ACCOUNT_REVOKED', details: { status: 'REVOKED' } });
    // Revoked, it is no longer the only ACTIVE link either.
    expect((await register({ providerTokenIdentifier: 'BETA' })).body.code).toBe('STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED');
  });

  it.each([
    [{ network: 'ETHEREUM' }, 'network'],
    [{ network: undefined }, 'network'],
    [{ providerTokenIdentifier: 'AB' }, 'providerTokenIdentifier'],
    [{ providerTokenIdentifier: 'ABCDEF' }, 'providerTokenIdentifier'],
    [{ providerTokenIdentifier: 'AC-E' }, 'providerTokenIdentifier'],
    [{ networkTokenIdentifier: '0xabc' }, 'networkTokenIdentifier'],
    [{ networkTokenIdentifier: 'btkn1qw508d6qejxtdg4y5r3zarvary0c5xw00b' }, 'networkTokenIdentifier'],
    [{ stablecoinProviderAccountId: '' }, 'stablecoinProviderAccountId'],
  ])('refuses %j with 400 INVALID_INPUT on %s', async (change, field) => {
    const { link, register } = stablecoinSandbox();
    await link();
    const res = await register(change);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_INPUT');
    expect(res.body.details.errors.map((e: any) => e.field)).toEqual([field]);
  });

  it('accepts 3 and 5 character identifiers', async () => {
    const { link, register } = stablecoinSandbox();
    await link();
    expect((await register({ providerTokenIdentifier: 'ABC' })).body.symbol).toBe('ABC');
    expect((await register({ providerTokenIdentifier: 'Abc45' })).body.symbol).toBe('ABC45');
  });

  it('needs an Idempotency-Key; the same key and body answer with the same stablecoin, another body is 409', async () => {
    const { link, register, client } = stablecoinSandbox();
    await link();
    const missing = await client.post('/stablecoins', { providerTokenIdentifier: 'ACME', networkTokenIdentifier: tokenId(), network: 'SPARK' });
    expect(missing.status).toBe(400);
    expect(missing.body.details.errors).toEqual([{ field: 'idempotency-key', message: 'Required' }]);
    const first = await register({}, 'reg-1');
    const replay = await register({}, 'reg-1');
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    const other = await register({ providerTokenIdentifier: 'BETA' }, 'reg-1');
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: 'CONFLICT', details: { idempotencyKey: 'reg-1', resourceId: first.body.id } });
    expect((await client.get('/stablecoins')).body.totalCount).toBe(1);
  });

  it('refuses a symbol that is a service currency or a live stablecoin with 409; a rejected one frees it', async () => {
    const { link, register, advance } = stablecoinSandbox();
    await link();
    const usdc = await register({ providerTokenIdentifier: 'usdc' });
    expect(usdc.status).toBe(409);
    expect(usdc.body).toMatchObject({ code: 'CONFLICT', details: { symbol: 'USDC' } });
    const rejected = await register({ providerTokenIdentifier: 'ACME', networkTokenIdentifier: tokenId('002') });
    const taken = await register({ providerTokenIdentifier: 'Acme' });
    expect(taken.status).toBe(409);
    expect(taken.body.details).toEqual({ stablecoinId: rejected.body.id });
    await advance(60);
    const again = await register({ providerTokenIdentifier: 'ACME' });
    expect(again.status).toBe(201);
  });

  it('networkTokenIdentifier ending in 004: 400 STABLECOIN_VERIFICATION_FAILED, nothing registered, the key still free', async () => {
    const { link, register, client } = stablecoinSandbox();
    await link();
    const res = await register({ networkTokenIdentifier: tokenId('004') }, 'try');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'STABLECOIN_VERIFICATION_FAILED', details: { networkTokenIdentifier: tokenId('004') } });
    expect((await client.get('/stablecoins')).body.totalCount).toBe(0);
    expect((await register({ networkTokenIdentifier: tokenId('005') }, 'try')).status).toBe(201);
  });
});

describe('the lifecycle on the tenant clock', () => {
  /** Registers a stablecoin whose token ends in `suffix`, then reads it after each advance. */
  async function timeline(suffix: string, steps: number[]): Promise<Array<[string, string, string | undefined]>> {
    const { link, register, advance, client } = stablecoinSandbox();
    await link();
    const { body } = await register({ networkTokenIdentifier: tokenId(suffix) });
    const seen: Array<[string, string, string | undefined]> = [];
    let at = 0;
    for (const t of steps) {
      await advance(t - at);
      at = t;
      const s = (await client.get(`/stablecoins/${body.id}`)).body;
      seen.push([s.issuanceStatus, s.serviceOperationsStatus, s.currency]);
    }
    return seen;
  }

  it('any other suffix: review 60 s, provisioning 120 s, then PENDING_APPROVAL, ENABLING and ENABLED 60 s apart', async () => {
    expect(await timeline('000', [59, 60, 179, 180, 239, 240, 299, 300, 100_000])).toEqual([
      ['PENDING_REVIEW', 'NOT_ENABLED', undefined],
      ['PROVISIONING', 'NOT_ENABLED', undefined],
      ['PROVISIONING', 'NOT_ENABLED', undefined],
      ['PROVISIONED', 'PENDING_APPROVAL', undefined],
      ['PROVISIONED', 'PENDING_APPROVAL', undefined],
      ['PROVISIONED', 'ENABLING', undefined],
      ['PROVISIONED', 'ENABLING', undefined],
      ['PROVISIONED', 'ENABLED', 'ACME'],
      ['PROVISIONED', 'ENABLED', 'ACME'],
    ]);
  });

  it('002: REJECTED at review, for good', async () => {
    expect(await timeline('002', [59, 60, 100_000])).toEqual([
      ['PENDING_REVIEW', 'NOT_ENABLED', undefined],
      ['REJECTED', 'NOT_ENABLED', undefined],
      ['REJECTED', 'NOT_ENABLED', undefined],
    ]);
  });

  it('003: provisioning FAILED', async () => {
    expect(await timeline('003', [60, 179, 180, 100_000])).toEqual([
      ['PROVISIONING', 'NOT_ENABLED', undefined],
      ['PROVISIONING', 'NOT_ENABLED', undefined],
      ['FAILED', 'NOT_ENABLED', undefined],
      ['FAILED', 'NOT_ENABLED', undefined],
    ]);
  });

  it('005: PROVISIONED, but service operations end DISABLED', async () => {
    expect(await timeline('005', [180, 239, 240, 100_000])).toEqual([
      ['PROVISIONED', 'PENDING_APPROVAL', undefined],
      ['PROVISIONED', 'PENDING_APPROVAL', undefined],
      ['PROVISIONED', 'DISABLED', undefined],
      ['PROVISIONED', 'DISABLED', undefined],
    ]);
  });

  it('006: ENABLED like any other (its burns are refused, see operations)', async () => {
    expect((await timeline('006', [300]))[0]).toEqual(['PROVISIONED', 'ENABLED', 'ACME']);
  });

  it('once ENABLED the platform holds an INTERNAL_CRYPTO account in the stablecoin, with a Spark deposit address; a DISABLED one gets none', async () => {
    const { enabledStablecoin, platformAccount, register, advance, client } = stablecoinSandbox();
    await enabledStablecoin('ZED');
    const account = await platformAccount('ZED');
    expect(account.account).toMatchObject({
      type: 'INTERNAL_CRYPTO',
      status: 'ACTIVE',
      balance: { amount: 0, currency: { code: 'ZED' } },
      totalBalance: { amount: 0 },
      fundingPaymentInstructions: [{ isPlatformAccount: true, accountOrWalletInfo: { accountType: 'SPARK_WALLET', address: expect.stringMatching(/^sp1/), assetType: 'ZED' } }],
    });
    expect((await register({ providerTokenIdentifier: 'DIS', networkTokenIdentifier: tokenId('005') })).status).toBe(201);
    await advance(1000);
    const currencies = (await client.get('/platform/internal-accounts')).body.data.map((a: any) => a.balance.currency.code);
    expect(currencies).toContain('ZED');
    expect(currencies).not.toContain('DIS');
  });
});

describe('listing and reading stablecoins', () => {
  it('filters by issuanceStatus, serviceOperationsStatus and provider, newest first, paging past the limit', async () => {
    const { link, register, advance, client } = stablecoinSandbox();
    await link();
    const rejected = (await register({ providerTokenIdentifier: 'REJ', networkTokenIdentifier: tokenId('002') })).body.id;
    const a = (await register({ providerTokenIdentifier: 'AAA' })).body.id;
    const b = (await register({ providerTokenIdentifier: 'BBB' })).body.id;
    const c = (await register({ providerTokenIdentifier: 'CCC' })).body.id;
    await advance(60);
    const pending = (await register({ providerTokenIdentifier: 'NEW' })).body.id;

    const page1 = await client.get('/stablecoins?issuanceStatus=PROVISIONING&limit=2');
    expect(page1.body).toMatchObject({ hasMore: true, totalCount: 3 });
    expect(page1.body.data.map((s: any) => s.id)).toEqual([c, b]);
    const page2 = await client.get(`/stablecoins?issuanceStatus=PROVISIONING&limit=2&cursor=${page1.body.nextCursor}`);
    expect(page2.body.data.map((s: any) => s.id)).toEqual([a]);
    expect(page2.body.hasMore).toBe(false);
    expect((await client.get('/stablecoins?issuanceStatus=REJECTED')).body.data.map((s: any) => s.id)).toEqual([rejected]);
    expect((await client.get('/stablecoins?issuanceStatus=PENDING_REVIEW')).body.data.map((s: any) => s.id)).toEqual([pending]);

    await advance(120);
    expect((await client.get('/stablecoins?serviceOperationsStatus=PENDING_APPROVAL')).body.totalCount).toBe(3);
    expect((await client.get('/stablecoins?serviceOperationsStatus=NOT_ENABLED')).body.data.map((s: any) => s.id)).toEqual([pending, rejected]);
    expect((await client.get('/stablecoins?provider=BRALE')).body.totalCount).toBe(5);
    expect((await client.get('/stablecoins')).body.data.map((s: any) => s.id)).toEqual([pending, c, b, a, rejected]);
  });

  it('refuses bad filters with 400 and answers 404 REFERENCE_NOT_FOUND for an unknown id', async () => {
    const { client } = stablecoinSandbox();
    const bad = await client.get('/stablecoins?issuanceStatus=DONE&serviceOperationsStatus=ON&provider=X');
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: any) => e.field).sort()).toEqual(['issuanceStatus', 'provider', 'serviceOperationsStatus']);
    const missing = await client.get('/stablecoins/Stablecoin:nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'REFERENCE_NOT_FOUND', details: { resource: 'Stablecoin', id: 'Stablecoin:nope' } });
  });
});
