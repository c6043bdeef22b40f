/**
 * A wallet session at its `expiresAt`: alive one millisecond before, ended at
 * that very instant (a session lives while now < expiresAt), and after.
 */
import { describe, expect, it } from 'vitest';
import { manualTime } from '../../src/core/clock.js';
import { otpLogin, walletSandbox } from '../wallet/helpers.js';

describe('a wallet session at the boundary of its expiry', () => {
  it('is listed 1 ms before expiresAt, and not at expiresAt or after', async () => {
    const { client, openWallet } = await walletSandbox({ time: manualTime(Date.parse('2026-05-01T10:00:00.000Z')) });
    const wallet = await openWallet();
    const { session } = await otpLogin(client, wallet.emailCredentialId);
    const expiresAt = Date.parse(session.expiresAt);
    expect(expiresAt).toBeGreaterThan(Date.parse('2026-05-01T10:00:00.000Z'));
    const listedAt = async (ms: number) => {
      expect((await client.post('/__admin/clock', { to: new Date(ms).toISOString() })).status).toBe(200);
      const list = await client.get(`/auth/sessions?accountId=${wallet.accountId}`);
      expect(list.status).toBe(200);
      return list.body.data.map((s: { id: string }) => s.id);
    };
    expect(await listedAt(expiresAt - 1)).toEqual([session.id]);
    expect(await listedAt(expiresAt)).toEqual([]);
    expect(await listedAt(expiresAt + 1)).toEqual([]);
  });
});
