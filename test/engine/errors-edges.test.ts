/**
 * The edges of the error helpers: which refusals of a looked-up id become a
 * field error (404 and 410 only), and which catalogue codes each kind of
 * operation can answer with.
 */
import { describe, expect, it } from 'vitest';
import { codesRaisedBy, operationIdsNamedInCatalogue, type OperationShape } from '../../src/core/errors.js';
import { individual, makeSandbox, refusal } from '../helpers.js';

describe('an id in a body whose lookup is refused', () => {
  it('keeps a refusal that is not a 404 or 410 as it is: a closed account is its own field error', async () => {
    const client = makeSandbox().client();
    const customer = (await client.post('/customers', individual())).body;
    const accountId = (await client.get(`/customers/internal-accounts?customerId=${customer.id}`)).body.data[0].id;
    expect((await client.delete(`/customers/${customer.id}`)).status).toBe(200);
    const res = await client.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId },
      destination: { destinationType: 'ACCOUNT', accountId },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 100,
    });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: refusal(400, 'INVALID_INPUT', 'Invalid value for source.accountId', {
        errors: [{ field: 'source.accountId', message: `InternalAccount ${accountId} is CLOSED; only an ACTIVE account can move money` }],
      }),
    });
  });
});

describe('the codes an operation can answer with', () => {
  const shape = (method: string, hasInput: boolean, hasBody: boolean, operationId = 'someOperation'): OperationShape => ({ operationId, method, hasInput, hasBody });
  const has = (op: OperationShape, code: string) => (codesRaisedBy(op) as string[]).includes(code);

  it('INVALID_INPUT for every operation with input, a body or not', () => {
    expect(has(shape('get', true, false), 'INVALID_INPUT')).toBe(true);
    expect(has(shape('post', true, true), 'INVALID_INPUT')).toBe(true);
    expect(has(shape('get', false, false), 'INVALID_INPUT')).toBe(false);
  });

  it('UNSUPPORTED_MEDIA_TYPE only for operations with a body, not for every write', () => {
    expect(has(shape('post', true, true), 'UNSUPPORTED_MEDIA_TYPE')).toBe(true);
    expect(has(shape('delete', true, false), 'UNSUPPORTED_MEDIA_TYPE')).toBe(false);
    expect(has(shape('post', false, false), 'UNSUPPORTED_MEDIA_TYPE')).toBe(false);
  });

  it('PAYLOAD_TOO_LARGE for writes of any case, never for GET or HEAD', () => {
    for (const method of ['post', 'PUT', 'patch', 'DELETE']) expect(has(shape(method, false, false), 'PAYLOAD_TOO_LARGE'), method).toBe(true);
    for (const method of ['get', 'GET', 'head', 'HEAD']) expect(has(shape(method, true, false), 'PAYLOAD_TOO_LARGE'), method).toBe(false);
  });

  it('the catalogue names operations by id, not the words of its shape rules', () => {
    const ids = operationIdsNamedInCatalogue();
    expect(ids.has('updateCustomerById')).toBe(true);
    expect(ids.has('createStablecoinMint')).toBe(true);
    for (const id of ids) expect(id, id).toMatch(/^[a-z][A-Za-z0-9]+$/);
  });
});
