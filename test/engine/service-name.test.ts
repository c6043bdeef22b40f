/**
 * --service-name: a sandbox named Grid speaks Grid-Wallet-Signature,
 * X-Grid-Signature, gridOperationsStatus, GRID_SWITCH_ERROR and
 * STABLECOIN_GRID_OPERATIONS_NOT_ENABLED everywhere a client meets them
 * (FACTS F6); without a name, the spec's Service forms stand.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createVerify } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { encryptOtpCodeToBundle, generateP256KeyPair } from '@turnkey/crypto';
import { SANDBOX_SIGNER_PUBLIC_KEY } from '../../src/crypto/enclave.js';
import { StartupError, buildSandbox } from '../../src/server.js';
import { createSandbox } from '../../src/index.js';
import { InvalidServiceNameError, ServiceName, camelCaseHead } from '../../src/core/service-name.js';
import { serviceIdentifiers, signedRetryHeaders, verifyWebhookSignature } from '../../src/client/index.js';
import { individual } from '../helpers.js';
import { stampOf, walletSandbox } from '../wallet/helpers.js';
import { stablecoinSandbox, tokenId } from '../stablecoins/helpers.js';
import { signatureOfHeader } from '../support/webhook-signature.js';

const GRID = { serviceName: 'Grid' };
const NEUTRAL_FORMS = ['Service-Wallet-Signature', 'X-Service-Signature', 'serviceOperationsStatus', 'SERVICE_SWITCH_ERROR', 'STABLECOIN_SERVICE_OPERATIONS_NOT_ENABLED'];
const GRID_FORMS = ['Grid-Wallet-Signature', 'X-Grid-Signature', 'gridOperationsStatus', 'GRID_SWITCH_ERROR', 'STABLECOIN_GRID_OPERATIONS_NOT_ENABLED'];

/** A receiver keeping each request's exact body bytes. */
interface RawReceiver {
  url: string;
  received: Array<{ headers: IncomingHttpHeaders; body: Buffer }>;
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}

const receivers: RawReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function rawReceiver(): Promise<RawReceiver> {
  const received: RawReceiver['received'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiver: RawReceiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    waitFor: async (count) => {
      await expect.poll(() => received.length, { timeout: 5000 }).toBeGreaterThanOrEqual(count);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  receivers.push(receiver);
  return receiver;
}

/** What the service's webhooks guide does in Node: parse the header's JSON, verify `s` with createVerify('SHA256') and the PEM key. */
function guideVerifies(rawBody: Buffer, header: string, pem: string): boolean {
  const { s } = JSON.parse(header) as { s: string };
  return createVerify('SHA256').update(rawBody).verify(pem, s, 'base64');
}

/** A wallet's EMAIL_OTP verify up to its 202 challenge, and the stamp of it (@turnkey/api-key-stamper) by the OTP's target key. */
async function firstVerifyLeg(options: { serviceName?: string }) {
  const box = await walletSandbox(options);
  const wallet = await box.openWallet();
  const key = generateP256KeyPair();
  const challenge = await box.client.post(`/auth/credentials/${wallet.emailCredentialId}/challenge`, {});
  const body = { type: challenge.body.type, encryptedOtpBundle: await encryptOtpCodeToBundle('000000', challenge.body.otpEncryptionTargetBundle, key.publicKey, SANDBOX_SIGNER_PUBLIC_KEY) };
  const first = await box.client.post(`/auth/credentials/${wallet.emailCredentialId}/verify`, body);
  expect(first.status).toBe(202);
  return { box, wallet, body, first, stamp: await stampOf(first.body.payloadToSign, key) };
}

describe('the names', () => {
  it('derives the five identifiers from the name', () => {
    const grid = new ServiceName('Grid');
    expect([grid.walletSignatureHeader, grid.webhookSignatureHeader, grid.operationsStatusField, grid.switchErrorCode, grid.operationsNotEnabledCode]).toEqual(GRID_FORMS);
    const neutral = new ServiceName();
    expect([neutral.walletSignatureHeader, neutral.webhookSignatureHeader, neutral.operationsStatusField, neutral.switchErrorCode, neutral.operationsNotEnabledCode]).toEqual(NEUTRAL_FORMS);
    expect(neutral.isNeutral).toBe(true);
    expect(grid.isNeutral).toBe(false);
    expect(new ServiceName('MyPay2').operationsNotEnabledCode).toBe('STABLECOIN_MYPAY2_OPERATIONS_NOT_ENABLED');
  });

  it.each([
    ['Grid', 'grid'],
    ['G', 'g'],
    ['MyPay', 'myPay'],
    ['ACMEPay', 'acmePay'],
    ['GRID', 'grid'],
    ['grid', 'grid'],
    ['X9', 'x9'],
    ['xAB', 'xAB'],
  ])('writes %s as %s at the head of a camelCase field', (name, head) => {
    expect(camelCaseHead(name)).toBe(head);
  });

  it.each(['', '9Grid', 'Grid-Pay', 'Grid Pay', 'Gríd', 'Grid_', 'G'.repeat(41)])('refuses %j', (name) => {
    expect(() => new ServiceName(name)).toThrow(InvalidServiceNameError);
    expect(() => new ServiceName(name)).toThrow(expect.objectContaining({ name: 'InvalidServiceNameError' }));
  });

  it('takes names of 1 and 40 characters', () => {
    expect(new ServiceName('G'.repeat(40)).walletSignatureHeader).toBe(`${'G'.repeat(40)}-Wallet-Signature`);
    expect(new ServiceName('Q').webhookSignatureHeader).toBe('X-Q-Signature');
  });

  it('renames whole identifiers only, headers in any letter case, and puts them back', () => {
    const grid = new ServiceName('Grid');
    expect(grid.rename('send service-wallet-signature or SERVICE-WALLET-SIGNATURE; X-Service-Signature; serviceOperationsStatus: SERVICE_SWITCH_ERROR')).toBe(
      'send Grid-Wallet-Signature or Grid-Wallet-Signature; X-Grid-Signature; gridOperationsStatus: GRID_SWITCH_ERROR',
    );
    // Parts of longer words are not identifiers.
    expect(grid.rename('StablecoinServiceOperationsStatus MY_SERVICE_SWITCH_ERROR2 A-Service-Wallet-Signature')).toBe('StablecoinServiceOperationsStatus MY_SERVICE_SWITCH_ERROR2 A-Service-Wallet-Signature');
    expect(grid.neutralize('GRID_SWITCH_ERROR grid-wallet-signature gridOperationsStatus Grid')).toBe('SERVICE_SWITCH_ERROR Service-Wallet-Signature serviceOperationsStatus Grid');
    expect(new ServiceName().rename('SERVICE_SWITCH_ERROR')).toBe('SERVICE_SWITCH_ERROR');
  });

  it('a bad name stops start-up with a clear error', () => {
    expect(() => buildSandbox({ serviceName: 'Grid-Pay' })).toThrow(StartupError);
    expect(() => buildSandbox({ serviceName: 'Grid-Pay' })).toThrow(/service name "Grid-Pay" must be letters and digits, starting with a letter/);
  });

  it('paysandbox/client names the headers for a service name', () => {
    expect(serviceIdentifiers('Grid')).toEqual({ name: 'Grid', walletSignatureHeader: 'Grid-Wallet-Signature', webhookSignatureHeader: 'X-Grid-Signature', operationsStatusField: 'gridOperationsStatus', switchErrorCode: 'GRID_SWITCH_ERROR', operationsNotEnabledCode: 'STABLECOIN_GRID_OPERATIONS_NOT_ENABLED' });
    expect(serviceIdentifiers().walletSignatureHeader).toBe('Service-Wallet-Signature');
    expect(signedRetryHeaders('stamp', 'Request:1', 'Grid')).toEqual({ 'Grid-Wallet-Signature': 'stamp', 'Request-Id': 'Request:1' });
    expect(signedRetryHeaders('stamp', 'Request:1')).toEqual({ 'Service-Wallet-Signature': 'stamp', 'Request-Id': 'Request:1' });
  });
});

describe('a sandbox named Grid, over HTTP', () => {
  it('signs a wallet action stamped (@turnkey/api-key-stamper) in Grid-Wallet-Signature; the neutral header is refused naming the right one', async () => {
    const { box, wallet, body, first, stamp } = await firstVerifyLeg(GRID);

    const neutral = await box.client.post(`/auth/credentials/${wallet.emailCredentialId}/verify`, body, { 'Service-Wallet-Signature': stamp, 'Request-Id': first.body.requestId });
    expect(neutral.status).toBe(401);
    expect(neutral.body).toMatchObject({ code: 'WALLET_SIGNATURE_MALFORMED', reason: expect.stringContaining('send the stamp in Grid-Wallet-Signature') });

    const missing = await box.client.post(`/auth/credentials/${wallet.emailCredentialId}/verify`, body, { 'Request-Id': first.body.requestId });
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ code: 'WALLET_SIGNATURE_MISSING', reason: 'Grid-Wallet-Signature is required for this wallet action' });

    const session = await box.client.post(`/auth/credentials/${wallet.emailCredentialId}/verify`, body, { 'grid-wallet-signature': stamp, 'Request-Id': first.body.requestId });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ accountId: wallet.accountId });
  });

  it('a sandbox without a name does not read Grid-Wallet-Signature: the retry lacks its signature', async () => {
    const { box, wallet, body, first, stamp } = await firstVerifyLeg({});
    const retry = await box.client.post(`/auth/credentials/${wallet.emailCredentialId}/verify`, body, { 'Grid-Wallet-Signature': stamp, 'Request-Id': first.body.requestId });
    expect(retry.status).toBe(401);
    expect(retry.body).toMatchObject({ code: 'WALLET_SIGNATURE_MISSING', reason: 'Service-Wallet-Signature is required for this wallet action' });
  });

  it('delivers webhooks with X-Grid-Signature in the documented JSON form, verified as the guide does, a non-ASCII body included', async () => {
    const receiver = await rawReceiver();
    const sandbox = await createSandbox({ ...GRID, clientId: 'grid-hooks' });
    try {
      expect((await sandbox.patch('/config', { webhookEndpoint: receiver.url, isRegulatedFinancialInstitution: true })).status).toBe(200);
      const fullName = 'José Müller 李小龍 🚀';
      expect((await sandbox.post('/customers', individual({ fullName }))).status).toBe(201);
      await receiver.waitFor(1);
      const [delivery] = receiver.received;
      const header = delivery!.headers['x-grid-signature'];
      expect(delivery!.headers['x-service-signature']).toBeUndefined();
      expect(typeof header).toBe('string');
      expect(JSON.parse(delivery!.body.toString('utf8')).data.fullName).toBe(fullName);
      // The body's bytes are UTF-8, longer than its characters.
      expect(delivery!.body.length).toBeGreaterThan(delivery!.body.toString('utf8').length);
      expect(JSON.parse(String(header))).toEqual({ v: '1', s: expect.stringMatching(/^[A-Za-z0-9+/]+={0,2}$/) });

      const key = (await sandbox.get('/__admin/webhooks/public-key')).body as { pem: string; header: string };
      expect(key.header).toBe('X-Grid-Signature');
      expect(key.pem).toBe(sandbox.webhookPublicKey.pem);
      expect(guideVerifies(delivery!.body, String(header), key.pem)).toBe(true);
      expect(guideVerifies(Buffer.concat([delivery!.body, Buffer.from(' ')]), String(header), key.pem)).toBe(false);
      // The strict reader (the Kotlin sample's) takes it; a bare base64 value it refuses.
      expect(signatureOfHeader(header).length).toBeGreaterThan(60);
      expect(() => signatureOfHeader(JSON.parse(String(header)).s)).toThrow(/not JSON|not \{"v"/);
    } finally {
      await sandbox.close();
    }
  });

  it('shows gridOperationsStatus on stablecoins, filters by it, and refuses mints with STABLECOIN_GRID_OPERATIONS_NOT_ENABLED', async () => {
    const box = stablecoinSandbox(GRID);
    const linked = await box.link();
    const registered = await box.register({ networkTokenIdentifier: tokenId('005'), stablecoinProviderAccountId: linked.body.id });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ gridOperationsStatus: 'NOT_ENABLED' });
    expect(registered.body).not.toHaveProperty('serviceOperationsStatus');
    // The field keeps its place among the others.
    expect(Object.keys(registered.body).indexOf('gridOperationsStatus')).toBe(Object.keys(registered.body).indexOf('issuanceStatus') + 1);
    await box.advance(180); // PROVISIONED, PENDING_APPROVAL
    const got = await box.client.get(`/stablecoins/${registered.body.id}`);
    expect(got.body).toMatchObject({ issuanceStatus: 'PROVISIONED', gridOperationsStatus: 'PENDING_APPROVAL' });

    const pending = await box.client.get('/stablecoins?gridOperationsStatus=PENDING_APPROVAL');
    expect(pending.body.data.map((s: { id: string }) => s.id)).toEqual([registered.body.id]);
    expect(pending.body.data[0]).toMatchObject({ gridOperationsStatus: 'PENDING_APPROVAL' });
    expect((await box.client.get('/stablecoins?gridOperationsStatus=ENABLED')).body.data).toEqual([]);
    const bad = await box.client.get('/stablecoins?gridOperationsStatus=enabled');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'INVALID_INPUT' });
    expect(JSON.stringify(bad.body.details)).toContain('gridOperationsStatus');
    expect(JSON.stringify(bad.body.details)).not.toContain('serviceOperationsStatus');
    // The spec's neutral name is not this sandbox's: unknown, said so, and not applied.
    const neutral = await box.client.get('/stablecoins?serviceOperationsStatus=ENABLED');
    expect(neutral.status).toBe(200);
    expect(neutral.body.data).toHaveLength(1);
    expect(neutral.headers.get('sandbox-warning')).toBe('unknown query parameters ignored: "serviceOperationsStatus"');
    expect((await box.client.get('/stablecoins?gridOperationsStatus=PENDING_APPROVAL')).headers.get('sandbox-warning')).toBeNull();

    const spark = await box.sparkWallet();
    const usd = await box.platformAccount('USD');
    const refused = await box.mint(registered.body.id, { amount: '1000000', fundingSource: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: usd.id }, destination: { accountId: spark } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'STABLECOIN_GRID_OPERATIONS_NOT_ENABLED', details: { field: 'fundingSource.accountId', gridOperationsStatus: 'PENDING_APPROVAL' } });
    expect(refused.body.details).not.toHaveProperty('serviceOperationsStatus');
  });

  it('answers GRID_SWITCH_ERROR where it arises (an armed fault), armed and listed by its Grid name', async () => {
    const box = stablecoinSandbox(GRID);
    const armed = await box.client.post('/__admin/faults', { kind: 'ERROR', code: 'GRID_SWITCH_ERROR', method: 'GET', path: '/customers', count: 1 });
    expect(armed).toMatchObject({ status: 201, body: { kind: 'ERROR', code: 'GRID_SWITCH_ERROR', remaining: 1 } });
    expect((await box.client.get('/__admin/faults')).body.data).toEqual([expect.objectContaining({ code: 'GRID_SWITCH_ERROR' })]);
    const faulted = await box.client.get('/customers');
    expect(faulted.status).toBe(500);
    expect(faulted.body).toMatchObject({ code: 'GRID_SWITCH_ERROR' });
    expect((await box.client.get('/customers')).status).toBe(200);
    // The control plane is the sandbox's own: it also takes the spec's neutral code, and answers with the name (docs/deviations.md).
    const neutral = await box.client.post('/__admin/faults', { kind: 'ERROR', code: 'SERVICE_SWITCH_ERROR', count: 1 });
    expect(neutral).toMatchObject({ status: 201, body: { code: 'GRID_SWITCH_ERROR' } });
    expect(await box.client.get('/customers')).toMatchObject({ status: 500, body: { code: 'GRID_SWITCH_ERROR' } });
    const unknown = await box.client.post('/__admin/faults', { kind: 'ERROR', code: 'ACME_SWITCH_ERROR' });
    expect(unknown.status).toBe(400);
  });

  it('names them in both OpenAPI documents, and nowhere the neutral forms', async () => {
    const box = stablecoinSandbox(GRID);
    const api = await (await box.app.request('/openapi.json')).text();
    const control = await (await box.app.request('/__admin/openapi.json')).text();
    // The switch error no operation raises: only a fault's code names it.
    for (const form of GRID_FORMS.filter((f) => f !== 'GRID_SWITCH_ERROR')) expect(api, form).toContain(form);
    for (const form of NEUTRAL_FORMS) {
      // As a whole identifier, in any letter case (a schema's name, StablecoinServiceOperationsStatus, is no identifier).
      const identifier = new RegExp(`(?<![\\w-])${form}(?![\\w-])`, 'i');
      expect(api, form).not.toMatch(identifier);
      expect(control, form).not.toMatch(identifier);
    }
    expect(control).toContain('GRID_SWITCH_ERROR');
    expect(control).toContain('X-Grid-Signature');
    const document = JSON.parse(api);
    expect(document.components.securitySchemes.WebhookSignature).toMatchObject({ in: 'header', name: 'X-Grid-Signature' });
    const verify = document.paths['/auth/credentials/{id}/verify'].post;
    expect(verify.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'Grid-Wallet-Signature' }));
    expect(document.components.schemas.Stablecoin.properties).toHaveProperty('gridOperationsStatus');
    expect(document.components.schemas.Stablecoin.required).toContain('gridOperationsStatus');
    expect(document.paths['/stablecoins'].get.parameters).toContainEqual(expect.objectContaining({ in: 'query', name: 'gridOperationsStatus' }));
  });

  it('names them in the root answer the dashboard reads, and the default still says Service', async () => {
    const grid = stablecoinSandbox(GRID);
    expect((await (await grid.app.request('/')).json()).service).toEqual({ name: 'Grid', walletSignatureHeader: 'Grid-Wallet-Signature', webhookSignatureHeader: 'X-Grid-Signature', operationsStatusField: 'gridOperationsStatus' });
    const plain = stablecoinSandbox();
    expect((await (await plain.app.request('/')).json()).service).toMatchObject({ name: 'Service', operationsStatusField: 'serviceOperationsStatus' });
    const api = await (await plain.app.request('/openapi.json')).text();
    for (const form of NEUTRAL_FORMS.filter((f) => f !== 'SERVICE_SWITCH_ERROR')) expect(api, form).toContain(form);
    expect(await (await plain.app.request('/__admin/openapi.json')).text()).toContain('SERVICE_SWITCH_ERROR');
    for (const form of GRID_FORMS) expect(api, form).not.toContain(form);
    const linked = await plain.link();
    const registered = await plain.register({ stablecoinProviderAccountId: linked.body.id });
    expect(registered.body).toMatchObject({ serviceOperationsStatus: 'NOT_ENABLED' });
    expect(registered.body).not.toHaveProperty('gridOperationsStatus');
  });

  it('lets browsers send Grid-Wallet-Signature and read X-Grid-Signature (CORS)', async () => {
    const grid = stablecoinSandbox(GRID);
    const preflight = await grid.app.request('/2025-10-13/quotes/Quote:1/execute', { method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, grid-wallet-signature, request-id' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization, grid-wallet-signature, request-id');
    const answer = await grid.app.request('/2025-10-13/customers', { headers: { origin: 'http://localhost:5173', authorization: `Basic ${Buffer.from('a:b').toString('base64')}` } });
    expect(answer.headers.get('access-control-expose-headers')).toBe('Retry-After, Location, Allow, Content-Disposition, Sandbox-Warning, X-Grid-Signature');
  });

  it('two sandboxes of different names in one process each keep their own', async () => {
    const grid = stablecoinSandbox(GRID);
    const acme = stablecoinSandbox({ serviceName: 'Acme' });
    const [gl, al] = await Promise.all([grid.link(), acme.link()]);
    const [g2, a2] = await Promise.all([grid.register({ stablecoinProviderAccountId: gl.body.id }), acme.register({ stablecoinProviderAccountId: al.body.id })]);
    expect(g2.body).toHaveProperty('gridOperationsStatus', 'NOT_ENABLED');
    expect(a2.body).toHaveProperty('acmeOperationsStatus', 'NOT_ENABLED');
    expect(a2.body).not.toHaveProperty('gridOperationsStatus');
  });
});

describe('verifyWebhookSignature (paysandbox/client)', () => {
  it('accepts real deliveries and refuses a changed body, another key, a bare base64 value and malformed JSON', async () => {
    const receiver = await rawReceiver();
    const sandbox = await createSandbox({ clientId: 'verify-hooks' });
    try {
      expect((await sandbox.patch('/config', { webhookEndpoint: receiver.url, isRegulatedFinancialInstitution: true })).status).toBe(200);
      expect((await sandbox.post('/customers', individual({ fullName: 'Zoë Ōtani' }))).status).toBe(201);
      expect((await sandbox.post('/customers', individual({ fullName: 'Plain Name' }))).status).toBe(201);
      await receiver.waitFor(2);
      const pem = sandbox.webhookPublicKey.pem;
      for (const { headers, body } of receiver.received) {
        const header = String(headers['x-service-signature']);
        expect(verifyWebhookSignature(body, header, pem)).toBe(true);
        expect(verifyWebhookSignature(body.toString('utf8'), header, pem)).toBe(true);
        expect(verifyWebhookSignature(Buffer.concat([body, Buffer.from('\n')]), header, pem)).toBe(false);
        expect(verifyWebhookSignature(body.toString('utf8').replace('"type"', '"Type"'), header, pem)).toBe(false);
        const bare = (JSON.parse(header) as { s: string }).s;
        expect(verifyWebhookSignature(body, bare, pem)).toBe(false);
        expect(verifyWebhookSignature(body, header.slice(0, -1), pem)).toBe(false);
        expect(verifyWebhookSignature(body, JSON.stringify({ v: '2', s: bare }), pem)).toBe(false);
        expect(verifyWebhookSignature(body, JSON.stringify({ v: 1, s: bare }), pem)).toBe(false);
        expect(verifyWebhookSignature(body, JSON.stringify([bare]), pem)).toBe(false);
        expect(verifyWebhookSignature(body, 'null', pem)).toBe(false);
        expect(verifyWebhookSignature(body, '"1"', pem)).toBe(false);
        expect(verifyWebhookSignature(body, '17', pem)).toBe(false);
        expect(verifyWebhookSignature(body, JSON.stringify({ v: '1', s: `${bare}!` }), pem)).toBe(false);
        expect(verifyWebhookSignature(body, undefined, pem)).toBe(false);
        expect(verifyWebhookSignature(body, '', pem)).toBe(false);
      }
      // Another sandbox has another key.
      const other = await createSandbox({ clientId: 'other-key' });
      try {
        const [first] = receiver.received;
        expect(verifyWebhookSignature(first!.body, String(first!.headers['x-service-signature']), other.webhookPublicKey.pem)).toBe(false);
      } finally {
        await other.close();
      }
    } finally {
      await sandbox.close();
    }
  });
});
