/**
 * What a verification is decided on (the customer's fields, its documents
 * and its owners) changed. The verifications area arms this hook to tell a
 * customer waiting in RESOLVE_ERRORS that nothing is missing any more; the
 * areas that hold the inputs only call it, so they need not import it.
 */
import { defineHook } from '../../store/hooks.js';
import type { Tenant } from '../../store/tenant.js';

/** `holderId`: the customer, or the beneficial owner or document holder whose input changed. `kind`: a new or replaced document, or a field change. */
export type VerificationInputKind = 'document' | 'fields';

export const verificationInputsHook = defineHook<(tenant: Tenant, holderId: string, kind: VerificationInputKind) => void>('customers.verificationInputs', () => {});

export function verificationInputsChanged(tenant: Tenant, holderId: string, kind: VerificationInputKind): void {
  tenant.hooks.get(verificationInputsHook)(tenant, holderId, kind);
}
