/**
 * What PUT /__admin/snapshot refuses before it changes anything: record ids
 * that differ from their keys, and references to records the snapshot does not
 * hold, named field by field; and the format GET /__admin/snapshot writes.
 */
import { describe, expect, it } from 'vitest';
import { individual, makeSandbox, usdAccount } from '../helpers.js';
import { InvalidSnapshotError, parseSnapshot } from '../../src/store/snapshot.js';
import { STORE_SCHEMA } from '../../src/server.js';

async function seeded() {
  const client = makeSandbox().client();
  const customer = (await client.post('/customers', individual())).body;
  const account = await client.post('/customers/external-accounts', usdAccount(customer.id, '000123456789'));
  expect(account.status).toBe(201);
  const snapshot = (await client.get('/__admin/snapshot')).body;
  return { client, customer, account: account.body, snapshot };
}

describe('snapshot checks', () => {
  it('exports in the format paysandbox-snapshot/1, which a restore takes back', async () => {
    const { client, snapshot } = await seeded();
    expect(snapshot.format).toBe('paysandbox-snapshot/1');
    expect((await client.call('PUT', '/__admin/snapshot', snapshot)).status).toBe(200);
    expect((await client.call('PUT', '/__admin/snapshot', { ...snapshot, format: 'paysandbox-snapshot/2' })).status).toBe(400);
  });

  it('refuses a record whose id is not its key, naming it, and changes nothing', async () => {
    const { client, customer, snapshot } = await seeded();
    const moved = { ...snapshot, customers: { 'Customer:elsewhere': snapshot.customers[customer.id] } };
    const res = await client.call('PUT', '/__admin/snapshot', moved);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_INPUT');
    expect(res.body.details.errors).toContainEqual({ field: 'customers.Customer:elsewhere.id', message: 'Must equal its key' });
    expect((await client.get(`/customers/${customer.id}`)).status).toBe(200);
  });

  it('refuses a record pointing at a record of a section the snapshot leaves out', async () => {
    const { client, account, snapshot } = await seeded();
    const { customers: _left, ...withoutCustomers } = snapshot;
    const res = await client.call('PUT', '/__admin/snapshot', withoutCustomers);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_INPUT');
    expect(res.body.details.errors.map((e: { field: string }) => e.field)).toContain(`externalAccounts.${account.id}.customerId`);
  });

  it('says every problem in one message, field by field (what the command prints for a fixtures file)', async () => {
    const { customer, snapshot } = await seeded();
    const record = snapshot.customers[customer.id];
    let thrown: unknown;
    try {
      parseSnapshot(STORE_SCHEMA, { ...snapshot, customers: { A: record, B: record } });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(InvalidSnapshotError);
    expect((thrown as Error).name).toBe('InvalidSnapshotError');
    const internal = Object.keys(snapshot.internalAccounts).find((id) => snapshot.internalAccounts[id].customerId === customer.id);
    const external = Object.keys(snapshot.externalAccounts)[0];
    const missing = `No customer ${customer.id} in the snapshot`;
    expect((thrown as Error).message).toBe(
      `customers.A.id: Must equal its key; customers.B.id: Must equal its key; internalAccounts.${internal}.customerId: ${missing}; externalAccounts.${external}.customerId: ${missing}`,
    );
  });
});
