/** Whatever arrives at the wallet and stablecoin endpoints, the answer is a spec error body or a success, never a 500. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { otpLogin, walletSandbox } from './helpers.js';
import { stablecoinSandbox } from '../stablecoins/helpers.js';

describe('wallet endpoints under arbitrary input', () => {
  it('never answer 5xx, and keep the wallet usable', async () => {
    const { client, openWallet } = await walletSandbox();
    const wallet = await openWallet();
    // A live session, so signed retries get as far as the signature checks.
    await otpLogin(client, wallet.emailCredentialId);
    const targets = [
      ['POST', '/auth/credentials'],
      ['POST', `/auth/credentials/${wallet.emailCredentialId}/challenge`],
      ['POST', `/auth/credentials/${wallet.emailCredentialId}/verify`],
      ['DELETE', `/auth/credentials/${wallet.emailCredentialId}`],
      ['POST', '/auth/sessions/Session:x/refresh'],
      ['POST', `/internal-accounts/${wallet.accountId}/export`],
      ['PATCH', `/internal-accounts/${wallet.accountId}`],
    ] as const;
    const type = fc.constantFrom('EMAIL_OTP', 'SMS_OTP', 'OAUTH', 'PASSKEY', 'X');
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record({ type, accountId: fc.constantFrom(wallet.accountId, 'x'), encryptedOtpBundle: fc.string(), oidcToken: fc.string(), clientPublicKey: fc.string(), attestation: fc.dictionary(fc.string(), fc.string()), assertion: fc.dictionary(fc.string(), fc.string()) }, { requiredKeys: ['type'] }),
    );
    const headers = fc.record({ 'service-wallet-signature': fc.oneof(fc.string(), fc.base64String()), 'request-id': fc.string() }, { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), body, headers, async ([method, path], payload, extra) => {
        const reply = await client.call(method, path, JSON.stringify(payload), extra as Record<string, string>);
        expect(reply.status).toBeLessThan(500);
        if (reply.status >= 400) expect(reply.body).toMatchObject({ code: expect.any(String), reason: expect.any(String) });
      }),
      { numRuns: 300 },
    );
    const privacy = await client.patch(`/internal-accounts/${wallet.accountId}`, { privateEnabled: true });
    expect(privacy.status).toBe(202);
    expect((await client.get(`/auth/credentials?accountId=${wallet.accountId}`)).body.data).toHaveLength(1);
  });
});

describe('stablecoin endpoints under arbitrary input', () => {
  it('never answer 5xx (but the magic 503 of an unavailable provider), and keep every list readable', async () => {
    const box = stablecoinSandbox();
    const coin = await box.enabledStablecoin();
    const pending = (await box.register({ providerTokenIdentifier: 'PEN', stablecoinProviderAccountId: coin.stablecoinProviderAccountId })).body;
    const spark = await box.sparkWallet();
    const bank = await box.usdBank();
    const usd = (await box.platformAccount('USD')).id;
    const acme = (await box.platformAccount('ACME')).id;
    await box.client.post(`/sandbox/internal-accounts/${usd}/fund`, { amount: 100_000 });
    const op = (await box.mint(coin.id, { amount: '1000000', fundingSource: { type: 'WIRE' }, destination: { accountId: spark } })).body.id;

    const id = fc.constantFrom(coin.id, pending.id, spark, bank, usd, acme, op, coin.stablecoinProviderAccountId, 'Stablecoin:x', 'x', '');
    const accountId = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(spark, bank, usd, acme) }, { weight: 1, arbitrary: id });
    const stablecoinId = fc.oneof({ weight: 4, arbitrary: fc.constant(coin.id) }, { weight: 1, arbitrary: id });
    const amount = fc.oneof(
      { weight: 8, arbitrary: fc.integer({ min: 1, max: 2_000 }).map((cents) => String(cents * 10_000)) },
      { weight: 1, arbitrary: fc.constantFrom('0', '10001', '5030000', '5020000', '5040000', '1' + '0'.repeat(29), '-1', '1e6') },
      { weight: 1, arbitrary: fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 20n }).map(String), fc.string()) },
    );
    /** Mostly well-formed, now and then not. */
    const mostly = <T,>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<T>) => fc.oneof({ weight: 9, arbitrary: valid }, { weight: 1, arbitrary: invalid });
    const fundingType = mostly(fc.constantFrom('WIRE', 'ACH_DEBIT', 'SAME_DAY_ACH_DEBIT', 'SERVICE_INTERNAL_ACCOUNT', 'PROVIDER_INTERNAL_BALANCE'), fc.constant('X'));
    const burnType = mostly(fc.constantFrom('EXTERNAL_ACCOUNT', 'SERVICE_INTERNAL_ACCOUNT', 'PROVIDER_INTERNAL_BALANCE'), fc.constant('X'));
    const side = (type: fc.Arbitrary<string>) =>
      fc.record({ type, externalAccountId: accountId, accountId, sourceTokenIdentifier: mostly(fc.constantFrom('USDC', 'usdt'), fc.constant('')), cryptoNetwork: mostly(fc.constantFrom('SOLANA', 'base', 'TRON'), fc.constant('')) });
    const mintBody = fc.record({ amount, fundingSource: side(fundingType), destination: fc.record({ accountId: mostly(fc.constantFrom(spark, acme), accountId) }), description: fc.string() }, { requiredKeys: ['amount', 'fundingSource', 'destination'] });
    const burnBody = fc.record(
      { amount, source: side(burnType), destination: fc.record({ type: mostly(fc.constant('EXTERNAL_ACCOUNT'), fc.constant('X')), externalAccountId: mostly(fc.constant(bank), accountId), rail: mostly(fc.constantFrom('WIRE', 'ACH_CREDIT', 'SAME_DAY_ACH_CREDIT', 'RTP_CREDIT'), fc.constant('SEPA')) }) },
      { requiredKeys: ['amount', 'source', 'destination'] },
    );
    const linkBody = fc.record({ provider: fc.constantFrom('BRALE', 'BRALE', 'X'), apiClientId: fc.string(), apiClientSecret: fc.oneof(fc.string(), fc.constantFrom('s-002', 's-003')), providerAccountId: fc.string() }, { requiredKeys: ['provider', 'apiClientId', 'apiClientSecret'] });
    const registerBody = fc.record(
      { providerTokenIdentifier: fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('ABC', 'USDC', 'ACME')), networkTokenIdentifier: fc.constantFrom('btkn1qqqqqqqq000', 'btkn1qqqqqqqq004', 'btkn1qqqqqqqq002', 'x'), network: fc.constantFrom('SPARK', 'X'), stablecoinProviderAccountId: id },
      { requiredKeys: ['providerTokenIdentifier', 'networkTokenIdentifier', 'network'] },
    );
    const any = fc.jsonValue();
    type Call = [method: string, path: string, body: unknown];
    const call: fc.Arbitrary<Call> = fc.oneof(
      fc.tuple(fc.constant('POST'), fc.constant('/stablecoin-provider-accounts'), fc.oneof(linkBody, any)),
      fc.tuple(fc.constant('POST'), fc.constant('/stablecoins'), fc.oneof(registerBody, any)),
      { weight: 4, arbitrary: fc.tuple(fc.constant('POST'), stablecoinId.map((x) => `/stablecoins/${encodeURIComponent(x)}/mints`), mostly<unknown>(mintBody, any)) },
      { weight: 4, arbitrary: fc.tuple(fc.constant('POST'), stablecoinId.map((x) => `/stablecoins/${encodeURIComponent(x)}/burns`), mostly<unknown>(burnBody, any)) },
      fc.tuple(fc.constant('POST'), id.map((x) => `/sandbox/stablecoin-operations/${encodeURIComponent(x)}/fund`), fc.oneof(fc.record({ amount }, { requiredKeys: [] }), any)),
      fc.tuple(fc.constant('GET'), fc.constantFrom('/stablecoin-provider-accounts?status=ACTIVE&limit=3', '/stablecoins?issuanceStatus=PROVISIONED', '/stablecoins?serviceOperationsStatus=X'), fc.constant(undefined)),
      fc.tuple(fc.constant('GET'), id.map((x) => `/stablecoins/${encodeURIComponent(x)}/operations?operationType=MINT`), fc.constant(undefined)),
      fc.tuple(fc.constant('GET'), id.map((x) => `/stablecoin-operations/${encodeURIComponent(x)}`), fc.constant(undefined)),
      fc.tuple(fc.constant('GET'), id.map((x) => `/stablecoin-provider-accounts/${encodeURIComponent(x)}`), fc.constant(undefined)),
    );
    const headers = fc.oneof(
      { weight: 6, arbitrary: fc.record({ 'idempotency-key': fc.oneof(fc.constantFrom('k1', 'k2', 'k3'), fc.uuid()) }) },
      { weight: 1, arbitrary: fc.record({ 'idempotency-key': fc.string({ maxLength: 300 }) }, { requiredKeys: [] }) },
    );
    const statuses = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(call, headers, fc.nat(400), async ([method, path, payload], extra, seconds) => {
        const reply = method === 'GET' ? await box.client.get(path) : await box.client.call(method, path, JSON.stringify(payload), extra as Record<string, string>);
        if (reply.status === 503) {
          expect(reply.body.code).toBe('SERVICE_UNAVAILABLE');
          expect(path).toMatch(/\/(mints|burns)$/);
        } else {
          expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(500);
        }
        if (reply.status >= 400) expect(reply.body).toMatchObject({ code: expect.any(String), reason: expect.any(String) });
        const kind = `${path.match(/mints|burns|fund/)?.[0] ?? 'other'} ${reply.status}`;
        statuses.set(kind, (statuses.get(kind) ?? 0) + 1);
        if (seconds > 0 && seconds < 40) await box.advance(seconds);
      }),
      { numRuns: 400 },
    );
    // The generators reach past validation: mints and burns are created, not only refused.
    expect(statuses.get('mints 201') ?? 0).toBeGreaterThan(3);
    expect(statuses.get('burns 201') ?? 0).toBeGreaterThan(3);
    for (const path of ['/stablecoins', '/stablecoin-provider-accounts', `/stablecoins/${coin.id}/operations?limit=100`, '/platform/internal-accounts']) {
      expect((await box.client.get(path)).status, path).toBe(200);
    }
  });
});
