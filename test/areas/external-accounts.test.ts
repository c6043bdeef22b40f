import { beforeEach, describe, expect, it } from 'vitest';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { plainWalletAccount } from '../support/wallets.js';
import nacl from 'tweetnacl';
import bs58 from 'bs58';
import { ACCOUNT_TYPE_NAMES, ACCOUNT_TYPES } from '../../src/areas/external-accounts/account-types.js';
import { individual, makeSandbox, usdAccount, type Client } from '../helpers.js';
import { ACCOUNT_SAMPLES, bankBeneficiary, EVM_ADDRESS } from '../fixtures/account-samples.js';

let client: Client;
let customerId: string;
beforeEach(async () => {
  client = makeSandbox().client();
  customerId = (await client.post('/customers', individual())).body.id;
});

const create = (body: Record<string, unknown>) => client.post('/customers/external-accounts', { customerId, ...body });

describe('account types', () => {
  it('covers every accountType of the spec', () => {
    expect(ACCOUNT_TYPE_NAMES.sort()).toEqual(Object.keys(ACCOUNT_SAMPLES).sort());
    expect(ACCOUNT_TYPE_NAMES).toHaveLength(50);
  });

  it.each(Object.entries(ACCOUNT_SAMPLES))('creates a %s account from its smallest valid body', async (type, sample) => {
    const res = await create(sample);
    expect(res.status).toBe(201);
    const spec = ACCOUNT_TYPES[type as keyof typeof ACCOUNT_TYPES];
    expect(res.body).toMatchObject({ customerId, status: 'ACTIVE', currency: sample.currency, defaultUmaDepositAccount: false, accountInfo: sample.accountInfo });
    expect(res.body.id).toMatch(/^ExternalAccount:[0-9a-f-]{36}$/);
    if (spec.family === 'BANK') {
      expect(res.body.beneficiaryVerificationStatus).toBe('MATCHED');
      expect(res.body.beneficiaryVerifiedData).toEqual({ fullName: 'Jane Doe' });
      expect(res.body.accountInfo.paymentRails).toEqual(spec.rails);
    } else {
      expect(res.body.beneficiaryVerificationStatus).toBeUndefined();
      expect(res.body.accountInfo.paymentRails).toBeUndefined();
    }
    expect((await client.get(`/customers/external-accounts/${res.body.id}`)).body).toEqual(res.body);
  });

  it('echoes LIGHTNING_ACCOUNT as sent, with the lightning fields', async () => {
    const res = await create({ currency: 'BTC', accountInfo: { accountType: 'LIGHTNING_ACCOUNT', invoice: 'lnbc10u1pjexample', bolt12: undefined } });
    expect(res.status).toBe(201);
    expect(res.body.accountInfo).toEqual({ accountType: 'LIGHTNING_ACCOUNT', invoice: 'lnbc10u1pjexample' });
  });
});

describe('bad input', () => {
  it('requires a beneficiary on fiat and SWIFT accounts', async () => {
    for (const type of ['USD_ACCOUNT', 'SWIFT_ACCOUNT', 'KES_ACCOUNT']) {
      const sample = ACCOUNT_SAMPLES[type]!;
      const { beneficiary: _, ...info } = sample.accountInfo;
      const res = await create({ currency: sample.currency, accountInfo: info });
      expect(res.status, type).toBe(400);
      expect(res.body.details.errors).toEqual([{ field: 'accountInfo.beneficiary', message: 'Required' }]);
    }
  });

  it('requires the beneficiary fields a type needs, and reports all errors at once', async () => {
    const res = await create({
      currency: 'USD',
      accountInfo: { accountType: 'EUR_ACCOUNT', iban: 'not-an-iban', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Jane Doe' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.details.errors).toEqual([
      { field: 'accountInfo.iban', message: 'Must be at least 15 characters; Must match ^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$', constraint: { minLength: 15, pattern: '^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$' } },
      { field: 'accountInfo.beneficiary.countryOfResidence', message: 'Required' },
      { field: 'currency', message: 'EUR_ACCOUNT accounts hold EUR', constraint: { enum: ['EUR'] } },
    ]);
  });

  it('accepts a business beneficiary and rejects an unknown beneficiaryType', async () => {
    const ok = await create(usdAccount(undefined, '555000111', { accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '555000111', routingNumber: '021000021', beneficiary: { beneficiaryType: 'BUSINESS', legalName: 'Acme Inc' } } }));
    expect(ok.status).toBe(201);
    expect(ok.body.beneficiaryVerifiedData).toEqual({ fullName: 'Acme Inc' });
    const bad = await create(usdAccount(undefined, '555000111', { accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '555000111', routingNumber: '021000021', beneficiary: { beneficiaryType: 'ROBOT' } } }));
    expect(bad.body.details.errors).toEqual([{ field: 'accountInfo.beneficiary.beneficiaryType', message: 'Must be one of: INDIVIDUAL, BUSINESS', constraint: { enum: ['INDIVIDUAL', 'BUSINESS'] } }]);
  });

  it('lists the account types when accountType is unknown', async () => {
    const res = await create({ currency: 'USD', accountInfo: { accountType: 'CHECKING' } });
    expect(res.status).toBe(400);
    const [error] = res.body.details.errors;
    expect(error.field).toBe('accountInfo.accountType');
    expect(error.constraint.enum).toHaveLength(50);
    expect(error.constraint.enum).toEqual(expect.arrayContaining(['LIGHTNING_ACCOUNT', 'ILS_ACCOUNT', 'TRY_ACCOUNT', 'ARBITRUM_WALLET']));
  });

  it('needs one identifier when a type has several to choose from', async () => {
    const res = await create({ currency: 'INR', accountInfo: { accountType: 'INR_ACCOUNT', beneficiary: bankBeneficiary } });
    expect(res.status).toBe(400);
    expect(res.body.details.errors).toEqual([{ field: 'accountInfo.accountNumber', message: 'Provide at least one of: accountNumber, vpa' }]);
  });

  it('checks wallet address formats', async () => {
    const res = await create({ currency: 'USDC', accountInfo: { accountType: 'BASE_WALLET', address: '0x123' } });
    expect(res.body.details.errors).toEqual([{ field: 'accountInfo.address', message: 'Must match ^0x[0-9a-fA-F]{40}$', constraint: { pattern: '^0x[0-9a-fA-F]{40}$' } }]);
  });

  it('refuses an unknown or deleted customer as a field error (this operation has no 404 or 410)', async () => {
    const unknown = await client.post('/customers/external-accounts', usdAccount('Customer:00000000-0000-4000-8000-000000000000', '123456789'));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'customerId', message: expect.stringContaining('not found') }] } });
    await client.delete(`/customers/${customerId}`);
    const gone = await create(usdAccount(undefined, '123456789'));
    expect(gone.status).toBe(400);
    expect(gone.body).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'customerId', message: expect.stringContaining('deleted') }] } });
    expect((await client.get('/customers/external-accounts')).body.data).toEqual([]);
  });
});

describe('beneficiary verification (1xx suffixes)', () => {
  it.each([
    ['000000102', 'NOT_MATCHED', { fullName: 'Unrelated Account Holder' }],
    ['000000103', 'PARTIAL_MATCH', { fullName: 'J. Doe' }],
    ['000000104', 'PENDING', undefined],
    ['000000106', 'UNSUPPORTED', undefined],
    ['000000107', 'CHECKED_BY_RECEIVING_FI', undefined],
    ['000000101', 'MATCHED', { fullName: 'Jane Doe' }],
    ['000000002', 'MATCHED', { fullName: 'Jane Doe' }],
  ])('account %s gives %s', async (accountNumber, status, verified) => {
    const res = await create(usdAccount(undefined, accountNumber));
    expect(res.status).toBe(201);
    expect(res.body.beneficiaryVerificationStatus).toBe(status);
    expect(res.body.beneficiaryVerifiedData).toEqual(verified);
  });

  it.each([
    ['Jane Mary Doe', 'J. M. Doe'],
    ['jane doe', 'J. doe'],
    ['  Jane   Doe ', 'J. Doe'],
    ['Cher', 'Che.'],
    ['X', 'X.'],
  ])('a partial match (103) of %j names the holder %j: initials for all but the last word, one word cut short', async (fullName, similar) => {
    const base = usdAccount(undefined, '000000103');
    const res = await create({ ...base, accountInfo: { ...base.accountInfo, beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName } } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.beneficiaryVerificationStatus).toBe('PARTIAL_MATCH');
    expect(res.body.beneficiaryVerifiedData).toEqual({ fullName: similar });
  });

  it('refuses suffix 105 with 400 INVALID_BANK_ACCOUNT and stores nothing', async () => {
    const res = await create(usdAccount(undefined, '000000105'));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_BANK_ACCOUNT', details: { field: 'accountInfo.accountNumber' } });
    expect((await client.get('/customers/external-accounts')).body.totalCount).toBe(0);
  });

  it('reads the suffix of an identifier with a domain from its user part', async () => {
    const res = await create({ currency: 'INR', accountInfo: { accountType: 'INR_ACCOUNT', vpa: 'jane103@okaxis', beneficiary: bankBeneficiary } });
    expect(res.body.beneficiaryVerificationStatus).toBe('PARTIAL_MATCH');
  });

  it('leaves wallets unverified by name', async () => {
    const res = await create({ currency: 'USDC', accountInfo: { accountType: 'BASE_WALLET', address: '0x0000000000000000000000000000000000000105' } });
    expect(res.status).toBe(201);
    expect(res.body.beneficiaryVerificationStatus).toBeUndefined();
  });
});

describe('default UMA deposit account', () => {
  it('keeps at most one per customer: a new default clears the old', async () => {
    const first = (await create(usdAccount(undefined, '111111111', { defaultUmaDepositAccount: true }))).body;
    const second = (await create(usdAccount(undefined, '222222222', { defaultUmaDepositAccount: true }))).body;
    expect(second.defaultUmaDepositAccount).toBe(true);
    expect((await client.get(`/customers/external-accounts/${first.id}`)).body.defaultUmaDepositAccount).toBe(false);
    const other = (await client.post('/customers', individual())).body.id;
    const third = (await client.post('/customers/external-accounts', usdAccount(other, '333333333', { defaultUmaDepositAccount: true }))).body;
    expect(third.defaultUmaDepositAccount).toBe(true);
    expect((await client.get(`/customers/external-accounts/${second.id}`)).body.defaultUmaDepositAccount).toBe(true);
  });

  it('shows an account as it is now in a list read before and after it changed', async () => {
    const first = (await create(usdAccount(undefined, '111111111', { defaultUmaDepositAccount: true }))).body;
    const listed = async () => (await client.get('/customers/external-accounts')).body.data.find((a: { id: string }) => a.id === first.id);
    expect((await listed()).defaultUmaDepositAccount).toBe(true);
    await create(usdAccount(undefined, '222222222', { defaultUmaDepositAccount: true }));
    expect(await listed()).toEqual((await client.get(`/customers/external-accounts/${first.id}`)).body);
    expect((await listed()).defaultUmaDepositAccount).toBe(false);
  });

  it('refuses it on a platform account', async () => {
    const res = await client.post('/customers/external-accounts', usdAccount(undefined, '111111111', { defaultUmaDepositAccount: true }));
    expect(res.status).toBe(400);
    expect(res.body.details.errors[0].field).toBe('defaultUmaDepositAccount');
  });
});

describe('get, delete and list', () => {
  it('separates customer and platform accounts', async () => {
    const mine = (await create(usdAccount(undefined, '111111111'))).body;
    const platform = (await client.post('/platform/external-accounts', { currency: 'EUR', accountInfo: ACCOUNT_SAMPLES.EUR_ACCOUNT!.accountInfo })).body;
    expect(platform.customerId).toBeUndefined();
    expect((await client.get(`/platform/external-accounts/${platform.id}`)).status).toBe(200);
    expect((await client.get(`/customers/external-accounts/${platform.id}`)).body).toMatchObject({ status: 404, code: 'REFERENCE_NOT_FOUND' });
    expect((await client.get(`/platform/external-accounts/${mine.id}`)).body).toMatchObject({ status: 404, code: 'REFERENCE_NOT_FOUND' });
    expect((await client.get('/platform/external-accounts')).body.data.map((a: any) => a.id)).toEqual([platform.id]);
    expect((await client.get('/customers/external-accounts')).body.data.map((a: any) => a.id)).toEqual([mine.id]);
  });

  it('deletes with 204, then 404', async () => {
    const account = (await create(usdAccount(undefined, '111111111'))).body;
    const del = await client.delete(`/customers/external-accounts/${account.id}`);
    expect(del.status).toBe(204);
    expect(del.body).toBeUndefined();
    expect((await client.get(`/customers/external-accounts/${account.id}`)).body).toMatchObject({ status: 404, code: 'REFERENCE_NOT_FOUND' });
    expect((await client.delete(`/customers/external-accounts/${account.id}`)).body).toMatchObject({ status: 404, code: 'REFERENCE_NOT_FOUND' });
  });

  it('filters by currency, customerId and both', async () => {
    const other = (await client.post('/customers', individual())).body.id;
    const a = (await create(usdAccount(undefined, '111111111'))).body.id;
    const b = (await create({ currency: 'EUR', accountInfo: ACCOUNT_SAMPLES.EUR_ACCOUNT!.accountInfo })).body.id;
    const c = (await client.post('/customers/external-accounts', usdAccount(other, '222222222'))).body.id;
    const ids = async (q: string) => (await client.get(`/customers/external-accounts?${q}`)).body.data.map((x: any) => x.id);
    expect(await ids('')).toEqual([c, b, a]);
    expect(await ids('currency=USD')).toEqual([c, a]);
    expect(await ids(`customerId=${customerId}`)).toEqual([b, a]);
    expect(await ids(`customerId=${customerId}&currency=USD`)).toEqual([a]);
    expect(await ids('customerId=Customer:nobody')).toEqual([]);
    expect((await client.get('/platform/external-accounts?currency=USD')).body.data).toEqual([]);
  });

  it('rejects bad list parameters with 400', async () => {
    const res = await client.get('/customers/external-accounts?currency=usd&limit=500&customerId=');
    expect(res.status).toBe(400);
    expect(res.body.details.errors.map((e: any) => e.field).sort()).toEqual(['currency', 'customerId', 'limit']);
  });
});

describe('ownership verification of self-custody wallets', () => {
  const travelRule = {
    supportedCurrencies: ['USD', 'USDC', 'SOL', 'BTC'].map((currencyCode) => ({
      currencyCode,
      minAmount: 1,
      maxAmount: 1_000_000_000,
      requiredCounterpartyFields: currencyCode === 'USDC' ? [{ name: 'FULL_NAME', mandatory: true }] : [],
      enabledTransactionTypes: ['INCOMING', 'OUTGOING'],
    })),
  };
  const wallet = (address: string, extra: Record<string, unknown> = {}) => ({ currency: 'USDC', ownershipType: 'FIRST_PARTY', accountInfo: { accountType: 'ETHEREUM_WALLET', address, ...extra } });

  beforeEach(async () => {
    expect((await client.patch('/config', travelRule)).status).toBe(200);
  });

  it('requires ownershipType on self-custody wallets when the platform has counterparty requirements', async () => {
    const res = await create({ currency: 'USDC', accountInfo: { accountType: 'ETHEREUM_WALLET', address: EVM_ADDRESS } });
    expect(res.status).toBe(400);
    expect(res.body.details.errors).toEqual([{ field: 'ownershipType', message: expect.stringContaining('self-custody'), constraint: { enum: ['FIRST_PARTY', 'THIRD_PARTY'] } }]);
    expect((await create({ ...wallet(EVM_ADDRESS), ownershipType: 'THIRD_PARTY' })).body.status).toBe('ACTIVE');
    expect((await create(wallet(EVM_ADDRESS, { vaspName: 'Coinbase' }))).body.status).toBe('ACTIVE');
    expect((await create(usdAccount(undefined, '123456789'))).body.status).toBe('ACTIVE');
  });

  it('goes PENDING_OWNERSHIP_VERIFICATION -> UNVERIFIED -> ACTIVE with real EIP-191 signatures', async () => {
    const owner = plainWalletAccount();
    const account = (await create(wallet(owner.address))).body;
    expect(account.status).toBe('PENDING_OWNERSHIP_VERIFICATION');

    expect((await client.post(`/customers/external-accounts/${account.id}/verify`, { signature: '0x00' })).status).toBe(409);

    const first = await client.post(`/customers/external-accounts/${account.id}/challenge`, { method: 'WALLET_SIGNATURE' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ method: 'WALLET_SIGNATURE', messageToSign: expect.stringContaining(owner.address) });
    const now = Date.parse((await client.get('/__admin/clock')).body.now);
    expect(Date.parse(first.body.expiresAt) - now).toBeGreaterThan(9 * 60_000);

    const impostor = privateKeyToAccount(generatePrivateKey());
    const wrong = await client.post(`/customers/external-accounts/${account.id}/verify`, { signature: await impostor.signMessage({ message: first.body.messageToSign }) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'signature' }] } });
    expect((await client.get(`/customers/external-accounts/${account.id}`)).body.status).toBe('UNVERIFIED');

    const second = await client.post(`/customers/external-accounts/${account.id}/challenge`, { method: 'WALLET_SIGNATURE' });
    expect((await client.get(`/customers/external-accounts/${account.id}`)).body.status).toBe('PENDING_OWNERSHIP_VERIFICATION');
    const ok = await client.post(`/customers/external-accounts/${account.id}/verify`, { signature: await owner.signMessage({ message: second.body.messageToSign }) });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('ACTIVE');
    expect((await client.post(`/customers/external-accounts/${account.id}/challenge`, { method: 'WALLET_SIGNATURE' })).status).toBe(409);
  });

  it('verifies a Solana wallet with an Ed25519 signature', async () => {
    const keys = nacl.sign.keyPair();
    const account = (await create({ currency: 'USDC', ownershipType: 'FIRST_PARTY', accountInfo: { accountType: 'SOLANA_WALLET', address: bs58.encode(keys.publicKey) } })).body;
    const challenge = (await client.post(`/customers/external-accounts/${account.id}/challenge`, { method: 'WALLET_SIGNATURE' })).body;
    const signature = bs58.encode(nacl.sign.detached(new TextEncoder().encode(challenge.messageToSign), keys.secretKey));
    const res = await client.post(`/customers/external-accounts/${account.id}/verify`, { signature });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ACTIVE');
  });

  it('fails a signature after the challenge expired', async () => {
    const owner = plainWalletAccount();
    const account = (await create(wallet(owner.address))).body;
    const challenge = (await client.post(`/customers/external-accounts/${account.id}/challenge`, { method: 'WALLET_SIGNATURE' })).body;
    await client.post('/__admin/clock/advance', { seconds: 601 });
    const res = await client.post(`/customers/external-accounts/${account.id}/verify`, { signature: await owner.signMessage({ message: challenge.messageToSign }) });
    expect(res.status).toBe(400);
    expect(res.body.reason).toMatch(/expired/);
    expect((await client.get(`/customers/external-accounts/${account.id}`)).body.status).toBe('UNVERIFIED');
  });

  it('accepts a signature 1 ms before the challenge\'s expiresAt (10 min) and refuses one at it', async () => {
    const owner = plainWalletAccount();
    const onTime = (await create(wallet(owner.address))).body;
    const late = (await create(wallet(owner.address))).body;
    const started = Date.parse((await client.get('/__admin/clock')).body.now);
    const challenges: Record<string, any> = {};
    for (const account of [onTime, late]) {
      const res = await client.post(`/customers/external-accounts/${account.id}/challenge`, { method: 'WALLET_SIGNATURE' });
      expect(res.status).toBe(201);
      expect(Date.parse(res.body.expiresAt) - started).toBe(600_000);
      challenges[account.id] = res.body;
    }
    const sign = (id: string) => owner.signMessage({ message: challenges[id].messageToSign });
    expect((await client.post('/__admin/clock/advance', { seconds: 599.999 })).status).toBe(200);
    const accepted = await client.post(`/customers/external-accounts/${onTime.id}/verify`, { signature: await sign(onTime.id) });
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('ACTIVE');
    expect((await client.post('/__admin/clock/advance', { seconds: 0.001 })).status).toBe(200);
    const refused = await client.post(`/customers/external-accounts/${late.id}/verify`, { signature: await sign(late.id) });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'signature', message: 'The challenge expired' }] } });
    expect((await client.get(`/customers/external-accounts/${late.id}`)).body.status).toBe('UNVERIFIED');
  });

  it('accepts the sandbox signature values on any chain', async () => {
    const spark = { currency: 'BTC', ownershipType: 'FIRST_PARTY', accountInfo: ACCOUNT_SAMPLES.SPARK_WALLET!.accountInfo };
    const travel = { ...travelRule, supportedCurrencies: travelRule.supportedCurrencies.map((c) => ({ ...c, requiredCounterpartyFields: [{ name: 'FULL_NAME', mandatory: true }] })) };
    await client.patch('/config', travel);
    const good = (await create(spark)).body;
    await client.post(`/customers/external-accounts/${good.id}/challenge`, { method: 'WALLET_SIGNATURE' });
    expect((await client.post(`/customers/external-accounts/${good.id}/verify`, { signature: 'sandbox-valid-signature' })).body.status).toBe('ACTIVE');
    const bad = (await create(spark)).body;
    await client.post(`/customers/external-accounts/${bad.id}/challenge`, { method: 'WALLET_SIGNATURE' });
    expect((await client.post(`/customers/external-accounts/${bad.id}/verify`, { signature: 'sandbox-invalid-signature' })).status).toBe(400);
    expect((await client.get(`/customers/external-accounts/${bad.id}`)).body.status).toBe('UNVERIFIED');
  });

  it('completes a LIVENESS challenge by itself after 10 seconds of sandbox time', async () => {
    const account = (await create(wallet(EVM_ADDRESS))).body;
    const challenge = await client.post(`/customers/external-accounts/${account.id}/challenge`, { method: 'LIVENESS' });
    expect(challenge.status).toBe(201);
    expect(challenge.body).toMatchObject({ method: 'LIVENESS', verificationLink: expect.stringMatching(/^http/), token: expect.any(String) });
    expect((await client.get('/__admin/clock')).body.pendingJobs).toEqual([expect.objectContaining({ kind: 'externalAccount.livenessCompleted' })]);
    await client.post('/__admin/clock/advance', { seconds: 9 });
    expect((await client.get(`/customers/external-accounts/${account.id}`)).body.status).toBe('PENDING_OWNERSHIP_VERIFICATION');
    const advanced = await client.post('/__admin/clock/advance', { seconds: 1 });
    expect(advanced.body.ran).toEqual([expect.objectContaining({ kind: 'externalAccount.livenessCompleted' })]);
    const after = (await client.get(`/customers/external-accounts/${account.id}`)).body;
    expect(after.status).toBe('ACTIVE');
    expect(after.updatedAt).toBe(advanced.body.ran[0].dueAt);
  });

  it('refuses a challenge on accounts it does not apply to', async () => {
    const bank = (await create(usdAccount(undefined, '123456789'))).body;
    const third = (await create({ ...wallet(EVM_ADDRESS), ownershipType: 'THIRD_PARTY' })).body;
    for (const id of [bank.id, third.id]) {
      const res = await client.post(`/customers/external-accounts/${id}/challenge`, { method: 'WALLET_SIGNATURE' });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('CONFLICT');
    }
    expect((await client.post(`/customers/external-accounts/${bank.id}/challenge`, { method: 'EMAIL' })).status).toBe(400);
  });

  it('works the same for platform wallets', async () => {
    const owner = plainWalletAccount();
    const account = (await client.post('/platform/external-accounts', wallet(owner.address))).body;
    expect(account.status).toBe('PENDING_OWNERSHIP_VERIFICATION');
    const challenge = (await client.post(`/platform/external-accounts/${account.id}/challenge`, { method: 'WALLET_SIGNATURE' })).body;
    const res = await client.post(`/platform/external-accounts/${account.id}/verify`, { signature: await owner.signMessage({ message: challenge.messageToSign }) });
    expect(res.body.status).toBe('ACTIVE');
  });
});
