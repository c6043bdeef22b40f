/**
 * Embedded-wallet payouts as the service's guides and sample app do them: the
 * quote carries paymentInstructions[].accountOrWalletInfo {accountType:
 * EMBEDDED_WALLET, payloadToSign}; the client stamps it with its session key
 * and executes with the wallet signature header and no Request-Id (200 at
 * once). The spec's signed retry (202, then signature + Request-Id) still
 * works. Stamps are made with @turnkey/api-key-stamper, and the way the
 * sample frontend makes them (@noble/curves).
 */
import { randomUUID } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { describe, expect, it } from 'vitest';
import { usdAccount, type Client } from '../helpers.js';
import { bearerClient, policy } from '../agents/helpers.js';
import { advance, generateP256KeyPair, otpLogin, passkeyLogin, sealedSessionKey, signedHeaders, stampOf, walletSandbox, walletSignatureHeader, withPasskey, type KeyPair } from './helpers.js';

const FUNDS = 100_000;

/** A customer's wallet, funded, a session key of it, and an external payee (suffix 789: completes at once). */
async function payoutWorld() {
  const box = await walletSandbox();
  const wallet = await box.openWallet();
  const { key, session } = await otpLogin(box.client, wallet.emailCredentialId);
  expect((await box.client.post(`/sandbox/internal-accounts/${wallet.accountId}/fund`, { amount: FUNDS })).status).toBe(200);
  const payee = await box.client.post('/customers/external-accounts', usdAccount(wallet.customerId, '123456789'));
  expect(payee.status).toBe(201);
  return { ...box, wallet, key, session, payeeId: payee.body.id as string };
}
type World = Awaited<ReturnType<typeof payoutWorld>>;

function quoteBody(world: Pick<World, 'wallet' | 'payeeId'>, overrides: Record<string, unknown> = {}) {
  return {
    source: { sourceType: 'ACCOUNT', accountId: world.wallet.accountId, customerId: world.wallet.customerId },
    destination: { destinationType: 'ACCOUNT', accountId: world.payeeId },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: 2_000,
    ...overrides,
  };
}

async function walletQuote(world: World, overrides: Record<string, unknown> = {}) {
  const quote = await world.client.post('/quotes', quoteBody(world, overrides));
  expect(quote.status, JSON.stringify(quote.body)).toBe(201);
  return quote.body;
}

/** The payloadToSign the way the sample frontend finds it: the instruction whose accountOrWalletInfo carries one. */
function payloadOf(quote: { paymentInstructions?: Array<{ accountOrWalletInfo?: { payloadToSign?: string } }> }): string {
  const payload = quote.paymentInstructions?.find((i) => i.accountOrWalletInfo?.payloadToSign)?.accountOrWalletInfo?.payloadToSign;
  expect(payload).toBeTypeOf('string');
  return payload!;
}

/** The sample's execute call: POST without a body, the stamp and a fresh Idempotency-Key, no Request-Id. */
function execute(client: Client, quoteId: string, signature: string | undefined, idempotencyKey: string | undefined = randomUUID()) {
  const headers = { ...(signature !== undefined ? walletSignatureHeader(signature) : {}), ...(idempotencyKey !== undefined ? { 'idempotency-key': idempotencyKey } : {}) };
  return client.call('POST', `/quotes/${quoteId}/execute`, undefined, headers);
}

async function walletBalance(client: Client, customerId: string): Promise<number> {
  return (await client.get(`/customers/internal-accounts?customerId=${customerId}&type=EMBEDDED_WALLET`)).body.data[0].balance.amount;
}

async function transactionsOfQuote(client: Client, quoteId: string) {
  return (await client.get(`/transactions?reference=${encodeURIComponent(quoteId)}`)).body.data as Array<{ id: string; quoteId: string }>;
}

/** Nothing moved: the quote is still PENDING, the wallet holds its funds, no transaction exists. */
async function expectUntouched(world: World, quoteId: string) {
  expect((await world.client.get(`/quotes/${quoteId}`)).body.status).toBe('PENDING');
  expect(await walletBalance(world.client, world.wallet.customerId)).toBe(FUNDS);
  expect(await transactionsOfQuote(world.client, quoteId)).toEqual([]);
}

/** The sample frontend's signPayload: @noble/curves P-256 over the UTF-8 bytes, DER, the stamp JSON in base64url. */
function sampleStamp(privateKeyHex: string, payloadToSign: string): string {
  const sessionKey = Buffer.from(privateKeyHex, 'hex');
  const signature = p256.sign(new TextEncoder().encode(payloadToSign), sessionKey, { format: 'der' });
  const stamp = JSON.stringify({ publicKey: Buffer.from(p256.getPublicKey(sessionKey, true)).toString('hex'), scheme: 'SIGNATURE_SCHEME_TK_API_P256', signature: Buffer.from(signature).toString('hex') });
  return Buffer.from(stamp).toString('base64url');
}

describe('the quote from an embedded wallet carries its payloadToSign', () => {
  it('one EMBEDDED_WALLET instruction whose payload binds the quote, the wallet, the amounts, the destination, the description and the expiry', async () => {
    const world = await payoutWorld();
    const quote = await walletQuote(world, { description: 'Withdrawal from Global Account' });
    expect(quote.paymentInstructions).toEqual([{ accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', payloadToSign: expect.any(String) } }]);
    expect(JSON.parse(payloadOf(quote))).toEqual({
      organizationId: 'test-client',
      type: 'ACTIVITY_TYPE_EXECUTE_QUOTE',
      timestampMs: String(Date.parse(quote.createdAt)),
      parameters: {
        quoteId: quote.id,
        walletId: world.wallet.accountId,
        sendingCurrency: 'USD',
        totalSendingAmount: quote.totalSendingAmount,
        receivingCurrency: 'USD',
        totalReceivingAmount: quote.totalReceivingAmount,
        destination: { destinationType: 'ACCOUNT', accountId: world.payeeId },
        description: 'Withdrawal from Global Account',
        expiresAt: quote.expiresAt,
      },
    });
    // GET and the list show the same payload; another quote has another.
    expect((await world.client.get(`/quotes/${quote.id}`)).body).toEqual(quote);
    expect((await world.client.get(`/quotes?customerId=${world.wallet.customerId}`)).body.data[0]).toEqual(quote);
    expect(payloadOf(await walletQuote(world))).not.toBe(payloadOf(quote));
  });

  it('a quote from any other source has no payloadToSign, and ignores a wallet signature header on execute', async () => {
    const world = await payoutWorld();
    const fiat = (await world.client.get(`/customers/internal-accounts?customerId=${world.wallet.customerId}&type=INTERNAL_FIAT`)).body.data[0];
    await world.client.post(`/sandbox/internal-accounts/${fiat.id}/fund`, { amount: FUNDS });
    const quote = await world.client.post('/quotes', quoteBody(world, { source: { sourceType: 'ACCOUNT', accountId: fiat.id } }));
    expect(quote.status).toBe(201);
    expect(quote.body.paymentInstructions).toBeUndefined();
    const done = await execute(world.client, quote.body.id, 'not a stamp at all');
    expect([done.status, done.body.status]).toEqual([200, 'COMPLETED']);
  });

  it('immediatelyExecute is refused from an embedded wallet (400 INVALID_INPUT on that field), and no quote is left', async () => {
    const world = await payoutWorld();
    const refused = await world.client.post('/quotes', quoteBody(world, { immediatelyExecute: true }));
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('INVALID_INPUT');
    expect(refused.body.details.errors).toEqual([{ field: 'immediatelyExecute', message: expect.stringMatching(/embedded wallet.*payloadToSign/) }]);
    expect((await world.client.get(`/quotes?customerId=${world.wallet.customerId}`)).body.data).toEqual([]);
    expect((await world.client.post('/quotes', quoteBody(world, { immediatelyExecute: false }))).status).toBe(201);
  });

  it('non-ASCII description: the payload keeps it as UTF-8 text (a lone surrogate escaped), and its stamp executes', async () => {
    const world = await payoutWorld();
    const description = 'Café ☕ — 東京へ送金 🎉 \ud800';
    const quote = await walletQuote(world, { description });
    const payload = payloadOf(quote);
    expect(payload).toContain('Café ☕ — 東京へ送金 🎉 \\ud800');
    expect(JSON.parse(payload).parameters.description).toBe(description);
    const done = await execute(world.client, quote.id, await stampOf(payload, world.key));
    expect([done.status, done.body.status]).toEqual([200, 'COMPLETED']);
  });
});

describe('execute with a stamp of payloadToSign and no Request-Id', () => {
  it('executes once: 200; the same Idempotency-Key answers the same; one transaction, the wallet debited once', async () => {
    const world = await payoutWorld();
    const quote = await walletQuote(world);
    const signature = await stampOf(payloadOf(quote), world.key);
    const key = randomUUID();
    const done = await execute(world.client, quote.id, signature, key);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ ...quote, status: 'COMPLETED' });
    expect(done.body).toEqual((await world.client.get(`/quotes/${quote.id}`)).body);
    const replay = await execute(world.client, quote.id, signature, key);
    expect([replay.status, replay.body]).toEqual([200, done.body]);
    const transactions = await transactionsOfQuote(world.client, quote.id);
    expect(transactions.map((t) => t.id)).toEqual([quote.transactionId]);
    expect(await walletBalance(world.client, world.wallet.customerId)).toBe(FUNDS - quote.totalSendingAmount);
  });

  it('a second execute without the Idempotency-Key (or with another) is 409 CONFLICT; nothing moves again', async () => {
    const world = await payoutWorld();
    const quote = await walletQuote(world);
    const signature = await stampOf(payloadOf(quote), world.key);
    expect((await execute(world.client, quote.id, signature)).status).toBe(200);
    for (const key of [undefined, randomUUID()]) {
      const again = await execute(world.client, quote.id, signature, key);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'CONFLICT', details: { transactionId: quote.transactionId } });
    }
    expect(await walletBalance(world.client, world.wallet.customerId)).toBe(FUNDS - quote.totalSendingAmount);
    expect(await transactionsOfQuote(world.client, quote.id)).toHaveLength(1);
  });

  it('the legacy sandbox value sandbox-valid-signature (the sample frontend in sandbox mode) executes too', async () => {
    const world = await payoutWorld();
    const quote = await walletQuote(world);
    const done = await execute(world.client, quote.id, 'sandbox-valid-signature');
    expect([done.status, done.body.status]).toEqual([200, 'COMPLETED']);
  });

  it('401 WALLET_SIGNATURE_INVALID: a stranger’s key, another wallet’s session; nothing moves', async () => {
    const world = await payoutWorld();
    const quote = await walletQuote(world);
    const payload = payloadOf(quote);
    const stranger = await execute(world.client, quote.id, await stampOf(payload, generateP256KeyPair()));
    expect(stranger.status).toBe(401);
    expect(stranger.body).toMatchObject({ code: 'WALLET_SIGNATURE_INVALID', reason: expect.stringMatching(/not an active session of this wallet/) });
    const other = await world.openWallet();
    const { key: otherKey } = await otpLogin(world.client, other.emailCredentialId);
    const otherWallet = await execute(world.client, quote.id, await stampOf(payload, otherKey));
    expect([otherWallet.status, otherWallet.body.code]).toEqual([401, 'WALLET_SIGNATURE_INVALID']);
    await expectUntouched(world, quote.id);
  });

  it('a session is good until its expiresAt: 1 s before it executes, at it 401 WALLET_SIGNATURE_INVALID', async () => {
    const world = await payoutWorld();
    const { key, session } = world;
    const now = Date.parse((await world.client.get('/__admin/clock')).body.now);
    const lifetime = (Date.parse(session.expiresAt) - now) / 1000;
    expect(lifetime).toBe(900);
    await advance(world.client, lifetime - 1);
    const before = await walletQuote(world);
    expect((await execute(world.client, before.id, await stampOf(payloadOf(before), key))).status).toBe(200);
    await advance(world.client, 1);
    const at = await walletQuote(world);
    const expired = await execute(world.client, at.id, await stampOf(payloadOf(at), key));
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ code: 'WALLET_SIGNATURE_INVALID', reason: expect.stringMatching(/not an active session/) });
    expect((await world.client.get(`/quotes/${at.id}`)).body.status).toBe('PENDING');
  });

  it('401 WALLET_SIGNATURE_MALFORMED: not JSON, not base64url, the wrong scheme, missing members, bad DER', async () => {
    const world = await payoutWorld();
    const quote = await walletQuote(world);
    const good = await stampOf(payloadOf(quote), world.key);
    const stamp = JSON.parse(Buffer.from(good, 'base64url').toString());
    const encode = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
    for (const signature of [
      encode('not json'),
      'not base64 at all!',
      `${good}%`,
      Buffer.from(JSON.stringify(stamp)).toString('base64').replace(/[A-Za-z0-9]/, '+').concat('/'),
      encode({ ...stamp, scheme: 'SIGNATURE_SCHEME_TK_API_ED25519' }),
      encode({ ...stamp, scheme: 'signature_scheme_tk_api_p256' }),
      encode({ publicKey: stamp.publicKey, scheme: stamp.scheme }),
      encode({ ...stamp, signature: `31${stamp.signature.slice(2)}` }),
      encode({ ...stamp, publicKey: 'zz' }),
    ]) {
      const reply = await execute(world.client, quote.id, signature);
      expect(reply.status, signature).toBe(401);
      expect(reply.body.code, signature).toBe('WALLET_SIGNATURE_MALFORMED');
    }
    await expectUntouched(world, quote.id);
  });

  it('401 WALLET_SIGNATURE_INVALID: a stamp over other bytes, a tampered payload, another quote’s payload, a 202 challenge’s payload', async () => {
    const world = await payoutWorld();
    const quote = await walletQuote(world);
    const payload = payloadOf(quote);
    const tampered = JSON.parse(payload);
    tampered.parameters.totalSendingAmount = 1;
    const another = await walletQuote(world, { lockedCurrencyAmount: 3_000 });
    const challenged = await walletQuote(world);
    const challenge = await world.client.call('POST', `/quotes/${challenged.id}/execute`);
    expect(challenge.status).toBe(202);
    for (const [what, signed] of [
      ['other bytes', `${payload} `],
      ['tampered', JSON.stringify(tampered)],
      ['re-serialized', JSON.stringify(JSON.parse(payload), null, 1)],
      ['another quote', payloadOf(another)],
      ['a 202 challenge', challenge.body.payloadToSign],
    ] as const) {
      const reply = await execute(world.client, quote.id, await stampOf(signed, world.key));
      expect(reply.status, what).toBe(401);
      expect(reply.body.code, what).toBe('WALLET_SIGNATURE_INVALID');
      expect(reply.body.reason, what).toMatch(/payloadToSign/);
    }
    // The challenge's stamp without its Request-Id executes nothing, and with it the signed retry still works.
    const withoutId = await execute(world.client, challenged.id, await stampOf(challenge.body.payloadToSign, world.key));
    expect(withoutId.body.code).toBe('WALLET_SIGNATURE_INVALID');
    await expectUntouched(world, quote.id);
    const retried = await world.client.call('POST', `/quotes/${challenged.id}/execute`, undefined, signedHeaders(await stampOf(challenge.body.payloadToSign, world.key), challenge.body.requestId));
    expect([retried.status, retried.body.status]).toEqual([200, 'COMPLETED']);
  });

  it('a quote is good until its expiresAt: 1 ms before it the stamp executes, at it 400 QUOTE_EXPIRED', async () => {
    const world = await payoutWorld();
    const onTime = await walletQuote(world);
    const late = await walletQuote(world);
    expect(late.expiresAt).toBe(onTime.expiresAt);
    await advance(world.client, (Date.parse(onTime.expiresAt) - Date.parse(onTime.createdAt) - 1) / 1000);
    expect((await execute(world.client, onTime.id, await stampOf(payloadOf(onTime), world.key))).status).toBe(200);
    await advance(world.client, 0.001);
    const expired = await execute(world.client, late.id, await stampOf(payloadOf(late), world.key));
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe('QUOTE_EXPIRED');
  });

  it('a stamp for money the wallet does not have is 400 INSUFFICIENT_FUNDS, checked after the signature', async () => {
    const world = await payoutWorld();
    const quote = await walletQuote(world, { lockedCurrencyAmount: FUNDS + 1 });
    expect((await execute(world.client, quote.id, await stampOf(payloadOf(quote), generateP256KeyPair()))).body.code).toBe('WALLET_SIGNATURE_INVALID');
    const reply = await execute(world.client, quote.id, await stampOf(payloadOf(quote), world.key));
    expect([reply.status, reply.body.code]).toEqual([400, 'INSUFFICIENT_FUNDS']);
  });
});

describe('the spec’s signed retry keeps working beside it', () => {
  it('no header: 202 challenge; Request-Id alone: WALLET_SIGNATURE_MISSING; a quote-payload stamp with a Request-Id: WALLET_SIGNATURE_INVALID; the stamped retry: 200', async () => {
    const world = await payoutWorld();
    const quote = await walletQuote(world);
    const path = `/quotes/${quote.id}/execute`;
    const first = await world.client.call('POST', path);
    expect(first.status).toBe(202);
    expect(Object.keys(first.body).sort()).toEqual(['expiresAt', 'payloadToSign', 'requestId']);
    expect((await world.client.call('POST', path, undefined, { 'request-id': first.body.requestId })).body.code).toBe('WALLET_SIGNATURE_MISSING');
    const crossed = await world.client.call('POST', path, undefined, signedHeaders(await stampOf(payloadOf(quote), world.key), first.body.requestId));
    expect([crossed.status, crossed.body.code]).toEqual([401, 'WALLET_SIGNATURE_INVALID']);
    const done = await world.client.call('POST', path, undefined, signedHeaders(await stampOf(first.body.payloadToSign, world.key), first.body.requestId));
    expect([done.status, done.body.status]).toEqual([200, 'COMPLETED']);
  });
});

describe('webhooks', () => {
  interface Event {
    type: string;
    data: Record<string, any>;
  }
  const eventsAbout = async (client: Client, id: string) => ((await client.get('/__admin/events?limit=100')).body.data as Event[]).filter((e) => e.data.id === id).reverse();

  it('the stamped execute fires what the signed retry fires, each with data equal to a GET after the change', async () => {
    const world = await payoutWorld();
    const direct = await walletQuote(world);
    expect((await execute(world.client, direct.id, await stampOf(payloadOf(direct), world.key))).status).toBe(200);
    const directEvents = await eventsAbout(world.client, direct.transactionId);
    const walletEvents = await eventsAbout(world.client, world.wallet.accountId);

    const retried = await walletQuote(world);
    const first = await world.client.call('POST', `/quotes/${retried.id}/execute`);
    expect((await world.client.call('POST', `/quotes/${retried.id}/execute`, undefined, signedHeaders(await stampOf(first.body.payloadToSign, world.key), first.body.requestId))).status).toBe(200);
    const retriedEvents = await eventsAbout(world.client, retried.transactionId);

    expect(directEvents.map((e) => e.type)).toEqual(retriedEvents.map((e) => e.type));
    expect(directEvents.map((e) => e.type)).toContain('OUTGOING_PAYMENT.COMPLETED');
    expect(directEvents.at(-1)!.data).toEqual((await world.client.get(`/transactions/${direct.transactionId}`)).body);
    // The wallet's balance event after the stamped execute carried the balance a GET showed then.
    expect(walletEvents.at(-1)).toMatchObject({ type: 'INTERNAL_ACCOUNT.BALANCE_UPDATED', data: { balance: { amount: FUNDS - direct.totalSendingAmount } } });
  });
});

describe('the sample frontend’s Global Account payout, call for call', () => {
  it('passkey sign-in, the quote’s payloadToSign stamped with @noble/curves, execute with the signature and an Idempotency-Key', async () => {
    const { client, wallet, credential, passkey } = await withPasskey();
    await client.post(`/sandbox/internal-accounts/${wallet.accountId}/fund`, { amount: FUNDS });
    const payee = await client.post('/customers/external-accounts', usdAccount(wallet.customerId, '123456789'));
    // Step 6: the withdrawal quote, source and customer as the sample sends them.
    const quote = await client.post('/quotes', { ...quoteBody({ wallet, payeeId: payee.body.id }, { lockedCurrencyAmount: 1_000 }), description: 'Withdrawal from Global Account' });
    expect(quote.status).toBe(201);
    // Step 7: an uncompressed client key on /challenge, the assertion on /verify, the session key opened from encryptedSessionSigningKey.
    const clientKey: KeyPair = generateP256KeyPair();
    const session = await passkeyLogin(client, credential.id, passkey, clientKey.publicKeyUncompressed);
    expect(session.status).toBe(200);
    const sessionKey = sealedSessionKey(session.body.encryptedSessionSigningKey, clientKey);
    // Step 8: POST without a body, the stamp and a fresh Idempotency-Key.
    const done = await execute(client, quote.body.id, sampleStamp(sessionKey.privateKey, payloadOf(quote.body)));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ id: quote.body.id, status: 'COMPLETED' });
    expect(await walletBalance(client, wallet.customerId)).toBe(FUNDS - quote.body.totalSendingAmount);
  });
});

describe('/agents/me/quotes/{quoteId}/execute from a wallet', () => {
  async function agentOfWallet() {
    const world = await payoutWorld();
    const created = await world.client.post('/agents', { name: 'Wallet bot', customerId: world.wallet.customerId, policy: policy() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const redeemed = await bearerClient(world.app, '').post(`/agents/device-codes/${encodeURIComponent(created.body.deviceCode.code)}/redeem`);
    expect(redeemed.status).toBe(200);
    return { ...world, agent: bearerClient(world.app, redeemed.body.accessToken) };
  }

  it('the agent’s quote carries payloadToSign; its stamp executes once (200 APPROVED), the Idempotency-Key replays the same action', async () => {
    const world = await agentOfWallet();
    const quote = await world.agent.post('/agents/me/quotes', quoteBody(world));
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    const payload = payloadOf(quote.body);
    expect(JSON.parse(payload).parameters).toMatchObject({ quoteId: quote.body.id, walletId: world.wallet.accountId });
    const path = `/agents/me/quotes/${quote.body.id}/execute`;
    const stranger = await world.agent.call('POST', path, undefined, walletSignatureHeader(await stampOf(payload, generateP256KeyPair())));
    expect([stranger.status, stranger.body.code]).toEqual([401, 'WALLET_SIGNATURE_INVALID']);
    const malformed = await world.agent.call('POST', path, undefined, walletSignatureHeader('not a stamp'));
    expect([malformed.status, malformed.body.code]).toEqual([401, 'WALLET_SIGNATURE_MALFORMED']);
    const headers = { ...walletSignatureHeader(await stampOf(payload, world.key)), 'idempotency-key': 'agent-wallet-1' };
    const done = await world.agent.call('POST', path, undefined, headers);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ type: 'EXECUTE_QUOTE', status: 'APPROVED', quote: { id: quote.body.id, status: 'COMPLETED' } });
    const replay = await world.agent.call('POST', path, undefined, headers);
    expect([replay.status, replay.body]).toEqual([200, done.body]);
    expect(await transactionsOfQuote(world.client, quote.body.id)).toHaveLength(1);
    expect(await walletBalance(world.client, world.wallet.customerId)).toBe(FUNDS - quote.body.totalSendingAmount);
  });

  it('the signed retry still works there, and immediatelyExecute from the wallet is refused as on POST /quotes', async () => {
    const world = await agentOfWallet();
    const quote = await world.agent.post('/agents/me/quotes', quoteBody(world));
    const path = `/agents/me/quotes/${quote.body.id}/execute`;
    const first = await world.agent.call('POST', path);
    expect(first.status).toBe(202);
    const done = await world.agent.call('POST', path, undefined, signedHeaders(await stampOf(first.body.payloadToSign, world.key), first.body.requestId));
    expect([done.status, done.body.status]).toEqual([200, 'APPROVED']);
    const immediate = await world.agent.post('/agents/me/quotes', quoteBody(world, { immediatelyExecute: true }));
    expect(immediate.status).toBe(400);
    expect(immediate.body.details.errors).toEqual([{ field: 'immediatelyExecute', message: expect.stringMatching(/embedded wallet/) }]);
    expect(await transactionsOfQuote(world.client, quote.body.id)).toHaveLength(1);
  });
});
