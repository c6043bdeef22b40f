/**
 * Seeds one tenant so that every collection the store registers holds at
 * least one record, and every document has moved off its fresh value. Only
 * the HTTP API and the control plane are used (in process, through
 * `app.request`): the shared test client (test/helpers.ts) and the agents'
 * bearer client, both of which check every response against the served
 * OpenAPI documents. The wallet flows use the real client cryptography
 * (@turnkey/crypto, @turnkey/api-key-stamper, paysandbox/client's
 * SoftwarePasskey); TOTP codes come from the otpauth library.
 *
 * Time comes only from the tenant clock, moved with POST /__admin/clock/advance;
 * build the sandbox on `manualTime(SEED_START_MS)` so that nothing depends on
 * the wall clock (and a reopened sandbox sees the same instant).
 *
 * Which collections exist is never listed here: `registeredParts` reads
 * them from the sandbox's own store registry, so a collection added later
 * without a step below makes the guard test fail.
 */
import * as OTPAuth from 'otpauth';
import { SoftwarePasskey } from '../../src/client/index.js';
import type { StoreSchema } from '../../src/store/spec.js';
import { address, business, fixtureFile, individual, usdAccount, type Client, type Reply, type makeSandbox } from '../helpers.js';
import { ACCOUNT_SAMPLES } from '../fixtures/account-samples.js';
import { bearerClient } from '../agents/helpers.js';
import { startReceiver } from '../control/receiver.js';
import { generateP256KeyPair, otpLogin, signed, signedHeaders, stampOf } from '../wallet/helpers.js';

/** The fixed start of the manual clock the seeded sandboxes run on. */
export const SEED_START_MS = Date.parse('2026-05-04T08:00:00.000Z');

/** The in-process app of a sandbox built by the shared helpers. */
export type AppLike = ReturnType<typeof makeSandbox>['app'];

/** The names of every collection and document the sandbox's store registers. */
export function registeredParts(registry: { readonly schema: StoreSchema }): { collections: string[]; documents: string[] } {
  return { collections: registry.schema.collections.map((c) => c.name), documents: registry.schema.documents.map((d) => d.name) };
}

/** A snapshot as GET /__admin/snapshot answers it: documents and collections by name, plus format, exportedAt and files. */
export type SnapshotBody = Record<string, unknown>;

/** The registered collections a snapshot leaves empty or out. */
export function emptyCollections(snapshot: SnapshotBody, schema: StoreSchema): string[] {
  return schema.collections
    .map((c) => c.name)
    .filter((name) => {
      const records = snapshot[name];
      return typeof records !== 'object' || records === null || Object.keys(records).length === 0;
    });
}

/** A document without the members every fresh tenant has different anyway (its own id and timestamps). */
function comparable(document: unknown): string {
  if (typeof document !== 'object' || document === null) return JSON.stringify(document);
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = document as Record<string, unknown>;
  return JSON.stringify(rest);
}

/** The registered documents a snapshot leaves out or holds at the value a fresh tenant (`fresh`) has. */
export function defaultDocuments(snapshot: SnapshotBody, fresh: SnapshotBody, schema: StoreSchema): string[] {
  return schema.documents.map((d) => d.name).filter((name) => snapshot[name] === undefined || comparable(snapshot[name]) === comparable(fresh[name]));
}

/** Ids of records the round-trip tests read back through the API. */
export interface SeededIds {
  agentsOwnerId: string;
  agentId: string;
  usCustomerId: string;
  usAccountId: string;
  businessId: string;
  beneficialOwnerId: string;
  documentId: string;
  verificationId: string;
  quoteId: string;
  executedQuoteId: string;
  payoutTransactionId: string;
  cardId: string;
  cardTransactionId: string;
  walletCustomerId: string;
  walletAccountId: string;
  delegatedKeyId: string;
  apiTokenId: string;
  /** The token's Basic credentials: after a round trip they must still open the tenant. */
  apiTokenCredentials: { clientId: string; clientSecret: string };
  invitationCode: string;
  importJobId: string;
  providerAccountId: string;
  stablecoinId: string;
  mintId: string;
  ownershipAccountId: string;
  euCustomerId: string;
  twoFactorResetId: string;
  trustedAccountId: string;
  faultId: string;
}

/** A reply of one of the expected statuses; anything else fails the seeding with the step and the body. */
async function expectStatus<T = any>(step: string, reply: Promise<Reply<T>>, ...statuses: number[]): Promise<Reply<T>> {
  const res = await reply;
  const wanted = statuses.length > 0 ? statuses : [200, 201];
  if (!wanted.includes(res.status)) throw new Error(`seeding step "${step}" answered ${res.status} (wanted ${wanted.join(' or ')}): ${JSON.stringify(res.body)}`);
  return res;
}

async function ok<T = any>(step: string, reply: Promise<Reply<T>>, ...statuses: number[]): Promise<T> {
  return (await expectStatus(step, reply, ...statuses)).body;
}

/** The agent access token the `agents` scenario gives its agent (see README, Scenarios). */
export function scenarioAgentToken(clientId: string): string {
  return `agt_${Buffer.from(clientId).toString('base64url')}.sandbox-agent-token`;
}

const CSV_HEADER = 'umaAddress,platformCustomerId,customerType,fullName,birthDate,addressLine1,city,state,postalCode,country,email,businessLegalName,businessTaxId,businessIncorporatedOn';

/**
 * Fills the tenant of `client` (on `app`) so that every registered collection holds a record.
 * The tenant is reset first (by loading the `agents` scenario). The tenant clock moves forward by
 * 370 s in all (card activations, the import's chunk, the stablecoin's enablement); nothing runs on
 * its own afterwards: the jobs left pending fall due on the tenant clock (5 s and 7 days on), which
 * only the control plane moves (the time source is manual), and no webhook delivery is left pending.
 */
export async function seedEveryCollection(app: AppLike, client: Client): Promise<SeededIds> {
  const advance = (seconds: number) => ok(`advance ${seconds}s`, client.post('/__admin/clock/advance', { seconds }));
  const now = async () => Date.parse((await ok('clock', client.get('/__admin/clock'))).now);

  // agents, agentDeviceCodes, agentActions (a transfer-out awaiting approval), customers, internalAccounts,
  // externalAccounts, ledgerEntries, transactions, events: the `agents` scenario, loaded through the control plane.
  await ok('load the agents scenario', client.post('/__admin/scenarios/agents'));
  const owner = (await ok('agents owner', client.get('/customers?platformCustomerId=agents-owner'))).data[0];
  const ownerAccount = (await ok('owner account', client.get(`/customers/internal-accounts?customerId=${owner.id}`))).data[0].id as string;
  const ownerExternal = (await ok('owner external', client.get(`/customers/external-accounts?customerId=${owner.id}`))).data[0].id as string;
  const agentId = (await ok('agents', client.get(`/agents?customerId=${owner.id}`))).data[0].id as string;
  // agentRequests: an agent's request with an Idempotency-Key (below its approval threshold, so it runs at once).
  const agent = bearerClient(app, scenarioAgentToken(client.clientId));
  await ok('agent transfer-out', agent.post('/agents/me/transfer-out', { source: { accountId: ownerAccount }, destination: { accountId: ownerExternal }, amount: 500 }, { 'idempotency-key': 'seed-agent-1' }));

  // verifications and kycLinks: on the unregulated platform a customer is verified on request.
  const person = await ok('individual', client.post('/customers', individual({ fullName: 'Vera Verified', platformCustomerId: 'seed-verified' })));
  const verification = await ok('verification', client.post('/verifications', { customerId: person.id }));
  await ok('kyc link', client.post(`/customers/${person.id}/kyc-link`, { redirectUri: 'https://app.example.com/kyc-done' }));

  // beneficialOwners and documents (whose bytes travel in the snapshot's files).
  const biz = await ok('business', client.post('/customers', business({ platformCustomerId: 'seed-business' })));
  const beneficialOwner = await ok(
    'beneficial owner',
    client.post('/beneficial-owners', {
      customerId: biz.id,
      roles: ['UBO'],
      ownershipPercentage: 40,
      personalInfo: { firstName: 'Olive', lastName: 'Owner', birthDate: '1980-05-05', nationality: 'US', address, idType: 'SSN', identifier: '123-45-6789' },
    }),
  );
  const document = await ok('document', client.upload('/documents', { documentHolder: biz.id, documentType: 'PASSPORT', country: 'US', file: fixtureFile('passport.png') }));

  // From here on the platform is regulated (customers are decided at creation, cards can be issued) and has embedded wallets.
  await ok('config', client.patch('/config', { isRegulatedFinancialInstitution: true, embeddedWalletConfig: { appName: 'Seed Wallet' } }));

  // A US customer with money: quotes, idempotencyKeys, transactions, cards, cardReveals, lookups, invitations.
  const us = await ok('us customer', client.post('/customers', individual({ fullName: 'Uma Seeder', email: 'uma.seeder@example.com', umaAddress: '$seeder@sandbox.uma.local', platformCustomerId: 'seed-us', currencies: ['USD'] })));
  const usAccount = (await ok('us accounts', client.get(`/customers/internal-accounts?customerId=${us.id}&type=INTERNAL_FIAT`))).data[0].id as string;
  await ok('fund', client.post(`/sandbox/internal-accounts/${usAccount}/fund`, { amount: 500_000 }));
  const bank = await ok('us bank', client.post('/customers/external-accounts', usdAccount(us.id, '000123003')));
  await ok('lookup', client.get(`/receiver/external-account/${bank.id}?customerId=${us.id}`));
  const payout = { source: { sourceType: 'ACCOUNT', accountId: usAccount }, destination: { destinationType: 'ACCOUNT', accountId: bank.id }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 10_000 };
  const executedQuote = await ok('quote to execute', client.post('/quotes', payout));
  const executed = await ok('execute', client.post(`/quotes/${executedQuote.id}/execute`, {}, { 'idempotency-key': 'seed-execute-1' }));
  const quote = await ok('open quote', client.post('/quotes', { ...payout, lockedCurrencyAmount: 2_500 }));
  const card = await ok('card', client.post('/cards', { customerId: us.id, form: 'VIRTUAL', fundingSource: usAccount }));
  await advance(5);
  await ok('card reveal', client.post(`/cards/${card.id}/reveal`));
  const cardTransaction = await ok(
    'card authorization',
    client.post(`/sandbox/cards/${card.id}/simulate/authorization`, { amount: 1_200, currency: { code: 'USD' }, merchant: { descriptor: 'COFFEE SHOP 000', mcc: '5814', country: 'US' } }),
  );
  const invitation = await ok('invitation', client.post('/invitations', { inviterUma: '$seeder@sandbox.uma.local', firstName: 'Bob', amountToSend: 1_250 }));

  // apiTokens.
  const token = await ok('api token', client.post('/tokens', { name: 'seed reader', permissions: ['VIEW'] }));

  // customerImportJobs (owning the uploaded CSV) and customerImportErrors: one good row, one bad.
  const csv = [CSV_HEADER, '$imported1@sandbox.uma.local,imported-1,INDIVIDUAL,Imported One,1990-01-15,1 Main St,San Francisco,CA,94105,US,imported1@example.com,,,', '$bad@sandbox.uma.local,imported-bad,ROBOT,,,,,,,,,,,'].join('\n');
  const importJob = await ok('bulk import', client.upload('/customers/bulk/csv', { file: new File([csv], 'customers.csv', { type: 'text/csv' }) }), 202);
  await advance(60);
  const imported = await ok('import job', client.get(`/customers/bulk/jobs/${encodeURIComponent(importJob.jobId)}`));
  if (imported.status !== 'COMPLETED' || imported.errors.length !== 1) throw new Error(`the import job did not complete with one error row: ${JSON.stringify(imported)}`);

  // Embedded wallet: authMethods, otpChallenges, authSessions, signedRequests (OTP sign-in with the turnkey client libraries).
  const walletCustomer = await ok('wallet customer', client.post('/customers', individual({ fullName: 'Wanda Wallet', email: 'wanda@example.com', phoneNumber: '+14155550123', platformCustomerId: 'seed-wallet', currencies: ['USD'] })));
  const walletAccount = (await ok('wallet account', client.get(`/customers/internal-accounts?customerId=${walletCustomer.id}&type=EMBEDDED_WALLET`))).data[0].id as string;
  const emailCredential = (await ok('wallet credentials', client.get(`/auth/credentials?accountId=${walletAccount}`))).data[0].id as string;
  const { key } = await otpLogin(client, emailCredential);
  // passkeyChallenges: a PASSKEY credential (added by a signed retry), then a login challenge left open.
  const passkey = new SoftwarePasskey();
  const registrationChallenge = 'seed-registration-challenge';
  const passkeyCredential = await signed(
    client,
    'POST',
    '/auth/credentials',
    { type: 'PASSKEY', accountId: walletAccount, nickname: 'Seed laptop', challenge: registrationChallenge, attestation: passkey.register(registrationChallenge) },
    key,
  );
  if (passkeyCredential.status !== 201) throw new Error(`passkey credential: ${passkeyCredential.status} ${JSON.stringify(passkeyCredential.body)}`);
  await ok('passkey challenge', client.post(`/auth/credentials/${passkeyCredential.body.id}/challenge`, { clientPublicKey: generateP256KeyPair().publicKeyUncompressed }));
  // delegatedKeys: a card funded by the wallet, and a delegated key through all three signed legs.
  await ok('wallet fund', client.post(`/sandbox/internal-accounts/${walletAccount}/fund`, { amount: 10_000 }));
  const walletCard = await ok('wallet card', client.post('/cards', { customerId: walletCustomer.id, form: 'VIRTUAL', fundingSource: walletAccount }));
  await advance(5);
  const delegatedBody = { cardId: walletCard.id, internalAccountId: walletAccount, nickname: 'seed signer' };
  const leg1 = await ok('delegated key leg 1', client.post('/auth/delegated-keys', delegatedBody), 202);
  const leg2 = await ok('delegated key leg 2', client.post('/auth/delegated-keys', delegatedBody, signedHeaders(await stampOf(leg1.payloadToSign, key), leg1.requestId)), 202);
  const delegatedKey = await ok('delegated key leg 3', client.post('/auth/delegated-keys', delegatedBody, signedHeaders(await stampOf(leg2.payloadToSign, key), leg2.requestId)), 201);
  // pendingOperations: a WALLET_PROCESSING fault makes adding a credential answer PROCESSING; its result is left uncollected.
  await ok('processing fault', client.post('/__admin/faults', { kind: 'WALLET_PROCESSING', operation: 'ADD_CREDENTIAL', count: 1 }), 201);
  const addSms = { type: 'SMS_OTP', accountId: walletAccount };
  const addLeg = await ok('add credential leg 1', client.post('/auth/credentials', addSms), 202);
  const processing = await ok('add credential, processing', client.post('/auth/credentials', addSms, signedHeaders(await stampOf(addLeg.payloadToSign, key), addLeg.requestId)));
  if (processing.status !== 'PROCESSING') throw new Error(`expected a PROCESSING reply: ${JSON.stringify(processing)}`);

  // Strong Customer Authentication, for an EU customer whose e-mail and phone are verified (contact codes come and go).
  const eu = await ok('eu customer', client.post('/customers', individual({ region: 'DE', email: 'eu.seeder@example.de', phoneNumber: '+4915100000001', platformCustomerId: 'seed-eu', currencies: ['EUR', 'USD'] })));
  for (const channel of ['email', 'phone']) {
    await ok(`verify ${channel}`, client.post(`/customers/${eu.id}/verify-${channel}`), 204);
    await ok(`confirm ${channel}`, client.post(`/customers/${eu.id}/verify-${channel}/confirm`, { code: '123456' }));
  }
  const q = `?customerId=${encodeURIComponent(eu.id)}`;
  // scaFactors: TOTP, confirmed with a code an independent authenticator (otpauth) computes at the tenant's time.
  const totpStart = await ok('totp enrollment', client.post(`/sca/factors${q}`, { type: 'TOTP' }));
  const totp = OTPAuth.URI.parse(totpStart.totpUri) as OTPAuth.TOTP;
  await ok('totp confirm', client.post(`/sca/factors/confirm${q}`, { type: 'TOTP', secret: totpStart.secret, code: totp.generate({ timestamp: await now() }) }));
  // scaChallenges and scaSessions: an SMS login.
  const login = await ok('sca login', client.post(`/sca/login/start${q}`, { factor: 'SMS_OTP' }));
  await ok('sca login complete', client.post(`/sca/login/complete${q}`, { factor: 'SMS_OTP', challengeId: login.challengeId, code: '123456', endUserIpAddress: '203.0.113.42' }));
  // scaSecurity: one failed attempt on record.
  await ok('sca failed attempt', client.post(`/sca/record-event${q}`, { eventType: 'FAILED_LOGIN_ATTEMPT' }));
  // twoFactorResets.
  const reset = await ok('2fa reset', client.post(`/sca/factors/reset${q}`, { factor: 'SMS_OTP' }), 201);
  // trustedBeneficiaries.
  const euBank = await ok('eu beneficiary', client.post('/customers/external-accounts', { customerId: eu.id, currency: 'EUR', accountInfo: { ...ACCOUNT_SAMPLES.EUR_ACCOUNT!.accountInfo } }));
  const trust = await ok('trust', client.post(`/customers/external-accounts/${euBank.id}/trust`));
  await ok('trust confirm', client.post(`/customers/external-accounts/${euBank.id}/trust/confirm`, { challengeId: trust.scaChallenge.id, code: '123456' }));
  // contactCodes: a second EU customer whose e-mail code is sent and not yet confirmed.
  const unconfirmed = await ok('eu customer 2', client.post('/customers', individual({ region: 'DE', email: 'eu.pending@example.de', phoneNumber: '+4915100000002', platformCustomerId: 'seed-eu-2', currencies: ['EUR'] })));
  await ok('verify email, unconfirmed', client.post(`/customers/${unconfirmed.id}/verify-email`), 204);

  // Stablecoins: stablecoinProviderAccounts, stablecoins, stablecoinOperations, stablecoinIdempotencyKeys.
  const provider = await ok('provider account', client.post('/stablecoin-provider-accounts', { provider: 'BRALE', apiClientId: 'client-seed', apiClientSecret: 'secret-000' }, { 'idempotency-key': 'seed-provider' }));
  const stablecoin = await ok(
    'stablecoin',
    client.post('/stablecoins', { providerTokenIdentifier: 'ACME', networkTokenIdentifier: 'btkn1qw508d6qejxtdg4y5r3zarvary0c5xw000', network: 'SPARK', stablecoinProviderAccountId: provider.id }, { 'idempotency-key': 'seed-stablecoin' }),
  );
  await advance(300);
  const spark = await ok('spark wallet', client.post('/platform/external-accounts', { currency: 'USDB', accountInfo: { accountType: 'SPARK_WALLET', address: 'sp1qqgqzqvzq2ps8pqys5zcvp58q7000' } }));
  const mint = await ok('mint', client.post(`/stablecoins/${stablecoin.id}/mints`, { amount: '1000000', fundingSource: { type: 'WIRE' }, destination: { accountId: spark.id }, description: 'Seed mint' }, { 'idempotency-key': 'seed-mint' }));

  // jobs: a card issued last is still PROCESSING, its activation pending (so is the wire mint's expiry, 7 days out).
  await ok('pending card', client.post('/cards', { customerId: us.id, form: 'VIRTUAL', fundingSource: usAccount }));

  // ownershipChallenges: with counterparty requirements (travel rule) on USDC, a FIRST_PARTY self-custody wallet starts
  // PENDING_OWNERSHIP_VERIFICATION; its challenge is left outstanding. Late, so the requirement touches no other step.
  const config = await ok('config read', client.get('/config'));
  const supportedCurrencies = (config.supportedCurrencies as Array<{ currencyCode: string }>).map((c) => (c.currencyCode === 'USDC' ? { ...c, requiredCounterpartyFields: [{ name: 'FULL_NAME', mandatory: true }] } : c));
  await ok('travel rule', client.patch('/config', { supportedCurrencies }));
  const selfCustody = await ok(
    'self-custody wallet',
    client.post('/customers/external-accounts', { customerId: us.id, currency: 'USDC', ownershipType: 'FIRST_PARTY', accountInfo: { accountType: 'ETHEREUM_WALLET', address: '0x52908400098527886E0F7030069857D2E4169EE7' } }),
  );
  await ok('ownership challenge', client.post(`/customers/external-accounts/${selfCustody.id}/challenge`, { method: 'WALLET_SIGNATURE' }));

  // webhookDeliveries: a test event to a real receiver, sent synchronously. The endpoint is set only now, so no
  // earlier event is being delivered in the background while the tests compare states.
  const receiver = await startReceiver();
  try {
    await ok('webhook endpoint', client.patch('/config', { webhookEndpoint: receiver.url }));
    await ok('test webhook', client.post('/sandbox/webhooks/test'));
  } finally {
    await receiver.close();
  }

  // faults: one armed fault, on a path nothing calls.
  const fault = await ok('fault', client.post('/__admin/faults', { kind: 'ERROR', code: 'INTERNAL_ERROR', method: 'DELETE', path: '/customers/Customer:never-called' }), 201);

  return {
    agentsOwnerId: owner.id,
    agentId,
    usCustomerId: us.id,
    usAccountId: usAccount,
    businessId: biz.id,
    beneficialOwnerId: beneficialOwner.id,
    documentId: document.id,
    verificationId: verification.id,
    quoteId: quote.id,
    executedQuoteId: executedQuote.id,
    payoutTransactionId: executed.transactionId,
    cardId: card.id,
    cardTransactionId: cardTransaction.id,
    walletCustomerId: walletCustomer.id,
    walletAccountId: walletAccount,
    delegatedKeyId: delegatedKey.id,
    apiTokenId: token.id,
    apiTokenCredentials: { clientId: token.clientId, clientSecret: token.clientSecret },
    invitationCode: invitation.code,
    importJobId: importJob.jobId,
    providerAccountId: provider.id,
    stablecoinId: stablecoin.id,
    mintId: mint.id,
    ownershipAccountId: selfCustody.id,
    euCustomerId: eu.id,
    twoFactorResetId: reset.resetId,
    trustedAccountId: euBank.id,
    faultId: fault.id,
  };
}
