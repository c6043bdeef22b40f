/**
 * The store audit every test runs under (PAYSANDBOX_STORE_AUDIT=1): a record
 * changed behind its collection's back, which would never be persisted, and
 * a record that does not fit its schema are each refused at the commit, named.
 */
import { describe, expect, it } from 'vitest';
import { individual, makeSandbox } from '../helpers.js';
import { auditError } from '../support/recording.js';

async function withCustomer() {
  const sandbox = makeSandbox({ audit: true });
  const client = sandbox.client('audited', 's');
  const customer = (await client.post('/customers', individual())).body as { id: string };
  const tenant = sandbox.registry.get('audited')!;
  expect(sandbox.registry.commitDirty()).toBeUndefined();
  return { sandbox, client, customer, tenant };
}


describe('the store audit', () => {
  it('refuses a record changed without going through its collection, naming the fields that changed', async () => {
    const { sandbox, customer, tenant } = await withCustomer();
    const record = tenant.customers.get(customer.id) as unknown as Record<string, unknown>;
    record.fullName = 'Changed Behind';
    record.email = 'behind@example.com';
    tenant.changed();
    const error = auditError(() => sandbox.registry.commitDirty());
    expect(error.name).toBe('StoreAuditError');
    expect(error.message).toBe(`customers["${customer.id}"] was changed (email, fullName) without going through its collection (use update()); the change would not be persisted`);
  });

  it('answers the request whose commit finds such a change with 500 naming it', async () => {
    const { client, customer, tenant } = await withCustomer();
    (tenant.customers.get(customer.id) as unknown as Record<string, unknown>).kycStatus = 'APPROVED';
    const res = await client.post('/customers', individual());
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ code: 'INTERNAL_ERROR', reason: `customers["${customer.id}"] was changed (kycStatus) without going through its collection (use update()); the change would not be persisted` });
  });

  it('refuses a record that does not fit its schema, naming the field and why', async () => {
    const { sandbox, customer, tenant } = await withCustomer();
    tenant.customers.insert({ ...tenant.customers.get(customer.id)!, id: 'Customer:bad', umaAddress: '$bad@sandbox.uma.local', kycStatus: 42 } as never);
    const error = auditError(() => sandbox.registry.commitDirty());
    expect(error.message).toMatch(/^customers\["Customer:bad"\] does not fit its schema: kycStatus: /);
  });

  it('passes changes made through the collection, and a removal', async () => {
    const { sandbox, customer, tenant } = await withCustomer();
    tenant.customers.update(customer.id, (c) => {
      c.updatedAt = '2030-01-01T00:00:00.000Z';
    });
    expect(() => sandbox.registry.commitDirty()).not.toThrow();
    tenant.customers.remove(customer.id);
    expect(() => sandbox.registry.commitDirty()).not.toThrow();
    expect(tenant.customers.get(customer.id)).toBeUndefined();
  });
});
