/** Whatever arrives at the endpoints, the answer is a spec error body or a success, never a 500. */
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

describe('agent endpoints under arbitrary input', () => {
  it('never answer 5xx, on either side, and leave the agent and the money consistent', async () => {
    const { agentWorld, bearerClient } = await import('../agents/helpers.js');
    const w = await agentWorld();
    const { client, alice, sandbox } = w;
    const { agent, as } = await w.connectAgent({ policy: { permissions: ['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS', 'CREATE_QUOTES', 'EXECUTE_QUOTES', 'MANAGE_EXTERNAL_ACCOUNTS'], defaultExecutionMode: 'APPROVAL_REQUIRED', spendingLimits: { currency: 'USD', perTransactionLimit: 5_000 } } });
    const pending = (await as.post('/agents/me/transfer-out', { source: { accountId: alice.usd }, destination: { accountId: alice.external['000'] }, amount: 100 })).body;
    const ids = fc.constantFrom(agent.id, pending.id, pending.transaction.id, alice.usd, alice.external['000'], 'x', '%E0%A4%A', 'AGENT-AAAA-BBBB-CCCC', '..', '');
    const platformTargets = fc.oneof(
      fc.constantFrom('/agents', '/agents/approvals', `/agents/${agent.id}`, `/agents/${agent.id}/policy`, `/agents/${agent.id}/device-codes`),
      ids.map((id) => `/agents/${id}/actions/${pending.id}/approve`),
      ids.map((id) => `/agents/${agent.id}/actions/${id}/reject`),
      ids.map((id) => `/agents/device-codes/${id}/status`),
      ids.map((id) => `/transactions/${id}/reject`),
    );
    const agentTargets = fc.oneof(
      fc.constantFrom('/agents/me', '/agents/me/transactions', '/agents/me/quotes', '/agents/me/actions', '/agents/me/transfer-in', '/agents/me/transfer-out', '/agents/me/internal-accounts', '/agents/me/external-accounts'),
      ids.map((id) => `/agents/me/quotes/${id}/execute`),
      ids.map((id) => `/agents/me/quotes/${id}`),
      ids.map((id) => `/agents/me/transactions/${id}`),
      ids.map((id) => `/agents/me/external-accounts/${id}`),
    );
    const account = fc.constantFrom(alice.usd, alice.eur, alice.external['000'], alice.external['002'], w.bob.usd, 'x');
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record({ name: fc.string(), customerId: fc.constantFrom(alice.id, 'x'), isPaused: fc.boolean(), policy: fc.jsonValue() }, { requiredKeys: [] }),
      fc.record({ permissions: fc.array(fc.string()), spendingLimits: fc.record({ currency: fc.constantFrom('USD', 'EUR', 'XYZ', ''), perTransactionLimit: fc.oneof(fc.integer(), fc.double()), dailyLimit: fc.oneof(fc.constant(null), fc.integer()) }, { requiredKeys: [] }), accountRestrictions: fc.jsonValue() }, { requiredKeys: [] }),
      fc.record({ source: fc.record({ accountId: account, sourceType: fc.constantFrom('ACCOUNT', 'REALTIME_FUNDING'), currency: fc.constantFrom('USD', 'ZZZ') }, { requiredKeys: [] }), destination: fc.record({ accountId: account, destinationType: fc.constantFrom('ACCOUNT', 'UMA_ADDRESS') }, { requiredKeys: [] }), amount: fc.oneof(fc.integer(), fc.double()), lockedCurrencySide: fc.constantFrom('SENDING', 'RECEIVING'), lockedCurrencyAmount: fc.integer({ min: -5, max: 20_000 }), immediatelyExecute: fc.boolean() }, { requiredKeys: [] }),
    );
    const query = fc.dictionary(fc.constantFrom('limit', 'cursor', 'status', 'isPaused', 'startDate', 'sortOrder', 'agentId', 'type'), fc.string(), { maxKeys: 3 });
    const method = fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE');
    const check = (reply: { status: number; body: any }) => {
      expect(reply.status).toBeLessThan(500);
      if (reply.status >= 400) expect(reply.body).toMatchObject({ code: expect.any(String), reason: expect.any(String) });
    };
    const asAgent = bearerClient(sandbox.app, agent.token);
    const anonymous = bearerClient(sandbox.app, '');
    await fc.assert(
      fc.asyncProperty(fc.boolean(), platformTargets, agentTargets, method, body, query, fc.option(fc.string({ maxLength: 20 })), async (platformSide, platformPath, agentPath, verb, payload, params, key) => {
        const qs = new URLSearchParams(params).toString();
        const path = `${platformSide ? platformPath : agentPath}${qs ? `?${qs}` : ''}`;
        // Never delete the agent under test: its later requests would all be 401.
        if (verb === 'DELETE' && platformSide && path.startsWith(`/agents/${agent.id}`)) return;
        const headers: Record<string, string> = key !== null ? { 'idempotency-key': key } : {};
        const sent = verb === 'GET' ? undefined : payload;
        const reply = platformSide ? await client.call(verb, path, sent === undefined ? undefined : JSON.stringify(sent), headers) : await asAgent.call(verb, path, sent, headers);
        check(reply);
      }),
      { numRuns: 400 },
    );
    // Redemption with arbitrary codes and no credentials.
    await fc.assert(
      fc.asyncProperty(fc.string(), async (code) => check(await anonymous.post(`/agents/device-codes/${encodeURIComponent(code)}/redeem`))),
      { numRuns: 100 },
    );
    // Still consistent: every account's available balance is what its transactions say, and the agent is usable.
    const accounts = (await client.get('/customers/internal-accounts?limit=100')).body.data as any[];
    for (const a of accounts) expect(a.balance.amount).toBeLessThanOrEqual(a.totalBalance.amount);
    const reset = await client.patch(`/agents/${agent.id}`, { isPaused: false });
    expect(reset.status).toBe(200);
    expect((await asAgent.get('/agents/me')).status).toBe(200);
  }, 120_000);
});

describe('tokens, invitations, transaction actions, delegated keys, card simulators and directories under arbitrary input', () => {
  it('never answer 5xx, and leave the tenant usable', async () => {
    const { client, openWallet } = await walletSandbox();
    await client.patch('/config', { isRegulatedFinancialInstitution: true });
    const wallet = await openWallet({ umaAddress: '$fuzz@sandbox.uma.local' });
    await otpLogin(client, wallet.emailCredentialId);
    const card = (await client.post('/cards', { customerId: wallet.customerId, form: 'VIRTUAL', fundingSource: wallet.accountId })).body;
    await client.post('/__admin/clock/advance', { seconds: 5 });
    await client.post(`/sandbox/internal-accounts/${wallet.accountId}/fund`, { amount: 100_000 });
    const payment = (await client.post('/sandbox/uma/receive', { senderUmaAddress: '$pending.approval@x.example', customerId: wallet.customerId, receivingCurrencyCode: 'USD', receivingCurrencyAmount: 100 })).body;
    const invitation = (await client.post('/invitations', { inviterUma: '$fuzz@sandbox.uma.local' })).body;
    const token = (await client.post('/tokens', { name: 'fuzz', permissions: ['VIEW'] })).body;
    const simulators = ['authorization', 'clearing', 'return', 'balance_inquiry', 'credit_authorization', 'financial_authorization', 'financial_credit_authorization', 'authorization_advice', 'credit_authorization_advice', 'return_reversal'];
    const targets: Array<readonly [string, string]> = [
      ['POST', '/tokens'],
      ['GET', '/tokens'],
      ['DELETE', '/tokens/Token:x'],
      ['POST', '/invitations'],
      ['GET', '/invitations'],
      ['POST', `/invitations/${invitation.code}/claim`],
      ['POST', `/invitations/${invitation.code}/cancel`],
      ['GET', '/invitations/%E2%82%AC.x'],
      ...['approve', 'reject', 'confirm', 'cancel'].map((a) => ['POST', `/transactions/${payment.id}/${a}`] as const),
      ['POST', '/auth/delegated-keys'],
      ['GET', '/auth/delegated-keys'],
      ['DELETE', '/auth/delegated-keys/DelegatedKey:x'],
      ['POST', '/crypto/estimate-withdrawal-fee'],
      ['GET', '/uma-providers'],
      ['GET', '/vasps'],
      ...simulators.map((s) => ['POST', `/sandbox/cards/${card.id}/simulate/${s}`] as const),
    ];
    const text = fc.oneof(fc.string(), fc.constantFrom(card.id, wallet.accountId, invitation.code, payment.id, 'USD', 'SOLANA', '$a@b.example', '2030-01-01T00:00:00Z'));
    const amount = fc.oneof(fc.integer(), fc.double(), fc.constant(9_007_199_254_740_993), fc.string());
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          name: text,
          permissions: fc.array(fc.constantFrom('VIEW', 'TRANSACT', 'MANAGE', 'X')),
          inviterUma: text,
          inviteeUma: text,
          expiresAt: text,
          amountToSend: amount,
          reason: text,
          receiptDeliveryConfirmedAt: text,
          receiverCustomerInfo: fc.dictionary(fc.string(), fc.jsonValue()),
          cardId: text,
          internalAccountId: text,
          nickname: text,
          currency: fc.oneof(text, fc.record({ code: text })),
          cryptoNetwork: text,
          amount,
          destinationAddress: text,
          cardTransactionId: text,
          merchant: fc.record({ descriptor: text, mcc: fc.string(), country: fc.string() }, { requiredKeys: [] }),
        },
        { requiredKeys: [] },
      ),
    );
    const query = fc.dictionary(fc.constantFrom('limit', 'cursor', 'name', 'createdAfter', 'status', 'accountId', 'fundingSourceId', 'countryCode', 'currencyCode', 'hasBlockedProviders', 'sortOrder'), fc.string(), { maxKeys: 3 });
    const headers = fc.record({ 'service-wallet-signature': fc.oneof(fc.string(), fc.base64String()), 'request-id': fc.string() }, { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), body, query, headers, async ([method, path], payload, params, extra) => {
        const search = new URLSearchParams(params).toString();
        const reply = await client.call(method, search ? `${path}?${search}` : path, method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(payload), extra as Record<string, string>);
        expect(reply.status, `${method} ${path} ${JSON.stringify(payload)}`).toBeLessThan(500);
        if (reply.status >= 400) expect(reply.body).toMatchObject({ code: expect.any(String), reason: expect.any(String) });
      }),
      { numRuns: 400 },
    );
    expect((await client.get(`/tokens/${token.id}`)).status).toBe(200);
    expect((await client.get('/customers')).status).toBe(200);
    expect((await client.get(`/cards/${card.id}`)).body.id).toBe(card.id);
  }, 120_000);
});

describe('contact verification, SCA, end-user terms and bulk import under arbitrary input', () => {
  it('never answer 5xx, and keep the customer usable', async () => {
    const { scaSandbox, ORIGIN } = await import('../sca/helpers.js');
    const box = scaSandbox();
    const { client } = box;
    const eu = await box.euCustomer();
    await box.enrollTotp(eu.id);
    await box.enrollPasskey(eu.id);
    await box.login(eu.id);
    const pending = (await client.post('/customers', { customerType: 'INDIVIDUAL', region: 'DE', email: 'p@example.de', phoneNumber: '+4915100000777' })).body;
    const us = await box.usCustomer();
    const accountId = await box.fundedEurAccount(eu.id);
    const beneficiary = await box.eurBeneficiary(eu.id);
    const quote = (await client.post('/quotes', { source: { sourceType: 'ACCOUNT', accountId }, destination: { destinationType: 'ACCOUNT', accountId: beneficiary }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1000 })).body;
    await client.post(`/quotes/${quote.id}/execute`, {});
    const customerId = fc.constantFrom(eu.id, us.id, pending.id, 'Customer:x', '', '%00', 'a'.repeat(300));
    const factor = fc.constantFrom('SMS_OTP', 'TOTP', 'PASSKEY', 'EMAIL', 7, null);
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          type: factor,
          factor,
          code: fc.oneof(fc.constant('123456'), fc.string(), fc.integer()),
          secret: fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(...'0123456789abcdef'.split('')) })),
          origin: fc.oneof(fc.constant(ORIGIN), fc.webUrl(), fc.string()),
          credential: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.record({ id: fc.base64String(), response: fc.dictionary(fc.constantFrom('clientDataJSON', 'attestationObject'), fc.base64String()) })),
          passkeyAssertion: fc.oneof(fc.constant(null), fc.dictionary(fc.string(), fc.string()), fc.record({ id: fc.string(), response: fc.dictionary(fc.constantFrom('clientDataJSON', 'authenticatorData', 'signature'), fc.base64String()) })),
          challengeId: fc.oneof(fc.constant(null), fc.string()),
          endUserIpAddress: fc.oneof(fc.ipV4(), fc.ipV6(), fc.string()),
          eventType: fc.constantFrom('FAILED_LOGIN_ATTEMPT', 'RESET_PASSWORD_COMPLETED', 'X'),
          mobile: fc.record({ countryCode: fc.string(), number: fc.string() }),
          scaFactor: factor,
          customerType: fc.constantFrom('INDIVIDUAL', 'BUSINESS'),
          region: fc.constantFrom('DE', 'US', 'xx'),
          email: fc.oneof(fc.emailAddress(), fc.string()),
          phoneNumber: fc.string(),
          endUserTermsConsent: fc.record({ acceptedAt: fc.oneof(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), fc.string()), ipAddress: fc.oneof(fc.ipV4(), fc.string()), termsVersion: fc.constantFrom('V1', 'V2', ''), acceptanceMethod: fc.constantFrom('CHECKBOX', 'X') }, { requiredKeys: [] }),
        },
        { requiredKeys: [] },
      ),
    );
    const target = fc.oneof(
      fc.tuple(fc.constantFrom('GET', 'POST'), fc.constant('/sca/factors'), customerId),
      fc.tuple(fc.constant('POST'), fc.constantFrom('/sca/factors/confirm', '/sca/login/start', '/sca/login/complete', '/sca/record-event', '/sca/factors/reset'), customerId),
      fc.tuple(fc.constantFrom('GET', 'POST'), fc.constantFrom('/sca/factors/reset/TwoFactorReset:x', '/sca/factors/reset/TwoFactorReset:x/complete'), customerId),
      fc.tuple(fc.constant('DELETE'), fc.constantFrom('/sca/factors/x', '/sca/factors/%20'), customerId),
      fc.tuple(fc.constant('POST'), fc.constantFrom(`/customers/external-accounts/${beneficiary}/trust`, `/customers/external-accounts/${beneficiary}/trust/confirm`, `/customers/external-accounts/${beneficiary}/untrust`, `/customers/external-accounts/${beneficiary}/untrust/confirm`), fc.constant(undefined)),
      fc.tuple(fc.constant('POST'), fc.constantFrom(`/quotes/${quote.id}/authorize`, `/quotes/${quote.id}/authorize/resend`, `/quotes/${quote.id}/execute`), fc.constant(undefined)),
      fc.tuple(fc.constant('POST'), fc.constantFrom(`/customers/${pending.id}/verify-email`, `/customers/${pending.id}/verify-phone/confirm`, `/customers/${eu.id}/verify-email/confirm`), fc.constant(undefined)),
      fc.tuple(fc.constantFrom('POST', 'PATCH'), fc.constantFrom('/customers', `/customers/${us.id}`), fc.constant(undefined)),
      fc.tuple(fc.constant('GET'), fc.constantFrom('/customers/end-user-terms', '/customers/bulk/jobs/Job:x'), fc.constant(undefined)),
    );
    await fc.assert(
      fc.asyncProperty(target, body, async ([method, path, id], payload) => {
        const url = id === undefined ? path : `${path}?customerId=${encodeURIComponent(id)}`;
        const reply = await client.call(method, url, method === 'GET' ? undefined : JSON.stringify(payload), method === 'GET' ? {} : { 'content-type': 'application/json' });
        expect(reply.status, `${method} ${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
        if (reply.status >= 400) expect(reply.body).toMatchObject({ code: expect.any(String), reason: expect.any(String) });
      }),
      { numRuns: 400 },
    );
    // Arbitrary files to the CSV import: refused at once or imported row by row, never a 5xx.
    const header = 'umaAddress,platformCustomerId,customerType,fullName,birthDate,addressLine1,city,state,postalCode,country';
    const cell = fc.oneof(fc.string(), fc.constantFrom('INDIVIDUAL', 'BUSINESS', '"', '""', ',', '\n', '1990-01-15', 'US'));
    const file = fc.oneof(fc.string(), fc.array(fc.array(cell, { maxLength: 12 }), { maxLength: 8 }).map((rows) => [header, ...rows.map((r) => r.join(','))].join('\n')));
    await fc.assert(
      fc.asyncProperty(file, async (text) => {
        const reply = await client.upload('/customers/bulk/csv', { file: new File([text], 'f.csv') });
        expect(reply.status, text).toBeLessThan(500);
        if (reply.status !== 202) return;
        expect((await client.post('/__admin/clock/advance', { seconds: 0.05 })).status).toBe(200);
        const job = await client.get(`/customers/bulk/jobs/${reply.body.jobId}`);
        expect(job.status).toBe(200);
        expect(['COMPLETED', 'FAILED']).toContain(job.body.status);
      }),
      { numRuns: 100 },
    );
    // Still usable: a lock can be lifted and the customer logs in.
    await client.post(`/sca/record-event?customerId=${eu.id}`, { eventType: 'RESET_PASSWORD_COMPLETED' });
    await box.login(eu.id);
    expect((await client.get(`/sca/factors?customerId=${eu.id}`)).status).toBe(200);
  }, 120_000);
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
    // Well-formed mints and burns: each must be created (201), whatever the random calls did before it. Each goes
    // under a key of its own that no random key can be (k1-k3, uuids, and strings that do not start with it), so an
    // earlier request never makes it a 409; its amount is never 502 or 503 cents (the provider refusing: 400, 503).
    const OWN_KEY = 'well-formed-';
    const acceptedAmount = fc.integer({ min: 1, max: 2_000 }).filter((cents) => cents % 1_000 !== 502 && cents % 1_000 !== 503).map((cents) => String(cents * 10_000));
    const wellFormedMint = fc.record({
      amount: acceptedAmount,
      fundingSource: fc.oneof(
        fc.constant({ type: 'WIRE' }),
        fc.constantFrom('ACH_DEBIT', 'SAME_DAY_ACH_DEBIT').map((type) => ({ type, externalAccountId: bank })),
        fc.constantFrom('SOLANA', 'BASE', 'ETHEREUM').map((cryptoNetwork) => ({ type: 'PROVIDER_INTERNAL_BALANCE', sourceTokenIdentifier: 'USDC', cryptoNetwork })),
      ),
      destination: fc.record({ accountId: fc.constantFrom(spark, acme) }),
    });
    const payout = (rail: string) => ({ type: 'EXTERNAL_ACCOUNT', externalAccountId: bank, rail });
    const wellFormedBurn = fc.record({ amount: acceptedAmount, source: fc.constant({ type: 'EXTERNAL_ACCOUNT' }), destination: fc.constantFrom('WIRE', 'ACH_CREDIT', 'SAME_DAY_ACH_CREDIT', 'RTP_CREDIT').map(payout) });
    type Call = [method: string, path: string, body: unknown, wellFormed?: true];
    const call: fc.Arbitrary<Call> = fc.oneof(
      fc.tuple(fc.constant('POST'), fc.constant(`/stablecoins/${coin.id}/mints`), wellFormedMint, fc.constant(true as const)),
      fc.tuple(fc.constant('POST'), fc.constant(`/stablecoins/${coin.id}/burns`), wellFormedBurn, fc.constant(true as const)),
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
      { weight: 1, arbitrary: fc.record({ 'idempotency-key': fc.string({ maxLength: 300 }).filter((key) => !key.startsWith(OWN_KEY)) }, { requiredKeys: [] }) },
    );
    const statuses = new Map<string, number>();
    const created = { mints: 0, burns: 0 };
    let ownKeys = 0;
    // Every run starts with four well-formed mints and four well-formed burns, so some are always there to be created.
    const examples: [Call, Record<string, string>, number][] = [
      ...[{ type: 'WIRE' }, { type: 'ACH_DEBIT', externalAccountId: bank }, { type: 'SAME_DAY_ACH_DEBIT', externalAccountId: bank }, { type: 'PROVIDER_INTERNAL_BALANCE', sourceTokenIdentifier: 'USDC', cryptoNetwork: 'SOLANA' }].map(
        (fundingSource, n): [Call, Record<string, string>, number] => [['POST', `/stablecoins/${coin.id}/mints`, { amount: '1000000', fundingSource, destination: { accountId: n % 2 === 0 ? spark : acme } }, true], {}, 0],
      ),
      ...['WIRE', 'ACH_CREDIT', 'SAME_DAY_ACH_CREDIT', 'RTP_CREDIT'].map((rail): [Call, Record<string, string>, number] => [['POST', `/stablecoins/${coin.id}/burns`, { amount: '1000000', source: { type: 'EXTERNAL_ACCOUNT' }, destination: payout(rail) }, true], {}, 0]),
    ];
    await fc.assert(
      fc.asyncProperty(call, headers, fc.nat(400), async ([method, path, payload, wellFormed], extra, seconds) => {
        const sent = wellFormed ? { 'idempotency-key': `${OWN_KEY}${++ownKeys}` } : (extra as Record<string, string>);
        const reply = method === 'GET' ? await box.client.get(path) : await box.client.call(method, path, JSON.stringify(payload), sent);
        if (wellFormed) {
          expect(reply.status, `${path} ${JSON.stringify(payload)}: ${JSON.stringify(reply.body)}`).toBe(201);
          created[path.endsWith('/mints') ? 'mints' : 'burns'] += 1;
        }
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
      { numRuns: 400, examples },
    );
    // The generators reach past validation: mints and burns are created, not only refused.
    expect(created.mints).toBeGreaterThan(3);
    expect(created.burns).toBeGreaterThan(3);
    expect(statuses.get('mints 201') ?? 0).toBeGreaterThanOrEqual(created.mints);
    expect(statuses.get('burns 201') ?? 0).toBeGreaterThanOrEqual(created.burns);
    for (const path of ['/stablecoins', '/stablecoin-provider-accounts', `/stablecoins/${coin.id}/operations?limit=100`, '/platform/internal-accounts']) {
      expect((await box.client.get(path)).status, path).toBe(200);
    }
  }, 120_000);
});
