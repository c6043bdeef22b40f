/** The reveal page, outside the API: no credentials, the token names the tenant; nothing on it is cached or sent as a referrer. */
import type { Env, Hono } from 'hono';
import { tenantOfToken } from '../../core/hosted-tokens.js';
import type { TenantRegistry } from '../../store/registry.js';
import { lazyModule } from '../../core/lazy-module.js';
import * as revealPageModule from './card-reveal.page.js';
import * as revealServiceModule from './card-reveal.service.js';
import { CARD_REVEAL_PATH } from '../hosted-paths.js';
import { securePage } from '../../core/page-security.js';

// Loaded with the first request to the page.
const pages = lazyModule(() => revealPageModule);
const reveals = lazyModule(() => revealServiceModule);

export function registerCardRevealPage<E extends Env>(app: Hono<E>, registry: TenantRegistry): void {
  app.use(`${CARD_REVEAL_PATH}/*`, securePage());
  app.get(`${CARD_REVEAL_PATH}/:token`, (c) => {
    const token = c.req.param('token');
    const tenantId = tenantOfToken(token);
    const tenant = tenantId === undefined ? undefined : registry.get(tenantId);
    const { revealGonePage, revealPage } = pages();
    const outcome = tenant ? reveals().openReveal(tenant, token) : ({ kind: 'unknown' } as const);
    if (outcome.kind === 'unknown') return c.html(revealGonePage('This link does not exist.'), 404);
    if (outcome.kind === 'gone') return c.html(revealGonePage(outcome.why), 410);
    return c.html(revealPage(outcome.revealed));
  });
}
