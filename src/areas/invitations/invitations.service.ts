/**
 * UMA invitations. A customer of the platform invites someone; the code
 * names the invitation to every platform, because it carries the creating
 * platform's tenant id (`<tenant id, base64url>.<random>`): another
 * platform (another tenant) reads and claims it by code, and only the
 * creating platform may cancel it (403 otherwise). The invitation lives in
 * the creating tenant and expires on that tenant's clock. A claim fires
 * INVITATION.CLAIMED to the creating platform.
 */
import { nanoid } from 'nanoid';
import { parseInstant } from '../../core/clock.js';
import { apiError, notFound } from '../../core/errors.js';
import { amountOf } from '../../core/money.js';
import { tenantOfToken } from '../../core/hosted-tokens.js';
import { decodeCursor, toListResult, type ListResult } from '../../core/pagination.js';
import { emitEvent } from '../../events/outbox.js';
import type { DueJob } from '../../store/jobs.js';
import type { Tenant } from '../../store/tenant.js';
import { primaryAccountOf } from '../internal-accounts/internal-accounts.service.js';
import { InvitationClaimedWebhook, type InvitationListQuery, type InvitationRecord, type UmaInvitation, type UmaInvitationCreateRequest } from './invitations.schemas.js';
import { INVITATION_EXPIRY_JOB } from '../job-kinds.js';

export { INVITATION_EXPIRY_JOB };
const LIST = 'invitations';
const UMA_ADDRESS = /^\$[A-Za-z0-9._-]{1,64}@[A-Za-z0-9.-]+(:[0-9]{1,5})?$/;

/** Finds other tenants by id: an invitation is shared between platforms by its code. */
export interface TenantDirectory {
  get(tenantId: string): Tenant | undefined;
}

export function presentInvitation(record: InvitationRecord): UmaInvitation {
  const { id, inviterCustomerId: _inviter, amountToSend, ...rest } = record;
  return { code: id, ...rest, ...(amountToSend ? { amountToSend: amountOf(amountToSend.amount, amountToSend.currencyCode) } : {}) };
}

function checkUmaAddress(value: string, field: string): void {
  if (!UMA_ADDRESS.test(value)) {
    throw apiError('INVALID_UMA_ADDRESS', `${field} ${JSON.stringify(value)} is not a UMA address ($user@domain)`, { errors: [{ field, message: 'A UMA address: $user@domain', constraint: { pattern: UMA_ADDRESS.source } }] });
  }
}

function checkConfigured(tenant: Tenant): void {
  if (tenant.config.invitationsEnabled === false) {
    throw apiError('INVITATIONS_NOT_CONFIGURED', 'The inviting platform has invitations switched off (PATCH /config {"invitationsEnabled": true})');
  }
}

/** A PENDING invitation whose expiresAt has come on its tenant's clock becomes EXPIRED. */
function expireIfDue(tenant: Tenant, record: InvitationRecord): InvitationRecord {
  if (record.status !== 'PENDING' || record.expiresAt === undefined || (parseInstant(record.expiresAt) ?? Infinity) > tenant.clock.nowMs()) return record;
  const expired = tenant.invitations.update(record.id, (i) => {
    i.status = 'EXPIRED';
  });
  tenant.changed();
  return expired;
}

/** The invitation a code names, in whichever tenant created it. */
function locate(directory: TenantDirectory, code: string): { owner: Tenant; record: InvitationRecord } {
  const ownerId = tenantOfToken(code);
  const owner = ownerId === undefined ? undefined : directory.get(ownerId);
  const record = owner?.invitations.get(code);
  if (!owner || !record) throw notFound('Invitation', code);
  return { owner, record: expireIfDue(owner, record) };
}

/** POST /invitations: from one of the platform's own customers, by its UMA address. */
export function createInvitation(tenant: Tenant, input: UmaInvitationCreateRequest): UmaInvitation {
  checkConfigured(tenant);
  checkUmaAddress(input.inviterUma, 'inviterUma');
  const inviter = tenant.customers.findOne('umaAddress', input.inviterUma.toLowerCase());
  if (!inviter || inviter.isDeleted) {
    throw apiError('INVALID_UMA_ADDRESS', `No customer of this platform has the UMA address ${input.inviterUma}`, { errors: [{ field: 'inviterUma', message: 'Must be the UMA address of one of your customers' }] });
  }
  const now = tenant.clock.nowMs();
  if (input.expiresAt !== undefined && (parseInstant(input.expiresAt) ?? 0) <= now) {
    throw apiError('INVALID_INPUT', 'expiresAt must be in the future', { errors: [{ field: 'expiresAt', message: `Must be after ${tenant.clock.nowIso()} (the sandbox clock)` }] });
  }
  const currency = primaryAccountOf(tenant, inviter.id)?.currency ?? tenant.config.supportedCurrencies[0]!.currencyCode;
  const code = `${Buffer.from(tenant.id, 'utf8').toString('base64url')}.${nanoid(10)}`;
  const record: InvitationRecord = {
    id: code,
    inviterCustomerId: inviter.id,
    createdAt: tenant.clock.nowIso(),
    url: `https://${tenant.config.umaDomain}/invitations/${encodeURIComponent(code)}`,
    inviterUma: input.inviterUma,
    status: 'PENDING',
    ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
    ...(input.amountToSend !== undefined ? { amountToSend: { amount: input.amountToSend, currencyCode: currency } } : {}),
    ...(input.expiresAt !== undefined ? { expiresAt: new Date(parseInstant(input.expiresAt)!).toISOString() } : {}),
  };
  tenant.invitations.insert(record);
  if (record.expiresAt !== undefined) tenant.scheduler.schedule(INVITATION_EXPIRY_JOB, parseInstant(record.expiresAt)! - now, { code });
  tenant.changed();
  return presentInvitation(record);
}

/** GET /invitations/{code}: any platform that knows the code may read it. */
export function getInvitation(directory: TenantDirectory, code: string): UmaInvitation {
  return presentInvitation(locate(directory, code).record);
}

/** Why an invitation that is not PENDING cannot be claimed or cancelled. */
function refuseUnlessPending(record: InvitationRecord): void {
  switch (record.status) {
    case 'PENDING':
      return;
    case 'CLAIMED':
      throw apiError('INVITATION_ALREADY_CLAIMED', `Invitation ${record.id} was claimed at ${record.claimedAt}`, { status: record.status });
    case 'CANCELLED':
      throw apiError('INVITATION_CANCELLED', `Invitation ${record.id} was cancelled`, { status: record.status });
    case 'EXPIRED':
      throw apiError('EXPIRED', `Invitation ${record.id} expired at ${record.expiresAt}`, { status: record.status, expiresAt: record.expiresAt });
  }
}

/** POST /invitations/{code}/claim: by any platform, for one of its customers' UMA addresses. */
export function claimInvitation(directory: TenantDirectory, code: string, inviteeUma: string): UmaInvitation {
  const { owner, record } = locate(directory, code);
  checkConfigured(owner);
  refuseUnlessPending(record);
  checkUmaAddress(inviteeUma, 'inviteeUma');
  if (inviteeUma.toLowerCase() === record.inviterUma.toLowerCase()) {
    throw apiError('INVALID_UMA_ADDRESS', 'The inviter cannot claim their own invitation', { errors: [{ field: 'inviteeUma', message: 'Must differ from inviterUma' }] });
  }
  const claimed = owner.invitations.update(code, (i) => {
    i.status = 'CLAIMED';
    i.inviteeUma = inviteeUma;
    i.claimedAt = owner.clock.nowIso();
  });
  owner.changed();
  const shown = presentInvitation(claimed);
  emitEvent(owner, InvitationClaimedWebhook, 'INVITATION.CLAIMED', shown);
  return shown;
}

/** POST /invitations/{code}/cancel: only the creating platform, only while PENDING. */
export function cancelInvitation(tenant: Tenant, directory: TenantDirectory, code: string): UmaInvitation {
  const { owner, record } = locate(directory, code);
  if (owner !== tenant) throw apiError('FORBIDDEN', 'Only the platform that created the invitation can cancel it', { invitationCode: code });
  refuseUnlessPending(record);
  const cancelled = owner.invitations.update(code, (i) => {
    i.status = 'CANCELLED';
    i.cancelledAt = owner.clock.nowIso();
  });
  owner.changed();
  return presentInvitation(cancelled);
}

/** GET /invitations (sandbox): the platform's own invitations, newest first. */
export function listInvitations(tenant: Tenant, query: InvitationListQuery): ListResult<UmaInvitation> {
  for (const record of tenant.invitations.byIndex('status', 'PENDING')) expireIfDue(tenant, record);
  const beforeSeq = decodeCursor(LIST, query.cursor);
  const page = tenant.invitations.page({ ...(query.status !== undefined ? { index: 'status', key: query.status } : {}), limit: query.limit, ...(beforeSeq !== undefined ? { beforeSeq } : {}) });
  return toListResult(LIST, page, presentInvitation);
}

/** Due job: the invitation's expiresAt came on the tenant clock. */
export function expireInvitation(tenant: Tenant, job: DueJob): void {
  const record = tenant.invitations.get(String(job.payload.code));
  if (record) expireIfDue(tenant, record);
}
