/**
 * End-to-end flows that, between them, call every operation of the API at
 * least once, the way a platform would: configuration, customers and
 * their verification, documents and owners, accounts of every kind, money
 * movement in every direction, embedded-wallet sign-in and signed retries,
 * cards and the card network, webhooks. Each step asserts its status, so a
 * flow that goes wrong stops where it went wrong.
 *
 * The flows only need a `call`: the conformance test passes one that checks
 * every response against the reference description, the examples generator
 * one that records them.
 */
import { expect } from 'vitest';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { SoftwarePasskey, encryptOtpBundle, generateSessionKey, sandboxOidcToken, stampPayload } from '../../src/client/index.js';
import { fixtureFile } from '../helpers.js';

export interface FlowReply {
  status: number;
  body: any;
}

export type FlowCall = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<FlowReply>;

/** A step that must answer `status`; the flow stops on anything else. */
async function step(call: FlowCall, status: number, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<any> {
  const reply = await call(method, path, body, headers);
  expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBe(status);
  return reply.body;
}

const address = { line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' };

async function signedRetry(call: FlowCall, method: string, path: string, body: unknown, privateKey: string, status: number): Promise<any> {
  const challenge = await step(call, 202, method, path, body);
  return step(call, status, method, path, body, { 'Service-Wallet-Signature': stampPayload(challenge.payloadToSign, { privateKey }), 'Request-Id': challenge.requestId });
}

/** Platform configuration, customers, documents, owners, verifications and the hosted link. */
export async function customersFlow(call: FlowCall): Promise<void> {
  const config = await step(call, 200, 'GET', '/config');
  await step(call, 200, 'PATCH', '/config', { supportedCurrencies: config.supportedCurrencies });
  const jane = await step(call, 201, 'POST', '/customers', {
    customerType: 'INDIVIDUAL',
    platformCustomerId: 'jane-1',
    fullName: 'Jane Doe',
    birthDate: '1990-01-31',
    nationality: 'US',
    email: 'jane@example.com',
    idType: 'SSN',
    identifier: '123-45-6789',
    address,
    currencies: ['USD'],
  });
  await step(call, 200, 'GET', '/customers?limit=10&customerType=INDIVIDUAL');
  await step(call, 200, 'GET', `/customers/${jane.id}`);
  await step(call, 200, 'PATCH', `/customers/${jane.id}`, { customerType: 'INDIVIDUAL', phoneNumber: '+14155550123' });
  const upload = new FormData();
  for (const [name, value] of Object.entries({ documentHolder: jane.id, documentType: 'PASSPORT', country: 'US', documentNumber: 'X1234567' })) upload.append(name, value);
  upload.append('file', fixtureFile('passport.png'));
  const passport = await step(call, 201, 'POST', '/documents', upload);
  await step(call, 200, 'GET', `/documents?documentHolder=${jane.id}`);
  await step(call, 200, 'GET', `/documents/${passport.id}`);
  const replacement = new FormData();
  for (const [name, value] of Object.entries({ documentType: 'PASSPORT', country: 'US', documentNumber: 'X7654321' })) replacement.append(name, value);
  replacement.append('file', fixtureFile('passport.png'));
  await step(call, 200, 'PUT', `/documents/${passport.id}`, replacement);
  const verification = await step(call, 200, 'POST', '/verifications', { customerId: jane.id });
  await step(call, 200, 'GET', `/verifications?customerId=${jane.id}`);
  await step(call, 200, 'GET', `/verifications/${verification.id}`);

  const acme = await step(call, 201, 'POST', '/customers', {
    customerType: 'BUSINESS',
    platformCustomerId: 'acme-1',
    address,
    businessInfo: { legalName: 'Acme Inc', country: 'US', registrationNumber: 'REG-000', incorporatedOn: '2015-06-01', taxId: '12-3456789' },
  });
  const owner = await step(call, 201, 'POST', '/beneficial-owners', {
    customerId: acme.id,
    roles: ['UBO'],
    ownershipPercentage: 60,
    personalInfo: { firstName: 'Ann', lastName: 'Lee', birthDate: '1980-02-02', nationality: 'US', address, idType: 'SSN', identifier: '987-65-4321' },
  });
  await step(call, 200, 'GET', `/beneficial-owners?customerId=${acme.id}`);
  await step(call, 200, 'GET', `/beneficial-owners/${owner.id}`);
  await step(call, 200, 'PATCH', `/beneficial-owners/${owner.id}`, { ownershipPercentage: 55 });
  const ownerDocument = new FormData();
  for (const [name, value] of Object.entries({ documentHolder: owner.id, documentType: 'DRIVERS_LICENSE', country: 'US' })) ownerDocument.append(name, value);
  ownerDocument.append('file', fixtureFile('drivers-license.jpg'));
  const license = await step(call, 201, 'POST', '/documents', ownerDocument);
  await step(call, 204, 'DELETE', `/documents/${license.id}`);
  await step(call, 204, 'DELETE', `/beneficial-owners/${owner.id}`);
  await step(call, 201, 'POST', `/customers/${acme.id}/kyc-link`, { redirectUri: 'https://example.com/done' });
  await step(call, 200, 'GET', `/customers/${acme.id}/kyc-link?redirectUri=https%3A%2F%2Fexample.com%2Fdone`);
  await step(call, 200, 'DELETE', `/customers/${acme.id}`);
}

/** Accounts, rates, lookups, quotes, transfers, transactions, sandbox money and the test webhook. */
export async function moneyFlow(call: FlowCall): Promise<void> {
  await step(call, 200, 'PATCH', '/config', { isRegulatedFinancialInstitution: true });
  const payer = await step(call, 201, 'POST', '/customers', { customerType: 'INDIVIDUAL', fullName: 'Paula Payer', email: 'paula@example.com', currencies: ['USD'] });
  const payee = await step(call, 201, 'POST', '/customers', { customerType: 'INDIVIDUAL', fullName: 'Rita Receiver', email: 'rita@example.com', currencies: ['USD'] });
  const accounts = await step(call, 200, 'GET', `/customers/internal-accounts?customerId=${payer.id}`);
  const usd = accounts.data[0].id as string;
  const payeeUsd = (await step(call, 200, 'GET', `/customers/internal-accounts?customerId=${payee.id}&currency=USD`)).data[0].id as string;
  await step(call, 200, 'GET', '/platform/internal-accounts?currency=USD');
  await step(call, 200, 'POST', `/sandbox/internal-accounts/${usd}/fund`, { amount: 500_000 });

  const beneficiary = { beneficiaryType: 'INDIVIDUAL', fullName: 'Paula Payer' };
  const bank = await step(call, 201, 'POST', '/customers/external-accounts', {
    customerId: payer.id,
    currency: 'USD',
    platformAccountId: 'paula-bank',
    accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '000123456789', routingNumber: '021000021', beneficiary },
  });
  await step(call, 200, 'GET', `/customers/external-accounts?customerId=${payer.id}&currency=USD`);
  await step(call, 200, 'GET', `/customers/external-accounts/${bank.id}`);
  const mxn = await step(call, 201, 'POST', '/customers/external-accounts', {
    customerId: payer.id,
    currency: 'MXN',
    accountInfo: { accountType: 'MXN_ACCOUNT', clabeNumber: '002010077777777771', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Paula Payer' } },
  });
  const platformBank = await step(call, 201, 'POST', '/platform/external-accounts', {
    currency: 'USD',
    accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '000555555589', routingNumber: '021000021', beneficiary: { beneficiaryType: 'BUSINESS', legalName: 'Platform LLC' } },
  });
  await step(call, 200, 'GET', '/platform/external-accounts?currency=USD');
  await step(call, 200, 'GET', `/platform/external-accounts/${platformBank.id}`);

  await step(call, 200, 'GET', '/exchange-rates?sourceCurrency=USD&destinationCurrency=MXN&sendingAmount=10000');
  await step(call, 200, 'GET', '/discoveries?country=MX&currency=MXN');
  await step(call, 200, 'GET', `/receiver/external-account/${mxn.id}?customerId=${payer.id}`);
  const quote = await step(call, 201, 'POST', '/quotes', {
    source: { sourceType: 'ACCOUNT', accountId: usd },
    destination: { destinationType: 'ACCOUNT', accountId: mxn.id },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: 10_000,
    description: 'Rent',
  });
  await step(call, 200, 'GET', `/quotes/${quote.id}`);
  await step(call, 200, 'GET', `/quotes?customerId=${payer.id}`);
  const executed = await step(call, 200, 'POST', `/quotes/${quote.id}/execute`, undefined, { 'Idempotency-Key': 'rent-1' });
  await step(call, 200, 'GET', `/transactions/${executed.transactionId}`);
  await step(call, 200, 'GET', `/transactions?customerId=${payer.id}&limit=5`);

  const lookup = await step(call, 200, 'GET', `/receiver/uma/${encodeURIComponent(payee.umaAddress)}?customerId=${payer.id}`);
  await step(call, 201, 'POST', '/quotes', {
    lookupId: lookup.lookupId,
    source: { sourceType: 'ACCOUNT', accountId: usd },
    destination: { destinationType: 'UMA_ADDRESS', umaAddress: payee.umaAddress, currency: 'USD' },
    lockedCurrencySide: 'RECEIVING',
    lockedCurrencyAmount: 2_000,
    immediatelyExecute: true,
  });
  const realtime = await step(call, 201, 'POST', '/quotes', {
    source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId: payee.id },
    destination: { destinationType: 'ACCOUNT', accountId: payeeUsd },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: 3_000,
  });
  await step(call, 200, 'POST', '/sandbox/send', { quoteId: realtime.id, currencyCode: 'USD' });
  await step(call, 200, 'POST', '/sandbox/uma/receive', { senderUmaAddress: '$success.usd@sandbox.uma.local', receiverUmaAddress: payee.umaAddress, receivingCurrencyCode: 'USD', receivingCurrencyAmount: 700 });
  await step(call, 201, 'POST', '/transfer-in', { source: { accountId: bank.id }, destination: { accountId: usd }, amount: 500 });
  await step(call, 201, 'POST', '/transfer-out', { source: { accountId: usd }, destination: { accountId: bank.id }, amount: 500 });
  await step(call, 400, 'POST', '/sandbox/webhooks/test');
  await step(call, 204, 'DELETE', `/customers/external-accounts/${mxn.id}`);
  await step(call, 204, 'DELETE', `/platform/external-accounts/${platformBank.id}`);
}

/** Ownership of a self-custody wallet, for a customer and for the platform. */
export async function ownershipFlow(call: FlowCall): Promise<void> {
  await step(call, 200, 'PATCH', '/config', {
    supportedCurrencies: ['USD', 'USDC'].map((currencyCode) => ({
      currencyCode,
      minAmount: 1,
      maxAmount: 1_000_000_000,
      requiredCounterpartyFields: currencyCode === 'USDC' ? [{ name: 'FULL_NAME', mandatory: true }] : [],
      enabledTransactionTypes: ['INCOMING', 'OUTGOING'],
    })),
  });
  const customer = await step(call, 201, 'POST', '/customers', { customerType: 'INDIVIDUAL', fullName: 'Wally Wallet', currencies: ['USD'] });
  for (const [base, owner] of [
    ['/customers/external-accounts', { customerId: customer.id }],
    ['/platform/external-accounts', {}],
  ] as const) {
    const signer = privateKeyToAccount(generatePrivateKey());
    const account = await step(call, 201, 'POST', base, { ...owner, currency: 'USDC', ownershipType: 'FIRST_PARTY', accountInfo: { accountType: 'ETHEREUM_WALLET', address: signer.address } });
    const challenge = await step(call, 201, 'POST', `${base}/${account.id}/challenge`, { method: 'WALLET_SIGNATURE' });
    await step(call, 200, 'POST', `${base}/${account.id}/verify`, { signature: await signer.signMessage({ message: challenge.messageToSign }) });
  }
}

/** An embedded wallet: OTP, OAUTH and passkey sign-in, signed retries, sessions, export and privacy. */
export async function walletFlow(call: FlowCall, nowMs: () => Promise<number>): Promise<void> {
  await step(call, 200, 'PATCH', '/config', { embeddedWalletConfig: { appName: 'Flow Wallet' } });
  const customer = await step(call, 201, 'POST', '/customers', { customerType: 'INDIVIDUAL', fullName: 'Owen Otp', email: 'owen@example.com' });
  const wallet = (await step(call, 200, 'GET', `/customers/internal-accounts?customerId=${customer.id}&type=EMBEDDED_WALLET`)).data[0].id as string;
  const credentials = await step(call, 200, 'GET', `/auth/credentials?accountId=${wallet}`);
  const email = credentials.data[0].id as string;

  // EMAIL_OTP: challenge, seal 000000, 202, stamped retry.
  const key = generateSessionKey();
  const challenge = await step(call, 200, 'POST', `/auth/credentials/${email}/challenge`, {});
  const verifyBody = { type: 'EMAIL_OTP', encryptedOtpBundle: await encryptOtpBundle({ otpEncryptionTargetBundle: challenge.otpEncryptionTargetBundle, sessionKey: key }) };
  const session = await signedRetry(call, 'POST', `/auth/credentials/${email}/verify`, verifyBody, key.privateKey, 200);
  await step(call, 200, 'GET', `/auth/sessions?accountId=${wallet}`);

  // OAUTH: added by a signed retry, verified with a fresh token.
  const oauthKey = generateSessionKey();
  const oauth = await signedRetry(call, 'POST', '/auth/credentials', { type: 'OAUTH', accountId: wallet, oidcToken: sandboxOidcToken({ email: 'owen@example.com' }, await nowMs()) }, key.privateKey, 201);
  await step(call, 200, 'POST', `/auth/credentials/${oauth.id}/verify`, { type: 'OAUTH', oidcToken: sandboxOidcToken({ clientPublicKey: oauthKey.publicKey }, await nowMs()), clientPublicKey: oauthKey.publicKey });

  // PASSKEY: registered by a signed retry, challenged and verified with the Request-Id.
  const passkey = new SoftwarePasskey();
  const registration = 'flow-registration-challenge';
  const credential = await signedRetry(call, 'POST', '/auth/credentials', { type: 'PASSKEY', accountId: wallet, nickname: 'Laptop', challenge: registration, attestation: passkey.register(registration) }, key.privateKey, 201);
  const passkeyKey = generateSessionKey();
  const passkeyChallenge = await step(call, 200, 'POST', `/auth/credentials/${credential.id}/challenge`, { clientPublicKey: passkeyKey.publicKey });
  await step(call, 200, 'POST', `/auth/credentials/${credential.id}/verify`, { type: 'PASSKEY', assertion: passkey.assert(passkeyChallenge.challenge) }, { 'Request-Id': passkeyChallenge.requestId });

  // Signed actions with the OTP session: privacy, export, refresh, then revoke what is not needed.
  await signedRetry(call, 'PATCH', `/internal-accounts/${wallet}`, { privateEnabled: true }, key.privateKey, 200);
  await signedRetry(call, 'POST', `/internal-accounts/${wallet}/export`, { clientPublicKey: generateSessionKey().publicKeyUncompressed }, key.privateKey, 200);
  const refreshed = generateSessionKey();
  const next = await signedRetry(call, 'POST', `/auth/sessions/${session.id}/refresh`, { clientPublicKey: refreshed.publicKey }, key.privateKey, 201);
  await signedRetry(call, 'DELETE', `/auth/credentials/${oauth.id}`, undefined, refreshed.privateKey, 204);
  await signedRetry(call, 'DELETE', `/auth/sessions/${next.id}`, undefined, refreshed.privateKey, 204);
}

/** Cards and the sandbox card network. */
export async function cardsFlow(call: FlowCall): Promise<void> {
  await step(call, 200, 'PATCH', '/config', { isRegulatedFinancialInstitution: true });
  const holder = await step(call, 201, 'POST', '/customers', { customerType: 'INDIVIDUAL', fullName: 'Carla Card', email: 'carla@example.com', currencies: ['USD'] });
  const usd = (await step(call, 200, 'GET', `/customers/internal-accounts?customerId=${holder.id}`)).data[0].id as string;
  await step(call, 200, 'POST', `/sandbox/internal-accounts/${usd}/fund`, { amount: 100_000 });
  const card = await step(call, 201, 'POST', '/cards', { customerId: holder.id, form: 'VIRTUAL', fundingSource: usd });
  await step(call, 200, 'POST', '/__admin/clock/advance', { seconds: 5 });
  await step(call, 200, 'GET', `/cards?customerId=${holder.id}`);
  await step(call, 200, 'GET', `/cards/${card.id}`);
  await step(call, 200, 'POST', `/cards/${card.id}/reveal`);
  const authorization = await step(call, 200, 'POST', `/sandbox/cards/${card.id}/simulate/authorization`, { amount: 2_500, currency: { code: 'USD' }, merchant: { descriptor: 'COFFEE SHOP 000', mcc: '5814', country: 'US' } });
  await step(call, 200, 'POST', `/sandbox/cards/${card.id}/simulate/clearing`, { cardTransactionId: authorization.id, amount: 2_500 });
  await step(call, 202, 'POST', `/sandbox/cards/${card.id}/simulate/return`, { cardTransactionId: authorization.id, amount: 500 });
  await step(call, 200, 'GET', `/cards/${card.id}/transactions?limit=10`);
  await step(call, 200, 'GET', '/transactions?type=CARD');
  await step(call, 200, 'PATCH', `/cards/${card.id}`, { status: 'FROZEN' });
}

/** Stablecoin issuance: a provider link, a stablecoin through its lifecycle, mints and burns, funding, lists. */
export async function stablecoinsFlow(call: FlowCall): Promise<void> {
  const key = (name: string) => ({ 'Idempotency-Key': `flow-${name}` });
  const link = await step(call, 201, 'POST', '/stablecoin-provider-accounts', { provider: 'BRALE', apiClientId: 'provider_client_123', apiClientSecret: 'provider_secret_456' }, key('link'));
  await step(call, 200, 'GET', '/stablecoin-provider-accounts?status=ACTIVE&limit=10');
  await step(call, 200, 'GET', `/stablecoin-provider-accounts/${link.id}`);
  const coin = await step(call, 201, 'POST', '/stablecoins', { providerTokenIdentifier: 'ACME', networkTokenIdentifier: 'btkn1qw508d6qejxtdg4y5r3zarvary0c5xw7k', network: 'SPARK', stablecoinProviderAccountId: link.id }, key('register'));
  await step(call, 200, 'POST', '/__admin/clock/advance', { seconds: 300 });
  await step(call, 200, 'GET', '/stablecoins?issuanceStatus=PROVISIONED&limit=10');
  await step(call, 200, 'GET', `/stablecoins/${coin.id}`);
  const wallet = await step(call, 201, 'POST', '/platform/external-accounts', { currency: 'USDB', accountInfo: { accountType: 'SPARK_WALLET', address: 'sp1qqgqzqvzq2ps8pqys5zcvp58q7xw7k' } });
  const bank = await step(call, 201, 'POST', '/platform/external-accounts', {
    currency: 'USD',
    accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '123456789012', routingNumber: '021000021', beneficiary: { beneficiaryType: 'BUSINESS', legalName: 'Acme Inc' } },
  });
  const mint = await step(call, 201, 'POST', `/stablecoins/${coin.id}/mints`, { amount: '1000000', fundingSource: { type: 'WIRE' }, destination: { accountId: wallet.id }, description: 'Initial program funding mint' }, key('mint'));
  await step(call, 200, 'POST', `/sandbox/stablecoin-operations/${mint.id}/fund`, { amount: mint.fundingInstructions.amount });
  const burn = await step(call, 201, 'POST', `/stablecoins/${coin.id}/burns`, { amount: '500000', source: { type: 'PROVIDER_INTERNAL_BALANCE' }, destination: { type: 'EXTERNAL_ACCOUNT', externalAccountId: bank.id, rail: 'ACH_CREDIT' }, description: 'Redeem ACME' }, key('burn'));
  await step(call, 200, 'POST', '/__admin/clock/advance', { seconds: 35 });
  await step(call, 200, 'GET', `/stablecoins/${coin.id}/operations?operationType=MINT&limit=10`);
  await step(call, 200, 'GET', `/stablecoin-operations/${burn.id}`);
}
