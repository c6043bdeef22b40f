/**
 * Burns over HTTP: every source (an external wallet paying a Spark deposit
 * address, the platform's internal account in the stablecoin, the provider
 * balance), every payout rail, the payout's fate by the destination's
 * suffix before and after its delay, the ledger, the codes that refuse a
 * burn; then listing and reading operations, the OpenAPI document, and
 * snapshot and reset.
 */
import { describe, expect, it } from 'vitest';
import { START, stablecoinSandbox, type StablecoinBox } from './helpers.js';

const iso = (ms: number) => new Date(ms).toISOString();

async function ready(box: StablecoinBox = stablecoinSandbox()) {
  const stablecoin = await box.enabledStablecoin();
  const bank = await box.usdBank();
  const acme = await box.platformAccount('ACME');
  const payout = (externalAccountId = bank, rail = 'ACH_CREDIT') => ({ type: 'EXTERNAL_ACCOUNT', externalAccountId, rail });
  /** Credits the platform's ACME account `cents` through a completed mint from the provider balance. */
  const stock = async (cents: number) => {
    const res = await box.mint(stablecoin.id, { amount: String(cents * 10_000), fundingSource: { type: 'PROVIDER_INTERNAL_BALANCE', sourceTokenIdentifier: 'USDC', cryptoNetwork: 'SOLANA' }, destination: { accountId: acme.id } });
    expect(res.status).toBe(201);
    await box.advance(35);
    expect(await box.status(res.body.id)).toBe('COMPLETED');
  };
  return { ...box, stablecoin, bank, acme, payout, stock, at: START + 300_000 };
}

describe('a burn from an external wallet', () => {
  it('answers 201 PENDING_FUNDING with a Spark deposit address, the payout estimate and an expiry', async () => {
    const { stablecoin, burn, payout, bank, at } = await ready();
    const res = await burn(stablecoin.id, { amount: '1000000', source: { type: 'EXTERNAL_ACCOUNT' }, destination: payout(), description: 'Redeem ACME' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^StablecoinOperation:/),
      stablecoinId: stablecoin.id,
      operationType: 'BURN',
      status: 'PENDING_FUNDING',
      amount: '1000000',
      provider: 'BRALE',
      providerEnvironment: 'SANDBOX',
      stablecoinProviderAccountId: stablecoin.stablecoinProviderAccountId,
      source: { type: 'EXTERNAL_ACCOUNT' },
      fundingInstructions: { rail: 'SPARK', network: 'SPARK', address: expect.stringMatching(/^sp1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{58}$/), valueType: 'ACME', amount: '1000000' },
      destination: { accountId: bank, rail: 'ACH_CREDIT' },
      estimatedDelivery: { rail: 'ACH_CREDIT', amount: '100', currency: 'USD', timing: '1-3 business days' },
      expiresAt: iso(at + 7 * 86_400_000),
      providerStatus: 'pending',
      description: 'Redeem ACME',
      createdAt: iso(at),
      updatedAt: iso(at),
    });
  });

  it('the deposit arrives (sandbox fund, in token units): PROCESSING, paid out 30 s later', async () => {
    const box = await ready();
    const { body } = await box.burn(box.stablecoin.id, { amount: '1000000', source: { type: 'EXTERNAL_ACCOUNT' }, destination: box.payout() });
    expect((await box.fund(body.id, { amount: '100' })).body).toMatchObject({ code: 'INVALID_AMOUNT', details: { expected: '1000000' } });
    expect((await box.fund(body.id, { amount: '1000000' })).body.status).toBe('PROCESSING');
    await box.advance(29);
    expect(await box.status(body.id)).toBe('PROCESSING');
    await box.advance(1);
    expect(await box.status(body.id)).toBe('COMPLETED');
  });

  it('expires after 7 days without a deposit', async () => {
    const box = await ready();
    const { body } = await box.burn(box.stablecoin.id, { amount: '1000000', source: { type: 'EXTERNAL_ACCOUNT' }, destination: box.payout() });
    await box.advance(7 * 86_400 - 1);
    expect(await box.status(body.id)).toBe('PENDING_FUNDING');
    await box.advance(1);
    expect(await box.status(body.id)).toBe('EXPIRED');
  });

  it.each([
    ['WIRE', 'same business day'],
    ['ACH_CREDIT', '1-3 business days'],
    ['SAME_DAY_ACH_CREDIT', 'same business day'],
    ['RTP_CREDIT', 'within seconds'],
  ])('pays out by %s (%s)', async (rail, timing) => {
    const box = await ready();
    const res = await box.burn(box.stablecoin.id, { amount: '20000', source: { type: 'EXTERNAL_ACCOUNT' }, destination: box.payout(box.bank, rail) });
    expect(res.body).toMatchObject({ destination: { rail }, estimatedDelivery: { rail, amount: '2', currency: 'USD', timing } });
  });
});

describe('a burn from the platform account in the stablecoin (the ledger)', () => {
  it('holds at once and debits on completion; at the balance is fine, one cent more is INSUFFICIENT_FUNDS', async () => {
    const box = await ready();
    await box.stock(300);
    const over = await box.burn(box.stablecoin.id, { amount: '3010000', source: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: box.acme.id }, destination: box.payout() });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS', details: { field: 'source.accountId', available: 300, required: 301, currency: 'ACME' } });
    const res = await box.burn(box.stablecoin.id, { amount: '3000000', source: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: box.acme.id }, destination: box.payout() });
    expect(res.body).toMatchObject({ status: 'PROCESSING', source: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: box.acme.id } });
    expect(await box.platformAccount('ACME')).toMatchObject({ balance: 0, total: 300 });
    await box.advance(29);
    expect(await box.platformAccount('ACME')).toMatchObject({ balance: 0, total: 300 });
    await box.advance(1);
    expect(await box.status(res.body.id)).toBe('COMPLETED');
    expect(await box.platformAccount('ACME')).toMatchObject({ balance: 0, total: 0 });
  });

  it('below the balance by one cent leaves one cent', async () => {
    const box = await ready();
    await box.stock(300);
    await box.burn(box.stablecoin.id, { amount: '2990000', source: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: box.acme.id }, destination: box.payout() });
    await box.advance(30);
    expect(await box.platformAccount('ACME')).toMatchObject({ balance: 1, total: 1 });
  });

  it('another internal account is 400 STABLECOIN_BURN_SOURCE_NOT_SUPPORTED; an unknown one 404', async () => {
    const box = await ready();
    const usd = await box.platformAccount('USD');
    await box.client.post(`/sandbox/internal-accounts/${usd.id}/fund`, { amount: 10_000 });
    const res = await box.burn(box.stablecoin.id, { amount: '1000000', source: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: usd.id }, destination: box.payout() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'STABLECOIN_BURN_SOURCE_NOT_SUPPORTED', details: { field: 'source.accountId' } });
    expect(res.body.reason).toContain('holds USD, not ACME');
    expect((await box.burn(box.stablecoin.id, { amount: '1000000', source: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: 'InternalAccount:nope' }, destination: box.payout() })).status).toBe(404);
  });

  it('before the stablecoin is ENABLED: 400 STABLECOIN_SERVICE_OPERATIONS_NOT_ENABLED', async () => {
    const box = stablecoinSandbox();
    await box.link();
    const coin = (await box.register()).body;
    const bank = await box.usdBank();
    await box.advance(240); // ENABLING
    const res = await box.burn(coin.id, { amount: '1000000', source: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: 'InternalAccount:x' }, destination: { type: 'EXTERNAL_ACCOUNT', externalAccountId: bank, rail: 'WIRE' } });
    expect(res.body).toMatchObject({ code: 'STABLECOIN_SERVICE_OPERATIONS_NOT_ENABLED', details: { field: 'source.accountId', serviceOperationsStatus: 'ENABLING' } });
  });
});

describe('a burn from the provider balance', () => {
  it('CREATED for 5 s, PROCESSING for 30 s, COMPLETED', async () => {
    const box = await ready();
    await box.stock(100);
    const { body } = await box.burn(box.stablecoin.id, { amount: '1000000', source: { type: 'PROVIDER_INTERNAL_BALANCE' }, destination: box.payout() });
    expect(body).toMatchObject({ status: 'CREATED', source: { type: 'PROVIDER_INTERNAL_BALANCE' } });
    await box.advance(4);
    expect(await box.status(body.id)).toBe('CREATED');
    await box.advance(1);
    expect(await box.status(body.id)).toBe('PROCESSING');
    await box.advance(30);
    expect(await box.status(body.id)).toBe('COMPLETED');
  });
});

describe("the stablecoin's provider balance", () => {
  const fromProvider = (box: Awaited<ReturnType<typeof ready>>, cents: number) =>
    box.burn(box.stablecoin.id, { amount: String(cents * 10_000), source: { type: 'PROVIDER_INTERNAL_BALANCE' }, destination: box.payout() });

  it('nothing minted: a burn from it ends FAILED INSUFFICIENT_PROVIDER_BALANCE when the provider takes it up (5 s), nothing paid out', async () => {
    const box = await ready();
    const { body } = await fromProvider(box, 1);
    expect(body.status).toBe('CREATED');
    await box.advance(4);
    expect(await box.status(body.id)).toBe('CREATED');
    await box.advance(1);
    expect((await box.operation(body.id)).body).toMatchObject({ status: 'FAILED', failureReason: 'INSUFFICIENT_PROVIDER_BALANCE', providerStatus: 'failed' });
  });

  it('holds what mints put there, less what burns take: one cent more than it fails, exactly it completes, then it is empty', async () => {
    const box = await ready();
    await box.stock(100);
    const over = await fromProvider(box, 101);
    await box.advance(5);
    expect((await box.operation(over.body.id)).body).toMatchObject({ status: 'FAILED', failureReason: 'INSUFFICIENT_PROVIDER_BALANCE' });
    const exact = await fromProvider(box, 100);
    await box.advance(5);
    expect(await box.status(exact.body.id)).toBe('PROCESSING');
    // Taken while PROCESSING: a further cent already finds nothing.
    const more = await fromProvider(box, 1);
    await box.advance(5);
    expect((await box.operation(more.body.id)).body).toMatchObject({ status: 'FAILED', failureReason: 'INSUFFICIENT_PROVIDER_BALANCE' });
    await box.advance(30);
    expect(await box.status(exact.body.id)).toBe('COMPLETED');
    const after = await fromProvider(box, 1);
    await box.advance(5);
    expect((await box.operation(after.body.id)).body.failureReason).toBe('INSUFFICIENT_PROVIDER_BALANCE');
  });

  it('a burn that fails gives back what it took: the balance covers the next one', async () => {
    const box = await ready();
    await box.stock(100);
    const failing = await box.burn(box.stablecoin.id, { amount: '1000000', source: { type: 'PROVIDER_INTERNAL_BALANCE' }, destination: box.payout(await box.usdBank('002')) });
    await box.advance(35);
    expect((await box.operation(failing.body.id)).body).toMatchObject({ status: 'FAILED', failureReason: 'PAYOUT_INSUFFICIENT_FUNDS' });
    const next = await fromProvider(box, 100);
    await box.advance(35);
    expect(await box.status(next.body.id)).toBe('COMPLETED');
  });
});

describe('payouts by the destination suffix', () => {
  it.each([
    ['002', 'PAYOUT_INSUFFICIENT_FUNDS'],
    ['003', 'PAYOUT_ACCOUNT_CLOSED_OR_INVALID'],
    ['004', 'PAYOUT_BANK_REJECTED'],
  ])('%s: FAILED %s when the payout is made; the held tokens come back', async (suffix, reason) => {
    const box = await ready();
    await box.stock(100);
    const bank = await box.usdBank(suffix);
    const { body } = await box.burn(box.stablecoin.id, { amount: '1000000', source: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: box.acme.id }, destination: box.payout(bank) });
    expect(body.status).toBe('PROCESSING');
    await box.advance(29);
    expect(await box.platformAccount('ACME')).toMatchObject({ balance: 0, total: 100 });
    await box.advance(1);
    expect((await box.operation(body.id)).body).toMatchObject({ status: 'FAILED', failureReason: reason });
    expect(await box.platformAccount('ACME')).toMatchObject({ balance: 100, total: 100 });
  });

  it('005: still PROCESSING 30 s after the payout starts, FAILED 30 s later', async () => {
    const box = await ready();
    const bank = await box.usdBank('005');
    await box.stock(100);
    const { body } = await box.burn(box.stablecoin.id, { amount: '1000000', source: { type: 'PROVIDER_INTERNAL_BALANCE' }, destination: box.payout(bank) });
    await box.advance(35);
    expect(await box.status(body.id)).toBe('PROCESSING');
    await box.advance(29);
    expect(await box.status(body.id)).toBe('PROCESSING');
    await box.advance(1);
    expect((await box.operation(body.id)).body).toMatchObject({ status: 'FAILED', failureReason: 'PAYOUT_BANK_REJECTED' });
  });

  it.each([
    ['301', 'STABLECOIN_EXTERNAL_ACCOUNT_LINK_FAILED'],
    ['302', null],
    ['303', 'STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_FAILED'],
    ['304', 'STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_REQUIRED'],
    ['305', 'STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED'],
  ])('a destination ending in %s: %s', async (suffix, code) => {
    const box = await ready();
    const bank = await box.usdBank(suffix);
    const res = await box.burn(box.stablecoin.id, { amount: '1000000', source: { type: 'EXTERNAL_ACCOUNT' }, destination: box.payout(bank) });
    if (code === null) expect(res.status).toBe(201);
    else expect(res.body).toMatchObject({ code, details: { field: 'destination.externalAccountId' } });
  });

  it('pays out only to a USD_ACCOUNT, by one of the four rails', async () => {
    const box = await ready();
    const spark = await box.sparkWallet();
    const res = await box.burn(box.stablecoin.id, { amount: '1000000', source: { type: 'EXTERNAL_ACCOUNT' }, destination: box.payout(spark) });
    expect(res.body).toMatchObject({ code: 'STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED', details: { supported: ['USD_ACCOUNT'] } });
    const rail = await box.burn(box.stablecoin.id, { amount: '1000000', source: { type: 'EXTERNAL_ACCOUNT' }, destination: box.payout(box.bank, 'SEPA') });
    expect(rail.body.details.errors).toEqual([{ field: 'destination.rail', message: expect.stringContaining('Must be one of'), constraint: { enum: ['WIRE', 'ACH_CREDIT', 'SAME_DAY_ACH_CREDIT', 'RTP_CREDIT'] } }]);
    const type = await box.burn(box.stablecoin.id, { amount: '1000000', source: { type: 'CARD' }, destination: { type: 'INTERNAL_ACCOUNT', externalAccountId: box.bank, rail: 'WIRE' } });
    expect(type.body.details.errors.map((e: any) => e.field).sort()).toEqual(['destination.type', 'source.type']);
  });
});

describe('stablecoins that refuse a burn', () => {
  it('006: 400 STABLECOIN_OPERATION_NOT_SUPPORTED for burns, while mints work', async () => {
    const box = stablecoinSandbox();
    const coin = await box.enabledStablecoin('NOB', '006');
    const bank = await box.usdBank();
    const spark = await box.sparkWallet();
    const res = await box.burn(coin.id, { amount: '1000000', source: { type: 'PROVIDER_INTERNAL_BALANCE' }, destination: { type: 'EXTERNAL_ACCOUNT', externalAccountId: bank, rail: 'WIRE' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'STABLECOIN_OPERATION_NOT_SUPPORTED', details: { operationType: 'BURN' } });
    expect((await box.mint(coin.id, { amount: '1000000', fundingSource: { type: 'WIRE' }, destination: { accountId: spark } })).status).toBe(201);
  });

  it('a stablecoin not yet PROVISIONED: STABLECOIN_NOT_PROVISIONED; magic amounts as for mints; amounts below a cent', async () => {
    const box = stablecoinSandbox();
    await box.link();
    const coin = (await box.register()).body;
    const bank = await box.usdBank();
    const burn = (amount: string) => box.burn(coin.id, { amount, source: { type: 'PROVIDER_INTERNAL_BALANCE' }, destination: { type: 'EXTERNAL_ACCOUNT', externalAccountId: bank, rail: 'WIRE' } });
    expect((await burn('1000000')).body.code).toBe('STABLECOIN_NOT_PROVISIONED');
    await box.advance(180);
    // The provider balance the burns below take from.
    const stocked = await box.mint(coin.id, { amount: '7000000', fundingSource: { type: 'PROVIDER_INTERNAL_BALANCE', sourceTokenIdentifier: 'USDC', cryptoNetwork: 'SOLANA' }, destination: { accountId: await box.sparkWallet() } });
    await box.advance(35);
    expect(await box.status(stocked.body.id)).toBe('COMPLETED');
    expect((await burn('1000000')).status).toBe(201);
    expect((await burn('5020000')).body.code).toBe('STABLECOIN_PROVIDER_ERROR');
    expect((await burn('5030000')).status).toBe(503);
    expect((await burn('10001')).body.code).toBe('STABLECOIN_AMOUNT_NOT_REPRESENTABLE');
    expect((await burn('10000')).status).toBe(201);
    const failsLater = await burn('5040000');
    await box.advance(35);
    expect((await box.operation(failsLater.body.id)).body).toMatchObject({ status: 'FAILED', failureReason: 'PROVIDER_TRANSFER_FAILED' });
  });

  it('idempotent like mints', async () => {
    const box = await ready();
    const body = { amount: '1000000', source: { type: 'EXTERNAL_ACCOUNT' }, destination: box.payout() };
    const first = await box.burn(box.stablecoin.id, body, 'burn-1');
    expect((await box.burn(box.stablecoin.id, body, 'burn-1')).body.id).toBe(first.body.id);
    expect((await box.burn(box.stablecoin.id, { ...body, description: 'changed' }, 'burn-1')).status).toBe(409);
    expect((await box.client.post(`/stablecoins/${box.stablecoin.id}/burns`, body)).body.details.errors).toEqual([{ field: 'idempotency-key', message: 'Required' }]);
  });
});

describe('listing and reading operations', () => {
  it('lists newest first, filters by operationType, pages past the limit, and keeps to the stablecoin', async () => {
    const box = await ready();
    const other = (await box.register({ providerTokenIdentifier: 'OTH', stablecoinProviderAccountId: box.stablecoin.stablecoinProviderAccountId })).body;
    const spark = await box.sparkWallet();
    const ids: Array<[string, string]> = [];
    for (let i = 0; i < 3; i++) {
      ids.push(['MINT', (await box.mint(box.stablecoin.id, { amount: `${i + 1}0000`, fundingSource: { type: 'WIRE' }, destination: { accountId: spark } })).body.id]);
      ids.push(['BURN', (await box.burn(box.stablecoin.id, { amount: `${i + 1}0000`, source: { type: 'EXTERNAL_ACCOUNT' }, destination: box.payout() })).body.id]);
    }
    const newestFirst = ids.map(([, id]) => id).reverse();
    const all = await box.client.get(`/stablecoins/${box.stablecoin.id}/operations`);
    expect(all.body).toMatchObject({ hasMore: false, totalCount: 6 });
    expect(all.body.data.map((o: any) => o.id)).toEqual(newestFirst);

    const mints = ids.filter(([t]) => t === 'MINT').map(([, id]) => id).reverse();
    const page1 = await box.client.get(`/stablecoins/${box.stablecoin.id}/operations?operationType=MINT&limit=2`);
    expect(page1.body).toMatchObject({ hasMore: true, totalCount: 3 });
    expect(page1.body.data.map((o: any) => o.id)).toEqual(mints.slice(0, 2));
    const page2 = await box.client.get(`/stablecoins/${box.stablecoin.id}/operations?operationType=MINT&limit=2&cursor=${page1.body.nextCursor}`);
    expect(page2.body.data.map((o: any) => o.id)).toEqual(mints.slice(2));
    expect(page2.body.hasMore).toBe(false);
    expect((await box.client.get(`/stablecoins/${box.stablecoin.id}/operations?operationType=BURN`)).body.data.every((o: any) => o.operationType === 'BURN')).toBe(true);

    expect((await box.client.get(`/stablecoins/${other.id}/operations`)).body).toMatchObject({ data: [], totalCount: 0 });
    const missing = await box.client.get('/stablecoins/Stablecoin:nope/operations');
    expect(missing.status).toBe(404);
    const bad = await box.client.get(`/stablecoins/${box.stablecoin.id}/operations?operationType=SWAP&limit=0`);
    expect(bad.body.details.errors.map((e: any) => e.field).sort()).toEqual(['limit', 'operationType']);
  });

  it('gets one operation by id; an unknown id is 404 REFERENCE_NOT_FOUND', async () => {
    const box = await ready();
    const { body } = await box.burn(box.stablecoin.id, { amount: '1000000', source: { type: 'EXTERNAL_ACCOUNT' }, destination: box.payout() });
    expect((await box.operation(body.id)).body).toEqual(body);
    const missing = await box.operation('StablecoinOperation:nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'REFERENCE_NOT_FOUND', details: { resource: 'StablecoinOperation' } });
  });
});

describe('the generated OpenAPI document', () => {
  it("serves the ten operations with the reference's operationIds, tag and Idempotency-Key, and the sandbox funding call", () => {
    const doc = stablecoinSandbox().openApiDocument() as any;
    const ops: Array<[string, string, string]> = [
      ['post', '/stablecoin-provider-accounts', 'linkStablecoinProviderAccount'],
      ['get', '/stablecoin-provider-accounts', 'listStablecoinProviderAccounts'],
      ['get', '/stablecoin-provider-accounts/{stablecoinProviderAccountId}', 'getStablecoinProviderAccount'],
      ['post', '/stablecoins', 'registerStablecoin'],
      ['get', '/stablecoins', 'listStablecoins'],
      ['get', '/stablecoins/{stablecoinId}', 'getStablecoin'],
      ['post', '/stablecoins/{stablecoinId}/mints', 'createStablecoinMint'],
      ['post', '/stablecoins/{stablecoinId}/burns', 'createStablecoinBurn'],
      ['get', '/stablecoins/{stablecoinId}/operations', 'listStablecoinOperations'],
      ['get', '/stablecoin-operations/{stablecoinOperationId}', 'getStablecoinOperation'],
    ];
    for (const [method, path, operationId] of ops) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.operationId).toBe(operationId);
      expect(op.tags).toEqual(['Stablecoins']);
      if (method === 'post') expect(op.parameters.find((p: any) => p.name === 'Idempotency-Key')).toMatchObject({ in: 'header', required: true, schema: { maxLength: 255 } });
    }
    const mintResponses = doc.paths['/stablecoins/{stablecoinId}/mints'].post.responses;
    expect(Object.keys(mintResponses)).toEqual(expect.arrayContaining(['201', '400', '401', '404', '409', '500', '503']));
    const mint400 = JSON.stringify(mintResponses['400']) + JSON.stringify(doc.components.schemas);
    for (const code of ['STABLECOIN_AMOUNT_NOT_REPRESENTABLE', 'STABLECOIN_NOT_PROVISIONED', 'STABLECOIN_PROVIDER_ERROR', 'INSUFFICIENT_FUNDS']) expect(mint400).toContain(code);
    expect(doc.components.schemas.StablecoinMintFundingSource.oneOf).toHaveLength(5);
    expect(doc.components.schemas.StablecoinBurnSource.oneOf).toHaveLength(3);
    expect(doc.paths['/sandbox/stablecoin-operations/{stablecoinOperationId}/fund'].post).toMatchObject({ operationId: 'sandboxFundStablecoinOperation', tags: ['Sandbox'] });
  });
});

describe('snapshot and reset', () => {
  it('carries links, stablecoins, operations and their due jobs through a snapshot; reset removes them', async () => {
    const box = await ready();
    await box.stock(100);
    const { body } = await box.burn(box.stablecoin.id, { amount: '1000000', source: { type: 'PROVIDER_INTERNAL_BALANCE' }, destination: box.payout() });
    const snapshot = await box.client.get('/__admin/snapshot');
    expect(snapshot.status).toBe(200);
    expect(JSON.stringify(snapshot.body)).toContain(body.id);
    expect((await box.client.post('/__admin/reset')).status).toBeLessThan(300);
    expect((await box.client.get('/stablecoins')).body.totalCount).toBe(0);
    expect((await box.client.get('/stablecoin-provider-accounts')).body.totalCount).toBe(0);
    const restored = await box.client.call('PUT', '/__admin/snapshot', JSON.stringify(snapshot.body), { 'content-type': 'application/json' });
    expect(restored.status).toBeLessThan(300);
    expect(await box.status(body.id)).toBe('CREATED');
    await box.advance(35);
    expect(await box.status(body.id)).toBe('COMPLETED');
  });
});
