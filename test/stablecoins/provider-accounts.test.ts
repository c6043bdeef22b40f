/**
 * Stablecoin provider account links over HTTP: the required Idempotency-Key,
 * BRALE only, credentials judged by the secret's suffix (every row of
 * stablecoinProviderCredentials), the delayed revocation before and after
 * its time, list filters with more matches than the limit, and 404s.
 */
import { describe, expect, it } from 'vitest';
import { START, stablecoinSandbox } from './helpers.js';

const iso = (ms: number) => new Date(ms).toISOString();

describe('linking a provider account', () => {
  it('answers 201 with the link: ACTIVE, SANDBOX, verified now, the secret nowhere', async () => {
    const { link } = stablecoinSandbox();
    const res = await link({ apiClientId: 'client-a', apiClientSecret: 'super-secret-value', providerAccountId: '2VcUIonJeVQzFoBuC7LdFT0dRe4' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^StablecoinProviderAccount:[0-9a-f-]{36}$/),
      provider: 'BRALE',
      providerAccountId: '2VcUIonJeVQzFoBuC7LdFT0dRe4',
      providerEnvironment: 'SANDBOX',
      status: 'ACTIVE',
      lastVerifiedAt: iso(START),
      createdAt: iso(START),
      updatedAt: iso(START),
    });
    expect(JSON.stringify(res.body)).not.toContain('super-secret-value');
  });

  it('derives providerAccountId from the client id when it is omitted: the same client, the same account', async () => {
    const { link, withKey, client } = stablecoinSandbox();
    const first = await link({ apiClientId: 'client-b' });
    expect(first.status).toBe(201);
    expect(first.body.providerAccountId).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    // The same provider account, already linked and ACTIVE: 409.
    const again = await client.post('/stablecoin-provider-accounts', { provider: 'BRALE', apiClientId: 'client-b', apiClientSecret: 'other-000' }, withKey());
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT', details: { stablecoinProviderAccountId: first.body.id } });
    const other = await link({ apiClientId: 'client-c' });
    expect(other.body.providerAccountId).not.toBe(first.body.providerAccountId);
  });

  it('lets an account whose link is INVALID be linked again', async () => {
    const { link } = stablecoinSandbox();
    const invalid = await link({ apiClientId: 'client-d', apiClientSecret: 'typo-002' });
    expect(invalid.body.status).toBe('INVALID');
    const fixed = await link({ apiClientId: 'client-d', apiClientSecret: 'right-000' });
    expect(fixed.status).toBe(201);
    expect(fixed.body).toMatchObject({ status: 'ACTIVE', providerAccountId: invalid.body.providerAccountId });
    expect(fixed.body.id).not.toBe(invalid.body.id);
  });

  it.each([
    ['secret-002', 'INVALID', false],
    ['secret-003', 'ACTIVE', true],
    ['secret-004', 'ACTIVE', true],
    ['secret', 'ACTIVE', true],
  ])('secret %s links %s (lastVerifiedAt: %s)', async (secret, status, verified) => {
    const { link } = stablecoinSandbox();
    const res = await link({ apiClientSecret: secret });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe(status);
    expect('lastVerifiedAt' in res.body).toBe(verified);
  });

  it('secret ending in 003: still ACTIVE 299 s later, REVOKED at 300 s', async () => {
    const { link, advance, client } = stablecoinSandbox();
    const { body } = await link({ apiClientSecret: 'secret-003' });
    await advance(299);
    expect((await client.get(`/stablecoin-provider-accounts/${body.id}`)).body.status).toBe('ACTIVE');
    await advance(1);
    const revoked = (await client.get(`/stablecoin-provider-accounts/${body.id}`)).body;
    expect(revoked).toMatchObject({ status: 'REVOKED', updatedAt: iso(START + 300_000), lastVerifiedAt: iso(START) });
  });

  it('refuses a missing, empty or overlong Idempotency-Key, another provider and missing credentials with 400 INVALID_INPUT', async () => {
    const { client, withKey } = stablecoinSandbox();
    const body = { provider: 'BRALE', apiClientId: 'c', apiClientSecret: 's' };
    const missing = await client.post('/stablecoin-provider-accounts', body);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'idempotency-key', message: 'Required' }] } });
    expect((await client.post('/stablecoin-provider-accounts', body, { 'idempotency-key': '' })).status).toBe(400);
    expect((await client.post('/stablecoin-provider-accounts', body, { 'idempotency-key': 'k'.repeat(256) })).body.details.errors[0]).toMatchObject({ field: 'idempotency-key', constraint: { maxLength: 255 } });
    expect((await client.post('/stablecoin-provider-accounts', body, { 'idempotency-key': 'k'.repeat(255) })).status).toBe(201);
    const provider = await client.post('/stablecoin-provider-accounts', { ...body, provider: 'CIRCLE' }, withKey());
    expect(provider.status).toBe(400);
    expect(provider.body.details.errors).toEqual([{ field: 'provider', message: 'Must be one of: BRALE', constraint: { enum: ['BRALE'] } }]);
    const empty = await client.post('/stablecoin-provider-accounts', { provider: 'BRALE' }, withKey());
    expect(empty.body.details.errors.map((e: any) => e.field).sort()).toEqual(['apiClientId', 'apiClientSecret']);
    expect((await client.get('/stablecoin-provider-accounts')).body.totalCount).toBe(1);
  });

  it('replays the same key and body with the same link; the same key with another body, or on another endpoint, is 409', async () => {
    const { client, withKey } = stablecoinSandbox();
    const body = { provider: 'BRALE', apiClientId: 'client-e', apiClientSecret: 'secret-000' };
    const first = await client.post('/stablecoin-provider-accounts', body, withKey('link-1'));
    const replay = await client.post('/stablecoin-provider-accounts', body, withKey('link-1'));
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    const changed = await client.post('/stablecoin-provider-accounts', { ...body, apiClientSecret: 'secret-001' }, withKey('link-1'));
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ code: 'CONFLICT', details: { idempotencyKey: 'link-1', resourceId: first.body.id } });
    const elsewhere = await client.post('/stablecoins', { providerTokenIdentifier: 'ACME', networkTokenIdentifier: 'btkn1qqqqqqqq000', network: 'SPARK' }, withKey('link-1'));
    expect(elsewhere.status).toBe(409);
    expect((await client.get('/stablecoin-provider-accounts')).body.totalCount).toBe(1);
  });

  it('forgets a key after 24 hours of sandbox time', async () => {
    const { client, withKey, advance } = stablecoinSandbox();
    const body = { provider: 'BRALE', apiClientId: 'client-f', apiClientSecret: 'secret-002' };
    const first = await client.post('/stablecoin-provider-accounts', body, withKey('old'));
    await advance(86_399);
    expect((await client.post('/stablecoin-provider-accounts', body, withKey('old'))).body.id).toBe(first.body.id);
    await advance(1);
    const fresh = await client.post('/stablecoin-provider-accounts', body, withKey('old'));
    expect(fresh.status).toBe(201);
    expect(fresh.body.id).not.toBe(first.body.id);
  });
});

describe('listing and reading links', () => {
  it('lists newest first, filters by status and provider, and pages with more matches than the limit', async () => {
    const { link, client } = stablecoinSandbox();
    const active = [];
    for (let i = 0; i < 3; i++) active.push((await link({ apiClientSecret: `ok-${i}00` })).body.id);
    const invalid = (await link({ apiClientSecret: 'bad-002' })).body.id;

    const all = await client.get('/stablecoin-provider-accounts');
    expect(all.body).toMatchObject({ hasMore: false, totalCount: 4 });
    expect(all.body.data.map((a: any) => a.id)).toEqual([invalid, ...active.reverse()]);

    const page1 = await client.get('/stablecoin-provider-accounts?status=ACTIVE&limit=2');
    expect(page1.body).toMatchObject({ hasMore: true, totalCount: 3, nextCursor: expect.any(String) });
    expect(page1.body.data.map((a: any) => a.id)).toEqual(active.slice(0, 2));
    const page2 = await client.get(`/stablecoin-provider-accounts?status=ACTIVE&limit=2&cursor=${page1.body.nextCursor}`);
    expect(page2.body).toMatchObject({ hasMore: false, totalCount: 3 });
    expect(page2.body.data.map((a: any) => a.id)).toEqual(active.slice(2));
    expect('nextCursor' in page2.body).toBe(false);

    expect((await client.get('/stablecoin-provider-accounts?status=INVALID')).body.data.map((a: any) => a.id)).toEqual([invalid]);
    expect((await client.get('/stablecoin-provider-accounts?status=REVOKED')).body).toMatchObject({ data: [], totalCount: 0 });
    expect((await client.get('/stablecoin-provider-accounts?provider=BRALE&limit=1')).body).toMatchObject({ hasMore: true, totalCount: 4 });
  });

  it('refuses bad filters and cursors with 400', async () => {
    const { client } = stablecoinSandbox();
    const res = await client.get('/stablecoin-provider-accounts?status=GONE&provider=X&limit=101');
    expect(res.status).toBe(400);
    expect(res.body.details.errors.map((e: any) => e.field).sort()).toEqual(['limit', 'provider', 'status']);
    expect((await client.get('/stablecoin-provider-accounts?cursor=nope')).body.code).toBe('INVALID_INPUT');
  });

  it('gets a link by id; an unknown id is 404 STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND', async () => {
    const { link, client } = stablecoinSandbox();
    const { body } = await link();
    expect((await client.get(`/stablecoin-provider-accounts/${body.id}`)).body).toEqual(body);
    const missing = await client.get('/stablecoin-provider-accounts/StablecoinProviderAccount:nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND' });
  });

  it('keeps each tenant to its own links', async () => {
    const box = stablecoinSandbox();
    const { body } = await box.link();
    const other = box.tenant('other-tenant', 'other-secret');
    expect((await other.get(`/stablecoin-provider-accounts/${body.id}`)).status).toBe(404);
    expect((await other.get('/stablecoin-provider-accounts')).body.totalCount).toBe(0);
  });
});
