/**
 * The two OpenAPI 3.1 documents the sandbox serves, generated from the zod
 * routes: the versioned API (GET /openapi.json, server /2025-10-13, with its
 * webhooks) and the control plane (GET /__admin/openapi.json, server /), so
 * a client generated from either has one base URL that reaches every
 * operation. Error responses come from the error catalogue, tags from
 * src/core/tags.ts.
 */
import type { AppRouter } from '../core/env.js';
import type { WebhookDefinition } from '../events/events.schemas.js';
import { NEUTRAL } from '../core/service-name.js';
import { TAGS } from '../core/tags.js';
import { API_TAG_LIST, CONTROL_TAG_LIST, declaredTags } from '../core/tags.js';
import { ADMIN_BASE_PATH, API_BASE_PATH, API_VERSION } from '../core/version.js';
import { addErrorResponses, operationsOf } from './error-responses.js';
import { addExamples } from './examples.js';

type Json = Record<string, unknown>;

const LICENSE = { name: 'MIT', url: 'https://opensource.org/licenses/MIT' };

const BASIC_AUTH = {
  type: 'http',
  scheme: 'basic',
  description: 'Client id as the user name, client secret as the password. Each client id is its own isolated tenant.',
};

/** Agents call /agents/me/* with the access token a device-code redemption returned. */
const AGENT_AUTH = {
  type: 'http',
  scheme: 'bearer',
  description:
    "An agent's access token, from POST /agents/device-codes/{code}/redeem: Authorization: Bearer <accessToken>. Opens only /agents/me/*, on behalf of the agent's customer and within its policy; the platform's Basic credentials are refused there (401).",
};

function addSecuritySchemes(document: Json, extra: Json = {}): void {
  const components = (document.components ??= {}) as Json;
  components.securitySchemes = { BasicAuth: BASIC_AUTH, ...extra };
}

function usedTags(document: Json): Set<string> {
  const used = new Set<string>();
  for (const { operation } of operationsOf(document)) for (const tag of (operation.tags as string[]) ?? []) used.add(tag);
  for (const item of Object.values((document.webhooks ?? {}) as Record<string, Json>)) for (const op of Object.values(item) as Json[]) for (const tag of (op.tags as string[]) ?? []) used.add(tag);
  return used;
}

/** Header parameters are validated under their lower-case names; documents spell them as HTTP does (Request-Id). */
function canonicalHeaderNames(document: Json): void {
  for (const { operation } of operationsOf(document)) {
    for (const parameter of (operation.parameters as Json[] | undefined) ?? []) {
      if (parameter.in === 'header' && typeof parameter.name === 'string') parameter.name = parameter.name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());
    }
  }
}

/**
 * Names an inline object schema that a component repeats five times or more
 * (the snapshot's generic record, one per collection): `<Component>Record`.
 */
function nameRepeatedShapes(document: Json): void {
  const schemas = ((document.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  for (const [name, schema] of Object.entries(schemas)) {
    const counts = new Map<string, number>();
    const visit = (node: unknown, top: boolean, replace?: Map<string, string>): unknown => {
      if (Array.isArray(node)) return node.map((n) => visit(n, false, replace));
      if (!node || typeof node !== 'object') return node;
      const key = JSON.stringify(node);
      if (!top && (node as Json).properties !== undefined) {
        if (replace?.has(key)) return { $ref: `#/components/schemas/${replace.get(key)}` };
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, visit(v, false, replace)]));
    };
    visit(schema, true);
    const repeated = [...counts].filter(([, n]) => n >= 5).map(([key]) => key);
    if (repeated.length === 0) continue;
    const names = new Map(repeated.map((key, i) => [key, `${name}Record${i === 0 ? '' : i + 1}`]));
    schemas[name] = visit(schema, true, names) as Json;
    for (const [key, hoisted] of names) schemas[hoisted] = JSON.parse(key) as Json;
  }
}

function checkOperationIds(document: Json): void {
  const seen = new Set<string>();
  for (const { path, method, operation } of operationsOf(document)) {
    const id = operation.operationId;
    if (typeof id !== 'string') throw new Error(`${method.toUpperCase()} ${path} has no operationId (set it on its createRoute)`);
    if (seen.has(id)) throw new Error(`operationId ${id} is used twice`);
    seen.add(id);
  }
}

const WEBHOOK_SIGNATURE = {
  type: 'apiKey',
  in: 'header',
  name: NEUTRAL.webhookSignatureHeader,
  description: `Every webhook carries ${NEUTRAL.webhookSignatureHeader}: {"v":"1","s":"<signature>"}, where s is the base64 DER ECDSA P-256 signature over the SHA-256 of the exact body bytes. Verify s with the SPKI PEM public key at GET /__admin/webhooks/public-key.`,
};

/** Declares each webhook, its payload the zod schema events are emitted through. */
function registerWebhooks(api: AppRouter, webhooks: readonly WebhookDefinition[]): void {
  for (const webhook of webhooks) {
    api.openAPIRegistry.registerWebhook({
      method: 'post',
      path: webhook.key,
      operationId: webhook.operationId,
      tags: [TAGS.webhooks],
      summary: webhook.summary,
      description: `${webhook.description} Types: ${webhook.types.join(', ')}.`,
      security: [{ WebhookSignature: [] }],
      request: { body: { required: true, content: { 'application/json': { schema: webhook.payload } } } },
      responses: {
        200: { description: 'Any 2xx within 10 seconds acknowledges the event' },
        500: { description: 'Anything else (or no answer) is retried after 1, 5, 10, 20 and 30 minutes of sandbox time' },
      },
    });
  }
}

export function buildApiDocument(api: AppRouter, webhooks: readonly WebhookDefinition[]): Json {
  registerWebhooks(api, webhooks);
  const document = api.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'paysandbox API',
      version: API_VERSION,
      license: LICENSE,
      description:
        'A local, stateful sandbox of the payments API. Every client id is an isolated tenant: send it as the Basic user name, with any secret (the first request binds it). ' +
        `The sandbox's own control plane (clock, reset, snapshots, faults) has its own document at ${ADMIN_BASE_PATH}/openapi.json.`,
    },
    servers: [{ url: API_BASE_PATH, description: 'This sandbox' }],
    security: [{ BasicAuth: [] }],
  }) as unknown as Json;
  checkOperationIds(document);
  canonicalHeaderNames(document);
  addSecuritySchemes(document, { AgentAuth: AGENT_AUTH, WebhookSignature: WEBHOOK_SIGNATURE });
  addErrorResponses(document);
  addExamples(document);
  document.tags = declaredTags(API_TAG_LIST, usedTags(document));
  return document;
}

export function buildControlDocument(admin: AppRouter): Json {
  const generated = admin.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'paysandbox control plane',
      version: API_VERSION,
      license: LICENSE,
      description: `Sandbox-only endpoints under ${ADMIN_BASE_PATH}, each acting on the calling tenant (the same Basic credentials as the API). The API itself is described at /openapi.json.`,
    },
    servers: [{ url: '/', description: 'This sandbox' }],
    security: [{ BasicAuth: [] }],
  }) as unknown as Json;
  // The control plane's routes are mounted under /__admin: its paths carry that prefix, so server / reaches them.
  const paths: Json = {};
  for (const [path, item] of Object.entries((generated.paths ?? {}) as Json)) paths[`${ADMIN_BASE_PATH}${path}`] = item;
  const document: Json = { ...generated, paths };
  checkOperationIds(document);
  canonicalHeaderNames(document);
  nameRepeatedShapes(document);
  addSecuritySchemes(document);
  addErrorResponses(document);
  document.tags = declaredTags(CONTROL_TAG_LIST, usedTags(document));
  return document;
}
