/**
 * Deleting an external account may be refused by another area (a trusted
 * SCA beneficiary stays until it is untrusted): that area arms this hook,
 * which throws to refuse. On its own, every deletion goes ahead.
 */
import { defineHook } from '../../store/hooks.js';
import type { Tenant } from '../../store/tenant.js';

export const externalAccountDeletionHook = defineHook<(tenant: Tenant, externalAccountId: string) => void>('externalAccounts.deletionGuard', () => {});
