/**
 * The hosted verification pages, outside the API: no credentials, the
 * link's token names the tenant. Their flow and pages load with the first
 * request to one.
 */
import type { Hono, Env, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from '../../core/errors.js';
import { lazyModule } from '../../core/lazy-module.js';
import type { TenantRegistry } from '../../store/registry.js';
import * as hostedFlowModule from './hosted-flow.service.js';
import * as hostedPageModule from './hosted-page.js';
import * as documentsSchemasModule from '../documents/documents.schemas.js';
import { tenantOfToken } from '../../core/hosted-tokens.js';
import { HOSTED_KYC_PATH } from '../hosted-paths.js';
import { securePage } from '../../core/page-security.js';

const flow = lazyModule(() => hostedFlowModule);
const pages = lazyModule(() => hostedPageModule);
const documentsSchemas = lazyModule(() => documentsSchemasModule);

export function registerHostedPages<E extends Env>(app: Hono<E>, registry: TenantRegistry): void {
  const tenantFor = (token: string) => {
    const id = tenantOfToken(token);
    return id === undefined ? undefined : registry.get(id);
  };
  app.use(`${HOSTED_KYC_PATH}/*`, securePage());

  app.get(`${HOSTED_KYC_PATH}/:token`, (c) => {
    const { closedPage, formPage } = pages();
    const token = c.req.param('token');
    const tenant = tenantFor(token);
    if (!tenant) return c.html(closedPage('This verification link does not exist.'), 404);
    try {
      return c.html(formPage(flow().openHostedFlow(tenant, token), token));
    } catch (err) {
      if (err instanceof ApiError) return c.html(closedPage(err.message), err.status === 404 ? 404 : 410);
      throw err;
    }
  });

  let limit: MiddlewareHandler | undefined;
  const uploadLimit: MiddlewareHandler = (c, next) =>
    (limit ??= bodyLimit({ maxSize: documentsSchemas().MAX_DOCUMENT_BYTES + 64 * 1024, onError: (c) => c.html(pages().closedPage('The document is larger than 10 MB.'), 413) }))(c, next);

  app.post(`${HOSTED_KYC_PATH}/:token`, uploadLimit, async (c) => {
    const { closedPage, formPage, resultPage } = pages();
    const { completeHostedFlow, hostedView } = flow();
    const token = c.req.param('token');
    const tenant = tenantFor(token);
    if (!tenant) return c.html(closedPage('This verification link does not exist.'), 404);
    try {
      const form = await c.req.parseBody();
      const fields = Object.fromEntries(Object.entries(form).filter((e): e is [string, string] => typeof e[1] === 'string'));
      const file = form.file instanceof File && form.file.size > 0 ? { name: form.file.name, bytes: Buffer.from(await form.file.arrayBuffer()) } : undefined;
      const outcome = completeHostedFlow(tenant, token, {
        fields,
        ...(fields.documentType ? { documentType: fields.documentType } : {}),
        ...(fields.documentCountry ? { documentCountry: fields.documentCountry } : {}),
        ...(file ? { file } : {}),
      });
      if (outcome.kind === 'invalid') return c.html(formPage(hostedView(tenant, token), token, outcome.errors), 400);
      if (outcome.verification.verificationStatus === 'RESOLVE_ERRORS') return c.html(formPage(hostedView(tenant, token), token, [], outcome.verification), 200);
      return c.html(resultPage(outcome.verification, outcome.redirectUri));
    } catch (err) {
      if (err instanceof ApiError) return c.html(closedPage(err.message), err.status === 404 ? 404 : 410);
      throw err;
    }
  });
}
