import { createRoute } from '@hono/zod-openapi';
import { jsonBody, jsonResponse } from '../../core/schemas.js';
import { TAGS } from '../../core/tags.js';
import { InvitationCodeParam, InvitationList, InvitationListQuery, UmaInvitation, UmaInvitationClaimRequest, UmaInvitationCreateRequest } from './invitations.schemas.js';

const tags = [TAGS.invitations];

export const createInvitationRoute = createRoute({
  method: 'post',
  operationId: 'createInvitation',
  path: '/invitations',
  tags,
  summary: 'Create a UMA invitation',
  description:
    'From one of your customers, named by its UMA address (400 INVALID_UMA_ADDRESS for a malformed address or one no customer of yours has). The code names the invitation to every platform. With expiresAt it expires on the sandbox clock. 400 INVITATIONS_NOT_CONFIGURED when the platform switched invitations off (PATCH /config invitationsEnabled).',
  request: { body: jsonBody(UmaInvitationCreateRequest) },
  responses: { 201: jsonResponse(UmaInvitation, 'The invitation, PENDING') },
});

export const listInvitationsRoute = createRoute({
  method: 'get',
  operationId: 'listInvitations',
  path: '/invitations',
  tags,
  summary: "List the platform's invitations (sandbox)",
  description: 'Sandbox addition: the invitations your customers created, newest first, cursor-paginated; filter by status.',
  request: { query: InvitationListQuery },
  responses: { 200: jsonResponse(InvitationList, 'A page of invitations') },
});

export const getInvitationRoute = createRoute({
  method: 'get',
  operationId: 'getInvitation',
  path: '/invitations/{invitationCode}',
  tags,
  summary: 'Get a UMA invitation by code',
  description: 'Any platform that knows the code may read it. A PENDING invitation past its expiresAt reads EXPIRED.',
  request: { params: InvitationCodeParam },
  responses: { 200: jsonResponse(UmaInvitation, 'The invitation') },
});

export const claimInvitationRoute = createRoute({
  method: 'post',
  operationId: 'claimInvitation',
  path: '/invitations/{invitationCode}/claim',
  tags,
  summary: 'Claim a UMA invitation',
  description:
    'By any platform, for the invitee’s UMA address: PENDING becomes CLAIMED and INVITATION.CLAIMED goes to the creating platform. 400 INVITATION_ALREADY_CLAIMED, INVITATION_CANCELLED, EXPIRED (past expiresAt), INVALID_UMA_ADDRESS, INVITATIONS_NOT_CONFIGURED; 404 INVITATION_NOT_FOUND.',
  request: { params: InvitationCodeParam, body: jsonBody(UmaInvitationClaimRequest) },
  responses: { 200: jsonResponse(UmaInvitation, 'The invitation, CLAIMED') },
});

export const cancelInvitationRoute = createRoute({
  method: 'post',
  operationId: 'cancelInvitation',
  path: '/invitations/{invitationCode}/cancel',
  tags,
  summary: 'Cancel a UMA invitation',
  description: 'Only the creating platform (403 FORBIDDEN otherwise), only while PENDING (400 INVITATION_ALREADY_CLAIMED, INVITATION_CANCELLED or EXPIRED otherwise).',
  request: { params: InvitationCodeParam },
  responses: { 200: jsonResponse(UmaInvitation, 'The invitation, CANCELLED') },
});
