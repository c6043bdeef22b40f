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

import { plainWalletAccount } from '../support/wallets.js';
import { SoftwarePasskey, encryptOtpBundle, generateSessionKey, sandboxOidcToken, stampPayload } from '../../src/client/index.js';
import { fixtureFile } from '../helpers.js';
import { travelRuleConfig } from '../support/travel-rule.js';

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
  // The service's sample app asks this first: a stablecoin destination, which no payment rail names.
  await step(call, 200, 'GET', '/exchange-rates?sourceCurrency=USD&destinationCurrency=USDC&sendingAmount=100000');
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
  await step(call, 200, 'PATCH', '/config', travelRuleConfig('USDC'));
  const customer = await step(call, 201, 'POST', '/customers', { customerType: 'INDIVIDUAL', fullName: 'Wally Wallet', currencies: ['USD'] });
  for (const [base, owner] of [
    ['/customers/external-accounts', { customerId: customer.id }],
    ['/platform/external-accounts', {}],
  ] as const) {
    const signer = plainWalletAccount();
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

  // A payout from the wallet: the quote's own payloadToSign stamped, executed with no Request-Id.
  await step(call, 200, 'POST', `/sandbox/internal-accounts/${wallet}/fund`, { amount: 5_000 });
  const payee = await step(call, 201, 'POST', '/customers/external-accounts', {
    customerId: customer.id,
    currency: 'USD',
    accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '123456789', routingNumber: '021000021', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Owen Otp' } },
  });
  const quote = await step(call, 201, 'POST', '/quotes', { source: { sourceType: 'ACCOUNT', accountId: wallet }, destination: { destinationType: 'ACCOUNT', accountId: payee.id }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1_000 });
  await step(call, 200, 'POST', `/quotes/${quote.id}/execute`, undefined, { 'Service-Wallet-Signature': stampPayload(quote.paymentInstructions[0].accountOrWalletInfo.payloadToSign, { privateKey: key.privateKey }), 'Idempotency-Key': 'wallet-payout-1' });
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

/** Agents: the platform creates and installs one, the agent works with its token, the platform decides its actions both ways. */
export async function agentsFlow(call: FlowCall): Promise<void> {
  const owner = await step(call, 201, 'POST', '/customers', { customerType: 'INDIVIDUAL', fullName: 'Avery Agentowner', email: 'avery@example.com', currencies: ['USD'] });
  const usd = (await step(call, 200, 'GET', `/customers/internal-accounts?customerId=${owner.id}`)).data[0].id as string;
  await step(call, 200, 'POST', `/sandbox/internal-accounts/${usd}/fund`, { amount: 200_000 });
  const bankAccount = (accountNumber: string) => ({ currency: 'USD', accountInfo: { accountType: 'USD_ACCOUNT', accountNumber, routingNumber: '021000021', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Avery Agentowner' } } });
  const bank = await step(call, 201, 'POST', '/customers/external-accounts', { customerId: owner.id, ...bankAccount('123456789000') });
  const policy = {
    permissions: ['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS', 'CREATE_QUOTES', 'EXECUTE_QUOTES', 'MANAGE_EXTERNAL_ACCOUNTS'],
    defaultExecutionMode: 'AUTO',
    spendingLimits: { currency: 'USD', perTransactionLimit: 50_000, dailyLimit: 200_000, dailyTransactionLimit: 10, monthlyLimit: 1_000_000 },
    approvalThresholds: { currency: 'USD', amount: 20_000 },
  };
  const created = await step(call, 201, 'POST', '/agents', { name: 'Payroll agent', customerId: owner.id, policy });
  const agentId = created.agent.id as string;
  await step(call, 200, 'GET', `/agents?customerId=${owner.id}&limit=10`);
  await step(call, 200, 'GET', `/agents/device-codes/${created.deviceCode.code}/status`);
  // Redemption carries no credentials: the code is the proof.
  const redeemed = await step(call, 200, 'POST', `/agents/device-codes/${created.deviceCode.code}/redeem`, undefined, { authorization: '' });
  const bearer = { authorization: `Bearer ${redeemed.accessToken}` };
  await step(call, 200, 'GET', '/agents/me', undefined, bearer);
  await step(call, 200, 'GET', '/agents/me/internal-accounts?currency=USD', undefined, bearer);
  const payee = await step(call, 201, 'POST', '/agents/me/external-accounts', bankAccount('555000111000'), bearer);
  await step(call, 200, 'GET', '/agents/me/external-accounts?limit=10', undefined, bearer);
  await step(call, 200, 'GET', `/agents/me/external-accounts/${payee.id}`, undefined, bearer);
  const quote = await step(call, 201, 'POST', '/agents/me/quotes', { source: { sourceType: 'ACCOUNT', accountId: usd }, destination: { destinationType: 'ACCOUNT', accountId: bank.id }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 5_000 }, bearer);
  await step(call, 200, 'GET', `/agents/me/quotes/${quote.id}`, undefined, bearer);
  const executed = await step(call, 200, 'POST', `/agents/me/quotes/${quote.id}/execute`, undefined, { ...bearer, 'Idempotency-Key': 'flow-execute-1' });
  expect(executed.status).toBe('APPROVED');
  // Above the approval threshold: each waits for the platform.
  const out = await step(call, 201, 'POST', '/agents/me/transfer-out', { source: { accountId: usd }, destination: { accountId: bank.id }, amount: 30_000 }, bearer);
  const pull = await step(call, 201, 'POST', '/agents/me/transfer-in', { source: { accountId: bank.id }, destination: { accountId: usd }, amount: 25_000 }, bearer);
  const third = await step(call, 201, 'POST', '/agents/me/transfer-out', { source: { accountId: usd }, destination: { accountId: payee.id }, amount: 21_000 }, bearer);
  const fourth = await step(call, 201, 'POST', '/agents/me/transfer-out', { source: { accountId: usd }, destination: { accountId: payee.id }, amount: 22_000 }, bearer);
  expect([out.status, pull.status, third.status, fourth.status]).toEqual(['PENDING_APPROVAL', 'PENDING_APPROVAL', 'PENDING_APPROVAL', 'PENDING_APPROVAL']);
  await step(call, 200, 'GET', `/agents/approvals?agentId=${agentId}&limit=10`);
  await step(call, 200, 'POST', `/agents/${agentId}/actions/${out.id}/approve`);
  await step(call, 200, 'POST', `/agents/${agentId}/actions/${fourth.id}/reject`, { reason: 'Not this week' });
  await step(call, 200, 'POST', `/transactions/${third.transaction.id}/approve`);
  await step(call, 200, 'POST', `/transactions/${pull.transaction.id}/reject`, { reason: 'Pull declined' });
  await step(call, 200, 'GET', '/agents/me/actions?limit=10', undefined, bearer);
  await step(call, 200, 'GET', `/agents/me/actions/${out.id}`, undefined, bearer);
  await step(call, 200, 'GET', '/agents/me/transactions?limit=10', undefined, bearer);
  await step(call, 200, 'GET', `/agents/me/transactions/${out.transaction.id}`, undefined, bearer);
  await step(call, 204, 'DELETE', `/agents/me/external-accounts/${payee.id}`, undefined, bearer);
  await step(call, 200, 'GET', `/agents/${agentId}`);
  await step(call, 200, 'PATCH', `/agents/${agentId}/policy`, { spendingLimits: { dailyLimit: 500_000 }, approvalThresholds: { amount: 50_000 } });
  await step(call, 200, 'PATCH', `/agents/${agentId}`, { name: 'Payroll agent (paused)', isPaused: true });
  // An agent installed again: a new device code for one not connected yet, then it goes.
  const spare = await step(call, 201, 'POST', '/agents', { name: 'Spare agent', customerId: owner.id, policy });
  await step(call, 201, 'POST', `/agents/${spare.agent.id}/device-codes`);
  await step(call, 204, 'DELETE', `/agents/${spare.agent.id}`);
}

/**
 * The platform's own tools: API tokens, the UMA-provider and VASP
 * directories, invitations, a withdrawal fee estimate, the transaction
 * actions (approve, reject, confirm, cancel), and a card funded by an
 * embedded wallet: its delegated key in three legs and every further
 * message of the card network.
 */
export async function platformFlow(call: FlowCall): Promise<void> {
  const token = await step(call, 201, 'POST', '/tokens', { name: 'CI read-only', permissions: ['VIEW'] });
  await step(call, 200, 'GET', '/tokens?limit=10');
  await step(call, 200, 'GET', `/tokens/${token.id}`);
  await step(call, 204, 'DELETE', `/tokens/${token.id}`);
  await step(call, 200, 'GET', '/uma-providers?countryCode=US&limit=5');
  await step(call, 200, 'GET', '/vasps?limit=5');

  await step(call, 200, 'PATCH', '/config', { isRegulatedFinancialInstitution: true, embeddedWalletConfig: { appName: 'Flow Wallet' } });
  const ivy = await step(call, 201, 'POST', '/customers', { customerType: 'INDIVIDUAL', fullName: 'Ivy Inviter', umaAddress: '$ivy@sandbox.uma.local', currencies: ['USD', 'USDC'] });
  const invitation = await step(call, 201, 'POST', '/invitations', { inviterUma: ivy.umaAddress, firstName: 'Bob', amountToSend: 1_000 });
  await step(call, 200, 'GET', '/invitations?status=PENDING');
  await step(call, 200, 'GET', `/invitations/${invitation.code}`);
  await step(call, 200, 'POST', `/invitations/${invitation.code}/claim`, { inviteeUma: '$bob@other.example' });
  const second = await step(call, 201, 'POST', '/invitations', { inviterUma: ivy.umaAddress });
  await step(call, 200, 'POST', `/invitations/${second.code}/cancel`);

  const accounts = (await step(call, 200, 'GET', `/customers/internal-accounts?customerId=${ivy.id}`)).data as Array<{ id: string; type: string; balance: { currency: { code: string } } }>;
  const usd = accounts.find((a) => a.type === 'INTERNAL_FIAT' && a.balance.currency.code === 'USD')!.id;
  const usdc = accounts.find((a) => a.balance.currency.code === 'USDC')!.id;
  await step(call, 200, 'POST', '/crypto/estimate-withdrawal-fee', { internalAccountId: usdc, currency: 'USDC', cryptoNetwork: 'SOLANA', amount: 1_000_000, destinationAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV' });

  // A payment that waits for the platform: approved, another rejected; a receipt confirmed.
  const receive = { senderUmaAddress: '$pending.approval@elsewhere.example', receiverUmaAddress: ivy.umaAddress, receivingCurrencyCode: 'USD', receivingCurrencyAmount: 700 };
  const approved = await step(call, 200, 'POST', '/sandbox/uma/receive', receive);
  await step(call, 200, 'POST', `/transactions/${approved.id}/approve`, { receiverCustomerInfo: { FULL_NAME: 'Ivy Inviter' } });
  const rejected = await step(call, 200, 'POST', '/sandbox/uma/receive', receive);
  await step(call, 200, 'POST', `/transactions/${rejected.id}/reject`, { reason: 'Unexpected sender' });
  await step(call, 200, 'POST', `/transactions/${approved.id}/confirm`, {});
  // An ACH payout still in flight, cancelled.
  await step(call, 200, 'POST', `/sandbox/internal-accounts/${usd}/fund`, { amount: 10_000 });
  const slowBank = await step(call, 201, 'POST', '/customers/external-accounts', {
    customerId: ivy.id,
    currency: 'USD',
    accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '000123456005', routingNumber: '021000021', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Ivy Inviter' } },
  });
  const payout = await step(call, 201, 'POST', '/transfer-out', { source: { accountId: usd }, destination: { accountId: slowBank.id }, amount: 500 });
  await step(call, 200, 'POST', `/transactions/${payout.id}/cancel`, { reason: 'Sent by mistake' });

  // A card on an embedded wallet: a delegated key in three legs, then the card network's messages.
  const holder = await step(call, 201, 'POST', '/customers', { customerType: 'INDIVIDUAL', fullName: 'Dora Delegate', email: 'dora@example.com' });
  const wallet = (await step(call, 200, 'GET', `/customers/internal-accounts?customerId=${holder.id}&type=EMBEDDED_WALLET`)).data[0].id as string;
  const email = (await step(call, 200, 'GET', `/auth/credentials?accountId=${wallet}`)).data[0].id as string;
  const key = generateSessionKey();
  const otp = await step(call, 200, 'POST', `/auth/credentials/${email}/challenge`, {});
  await signedRetry(call, 'POST', `/auth/credentials/${email}/verify`, { type: 'EMAIL_OTP', encryptedOtpBundle: await encryptOtpBundle({ otpEncryptionTargetBundle: otp.otpEncryptionTargetBundle, sessionKey: key }) }, key.privateKey, 200);
  await step(call, 200, 'POST', `/sandbox/internal-accounts/${wallet}/fund`, { amount: 100_000 });
  const card = await step(call, 201, 'POST', '/cards', { customerId: holder.id, form: 'VIRTUAL', fundingSource: wallet });
  await step(call, 200, 'POST', '/__admin/clock/advance', { seconds: 5 });
  const delegation = { cardId: card.id, internalAccountId: wallet, nickname: 'Card signer' };
  const first = await step(call, 202, 'POST', '/auth/delegated-keys', delegation);
  const second2 = await step(call, 202, 'POST', '/auth/delegated-keys', delegation, { 'Service-Wallet-Signature': stampPayload(first.payloadToSign, { privateKey: key.privateKey }), 'Request-Id': first.requestId });
  const delegated = await step(call, 201, 'POST', '/auth/delegated-keys', delegation, { 'Service-Wallet-Signature': stampPayload(second2.payloadToSign, { privateKey: key.privateKey }), 'Request-Id': second2.requestId });
  await step(call, 200, 'GET', `/auth/delegated-keys?accountId=${wallet}`);
  await step(call, 200, 'GET', `/auth/delegated-keys/${delegated.id}`);

  const merchant = { descriptor: 'GROCER 000', mcc: '5411', country: 'US' };
  const money = (amount: number) => ({ amount, currency: { code: 'USD' }, merchant });
  const simulate = (what: string, status: number, body: unknown) => step(call, status, 'POST', `/sandbox/cards/${card.id}/simulate/${what}`, body);
  const purchase = await simulate('authorization', 200, money(2_000));
  await simulate('authorization_advice', 202, { cardTransactionId: purchase.id, amount: 2_400 });
  await simulate('clearing', 200, { cardTransactionId: purchase.id, amount: 2_400 });
  await simulate('return', 202, { cardTransactionId: purchase.id, amount: 2_400 });
  await simulate('return_reversal', 202, { cardTransactionId: purchase.id });
  await simulate('balance_inquiry', 202, { merchant });
  await simulate('credit_authorization', 202, money(800));
  await simulate('credit_authorization_advice', 202, money(300));
  await simulate('financial_authorization', 202, money(1_500));
  await simulate('financial_credit_authorization', 202, money(600));
  await step(call, 204, 'DELETE', `/auth/delegated-keys/${delegated.id}`);
}

/** End User Terms, contact verification, Strong Customer Authentication and bulk customer import. */
export async function scaFlow(call: FlowCall): Promise<void> {
  const terms = await step(call, 200, 'GET', '/customers/end-user-terms');
  const consent = { acceptedAt: '2025-01-02T03:04:05.000Z', ipAddress: '198.51.100.24', termsVersion: terms.version, acceptanceMethod: 'CHECKBOX' };
  const eu = await step(call, 201, 'POST', '/customers', {
    customerType: 'INDIVIDUAL',
    platformCustomerId: 'erika-1',
    fullName: 'Erika Europa',
    birthDate: '1988-04-12',
    nationality: 'DE',
    region: 'DE',
    email: 'erika@example.de',
    phoneNumber: '+4915123456789',
    currencies: ['EUR'],
    endUserTermsConsent: consent,
  });
  for (const channel of ['email', 'phone']) {
    await step(call, 204, 'POST', `/customers/${eu.id}/verify-${channel}`);
    await step(call, 200, 'POST', `/customers/${eu.id}/verify-${channel}/confirm`, { code: '123456' });
  }
  const q = `?customerId=${eu.id}`;
  await step(call, 200, 'GET', `/sca/factors${q}`);
  const totp = await step(call, 200, 'POST', `/sca/factors${q}`, { type: 'TOTP' });
  await step(call, 200, 'POST', `/sca/factors/confirm${q}`, { type: 'TOTP', secret: totp.secret, code: '123456' });
  const passkey = new SoftwarePasskey({ rpId: 'localhost', origin: 'http://localhost:3000' });
  const enrollment = await step(call, 200, 'POST', `/sca/factors${q}`, { type: 'PASSKEY' });
  const attestation = passkey.register(enrollment.options.challenge, { challengeIsBase64url: true });
  await step(call, 200, 'POST', `/sca/factors/confirm${q}`, {
    type: 'PASSKEY',
    origin: 'http://localhost:3000',
    credential: { id: attestation.credentialId, rawId: attestation.credentialId, type: 'public-key', response: { clientDataJSON: attestation.clientDataJson, attestationObject: attestation.attestationObject } },
  });
  await step(call, 204, 'DELETE', `/sca/factors/${passkey.credentialId}${q}`);
  const login = await step(call, 200, 'POST', `/sca/login/start${q}`, { factor: 'SMS_OTP' });
  await step(call, 200, 'POST', `/sca/login/complete${q}`, { factor: 'SMS_OTP', challengeId: login.challengeId, code: '123456', endUserIpAddress: '203.0.113.42' });
  await step(call, 200, 'POST', `/sca/record-event${q}`, { eventType: 'FAILED_LOGIN_ATTEMPT' });
  const reset = await step(call, 201, 'POST', `/sca/factors/reset${q}`, { factor: 'SMS_OTP' });
  await step(call, 200, 'GET', `/sca/factors/reset/${reset.resetId}${q}`);
  await step(call, 200, 'POST', '/__admin/clock/advance', { seconds: 60 });
  await step(call, 204, 'POST', `/sca/factors/reset/${reset.resetId}/complete${q}`, { mobile: { countryCode: '+49', number: '15199998888' } });

  const beneficiary = await step(call, 201, 'POST', '/customers/external-accounts', {
    customerId: eu.id,
    currency: 'EUR',
    accountInfo: { accountType: 'EUR_ACCOUNT', iban: 'DE89370400440532013000', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Erika Europa', countryOfResidence: 'DE' } },
  });
  const trust = await step(call, 200, 'POST', `/customers/external-accounts/${beneficiary.id}/trust`);
  await step(call, 200, 'POST', `/customers/external-accounts/${beneficiary.id}/trust/confirm`, { challengeId: trust.scaChallenge.id, code: '123456' });
  await step(call, 200, 'POST', `/customers/external-accounts/${beneficiary.id}/untrust`);
  await step(call, 200, 'POST', `/customers/external-accounts/${beneficiary.id}/untrust/confirm`, { code: '123456' });

  const eur = (await step(call, 200, 'GET', `/customers/internal-accounts?customerId=${eu.id}&currency=EUR`)).data[0].id as string;
  await step(call, 200, 'POST', `/sandbox/internal-accounts/${eur}/fund`, { amount: 100_000 });
  const quote = await step(call, 201, 'POST', '/quotes', { source: { sourceType: 'ACCOUNT', accountId: eur }, destination: { destinationType: 'ACCOUNT', accountId: beneficiary.id }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 2_500 });
  await step(call, 200, 'POST', `/quotes/${quote.id}/execute`, { scaFactor: 'SMS_OTP' });
  await step(call, 200, 'POST', '/__admin/clock/advance', { seconds: 30 });
  await step(call, 204, 'POST', `/quotes/${quote.id}/authorize/resend`);
  await step(call, 200, 'POST', `/quotes/${quote.id}/authorize`, { code: '123456', endUserIpAddress: '203.0.113.42' });
  await step(call, 202, 'POST', '/quotes', { source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId: eu.id }, destination: { destinationType: 'ACCOUNT', accountId: beneficiary.id }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 5_000 });

  const csv = new FormData();
  csv.append(
    'file',
    new File(
      [
        'umaAddress,platformCustomerId,customerType,fullName,birthDate,addressLine1,city,state,postalCode,country\n' +
          '$bulk.one@sandbox.uma.local,bulk-1,INDIVIDUAL,Bulk One,1990-01-15,1 Main St,San Francisco,CA,94105,US\n' +
          '$bulk.two@sandbox.uma.local,bulk-2,INDIVIDUAL,,1990-01-15,2 Main St,San Francisco,CA,94105,US\n',
      ],
      'customers.csv',
      { type: 'text/csv' },
    ),
  );
  const job = await step(call, 202, 'POST', '/customers/bulk/csv', csv);
  await step(call, 200, 'POST', '/__admin/clock/advance', { seconds: 1 });
  await step(call, 200, 'GET', `/customers/bulk/jobs/${job.jobId}`);
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
