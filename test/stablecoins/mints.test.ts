/**
 * Mints over HTTP: every funding source and destination, each status step
 * before and at its time on the tenant clock, wire funding and expiry,
 * amounts at, below and above their boundaries in exact minor units, the
 * provider's magic amounts, the account-link suffix rows, the stablecoin and
 * link states that refuse a mint, idempotency, and the ledger of the
 * internal accounts involved.
 */
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT } from '../../src/core/money.js';
import { START, stablecoinSandbox, tokenId, type StablecoinBox } from './helpers.js';

const iso = (ms: number) => new Date(ms).toISOString();
const wire = { type: 'WIRE' };

/** An ENABLED stablecoin ACME and a Spark wallet to mint to. */
async function ready(box: StablecoinBox = stablecoinSandbox()) {
  const stablecoin = await box.enabledStablecoin();
  const spark = await box.sparkWallet();
  return { ...box, stablecoin, spark, at: START + 300_000 };
}

/** A valid ABA routing number: 3-7-1 weighted digits sum to a multiple of 10. */
function abaValid(routing: string): boolean {
  const w = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return /^\d{9}$/.test(routing) && routing.split('').reduce((s, d, i) => s + Number(d) * w[i]!, 0) % 10 === 0;
}

describe('a wire-funded mint', () => {
  it('answers 201 PENDING_FUNDING with wire instructions for the amount in cents and an expiry 7 days out', async () => {
    const { stablecoin, spark, mint, at } = await ready();
    const res = await mint(stablecoin.id, { amount: '1000000', fundingSource: wire, destination: { accountId: spark }, description: 'Initial program funding mint' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^StablecoinOperation:[0-9a-f-]{36}$/),
      stablecoinId: stablecoin.id,
      operationType: 'MINT',
      status: 'PENDING_FUNDING',
      amount: '1000000',
      provider: 'BRALE',
      providerEnvironment: 'SANDBOX',
      stablecoinProviderAccountId: stablecoin.stablecoinProviderAccountId,
      source: { type: 'WIRE' },
      fundingInstructions: {
        rail: 'WIRE',
        amount: '100',
        currency: 'USD',
        bankName: expect.any(String),
        accountNumber: expect.stringMatching(/^\d{12}$/),
        routingNumber: expect.any(String),
        beneficiaryName: expect.any(String),
        reference: expect.stringMatching(/^PSB/),
      },
      destination: { accountId: spark },
      expiresAt: iso(at + 7 * 86_400_000),
      providerStatus: 'pending',
      description: 'Initial program funding mint',
      createdAt: iso(at),
      updatedAt: iso(at),
    });
    expect(abaValid(res.body.fundingInstructions.routingNumber)).toBe(true);
  });

  it('waits until funded, then PROCESSING for 30 s, then COMPLETED', async () => {
    const { stablecoin, spark, mint, fund, advance, status, operation } = await ready();
    const { body } = await mint(stablecoin.id, { amount: '1000000', fundingSource: wire, destination: { accountId: spark } });
    await advance(86_400);
    expect(await status(body.id)).toBe('PENDING_FUNDING');
    const funded = await fund(body.id, { amount: '100' });
    expect(funded.status).toBe(200);
    expect(funded.body).toMatchObject({ status: 'PROCESSING', providerStatus: 'processing' });
    await advance(29);
    expect(await status(body.id)).toBe('PROCESSING');
    await advance(1);
    expect((await operation(body.id)).body).toMatchObject({ status: 'COMPLETED', providerStatus: 'complete', updatedAt: iso(START + 300_000 + 86_400_000 + 30_000) });
  });

  it('refuses a wire of another amount (400 INVALID_AMOUNT) and any funding outside PENDING_FUNDING (409)', async () => {
    const { stablecoin, spark, mint, fund, advance, status } = await ready();
    const { body } = await mint(stablecoin.id, { amount: '1000000', fundingSource: wire, destination: { accountId: spark } });
    for (const amount of ['99', '101', '1000000']) {
      const wrong = await fund(body.id, { amount });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ code: 'INVALID_AMOUNT', details: { expected: '100' } });
    }
    expect((await fund(body.id, { amount: 'ten' })).body.code).toBe('INVALID_INPUT');
    expect(await status(body.id)).toBe('PENDING_FUNDING');
    expect((await fund(body.id)).status).toBe(200);
    const twice = await fund(body.id);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'INVALID_STATE_TRANSITION', details: { status: 'PROCESSING' } });
    await advance(30);
    expect((await fund(body.id)).body.details.status).toBe('COMPLETED');
    expect((await fund('StablecoinOperation:nope')).status).toBe(404);
  });

  it('expires 7 days after creation when no wire came: one second before it still waits, and funding after is 409', async () => {
    const { stablecoin, spark, mint, fund, advance, operation, status } = await ready();
    const { body } = await mint(stablecoin.id, { amount: '1000000', fundingSource: wire, destination: { accountId: spark } });
    await advance(7 * 86_400 - 1);
    expect(await status(body.id)).toBe('PENDING_FUNDING');
    await advance(1);
    expect((await operation(body.id)).body).toMatchObject({ status: 'EXPIRED', providerStatus: 'canceled' });
    expect((await fund(body.id)).body).toMatchObject({ code: 'INVALID_STATE_TRANSITION', details: { status: 'EXPIRED' } });
  });

  it('a funded wire mint does not expire', async () => {
    const { stablecoin, spark, mint, fund, advance, status } = await ready();
    const { body } = await mint(stablecoin.id, { amount: '1000000', fundingSource: wire, destination: { accountId: spark } });
    await fund(body.id);
    await advance(8 * 86_400);
    expect(await status(body.id)).toBe('COMPLETED');
  });
});

describe('ACH-debit mints', () => {
  it.each([
    ['ACH_DEBIT', 180],
    ['SAME_DAY_ACH_DEBIT', 60],
  ])('%s: PENDING_PROVIDER until the debit clears after %i s, PROCESSING 30 s, COMPLETED', async (type, clearing) => {
    const box = await ready();
    const bank = await box.usdBank('000');
    const { body } = await box.mint(box.stablecoin.id, { amount: '2500000', fundingSource: { type, externalAccountId: bank }, destination: { accountId: box.spark } });
    expect(body).toMatchObject({ status: 'PENDING_PROVIDER', providerStatus: 'pending', source: { type, externalAccountId: bank } });
    expect(body.fundingInstructions).toBeUndefined();
    expect(body.expiresAt).toBeUndefined();
    await box.advance(clearing - 1);
    expect(await box.status(body.id)).toBe('PENDING_PROVIDER');
    await box.advance(1);
    expect(await box.status(body.id)).toBe('PROCESSING');
    await box.advance(29);
    expect(await box.status(body.id)).toBe('PROCESSING');
    await box.advance(1);
    expect(await box.status(body.id)).toBe('COMPLETED');
  });

  it.each([
    ['002', 'FUNDING_INSUFFICIENT_FUNDS'],
    ['003', 'FUNDING_ACCOUNT_CLOSED_OR_INVALID'],
    ['004', 'FUNDING_BANK_REJECTED'],
  ])('a debit from an account ending in %s fails at once: FAILED %s', async (suffix, reason) => {
    const box = await ready();
    const bank = await box.usdBank(suffix);
    const res = await box.mint(box.stablecoin.id, { amount: '1000000', fundingSource: { type: 'ACH_DEBIT', externalAccountId: bank }, destination: { accountId: box.spark } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'FAILED', failureReason: reason, providerStatus: 'failed' });
    await box.advance(1000);
    expect(await box.status(res.body.id)).toBe('FAILED');
  });

  it('a debit from an account ending in 005 stays PENDING_PROVIDER 30 s, then FAILED', async () => {
    const box = await ready();
    const bank = await box.usdBank('005');
    const { body } = await box.mint(box.stablecoin.id, { amount: '1000000', fundingSource: { type: 'SAME_DAY_ACH_DEBIT', externalAccountId: bank }, destination: { accountId: box.spark } });
    expect(body.status).toBe('PENDING_PROVIDER');
    await box.advance(29);
    expect(await box.status(body.id)).toBe('PENDING_PROVIDER');
    await box.advance(1);
    expect((await box.operation(body.id)).body).toMatchObject({ status: 'FAILED', failureReason: 'FUNDING_BANK_REJECTED' });
    await box.advance(1000);
    expect(await box.status(body.id)).toBe('FAILED');
  });

  it('debits only a USD_ACCOUNT (else 400 STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED); an unknown account is 404', async () => {
    const box = await ready();
    const res = await box.mint(box.stablecoin.id, { amount: '1000000', fundingSource: { type: 'ACH_DEBIT', externalAccountId: box.spark }, destination: { accountId: box.spark } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED', details: { field: 'fundingSource.externalAccountId', accountType: 'SPARK_WALLET', supported: ['USD_ACCOUNT'] } });
    const unknown = await box.mint(box.stablecoin.id, { amount: '1000000', fundingSource: { type: 'ACH_DEBIT', externalAccountId: 'ExternalAccount:nope' }, destination: { accountId: box.spark } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('REFERENCE_NOT_FOUND');
    const missing = await box.mint(box.stablecoin.id, { amount: '1000000', fundingSource: { type: 'ACH_DEBIT' }, destination: { accountId: box.spark } });
    expect(missing.body.details.errors).toEqual([{ field: 'fundingSource.externalAccountId', message: 'Required' }]);
  });
});

describe('account links with the provider (stablecoinAccountLink rows)', () => {
  it.each([
    ['301', 'STABLECOIN_EXTERNAL_ACCOUNT_LINK_FAILED'],
    ['302', 'STABLECOIN_EXTERNAL_ACCOUNT_LINK_METHOD_REQUIRED'],
    ['303', 'STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_FAILED'],
    ['304', 'STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_REQUIRED'],
    ['305', 'STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED'],
  ])('an ACH debit source ending in %s: 400 %s', async (suffix, code) => {
    const box = await ready();
    const bank = await box.usdBank(suffix);
    const res = await box.mint(box.stablecoin.id, { amount: '1000000', fundingSource: { type: 'ACH_DEBIT', externalAccountId: bank }, destination: { accountId: box.spark } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code, details: { field: 'fundingSource.externalAccountId', externalAccountId: bank } });
  });

  it.each([
    ['301', 'STABLECOIN_EXTERNAL_ACCOUNT_LINK_FAILED'],
    ['302', null],
    ['303', 'STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_FAILED'],
    ['304', 'STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_REQUIRED'],
    ['305', 'STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED'],
    ['306', null],
  ])('a Spark wallet destination ending in %s: %s', async (suffix, code) => {
    const box = await ready();
    const wallet = await box.sparkWallet(suffix);
    const res = await box.mint(box.stablecoin.id, { amount: '1000000', fundingSource: wire, destination: { accountId: wallet } });
    if (code === null) expect(res.status).toBe(201);
    else expect(res.body).toMatchObject({ code, details: { field: 'destination.accountId' } });
  });

  it('a destination that is not a SPARK_WALLET is 400 STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED; one not ACTIVE is STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED', async () => {
    const box = await ready();
    const bank = await box.usdBank();
    const res = await box.mint(box.stablecoin.id, { amount: '1000000', fundingSource: wire, destination: { accountId: bank } });
    expect(res.body).toMatchObject({ code: 'STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED', details: { field: 'destination.accountId', accountType: 'USD_ACCOUNT', supported: ['SPARK_WALLET'] } });
    // Counterparty requirements: a FIRST_PARTY self-custody wallet waits for ownership verification.
    const config = await box.client.patch('/config', {
      supportedCurrencies: ['USD', 'USDB'].map((currencyCode) => ({ currencyCode, minAmount: 1, maxAmount: 1_000_000_000, requiredCounterpartyFields: currencyCode === 'USDB' ? [{ name: 'FULL_NAME', mandatory: true }] : [], enabledTransactionTypes: ['INCOMING', 'OUTGOING'] })),
    });
    expect(config.status).toBe(200);
    const unverified = await box.sparkWallet('777', { ownershipType: 'FIRST_PARTY' });
    const pending = await box.mint(box.stablecoin.id, { amount: '1000000', fundingSource: wire, destination: { accountId: unverified } });
    expect(pending.body).toMatchObject({ code: 'STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED', details: { field: 'destination.accountId', status: 'PENDING_OWNERSHIP_VERIFICATION' } });
    const unknown = await box.mint(box.stablecoin.id, { amount: '1000000', fundingSource: wire, destination: { accountId: 'ExternalAccount:nope' } });
    expect(unknown.status).toBe(404);
    const malformed = await box.mint(box.stablecoin.id, { amount: '1000000', fundingSource: wire, destination: { accountId: 'Card:1' } });
    expect(malformed.body.details.errors).toEqual([{ field: 'destination.accountId', message: expect.stringContaining('Must match'), constraint: { pattern: '^(ExternalAccount|InternalAccount):' } }]);
  });
});

describe('mints through internal accounts (the ledger)', () => {
  it('SERVICE_INTERNAL_ACCOUNT to the platform account in the stablecoin: held at once, then debited and credited in cents', async () => {
    const box = await ready();
    const usd = await box.platformAccount('USD');
    const acme = await box.platformAccount('ACME');
    await box.client.post(`/sandbox/internal-accounts/${usd.id}/fund`, { amount: 500 });
    // Above the balance by one cent: refused, nothing held.
    const over = await box.mint(box.stablecoin.id, { amount: '5010000', fundingSource: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: usd.id }, destination: { accountId: acme.id } });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS', details: { field: 'fundingSource.accountId', available: 500, required: 501 } });
    // Exactly the balance.
    const res = await box.mint(box.stablecoin.id, { amount: '5000000', fundingSource: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: usd.id }, destination: { accountId: acme.id } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'PROCESSING', source: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: usd.id }, destination: { accountId: acme.id } });
    expect(await box.platformAccount('USD')).toMatchObject({ balance: 0, total: 500 });
    expect(await box.platformAccount('ACME')).toMatchObject({ balance: 0, total: 500 });
    // Nothing left to hold now.
    expect((await box.mint(box.stablecoin.id, { amount: '10000', fundingSource: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: usd.id }, destination: { accountId: acme.id } })).body.code).toBe('INSUFFICIENT_FUNDS');
    await box.advance(29);
    expect(await box.platformAccount('ACME')).toMatchObject({ balance: 0, total: 500 });
    await box.advance(1);
    expect(await box.status(res.body.id)).toBe('COMPLETED');
    expect(await box.platformAccount('USD')).toMatchObject({ balance: 0, total: 0 });
    expect(await box.platformAccount('ACME')).toMatchObject({ balance: 500, total: 500 });
  });

  it('below the balance by one cent leaves exactly one cent', async () => {
    const box = await ready();
    const usd = await box.platformAccount('USD');
    await box.client.post(`/sandbox/internal-accounts/${usd.id}/fund`, { amount: 500 });
    const res = await box.mint(box.stablecoin.id, { amount: '4990000', fundingSource: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: usd.id }, destination: { accountId: box.spark } });
    expect(res.status).toBe(201);
    await box.advance(30);
    expect(await box.platformAccount('USD')).toMatchObject({ balance: 1, total: 1 });
  });

  it("a customer's USD account can fund a mint; other currencies, embedded wallets and unknown accounts cannot", async () => {
    const box = await ready();
    const customer = await box.client.post('/customers', { customerType: 'INDIVIDUAL', fullName: 'Mint Funder', currencies: ['USD', 'EUR'] });
    const accounts = (await box.client.get(`/customers/internal-accounts?customerId=${customer.body.id}`)).body.data;
    const usd = accounts.find((a: any) => a.balance.currency.code === 'USD').id;
    const eur = accounts.find((a: any) => a.balance.currency.code === 'EUR').id;
    await box.client.post(`/sandbox/internal-accounts/${usd}/fund`, { amount: 1_000 });
    const ok = await box.mint(box.stablecoin.id, { amount: '1000000', fundingSource: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: usd }, destination: { accountId: box.spark } });
    expect(ok.status).toBe(201);
    const wrong = await box.mint(box.stablecoin.id, { amount: '1000000', fundingSource: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: eur }, destination: { accountId: box.spark } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'fundingSource.accountId', message: expect.stringContaining('holds EUR, not USD') }] } });
    expect((await box.mint(box.stablecoin.id, { amount: '1000000', fundingSource: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: 'InternalAccount:nope' }, destination: { accountId: box.spark } })).status).toBe(404);
  });

  it('a mint that fails at the provider (amount ending in 504 cents) releases the hold and the pending credit', async () => {
    const box = await ready();
    const usd = await box.platformAccount('USD');
    const acme = await box.platformAccount('ACME');
    await box.client.post(`/sandbox/internal-accounts/${usd.id}/fund`, { amount: 1_000 });
    const { body } = await box.mint(box.stablecoin.id, { amount: '5040000', fundingSource: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: usd.id }, destination: { accountId: acme.id } });
    expect(body.status).toBe('PROCESSING');
    expect(await box.platformAccount('USD')).toMatchObject({ balance: 496, total: 1_000 });
    expect(await box.platformAccount('ACME')).toMatchObject({ balance: 0, total: 504 });
    await box.advance(29);
    expect(await box.status(body.id)).toBe('PROCESSING');
    await box.advance(1);
    expect((await box.operation(body.id)).body).toMatchObject({ status: 'FAILED', failureReason: 'PROVIDER_TRANSFER_FAILED', providerStatus: 'failed' });
    expect(await box.platformAccount('USD')).toMatchObject({ balance: 1_000, total: 1_000 });
    expect(await box.platformAccount('ACME')).toMatchObject({ balance: 0, total: 0 });
  });

  it('an expired wire mint to the platform account drops its pending credit', async () => {
    const box = await ready();
    const acme = await box.platformAccount('ACME');
    const { body } = await box.mint(box.stablecoin.id, { amount: '1230000', fundingSource: wire, destination: { accountId: acme.id } });
    expect(await box.platformAccount('ACME')).toMatchObject({ balance: 0, total: 123 });
    await box.advance(7 * 86_400);
    expect(await box.status(body.id)).toBe('EXPIRED');
    expect(await box.platformAccount('ACME')).toMatchObject({ balance: 0, total: 0 });
  });

  it('internal accounts take part only once the stablecoin is ENABLED: 400 STABLECOIN_SERVICE_OPERATIONS_NOT_ENABLED', async () => {
    const box = stablecoinSandbox();
    await box.link();
    const { body: coin } = await box.register({ networkTokenIdentifier: tokenId('005') });
    const spark = await box.sparkWallet();
    const usd = await box.platformAccount('USD');
    await box.advance(180); // PROVISIONED, PENDING_APPROVAL
    const funded = await box.mint(coin.id, { amount: '1000000', fundingSource: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: usd.id }, destination: { accountId: spark } });
    expect(funded.body).toMatchObject({ code: 'STABLECOIN_SERVICE_OPERATIONS_NOT_ENABLED', details: { field: 'fundingSource.accountId', serviceOperationsStatus: 'PENDING_APPROVAL' } });
    const toUsd = await box.mint(coin.id, { amount: '1000000', fundingSource: wire, destination: { accountId: usd.id } });
    expect(toUsd.body).toMatchObject({ code: 'STABLECOIN_SERVICE_OPERATIONS_NOT_ENABLED', details: { field: 'destination.accountId' } });
    // Issuer operations need no more than PROVISIONED.
    expect((await box.mint(coin.id, { amount: '1000000', fundingSource: wire, destination: { accountId: spark } })).status).toBe(201);
    await box.advance(60); // DISABLED for good
    expect((await box.mint(coin.id, { amount: '1000000', fundingSource: wire, destination: { accountId: usd.id } })).body.details.serviceOperationsStatus).toBe('DISABLED');
  });

  it("a destination internal account in another currency is 400 INVALID_INPUT on destination.accountId", async () => {
    const box = await ready();
    const usd = await box.platformAccount('USD');
    const res = await box.mint(box.stablecoin.id, { amount: '1000000', fundingSource: wire, destination: { accountId: usd.id } });
    expect(res.body).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'destination.accountId', message: expect.stringContaining('holds USD, not ACME') }] } });
  });
});

describe('provider internal balances', () => {
  it.each(['USDC/SOLANA', 'USDC/BASE', 'USDC/ETHEREUM', 'usdc/solana'])('%s: CREATED for 5 s, PROCESSING for 30 s, COMPLETED', async (pair) => {
    const box = await ready();
    const [sourceTokenIdentifier, cryptoNetwork] = pair.split('/');
    const { body } = await box.mint(box.stablecoin.id, { amount: '1000000', fundingSource: { type: 'PROVIDER_INTERNAL_BALANCE', sourceTokenIdentifier, cryptoNetwork }, destination: { accountId: box.spark } });
    expect(body).toMatchObject({ status: 'CREATED', providerStatus: 'pending', source: { type: 'PROVIDER_INTERNAL_BALANCE', sourceTokenIdentifier, cryptoNetwork } });
    await box.advance(4);
    expect(await box.status(body.id)).toBe('CREATED');
    await box.advance(1);
    expect(await box.status(body.id)).toBe('PROCESSING');
    await box.advance(29);
    expect(await box.status(body.id)).toBe('PROCESSING');
    await box.advance(1);
    expect(await box.status(body.id)).toBe('COMPLETED');
  });

  it.each(['USDT/TRON', 'USDC/POLYGON', 'ACME/SPARK'])('%s is 400 STABLECOIN_PROVIDER_SOURCE_NOT_LINKED', async (pair) => {
    const box = await ready();
    const [sourceTokenIdentifier, cryptoNetwork] = pair.split('/');
    const res = await box.mint(box.stablecoin.id, { amount: '1000000', fundingSource: { type: 'PROVIDER_INTERNAL_BALANCE', sourceTokenIdentifier, cryptoNetwork }, destination: { accountId: box.spark } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'STABLECOIN_PROVIDER_SOURCE_NOT_LINKED', details: { source: pair.toUpperCase() } });
  });
});

describe('amounts', () => {
  const maxUnits = (BigInt(MAX_AMOUNT) * 10_000n).toString();
  it.each([
    ['9999', 400, 'STABLECOIN_AMOUNT_NOT_REPRESENTABLE'],
    ['10000', 201, '1'],
    ['10001', 400, 'STABLECOIN_AMOUNT_NOT_REPRESENTABLE'],
    ['1000001', 400, 'STABLECOIN_AMOUNT_NOT_REPRESENTABLE'],
    ['0', 400, 'INVALID_AMOUNT'],
    ['0010000', 201, '1'],
    [maxUnits, 201, String(MAX_AMOUNT)],
    [(BigInt(maxUnits) + 10_000n).toString(), 400, 'AMOUNT_OUT_OF_RANGE'],
    ['9'.repeat(26) + '0000', 400, 'AMOUNT_OUT_OF_RANGE'],
    ['1'.repeat(31), 400, 'INVALID_INPUT'],
    ['-10000', 400, 'INVALID_INPUT'],
    ['100.00', 400, 'INVALID_INPUT'],
    ['', 400, 'INVALID_INPUT'],
  ])('amount %s: %i %s', async (amount, status, what) => {
    const box = await ready();
    const res = await box.mint(box.stablecoin.id, { amount, fundingSource: wire, destination: { accountId: box.spark } });
    expect(res.status).toBe(status);
    if (status === 201) {
      expect(res.body.fundingInstructions.amount).toBe(what);
      expect(res.body.amount).toBe(BigInt(amount).toString());
    } else {
      expect(res.body.code).toBe(what);
    }
  });

  it('a number instead of a digit string is 400 INVALID_INPUT', async () => {
    const box = await ready();
    const res = await box.mint(box.stablecoin.id, { amount: 1000000, fundingSource: wire, destination: { accountId: box.spark } });
    expect(res.body.details.errors).toEqual([{ field: 'amount', message: 'Expected string' }]);
  });

  it('names the unit in STABLECOIN_AMOUNT_NOT_REPRESENTABLE', async () => {
    const box = await ready();
    const res = await box.mint(box.stablecoin.id, { amount: '15000', fundingSource: wire, destination: { accountId: box.spark } });
    expect(res.body.details).toEqual({ field: 'amount', amount: '15000', decimals: 6, multipleOf: '10000' });
  });
});

describe('the provider, by amount (stablecoinAmount rows)', () => {
  it('502 cents: 400 STABLECOIN_PROVIDER_ERROR, nothing created', async () => {
    const box = await ready();
    const res = await box.mint(box.stablecoin.id, { amount: '5020000', fundingSource: wire, destination: { accountId: box.spark } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'STABLECOIN_PROVIDER_ERROR', details: { provider: 'BRALE' } });
    expect((await box.client.get(`/stablecoins/${box.stablecoin.id}/operations`)).body.totalCount).toBe(0);
  });

  it('503 cents: 503 SERVICE_UNAVAILABLE with Retry-After, nothing created, and the key can be retried', async () => {
    const box = await ready();
    const res = await box.mint(box.stablecoin.id, { amount: '15030000', fundingSource: wire, destination: { accountId: box.spark } }, 'retry-me');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503, reason: expect.any(String) });
    expect(res.headers.get('retry-after')).toBe('5');
    expect((await box.client.get(`/stablecoins/${box.stablecoin.id}/operations`)).body.totalCount).toBe(0);
    const retried = await box.mint(box.stablecoin.id, { amount: '15040000', fundingSource: wire, destination: { accountId: box.spark } }, 'retry-me');
    expect(retried.status).toBe(201);
  });

  it('504 cents: accepted, FAILED PROVIDER_TRANSFER_FAILED when it would have completed', async () => {
    const box = await ready();
    const { body } = await box.mint(box.stablecoin.id, { amount: '5040000', fundingSource: wire, destination: { accountId: box.spark } });
    await box.fund(body.id);
    await box.advance(29);
    expect(await box.status(body.id)).toBe('PROCESSING');
    await box.advance(1);
    expect((await box.operation(body.id)).body).toMatchObject({ status: 'FAILED', failureReason: 'PROVIDER_TRANSFER_FAILED' });
  });

  it('other amounts ending in 5xx cents are accepted', async () => {
    const box = await ready();
    for (const amount of ['5010000', '5050000', '50300000']) {
      expect((await box.mint(box.stablecoin.id, { amount, fundingSource: wire, destination: { accountId: box.spark } })).status).toBe(201);
    }
  });
});

describe('stablecoins and links that refuse a mint', () => {
  it('before PROVISIONED, and when REJECTED or FAILED: 400 STABLECOIN_NOT_PROVISIONED', async () => {
    const box = stablecoinSandbox();
    await box.link();
    const spark = await box.sparkWallet();
    const coin = (await box.register()).body;
    const rejected = (await box.register({ providerTokenIdentifier: 'REJ', networkTokenIdentifier: tokenId('002') })).body;
    const failed = (await box.register({ providerTokenIdentifier: 'FAI', networkTokenIdentifier: tokenId('003') })).body;
    const body = { amount: '1000000', fundingSource: wire, destination: { accountId: spark } };
    const pending = await box.mint(coin.id, body);
    expect(pending.status).toBe(400);
    expect(pending.body).toMatchObject({ code: 'STABLECOIN_NOT_PROVISIONED', details: { issuanceStatus: 'PENDING_REVIEW' } });
    await box.advance(179);
    expect((await box.mint(coin.id, body)).body.details.issuanceStatus).toBe('PROVISIONING');
    await box.advance(1);
    expect((await box.mint(coin.id, body)).status).toBe(201);
    expect((await box.mint(rejected.id, body)).body).toMatchObject({ code: 'STABLECOIN_NOT_PROVISIONED', details: { issuanceStatus: 'REJECTED' } });
    expect((await box.mint(failed.id, body)).body).toMatchObject({ code: 'STABLECOIN_NOT_PROVISIONED', details: { issuanceStatus: 'FAILED' } });
    const unknown = await box.mint('Stablecoin:nope', body);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('REFERENCE_NOT_FOUND');
  });

  it('once the provider revokes the link: 400 STABLECOIN_PROVIDER_ACCOUNT_REVOKED', async () => {
    const box = stablecoinSandbox();
    const linked = await box.link({ apiClientSecret: 'short-lived-003' });
    const coin = (await box.register({ stablecoinProviderAccountId: linked.body.id })).body;
    const spark = await box.sparkWallet();
    await box.advance(180);
    const body = { amount: '1000000', fundingSource: wire, destination: { accountId: spark } };
    expect((await box.mint(coin.id, body)).status).toBe(201);
    await box.advance(120);
    const res = await box.mint(coin.id, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'STABLECOIN_PROVIDER_ACCOUNT_REVOKED', details: { stablecoinProviderAccountId: linked.body.id } });
  });
});

describe('idempotency of mints', () => {
  it('needs the key; the same key and body give the same operation once, another body or stablecoin is 409', async () => {
    const box = await ready();
    const body = { amount: '1000000', fundingSource: wire, destination: { accountId: box.spark } };
    const missing = await box.client.post(`/stablecoins/${box.stablecoin.id}/mints`, body);
    expect(missing.status).toBe(400);
    expect(missing.body.details.errors).toEqual([{ field: 'idempotency-key', message: 'Required' }]);
    const first = await box.mint(box.stablecoin.id, body, 'mint-1');
    await box.fund(first.body.id);
    const replay = await box.mint(box.stablecoin.id, { ...body }, 'mint-1');
    expect(replay.status).toBe(201);
    // The same operation, as it is now.
    expect(replay.body).toMatchObject({ id: first.body.id, status: 'PROCESSING' });
    const changed = await box.mint(box.stablecoin.id, { ...body, amount: '2000000' }, 'mint-1');
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ code: 'CONFLICT', details: { idempotencyKey: 'mint-1', resourceId: first.body.id } });
    const asBurn = await box.burn(box.stablecoin.id, { amount: '1000000', source: { type: 'PROVIDER_INTERNAL_BALANCE' }, destination: { type: 'EXTERNAL_ACCOUNT', externalAccountId: await box.usdBank(), rail: 'WIRE' } }, 'mint-1');
    expect(asBurn.status).toBe(409);
    expect((await box.client.get(`/stablecoins/${box.stablecoin.id}/operations`)).body.totalCount).toBe(1);
  });

  it('a replayed SERVICE_INTERNAL_ACCOUNT mint holds the money once', async () => {
    const box = await ready();
    const usd = await box.platformAccount('USD');
    await box.client.post(`/sandbox/internal-accounts/${usd.id}/fund`, { amount: 300 });
    const body = { amount: '1000000', fundingSource: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: usd.id }, destination: { accountId: box.spark } };
    const first = await box.mint(box.stablecoin.id, body, 'hold-once');
    const again = await box.mint(box.stablecoin.id, body, 'hold-once');
    expect(again.body.id).toBe(first.body.id);
    expect(await box.platformAccount('USD')).toMatchObject({ balance: 200, total: 300 });
  });
});
