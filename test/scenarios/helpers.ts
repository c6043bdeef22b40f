/** A sandbox whose tenants start from one scenario, and look-ups of the records it made. */
import { expect } from 'vitest';
import { makeSandbox, type Client } from '../helpers.js';

export function scenarioClient(name: string): Client {
  return makeSandbox({ scenario: name }).client();
}

/** The customer with this platformCustomerId (exactly one). */
export async function customerByPlatformId(client: Client, platformCustomerId: string) {
  const res = await client.get(`/customers?platformCustomerId=${encodeURIComponent(platformCustomerId)}`);
  expect(res.status).toBe(200);
  expect(res.body.data).toHaveLength(1);
  return res.body.data[0];
}

export async function advance(client: Client, seconds: number) {
  const res = await client.post('/__admin/clock/advance', { seconds });
  expect(res.status).toBe(200);
  return res.body;
}
