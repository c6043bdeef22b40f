import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import type * as routes from './invitations.routes.js';
import * as service from './invitations.service.js';

declare module '../../core/env.js' {
  interface AppVariables {
    /** Every tenant by id: invitations are shared between platforms by their code. */
    tenantDirectory: service.TenantDirectory;
  }
}

export const create: RouteHandler<typeof routes.createInvitationRoute, AppEnv> = (c) => c.json(service.createInvitation(c.get('tenant'), c.req.valid('json')), 201);

export const list: RouteHandler<typeof routes.listInvitationsRoute, AppEnv> = (c) => c.json(service.listInvitations(c.get('tenant'), c.req.valid('query')), 200);

export const get: RouteHandler<typeof routes.getInvitationRoute, AppEnv> = (c) => c.json(service.getInvitation(c.get('tenantDirectory'), c.req.valid('param').invitationCode), 200);

export const claim: RouteHandler<typeof routes.claimInvitationRoute, AppEnv> = (c) =>
  c.json(service.claimInvitation(c.get('tenantDirectory'), c.req.valid('param').invitationCode, c.req.valid('json').inviteeUma), 200);

export const cancel: RouteHandler<typeof routes.cancelInvitationRoute, AppEnv> = (c) =>
  c.json(service.cancelInvitation(c.get('tenant'), c.get('tenantDirectory'), c.req.valid('param').invitationCode), 200);
