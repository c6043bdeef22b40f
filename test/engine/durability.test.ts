/**
 * Acknowledged writes survive `kill -9`: a burst of POSTs against the real
 * command is cut off by SIGKILL while writes are in flight (after a given
 * number of acknowledgements, never after a wall-clock delay), and after a
 * restart every customer whose POST was answered 201 is there, and every data
 * file left behind is whole.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCli } from '../support/cli.js';

const AUTH = `Basic ${Buffer.from('durable:secret').toString('base64')}`;
const headers = { authorization: AUTH, 'content-type': 'application/json' };
const TRIALS = 5;
const CONCURRENCY = 8;

let dir: string;
const children: ChildProcess[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'paysandbox-kill-'));
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/**
 * POSTs customers from several connections until the server goes away; returns
 * the ids answered 201. `onAck` runs at the `killAt`-th acknowledgement, with
 * the other connections' writes still in flight.
 */
async function burst(url: string, killAt: number, onAck: () => void): Promise<string[]> {
  const acknowledged: string[] = [];
  const worker = async (w: number) => {
    for (let i = 0; ; i++) {
      try {
        const res = await fetch(`${url}/customers`, { method: 'POST', headers, body: JSON.stringify({ customerType: 'INDIVIDUAL', fullName: `Burst ${w}-${i} é€` }) });
        if (res.status !== 201) continue;
        acknowledged.push(((await res.json()) as { id: string }).id);
        if (acknowledged.length === killAt) onAck();
      } catch {
        return; // the server was killed mid-request: that write was never acknowledged
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
  return acknowledged;
}

async function allCustomerIds(url: string): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = (await (await fetch(`${url}/customers?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { headers })).json()) as { data: Array<{ id: string }>; nextCursor?: string };
    for (const c of page.data) ids.add(c.id);
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

describe('kill -9 in the middle of a write burst', () => {
  it(`loses no acknowledged write, ${TRIALS} times over`, async () => {
    const acknowledgedSoFar = new Set<string>();
    for (let trial = 0; trial < TRIALS; trial++) {
      const server = await startCli(dir, ['--data', 'data'], (c) => children.push(c));
      // A warm-up request binds the secret; then the burst, killed at its 20th, 45th, ... acknowledged write (each trial on top of the last one's data).
      expect((await fetch(`${server.url}/customers`, { headers })).status).toBe(200);
      const killAt = 20 + trial * 25;
      const acknowledged = await burst(server.url, killAt, () => server.child.kill('SIGKILL'));
      await server.exit;
      expect(acknowledged.length).toBeGreaterThanOrEqual(killAt);
      for (const id of acknowledged) acknowledgedSoFar.add(id);
      const tenants = join(dir, 'data', 'tenants');
      const snapshots = readdirSync(tenants).filter((f) => f.endsWith('.json'));
      expect(snapshots).toHaveLength(1);
      for (const name of snapshots) {
        expect(() => JSON.parse(readFileSync(join(tenants, name), 'utf8')), `${name} after trial ${trial + 1}`).not.toThrow();
      }

      const restarted = await startCli(dir, ['--data', 'data'], (c) => children.push(c));
      const present = await allCustomerIds(restarted.url);
      const lost = [...acknowledgedSoFar].filter((id) => !present.has(id));
      expect(lost, `trial ${trial + 1}: ${lost.length} of ${acknowledgedSoFar.size} acknowledged customers lost`).toEqual([]);
      restarted.child.kill('SIGKILL');
      await restarted.exit;
    }
  }, 120_000);
});
