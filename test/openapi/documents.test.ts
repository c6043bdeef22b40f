/**
 * The two served OpenAPI documents as a client developer's tools see them:
 * operationIds, tags, typed errors, webhooks, types, statuses, components,
 * and the docs page that shows them.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, codesRaisedBy, operationIdsNamedInCatalogue, type ErrorCode } from '../../src/core/errors.js';
import { API_TAG_LIST } from '../../src/core/tags.js';
import { operationsOf } from '../../src/docs/error-responses.js';
import { individual, makeSandbox } from '../helpers.js';
import { referenceDocument } from '../support/reference-document.js';

type Json = Record<string, any>;
const operationsOfDoc = (document: Json) => operationsOf(document) as Array<{ path: string; method: string; operation: Json; shape: ReturnType<typeof operationsOf>[number]['shape'] }>;
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

const reference = await referenceDocument<Json>();
const sandbox = makeSandbox();
const api = sandbox.openApiDocument() as Json;
const control = sandbox.controlOpenApiDocument() as Json;

function referenceOperations(): Map<string, Json> {
  const ops = new Map<string, Json>();
  for (const { path, method, operation } of operationsOfDoc(reference)) ops.set(`${method} ${path}`, operation);
  return ops;
}

/** Every operationId of the API document: a client's method names, so they never change by accident. */
const PINNED_OPERATION_IDS = [
  'challengeAuthCredential', 'createAuthCredential', 'createBeneficialOwner', 'createCard', 'createCustomer', 'createCustomerExternalAccount',
  'createCustomerKycLink', 'createExternalAccountOwnershipChallenge', 'createPlatformExternalAccount', 'createPlatformExternalAccountOwnershipChallenge',
  'createQuote', 'createTransferIn', 'createTransferOut', 'createVerification', 'deleteBeneficialOwner', 'deleteCustomerById',
  'deleteCustomerExternalAccountById', 'deleteDocument', 'deletePlatformExternalAccountById', 'executeQuote', 'exportInternalAccount',
  'getBeneficialOwner', 'getCardById', 'getCustomerById', 'getCustomerExternalAccountById', 'getCustomerKycLink', 'getDiscoveries', 'getDocument',
  'getExchangeRates', 'getPlatformConfig', 'getPlatformExternalAccountById', 'getQuoteById', 'getTransactionById', 'getVerification',
  'listAuthCredentials', 'listAuthSessions', 'listBeneficialOwners', 'listCardTransactions', 'listCards', 'listCustomerExternalAccounts',
  'listCustomerInternalAccounts', 'listCustomers', 'listDocuments', 'listPlatformExternalAccounts', 'listPlatformInternalAccounts', 'listQuotes',
  'listTransactions', 'listVerifications', 'lookupExternalAccount', 'lookupUma', 'refreshAuthSession', 'replaceDocument', 'revealCard',
  'revokeAuthCredential', 'revokeAuthSession', 'sandboxFundInternalAccount', 'sandboxReceive', 'sandboxSend', 'sandboxSimulateCardAuthorization',
  'sandboxSimulateCardClearing', 'sandboxSimulateCardReturn', 'sendTestWebhook', 'updateBeneficialOwner', 'updateCardById', 'updateCustomerById',
  'updateInternalAccount', 'updatePlatformConfig', 'uploadDocument', 'verifyAuthCredential', 'verifyExternalAccountOwnership',
  'verifyPlatformExternalAccountOwnership',
  // Issue 14: tokens, invitations, transaction actions, delegated keys, withdrawal fees, directories, card simulators.
  'createToken', 'listTokens', 'getTokenById', 'deleteTokenById', 'createInvitation', 'listInvitations', 'getInvitation', 'claimInvitation',
  'cancelInvitation', 'confirmReceiptDelivery', 'approvePendingPayment', 'rejectPendingPayment', 'cancelTransaction', 'createDelegatedKey',
  'listDelegatedKeys', 'getDelegatedKeyById', 'revokeDelegatedKey', 'estimateCryptoWithdrawalFee', 'getAvailableUmaProviders', 'listVasps',
  'sandboxSimulateCardBalanceInquiry', 'sandboxSimulateCardCreditAuthorization', 'sandboxSimulateCardFinancialAuthorization',
  'sandboxSimulateCardFinancialCreditAuthorization', 'sandboxSimulateCardAuthorizationAdvice', 'sandboxSimulateCardCreditAuthorizationAdvice',
  'sandboxSimulateCardReturnReversal',
  // Contact verification, Strong Customer Authentication, End User Terms and bulk import (issue 14).
  'sendCustomerEmailVerification', 'confirmCustomerEmailVerification', 'sendCustomerPhoneVerification', 'confirmCustomerPhoneVerification',
  'listScaFactors', 'startScaFactorEnrollment', 'confirmScaFactorEnrollment', 'deleteScaFactor', 'startScaLogin', 'completeScaLogin',
  'recordSecurityEvent', 'startTwoFactorReset', 'getTwoFactorResetStatus', 'completeTwoFactorReset', 'startBeneficiaryTrust',
  'confirmBeneficiaryTrust', 'startBeneficiaryUntrust', 'confirmBeneficiaryUntrust', 'authorizeQuote', 'resendQuoteScaCode',
  'getEndUserTerms', 'uploadCustomersCsv', 'getBulkCustomerImportJob',
  'linkStablecoinProviderAccount', 'listStablecoinProviderAccounts', 'getStablecoinProviderAccount',
  'registerStablecoin', 'listStablecoins', 'getStablecoin', 'createStablecoinMint', 'createStablecoinBurn', 'listStablecoinOperations',
  'getStablecoinOperation', 'sandboxFundStablecoinOperation',
  // Agents: management, then the agent's own operations.
  'createAgent', 'listAgents', 'listAgentApprovals', 'getAgentById', 'updateAgent', 'deleteAgent', 'updateAgentPolicy', 'regenerateAgentDeviceCode',
  'approveAgentAction', 'rejectAgentAction', 'getAgentDeviceCodeStatus', 'redeemAgentDeviceCode', 'getAgentMe', 'agentListTransactions',
  'agentGetTransaction', 'agentCreateQuote', 'agentGetQuote', 'agentExecuteQuote', 'agentListActions', 'agentGetAction', 'agentCreateTransferIn',
  'agentCreateTransferOut', 'agentListInternalAccounts', 'agentListExternalAccounts', 'agentCreateExternalAccount', 'agentGetExternalAccount',
  'agentDeleteExternalAccount',
];

describe('the two documents', () => {
  it('serves the versioned API at /openapi.json and the control plane at /__admin/openapi.json, both without credentials', async () => {
    const apiRes = await sandbox.app.request('/openapi.json');
    const controlRes = await sandbox.app.request('/__admin/openapi.json');
    expect([apiRes.status, controlRes.status]).toEqual([200, 200]);
    const [served, servedControl] = [(await apiRes.json()) as Json, (await controlRes.json()) as Json];
    expect(served.openapi).toBe('3.1.0');
    expect(served.info.version).toBe('2025-10-13');
    expect(served.servers).toEqual([{ url: '/2025-10-13', description: 'This sandbox' }]);
    expect(servedControl.servers).toEqual([{ url: '/', description: 'This sandbox' }]);
    expect(served.security).toEqual([{ BasicAuth: [] }]);
    expect(served.components.securitySchemes.BasicAuth).toMatchObject({ type: 'http', scheme: 'basic' });
    expect(servedControl.components.securitySchemes.BasicAuth).toMatchObject({ type: 'http', scheme: 'basic' });
    // The API document holds the versioned API only; the control plane's paths all live under /__admin with server /.
    expect(Object.keys(served.paths).filter((p) => p.startsWith('/__admin'))).toEqual([]);
    expect(Object.keys(servedControl.paths).every((p) => p.startsWith('/__admin/'))).toBe(true);
    for (const { operation } of operationsOfDoc(servedControl)) expect(operation.servers).toBeUndefined();
  });

  it('documents every route the app serves, in the document of its base URL', () => {
    const documented = new Set<string>();
    for (const { path, method } of operationsOfDoc(api)) documented.add(`${method.toUpperCase()} /2025-10-13${path}`);
    for (const { path, method } of operationsOfDoc(control)) documented.add(`${method.toUpperCase()} ${path}`);
    const served = sandbox.app.routes
      .filter((r) => r.method !== 'ALL' && (r.path.startsWith('/2025-10-13/') || (r.path.startsWith('/__admin/') && !r.path.startsWith('/__admin/ui/') && r.path !== '/__admin/openapi.json')))
      .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z]+)/g, '{$1}')}`);
    expect(new Set(served).size).toBeGreaterThan(80);
    for (const route of served) expect(documented, route).toContain(route);
    expect(documented.size).toBe(new Set(served).size);
  });
});

describe('operationIds', () => {
  it('every operation has one, unique across both documents, and the API ones are pinned', () => {
    const ids = [...operationsOfDoc(api), ...operationsOfDoc(control)].map((o) => o.operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationsOfDoc(api).map((o) => o.operation.operationId).sort()).toEqual([...PINNED_OPERATION_IDS].sort());
  });

  it("equal the reference's for every operation the two share", () => {
    const theirs = referenceOperations();
    let shared = 0;
    for (const { path, method, operation } of operationsOfDoc(api)) {
      const match = theirs.get(`${method} ${path}`);
      if (!match) continue;
      shared += 1;
      expect(operation.operationId, `${method.toUpperCase()} ${path}`).toBe(match.operationId);
    }
    expect(shared).toBe(153);
  });

  it('the catalogue names only operations that exist', () => {
    const ids = new Set([...operationsOfDoc(api), ...operationsOfDoc(control)].map((o) => o.operation.operationId));
    for (const id of operationIdsNamedInCatalogue()) expect(ids, id).toContain(id);
  });
});

describe('tags', () => {
  it('are declared with descriptions, in the reference order, and are the ones the operations use', () => {
    const used = new Set<string>();
    for (const { operation } of operationsOfDoc(api)) for (const tag of operation.tags) used.add(tag);
    for (const item of Object.values<Json>(api.webhooks)) for (const op of Object.values<Json>(item)) for (const tag of op.tags) used.add(tag);
    expect(new Set(api.tags.map((t: Json) => t.name))).toEqual(used);
    for (const tag of api.tags) expect(tag.description.length, tag.name).toBeGreaterThan(20);
    const referenceOrder = (reference.tags as Json[]).map((t) => t.name);
    const ours = api.tags.map((t: Json) => t.name);
    // The reference's own tags in its order; then the ones its operations use without declaring them (Available UMA Providers).
    const declaredByReference = ours.filter((name: string) => referenceOrder.includes(name));
    expect(declaredByReference).toEqual(referenceOrder.filter((name) => ours.includes(name)));
    expect(ours.slice(0, declaredByReference.length)).toEqual(declaredByReference);
    expect(API_TAG_LIST.map((t) => t.name).slice(0, referenceOrder.length)).toEqual(referenceOrder);
    for (const { operation } of operationsOfDoc(api)) expect(operation.tags).toHaveLength(1);
    expect(control.tags).toEqual([{ name: 'Control plane', description: expect.stringContaining('/__admin') }]);
  });
});

describe('typed errors', () => {
  it('one schema per status whose code enum is every code the document raises at that status, from the catalogue', () => {
    const raised = new Map<number, Set<ErrorCode>>();
    for (const { shape } of operationsOfDoc(api)) {
      for (const code of codesRaisedBy(shape)) {
        const status = ERROR_CATALOGUE[code].status;
        raised.set(status, new Set([...(raised.get(status) ?? []), code]));
      }
    }
    expect([...raised.keys()].sort()).toEqual([400, 401, 403, 404, 405, 409, 410, 413, 415, 423, 429, 500, 503]);
    for (const [status, codes] of raised) {
      const schema = api.components.schemas[`Error${status}`];
      expect(new Set(schema.properties.code.enum), `Error${status}`).toEqual(codes);
      expect(schema.properties.status.enum).toEqual([status]);
      expect(schema.required).toEqual(['code', 'reason', 'message', 'status']);
    }
    // Codes no operation raises are in no document.
    expect(JSON.stringify(api.components.schemas)).not.toContain('CERT_CHAIN_EXPIRED');
    // NOT_FOUND is only for a path no route serves: no operation declares it.
    expect(api.components.schemas.Error404.properties.code.enum).not.toContain('NOT_FOUND');
    expect(api.components.schemas.Error).toBeUndefined();
  });

  it("narrows each operation's error codes to the ones it raises", () => {
    const responses = api.paths['/quotes/{quoteId}/execute'].post.responses;
    const codesOf = (response: Json): string[] => {
      const schema = response.content['application/json'].schema;
      if (schema.$ref) {
        const named = api.components.schemas[schema.$ref.split('/').pop()];
        return named.allOf ? named.allOf[1].properties.code.enum : named.properties.code.enum;
      }
      return schema.allOf[1].properties.code.enum;
    };
    expect(codesOf(responses['400'])).toEqual(expect.arrayContaining(['INVALID_INPUT', 'INSUFFICIENT_FUNDS', 'QUOTE_EXPIRED', 'TRANSACTION_SIZE_LIMIT_EXCEEDED']));
    expect(codesOf(responses['400'])).not.toContain('CARDHOLDER_KYC_NOT_APPROVED');
    expect(codesOf(responses['404'])).toContain('QUOTE_NOT_FOUND');
    expect(codesOf(responses['404'])).not.toContain('USER_NOT_FOUND');
    expect(codesOf(responses['401'])).toContain('WALLET_SIGNATURE_INVALID');
    expect(codesOf(api.paths['/customers'].get.responses['401'])).toEqual(['UNAUTHORIZED']);
    expect(api.paths['/config'].get.responses['400']).toBeUndefined();
    expect(codesOf(api.paths['/cards'].post.responses['400'])).toEqual(expect.arrayContaining(['CARDHOLDER_KYC_NOT_APPROVED', 'FUNDING_SOURCE_INELIGIBLE']));
  });

  it('declares 405 with Allow on every operation, 413 and 415 where a JSON body is read, 429 with Retry-After where OTPs are rate limited', () => {
    for (const { path, method, operation, shape } of operationsOfDoc(api)) {
      const where = `${method} ${path}`;
      expect(operation.responses['405']?.headers?.Allow, where).toEqual({ $ref: '#/components/headers/Allow' });
      expect(operation.responses['401'], where).toBeDefined();
      expect(operation.responses['500'], where).toBeDefined();
      if (shape.hasBody) expect(operation.responses['415'], where).toBeDefined();
      if (method !== 'get') expect(operation.responses['413'], where).toBeDefined();
    }
    expect(api.paths['/auth/credentials/{id}/challenge'].post.responses['429'].headers['Retry-After']).toEqual({ $ref: '#/components/headers/RetryAfter' });
  });

  it('the statuses are real: 413, 415, 405 and 429 answer as declared', async () => {
    const client = sandbox.client('statuses');
    const big = await client.call('POST', '/customers', JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'x'.repeat(1024 * 1024 + 10) }));
    expect([big.status, big.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const text = await client.call('POST', '/customers', 'hello', { 'content-type': 'text/plain' });
    expect([text.status, text.body.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const put = await client.call('PUT', '/customers', {});
    expect([put.status, put.body.code, put.headers.get('allow')]).toEqual([405, 'METHOD_NOT_ALLOWED', 'POST, GET, HEAD']);
  });
});

describe('webhooks', () => {
  it('declares every webhook the sandbox delivers, under the reference names, with named payload schemas', () => {
    // All of the reference's families, under its keys (read from the bundled reference, not listed here).
    expect(Object.keys(api.webhooks).sort()).toEqual(Object.keys(reference.webhooks).sort());
    expect(Object.keys(api.webhooks)).toHaveLength(13);
    for (const [key, item] of Object.entries<Json>(api.webhooks)) {
      expect(Object.keys(reference.webhooks), key).toContain(key);
      const op = item.post;
      expect(op.operationId).toBe(reference.webhooks[key].post.operationId);
      expect(op.tags).toEqual(['Webhooks']);
      expect(op.security).toEqual([{ WebhookSignature: [] }]);
      const ref = op.requestBody.content['application/json'].schema.$ref as string;
      const payload = api.components.schemas[ref.split('/').pop()!];
      expect(payload.required).toEqual(['id', 'type', 'timestamp', 'data']);
      expect(payload.properties.type.enum.length, key).toBeGreaterThan(0);
    }
    expect(api.components.securitySchemes.WebhookSignature).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Service-Signature' });
    expect(api.components.schemas.CardStatusChangeWebhook.properties.data).toEqual({ $ref: '#/components/schemas/Card' });
  });

  it('every event a flow produces validates against its webhook payload schema', async () => {
    const client = sandbox.client('webhook-events');
    await client.patch('/config', { isRegulatedFinancialInstitution: true });
    const approved = await client.post('/customers', individual({ fullName: 'Webhook Person' }));
    expect(approved.status).toBe(201);
    const usd = (await client.get(`/customers/internal-accounts?customerId=${approved.body.id}`)).body.data[0].id;
    await client.post(`/sandbox/internal-accounts/${usd}/fund`, { amount: 100_000 });
    const card = await client.post('/cards', { customerId: approved.body.id, form: 'VIRTUAL', fundingSource: usd });
    await client.post('/__admin/clock/advance', { seconds: 5 });
    await client.post(`/sandbox/cards/${card.body.id}/simulate/authorization`, { amount: 1000, currency: { code: 'USD' }, merchant: { descriptor: 'COFFEE 000', mcc: '5814', country: 'US' } });
    const events = (await client.get('/__admin/events?limit=100')).body.data as Json[];
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, logger: false });
    addFormats(ajv);
    ajv.addSchema({ ...api, $id: 'api.json' });
    const byType = new Map<string, string>();
    for (const [key, item] of Object.entries<Json>(api.webhooks)) {
      const ref = item.post.requestBody.content['application/json'].schema.$ref as string;
      for (const type of api.components.schemas[ref.split('/').pop()!].properties.type.enum) byType.set(type, ref);
    }
    const kinds = new Set<string>();
    for (const event of events) {
      const ref = byType.get(event.type);
      expect(ref, `${event.type} is declared by a webhook`).toBeDefined();
      const validate = ajv.compile({ $ref: `api.json${ref}` });
      expect(validate(event), `${event.type}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
      kinds.add(event.type.split('.')[0]!);
    }
    // The funding is an incoming payment too.
    expect([...kinds].sort()).toEqual(['CARD', 'CARD_TRANSACTION', 'CUSTOMER', 'INCOMING_PAYMENT', 'INTERNAL_ACCOUNT']);
  });
});

describe('types, components and examples', () => {
  it('types the shared parameters as the reference does, and keeps accepting what clients send', async () => {
    const param = (path: string, name: string) => api.paths[path].get.parameters.find((p: Json) => p.name === name).schema;
    expect(param('/customers', 'isIncludingDeleted').type).toBe('boolean');
    expect(param('/exchange-rates', 'destinationCurrency')).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(param('/exchange-rates', 'sendingAmount').type).toBe('integer');
    expect(param('/customers/external-accounts', 'limit')).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
    const headers = api.paths['/quotes/{quoteId}/execute'].post.parameters.filter((p: Json) => p.in === 'header').map((p: Json) => p.name);
    expect(headers).toEqual(['Idempotency-Key', 'Service-Wallet-Signature', 'Request-Id']);
    const client = sandbox.client('types');
    const customer = await client.post('/customers', individual());
    await client.delete(`/customers/${customer.body.id}`);
    expect((await client.get('/customers?isIncludingDeleted=true')).body.totalCount).toBe(1);
    expect((await client.get('/customers?isIncludingDeleted=false')).body.totalCount).toBe(0);
    const one = await client.get('/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR');
    const two = await client.get('/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR&destinationCurrency=MXN');
    const comma = await client.get('/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR,MXN');
    expect(new Set(one.body.data.map((r: Json) => r.destinationCurrency.code))).toEqual(new Set(['EUR']));
    expect(new Set(two.body.data.map((r: Json) => r.destinationCurrency.code))).toEqual(new Set(['EUR', 'MXN']));
    expect(comma.body.data).toEqual(two.body.data);
  });

  it('names shared shapes instead of repeating them inline (no inline object five times or more)', () => {
    const counts = new Map<string, number>();
    const walk = (node: unknown, top = false): void => {
      if (Array.isArray(node)) return node.forEach((n) => walk(n));
      if (!node || typeof node !== 'object') return;
      const o = node as Json;
      if (!top && (o.properties || o.oneOf || o.anyOf || o.allOf)) {
        const key = JSON.stringify(o);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      for (const value of Object.values(o)) walk(value);
    };
    for (const document of [api, control]) {
      for (const schema of Object.values<Json>(document.components.schemas)) walk(schema, true);
      walk(document.paths);
      walk(document.webhooks ?? {});
    }
    const repeated = [...counts].filter(([, n]) => n >= 5).map(([k, n]) => `${n}x ${k.slice(0, 120)}`);
    expect(repeated).toEqual([]);
    expect(api.components.schemas.IndividualBeneficiary).toBeDefined();
    expect(api.components.schemas.BusinessBeneficiary).toBeDefined();
    // A budget per operation (the original 360 kB for 67 operations), so the document grows with the surface, not faster.
    expect(JSON.stringify(api).length / operationsOfDoc(api).length).toBeLessThan(360_000 / 67);
  });

  it('gives every create, list and execute operation a request and a response example, valid against their schemas', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, logger: false });
    addFormats(ajv);
    for (const format of ['int64', 'int32', 'binary']) ajv.addFormat(format, true);
    ajv.addSchema({ ...api, $id: 'examples.json' });
    const pointer = (...tokens: string[]) => tokens.map((t) => t.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
    let checked = 0;
    for (const { path, method, operation } of operationsOfDoc(api)) {
      const id = operation.operationId as string;
      const mainKind = /^(create|list|execute|upload)/.test(id) || id === 'getExchangeRates' || id === 'getDiscoveries';
      const body = operation.requestBody?.content ?? {};
      for (const [type, media] of Object.entries<Json>(body)) {
        if (media.example === undefined) continue;
        const validate = ajv.compile({ $ref: `examples.json#/${pointer('paths', path, method, 'requestBody', 'content', type, 'schema')}` });
        expect(validate(media.example), `${id} request example: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
        checked += 1;
      }
      for (const [status, response] of Object.entries<Json>(operation.responses)) {
        for (const [type, media] of Object.entries<Json>(response.content ?? {})) {
          if (media.example === undefined) continue;
          const validate = ajv.compile({ $ref: `examples.json#/${pointer('paths', path, method, 'responses', status, 'content', type, 'schema')}` });
          expect(validate(media.example), `${id} ${status} example: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
          checked += 1;
        }
      }
      if (!mainKind) continue;
      const successes = Object.entries<Json>(operation.responses).filter(([s]) => s.startsWith('2'));
      expect(successes.some(([, r]) => Object.values<Json>(r.content ?? {}).some((m) => m.example !== undefined)), `${id} has a response example`).toBe(true);
      const hasRequestExample =
        Object.values<Json>(body).some((m) => m.example !== undefined) || (operation.parameters ?? []).some((p: Json) => p.example !== undefined || (p.in === 'header' && p.schema?.example !== undefined));
      expect(hasRequestExample, `${id} has a request example`).toBe(true);
    }
    expect(checked).toBeGreaterThan(40);
  });
});

describe('GET /docs', () => {
  it('serves Swagger UI and every asset it names locally, with the validator off, linking both documents', async () => {
    const { app } = sandbox;
    const page = await app.request('/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("'/openapi.json'");
    expect(html).toContain("'/__admin/openapi.json'");
    expect(html).toContain('href="/docs?doc=control"');
    expect(html).toContain('validatorUrl: null');
    expect(html).not.toMatch(/https?:\/\//);
    const named = [...html.matchAll(/(?:src|href)="(\/docs\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(named.length).toBe(2);
    for (const asset of named) {
      const res = await app.request(asset);
      expect(res.status, asset).toBe(200);
      const text = await res.text();
      // The source map an asset names is served too.
      const map = /sourceMappingURL=([\w.-]+\.map)/.exec(text)?.[1];
      if (map) expect((await app.request(`/docs/assets/${map}`)).status, map).toBe(200);
    }
    expect((await app.request('/docs/assets/swagger-ui-bundle.js')).headers.get('content-type')).toContain('javascript');
    expect((await app.request('/docs/assets/swagger-ui.css.map')).status).toBe(404); // the vendored files name no source map
    expect((await app.request('/docs/assets/swagger-ui-standalone-preset.js.map')).status).toBe(404);
    expect((await app.request('/docs/assets/nope.js')).status).toBe(404);
    expect((await app.request('/docs/assets/../../package.json')).status).toBe(404);
  });

  // In Chromium, both documents load every asset from the sandbox and ask no other host: test/dashboard/console.test.ts.
});
