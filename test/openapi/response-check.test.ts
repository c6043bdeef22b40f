/**
 * The project-wide response check fails a test on what its operation does
 * not declare, and on nothing else.
 */
import { describe, expect, it } from 'vitest';
import { NonConformingResponse, assertConforms } from '../support/conformance.js';
import { makeSandbox } from '../helpers.js';

describe('the response check of the test helpers', () => {
  const { app } = makeSandbox();
  const customer = { id: 'Customer:1', customerType: 'INDIVIDUAL', platformCustomerId: 'p', umaAddress: '$p@sandbox.uma.local', createdAt: '2025-10-13T00:00:00Z', updatedAt: '2025-10-13T00:00:00Z', isDeleted: false, kycStatus: 'UNVERIFIED' };
  const error = (status: number, code: string, extra: Record<string, unknown> = {}) => ({ code, reason: 'r', message: 'r', status, ...extra });
  const check = (method: string, path: string, status: number, body: unknown) => assertConforms(app, { method, path, status, contentType: 'application/json', body });

  it('passes what the operation declares', async () => {
    await check('GET', '/2025-10-13/customers/Customer:1', 200, customer);
    await check('GET', '/2025-10-13/customers/Customer:1', 404, error(404, 'USER_NOT_FOUND'));
    await check('POST', '/2025-10-13/customers', 409, error(409, 'UMA_ADDRESS_EXISTS'));
  });

  it('fails a body that breaks its schema, a code the operation does not raise, and a status it does not declare', async () => {
    await expect(check('GET', '/2025-10-13/customers/Customer:1', 200, { ...customer, kycStatus: 'MAYBE' })).rejects.toThrow(NonConformingResponse);
    await expect(check('GET', '/2025-10-13/customers/Customer:1', 404, error(404, 'QUOTE_NOT_FOUND'))).rejects.toThrow(/code/);
    await expect(check('GET', '/2025-10-13/customers', 400, error(400, 'INSUFFICIENT_FUNDS'))).rejects.toThrow(NonConformingResponse);
    await expect(check('GET', '/2025-10-13/config', 404, error(404, 'REFERENCE_NOT_FOUND'))).rejects.toThrow(/status 404 is not declared/);
    await expect(check('GET', '/__admin/health', 200, { nope: true })).rejects.toThrow(NonConformingResponse);
  });

  it('leaves alone what no operation describes, and errors a control-plane fault injected', async () => {
    await check('GET', '/2025-10-13/nowhere', 404, error(404, 'NOT_FOUND'));
    await check('GET', '/docs', 200, '<html>');
    await check('GET', '/2025-10-13/config', 503, error(503, 'SERVICE_SWITCH_ERROR', { details: { faultId: 'Fault:1' } }));
  });
});
